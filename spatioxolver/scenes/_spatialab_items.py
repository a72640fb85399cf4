"""Question builders for the SpatiaLab subcategories a synthetic tabletop scene can express.

Each builder reads the ground truth of one rendered view (``Ctx``) and returns the pieces
of an item - question stem, gold option, distractors, open-ended gold - or None when the
scene cannot support an unambiguous item (every builder refuses near-ties with an explicit
margin, computed from the 3D coordinates and the camera).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from spatioxolver.scenes._common import describe
from spatioxolver.scenes._vocab import half_extents

__all__ = ["Ctx", "Item", "BUILDERS", "SUBCATEGORIES"]


@dataclass
class Ctx:
    """Ground truth of one labelled view, as arrays indexed by object."""

    objs: list[dict[str, Any]]
    tagged: list[int]
    pts: np.ndarray  # (n, 3) world centres
    uv: np.ndarray  # (n, 2) projected pixels
    z: np.ndarray  # (n,) camera-frame depth
    dirs: dict[str, np.ndarray]
    width: int
    height: int

    def ref(self, i: int) -> str:
        return f"object {self.objs[i]['label']} (the {describe(self.objs[i])})"

    def label(self, i: int) -> str:
        return str(self.objs[i]["label"])


@dataclass
class Item:
    """One question: stem, gold option text, three distractor texts, open gold, involved objects."""

    stem: str
    gold: str
    distractors: list[str]
    open_gold: str
    objects: list[str]
    margin: float
    gold_label: str | None = None


def _pick(rng: np.random.Generator, pool: list[int], k: int) -> list[int] | None:
    if len(pool) < k:
        return None
    return [pool[j] for j in rng.permutation(len(pool))[:k]]


def _object_item(
    ctx: Ctx, stem: str, gold: int, distractors: list[int], objects: list[str], margin: float
) -> Item:
    """An item whose options are object references: gold and distractors are object indices."""
    gold_ref = ctx.ref(gold)
    return Item(stem, gold_ref, [ctx.ref(i) for i in distractors], gold_ref, objects, margin, ctx.label(gold))


def directional(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    t = ctx.tagged
    pairs = [(a, b) for a in t for b in t if a != b]
    for k in rng.permutation(len(pairs)):
        a, b = pairs[k]
        d = ctx.pts[a] - ctx.pts[b]
        lr, fb = float(d @ ctx.dirs["right"]), float(d @ ctx.dirs["behind"])
        if min(abs(lr), abs(fb)) < 0.6:
            continue
        side = "right of" if lr > 0 else "left of"
        depth = "behind" if fb > 0 else "in front of"
        options = [
            f"{s} and {dd} {ctx.ref(b).split(' (')[0]}"
            for s in ("left of", "right of")
            for dd in ("in front of", "behind")
        ]
        gold = f"{side} and {depth} {ctx.ref(b).split(' (')[0]}"
        stem = f"From the camera's viewpoint, where is {ctx.ref(a)} relative to {ctx.ref(b)}?"
        return Item(
            stem,
            gold,
            [o for o in options if o != gold],
            gold,
            [ctx.label(a), ctx.label(b)],
            min(abs(lr), abs(fb)),
        )
    return None


def proximity(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    for r in (ctx.tagged[j] for j in rng.permutation(len(ctx.tagged))):
        others = [i for i in ctx.tagged if i != r]
        if len(others) < 4:
            return None
        dist = {i: float(np.linalg.norm(ctx.pts[i][:2] - ctx.pts[r][:2])) for i in others}
        order = sorted(others, key=dist.get)
        gold, d1 = order[0], dist[order[0]]
        far = [i for i in order[1:] if dist[i] >= max(d1 * 1.3, d1 + 0.5)]
        picks = _pick(rng, far, 3)
        if picks is None:
            continue
        stem = f"Which object is closest to {ctx.ref(r)} in the scene?"
        return _object_item(ctx, stem, gold, picks, [ctx.label(r)], dist[picks[0]] - d1)
    return None


def alignment(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    for axis, word in (
        (0, "vertically aligned with (directly above or below)"),
        (1, "horizontally aligned with (on the same image row as)"),
    ):
        size = ctx.width if axis == 0 else ctx.height
        for r in (ctx.tagged[j] for j in rng.permutation(len(ctx.tagged))):
            others = [i for i in ctx.tagged if i != r]
            gap = {i: abs(float(ctx.uv[i, axis] - ctx.uv[r, axis])) for i in others}
            order = sorted(others, key=gap.get)
            if not order or gap[order[0]] > 0.04 * size:
                continue
            far = [i for i in order[1:] if gap[i] >= 0.12 * size]
            picks = _pick(rng, far, 3)
            if picks is None:
                continue
            gold = order[0]
            stem = f"In the image, which object is most nearly {word} {ctx.ref(r)}?"
            return _object_item(
                ctx, stem, gold, picks, [ctx.label(r)], min(gap[i] for i in picks) - gap[gold]
            )
    return None


def _between(ctx: Ctx, a: int, b: int, c: int) -> tuple[float, float]:
    pa, pb, pc = ctx.pts[a][:2], ctx.pts[b][:2], ctx.pts[c][:2]
    ab = pb - pa
    t = float((pc - pa) @ ab / (ab @ ab))
    perp = float(np.linalg.norm(pa + t * ab - pc))
    return t, perp


def betweenness(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    t = ctx.tagged
    triples = [(a, b) for a in t for b in t if a < b]
    for k in rng.permutation(len(triples)):
        a, b = triples[k]
        inside, outside = [], []
        for c in t:
            if c in (a, b):
                continue
            tt, perp = _between(ctx, a, b, c)
            if 0.2 <= tt <= 0.8 and perp <= 0.5:
                inside.append(c)
            elif tt < -0.05 or tt > 1.05 or perp >= 1.5:
                outside.append(c)
        if len(inside) != 1:
            continue
        picks = _pick(rng, outside, 3)
        if picks is None:
            continue
        gold = inside[0]
        stem = f"Which object is located between {ctx.ref(a)} and {ctx.ref(b)}?"
        return _object_item(ctx, stem, gold, picks, [ctx.label(a), ctx.label(b)], 1.0)
    return None


_CORNERS = {
    "back-right": ("behind", "right"),
    "back-left": ("behind", "left"),
    "front-right": ("front", "right"),
    "front-left": ("front", "left"),
}


def corner(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    names = list(_CORNERS)
    for k in rng.permutation(len(names)):
        name = names[k]
        d1, d2 = _CORNERS[name]
        v = (ctx.dirs[d1] + ctx.dirs[d2]) / math.sqrt(2.0)
        score = {i: float(ctx.pts[i] @ v) for i in ctx.tagged}
        order = sorted(ctx.tagged, key=lambda i: -score[i])
        if len(order) < 4 or score[order[0]] - score[order[1]] < 0.6:
            continue
        gold = order[0]
        picks = _pick(rng, order[1:], 3)
        if picks is None:
            continue
        stem = f"Seen from the camera, which object is positioned in the {name} corner of the scene?"
        return _object_item(ctx, stem, gold, picks, [], score[order[0]] - score[order[1]])
    return None


def layering(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    front = bool(rng.random() < 0.5)
    order = sorted(ctx.tagged, key=lambda i: ctx.z[i] if front else -ctx.z[i])
    if len(order) < 4 or abs(ctx.z[order[0]] - ctx.z[order[1]]) < 0.5:
        return None
    gold = order[0]
    picks = _pick(rng, order[1:], 3)
    if picks is None:
        return None
    word = "frontmost (closest to the camera)" if front else "backmost (farthest from the camera)"
    stem = f"Which object is {word}?"
    return _object_item(ctx, stem, gold, picks, [], abs(float(ctx.z[order[0]] - ctx.z[order[1]])))


def partial_occlusion(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    tagged = set(ctx.tagged)
    for x in (ctx.tagged[j] for j in rng.permutation(len(ctx.tagged))):
        o = ctx.objs[x]
        if not 0.3 <= o["visible_fraction"] <= 0.92:
            continue
        occ = {int(k): v for k, v in o["occluded_by"].items() if int(k) in tagged}
        main = [k for k, v in occ.items() if v >= 0.08]
        if len(main) != 1 or sum(occ.values()) - occ[main[0]] > 0.02:
            continue
        y = main[0]
        pool = [
            i
            for i in ctx.tagged
            if i not in (x, y) and str(x) not in ctx.objs[i]["occluded_by"] and i not in occ
        ]
        picks = _pick(rng, pool, 3)
        if picks is None:
            continue
        stem = f"Which object partially hides {ctx.ref(x)} from view?"
        return _object_item(ctx, stem, y, picks, [ctx.label(x)], occ[y])
    return None


def _height(o: dict[str, Any]) -> float:
    from spatioxolver.scenes._vocab import SIZES

    return 2.0 * half_extents(o["shape"], SIZES[o["size"]])[2]


def _volume(o: dict[str, Any]) -> float:
    from spatioxolver.scenes._vocab import SIZES

    r = SIZES[o["size"]]
    if o["shape"] == "sphere":
        return 4.0 / 3.0 * math.pi * r**3
    if o["shape"] == "cube":
        return (2.0 * half_extents("cube", r)[0]) ** 3
    return math.pi * r * r * 2.0 * r


def _argmax_item(
    ctx: Ctx, rng: np.random.Generator, value: Callable[[dict], float], min_ratio: float, stem: str
) -> Item | None:
    for _ in range(20):
        picks = _pick(rng, ctx.tagged, 4)
        if picks is None:
            return None
        vals = sorted(((value(ctx.objs[i]), i) for i in picks), reverse=True)
        if vals[0][0] >= min_ratio * vals[1][0]:
            gold = vals[0][1]
            rest = [i for i in picks if i != gold]
            return _object_item(ctx, stem, gold, rest, [], vals[0][0] / vals[1][0])
    return None


def relative_size(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    return _argmax_item(ctx, rng, _height, 1.25, "Which of these objects is the tallest in reality?")


def volume(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    return _argmax_item(
        ctx, rng, _volume, 1.3, "Which of these objects occupies the most volume (three-dimensional space)?"
    )


def distance_size(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    from spatioxolver.scenes._vocab import SIZES

    def apparent(i: int) -> float:
        return SIZES[ctx.objs[i]["size"]] / float(ctx.z[i])

    large = [i for i in ctx.tagged if ctx.objs[i]["size"] == "large"]
    small = [i for i in ctx.tagged if ctx.objs[i]["size"] == "small"]
    pairs = [(a, b) for a in large for b in small]
    misleading = [(a, b) for a, b in pairs if apparent(b) >= 1.1 * apparent(a)]
    pool = misleading or pairs
    if not pool:
        return None
    a, b = pool[int(rng.integers(len(pool)))]
    if apparent(a) < apparent(b):
        stem = f"{ctx.ref(a).capitalize()} looks smaller in the image than {ctx.ref(b)}. Which one is actually larger?"
    else:
        stem = f"{ctx.ref(a).capitalize()} looks larger in the image than {ctx.ref(b)}. Which one is actually larger?"
    la, lb = f"object {ctx.label(a)}", f"object {ctx.label(b)}"
    return Item(stem, la, [lb, "they are the same size", "it cannot be determined"], la, [ctx.label(a), ctx.label(b)],
                apparent(b) / apparent(a), ctx.label(a))  # fmt: skip


_COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def cardinal(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    """Compass bearing on the ground, with north stated as the camera's viewing direction."""
    t = ctx.tagged
    pairs = [(a, b) for a in t for b in t if a != b]
    for k in rng.permutation(len(pairs)):
        a, b = pairs[k]
        d = ctx.pts[a] - ctx.pts[b]
        east, north = float(d @ ctx.dirs["right"]), float(d @ ctx.dirs["behind"])
        if math.hypot(east, north) < 1.0:
            continue
        bearing = math.degrees(math.atan2(east, north)) % 360.0
        sector = int(round(bearing / 45.0)) % 8
        off = abs((bearing - 45.0 * sector + 180.0) % 360.0 - 180.0)
        if off > 12.0:
            continue
        gold = _COMPASS[sector]
        near = [_COMPASS[(sector + s) % 8] for s in (1, -1, 2, -2, 4)]
        picks = [near[j] for j in rng.permutation(len(near))[:3]]
        stem = (
            "Assume north is the direction the camera is facing (into the scene) and east is to the camera's right. "
            f"In which compass direction is {ctx.ref(a)} from {ctx.ref(b)}?"
        )
        return Item(stem, gold, picks, gold, [ctx.label(a), ctx.label(b)], 22.5 - off)
    return None


def shape_projection(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    """Outline of an object seen from directly above (sphere, cylinder: circle; cube: square)."""
    x = ctx.tagged[int(rng.integers(len(ctx.tagged)))]
    shape = ctx.objs[x]["shape"]
    gold = "square" if shape == "cube" else "circle"
    others = [o for o in ("circle", "square", "triangle", "hexagon", "rectangle") if o != gold]
    picks = [others[j] for j in rng.permutation(len(others))[:3]]
    stem = f"Viewed from directly above, what shape is the outline of {ctx.ref(x)}?"
    return Item(stem, gold, picks, gold, [ctx.label(x)], 1.0)


def perspective(ctx: Ctx, rng: np.random.Generator) -> Item | None:
    """Two objects of the same real size: the nearer one looks larger."""
    t = ctx.tagged
    pairs = [
        (a, b) for a in t for b in t
        if a < b and ctx.objs[a]["shape"] == ctx.objs[b]["shape"] and ctx.objs[a]["size"] == ctx.objs[b]["size"]
    ]  # fmt: skip
    for k in rng.permutation(len(pairs)):
        a, b = pairs[k]
        ratio = float(max(ctx.z[a], ctx.z[b]) / min(ctx.z[a], ctx.z[b]))
        if ratio < 1.2:
            continue
        near = a if ctx.z[a] < ctx.z[b] else b
        la, lb = f"object {ctx.label(a)}", f"object {ctx.label(b)}"
        stem = (
            f"{ctx.ref(a).capitalize()} and {ctx.ref(b)} have the same real size. "
            "Which one appears larger in the image?"
        )
        gold = f"object {ctx.label(near)}"
        rest = [la if near == b else lb, "they appear the same size", "it cannot be determined"]
        return Item(stem, gold, rest, gold, [ctx.label(a), ctx.label(b)], ratio, ctx.label(near))
    return None


#: (category, subcategory, builder) - SpatiaLab's names (seed 004, App. B).
BUILDERS: tuple[tuple[str, str, Callable[[Ctx, np.random.Generator], Item | None]], ...] = (
    ("Relative Positioning", "Directional Relations", directional),
    ("Relative Positioning", "Proximity Gradients", proximity),
    ("Relative Positioning", "Alignment Patterns", alignment),
    ("Relative Positioning", "Betweenness Relationships", betweenness),
    ("Relative Positioning", "Corner/Angle Positioning", corner),
    ("Depth & Occlusion", "Layering Order", layering),
    ("Depth & Occlusion", "Partial Occlusion", partial_occlusion),
    ("Size & Scale", "Relative Size Comparison", relative_size),
    ("Size & Scale", "Distance-Size Correlation", distance_size),
    ("3D Geometry", "Volume Comparison", volume),
    ("Orientation", "Cardinal Direction", cardinal),
    ("Size & Scale", "Perspective Distortion", perspective),
    ("3D Geometry", "Shape Projection", shape_projection),
)
SUBCATEGORIES: tuple[str, ...] = tuple(b[1] for b in BUILDERS)
