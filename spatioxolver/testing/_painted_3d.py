"""The ``horizon`` family of :mod:`spatioxolver.testing.painted`: solids (ball, box, can,
cone) on a perspective ground below a sky, lit from one side, with soft shadows."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing._paint import _PASTEL, SS, paint_colour, plural, render
from spatioxolver.testing.drawn import DrawnCase, Question

__all__ = ["horizon", "paint_solids"]

_SOLIDS = ("ball", "box", "can", "cone")
_SOLID_GOLD = {"ball": "sphere", "box": "cube", "can": "cylinder", "cone": "cone"}


# ------------------------------------------------------------------ 3-D
def _solid(
    big: Any, kind: str, x: float, base: float, s: float, colour: tuple[int, int, int], light: int
) -> float:
    """Paint one solid standing at (x, base) of width ``s`` (3x pixels); returns its image area."""
    from PIL import Image, ImageDraw

    col = np.array(colour, float)
    d = ImageDraw.Draw(big)
    if kind == "ball":
        r = s / 2
        cx, cy = x, base - r
        yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
        dist = np.hypot(xx, yy) / r
        lx, ly = -0.45 * light, -0.5
        shade = np.clip(0.45 + 0.65 * (1 - np.hypot(xx / r - lx, yy / r - ly) / 1.6), 0.3, 1.15)
        rgb = np.clip(
            col[None, None] * shade[..., None] + 255 * np.clip(shade - 1.05, 0, 1)[..., None] * 3, 0, 255
        )
        alpha = (np.clip((1 - dist) * r, 0, 1) * 255).astype(np.uint8)
        tile = Image.fromarray(np.dstack([rgb.astype(np.uint8), alpha]), "RGBA")
        big.alpha_composite(tile, (int(cx - r), int(cy - r)))
        return math.pi * r * r
    if kind == "box":
        face = s * 0.8
        dx, dy = s * 0.2 * light, -s * 0.2
        x0, y1 = x - face / 2 - dx / 2, base
        front = [(x0, y1 - face), (x0 + face, y1 - face), (x0 + face, y1), (x0, y1)]
        top = [
            (x0, y1 - face),
            (x0 + dx, y1 - face + dy),
            (x0 + face + dx, y1 - face + dy),
            (x0 + face, y1 - face),
        ]
        side = (
            [
                (x0 + face, y1 - face),
                (x0 + face + dx, y1 - face + dy),
                (x0 + face + dx, y1 + dy),
                (x0 + face, y1),
            ]
            if light > 0
            else [(x0, y1 - face), (x0 + dx, y1 - face + dy), (x0 + dx, y1 + dy), (x0, y1)]
        )
        d.polygon(front, fill=tuple(int(v) for v in col * 0.92))
        d.polygon(top, fill=tuple(int(min(255, v * 1.12 + 12)) for v in col))
        d.polygon(side, fill=tuple(int(v) for v in col * 0.62))
        return face * face + abs(dx) * face + face * abs(dy)
    if kind == "can":
        rx, hgt = s / 2, s * 0.95
        ry = rx * 0.3
        top = base - hgt
        xs = np.linspace(-1, 1, max(2, int(2 * rx)))
        for i, t in enumerate(xs):
            shade = 0.55 + 0.45 * max(0.0, 1 - abs(t + 0.4 * light) / 1.4) ** 0.7
            c = tuple(int(min(255, v * shade)) for v in col)
            xi = x - rx + i * (2 * rx / len(xs))
            yb = base - ry + ry * math.sqrt(max(0.0, 1 - t * t))
            yt = top + ry * math.sqrt(max(0.0, 1 - t * t))
            d.line([(xi, yt), (xi, yb)], fill=c, width=2)
        d.ellipse([x - rx, top - ry, x + rx, top + ry], fill=tuple(int(min(255, v * 1.1 + 15)) for v in col))
        return 2 * rx * hgt + math.pi * rx * ry
    # cone
    rx, hgt = s / 2, s * 1.1
    ry = rx * 0.3
    xs = np.linspace(-1, 1, max(2, int(2 * rx)))
    for i, t in enumerate(xs):
        shade = 0.5 + 0.5 * max(0.0, 1 - abs(t + 0.4 * light) / 1.4) ** 0.7
        c = tuple(int(min(255, v * shade)) for v in col)
        xi = x - rx + i * (2 * rx / len(xs))
        yb = base - ry + ry * math.sqrt(max(0.0, 1 - t * t))
        d.line([(x + (xi - x) * 0.02, base - ry - hgt), (xi, yb)], fill=c, width=2)
    return rx * hgt + math.pi * rx * ry / 2


def horizon(rng: random.Random, k: int) -> DrawnCase | None:
    from PIL import Image, ImageDraw, ImageFilter

    w, h = rng.choice([(640, 480), (800, 600), (960, 540), (720, 540)])
    W, H = w * SS, h * SS
    hy = rng.uniform(0.3, 0.45) * H
    sky0, sky1 = (
        np.array(rng.choice([(120, 170, 230), (160, 200, 240), (200, 215, 235)]), float),
        np.array((235, 240, 248), float),
    )
    g0, g1 = (
        np.array(rng.choice([(205, 200, 188), (170, 190, 150), (190, 190, 195)]), float),
        np.array(rng.choice([(150, 145, 135), (120, 140, 100), (140, 140, 148)]), float),
    )
    ys = np.arange(H)[:, None]
    t_sky = np.clip(ys / hy, 0, 1)[..., None]
    t_gnd = np.clip((ys - hy) / (H - hy), 0, 1)[..., None]
    arr = np.where((ys < hy)[..., None], sky0 * (1 - t_sky) + sky1 * t_sky, g0 * (1 - t_gnd) + g1 * t_gnd)
    big = Image.fromarray(np.broadcast_to(arr, (H, W, 3)).astype(np.uint8)).convert("RGBA")
    if k % 2 == 1:  # perspective lines on the ground
        d = ImageDraw.Draw(big)
        vx = W * rng.uniform(0.35, 0.65)
        line = tuple(int(v) for v in g1 * 0.93) + (255,)
        for j in range(-8, 9):
            d.line([(vx, hy), (vx + j * W * 0.18, H)], fill=line, width=SS)
    n = rng.randint(3, 5)
    light = rng.choice([-1, 1])
    terms = rng.sample(["red", "orange", "yellow", "green", "blue", "purple", "cyan", "pink", "brown"], n)
    pastel = rng.random() < 0.3
    objs = []
    for _ in range(200):
        if len(objs) == n:
            break
        depth = rng.uniform(0.15, 1.0)  # 0 = at the horizon
        base = hy + (H - hy) * (0.12 + 0.8 * depth)
        s = W * (0.045 + 0.11 * depth)
        x = rng.uniform(s, W - s)
        if all(
            abs(x - o["x"]) > (s + o["s"]) * 0.75 or abs(base - o["base"]) > 0.6 * (s + o["s"]) for o in objs
        ):
            kind = rng.choice(_SOLIDS)
            objs.append({"x": x, "base": base, "s": s, "kind": kind})
    if len(objs) < 3:
        return None
    shadow = Image.new("RGBA", big.size, (0, 0, 0, 0))
    sd = ImageDraw.Draw(shadow)
    for o in objs:
        off = o["s"] * 0.35 * -light
        sd.ellipse(
            [
                o["x"] + off - o["s"] * 0.6,
                o["base"] - o["s"] * 0.16,
                o["x"] + off + o["s"] * 0.6,
                o["base"] + o["s"] * 0.12,
            ],
            fill=(0, 0, 0, 85),
        )
    big = Image.alpha_composite(big, shadow.filter(ImageFilter.GaussianBlur(3 * SS)))
    out = []
    for o, term in zip(sorted(objs, key=lambda o: o["base"]), terms, strict=False):
        colour = paint_colour(term, rng, pastel=pastel and term in _PASTEL)
        area = _solid(big, o["kind"], o["x"], o["base"], o["s"], colour, light)
        out.append(
            {
                "shape": _SOLID_GOLD[o["kind"]],
                "noun": o["kind"],
                "color": term,
                "cx": o["x"] / SS,
                "cy": o["base"] / SS,
                "area": area / SS**2,
                "r": o["s"] / SS / 2,
            }
        )
    case = DrawnCase(f"horizon-{k}", "horizon", render(big, w, h), out)
    qs = [
        Question(
            rng.choice(["How many objects are there?", "How many things are standing on the ground?"]),
            "count",
            len(out),
        )
    ]
    kinds = sorted({o["noun"] for o in out})
    kd = rng.choice(kinds)
    qs.append(Question(f"How many {plural(kd)} are there?", "count", sum(o["noun"] == kd for o in out)))
    o = rng.choice(out)
    qs.append(
        Question(
            rng.choice(
                [f"What shape is the {o['color']} object?", f"What kind of solid is the {o['color']} thing?"]
            ),
            "word",
            o["shape"],
        )
    )
    uniq = [x for x in out if sum(y["noun"] == x["noun"] for y in out) == 1]
    if uniq:
        o = rng.choice(uniq)
        qs.append(Question(f"What colour is the {o['noun']}?", "word", o["color"]))
    near = max(out, key=lambda o: o["cy"])
    if sorted(o["cy"] for o in out)[-2] < near["cy"] - 15:
        qs.append(
            Question(
                rng.choice(
                    ["Which object is closest to the camera?", "Which thing is nearest to the viewer?"]
                ),
                "object",
                [near["color"], near["shape"]],
            )
        )
    far = min(out, key=lambda o: o["cy"])
    if sorted(o["cy"] for o in out)[1] > far["cy"] + 15:
        qs.append(Question("Which object is farthest away?", "object", [far["color"], far["shape"]]))
    right = max(out, key=lambda o: o["cx"])
    if sorted(o["cx"] for o in out)[-2] < right["cx"] - 25:
        qs.append(
            Question("Which object is furthest to the right?", "object", [right["color"], right["shape"]])
        )
    if len(uniq) >= 2:
        a, b = rng.sample(uniq, 2)
        if abs(a["cx"] - b["cx"]) > a["r"] + b["r"]:
            qs.append(
                Question(f"Is the {a['noun']} to the left of the {b['noun']}?", "bool", a["cx"] < b["cx"])
            )
    case.questions = qs
    return case


def paint_solids(
    solids: list[tuple[str, tuple[int, int, int], float, float]],
    size: tuple[int, int] = (640, 480),
    *,
    light: int = 1,
    horizon_at: float = 0.38,
) -> np.ndarray:
    """One painted 3-D scene, as asked: ``solids`` are ``(kind, rgb, x, depth)`` with
    ``kind`` in ball / box / can / cone, ``x`` the centre (share of the width) and ``depth``
    from 0 (at the horizon, small) to 1 (nearest, large); sky above a ground, soft
    shadows, lit from the left (``light=1``) or right (``-1``)."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = size
    W, H = w * SS, h * SS
    hy = horizon_at * H
    ys = np.arange(H)[:, None]
    sky = (
        np.array((150, 190, 235), float) * (1 - np.clip(ys / hy, 0, 1)[..., None])
        + np.array((235, 240, 248), float) * np.clip(ys / hy, 0, 1)[..., None]
    )
    t = np.clip((ys - hy) / (H - hy), 0, 1)[..., None]
    gnd = np.array((200, 196, 186), float) * (1 - t) + np.array((150, 145, 135), float) * t
    arr = np.where((ys < hy)[..., None], sky, gnd)
    big = Image.fromarray(np.broadcast_to(arr, (H, W, 3)).astype(np.uint8)).convert("RGBA")
    placed = []
    for kind, rgb, x, depth in solids:
        base = hy + (H - hy) * (0.12 + 0.8 * depth)
        placed.append((base, kind, rgb, x * W, W * (0.045 + 0.11 * depth)))
    shadow = Image.new("RGBA", big.size, (0, 0, 0, 0))
    sd = ImageDraw.Draw(shadow)
    for base, _, _, cx, s in placed:
        off = s * 0.35 * -light
        sd.ellipse(
            [cx + off - s * 0.6, base - s * 0.16, cx + off + s * 0.6, base + s * 0.12], fill=(0, 0, 0, 85)
        )
    big = Image.alpha_composite(big, shadow.filter(ImageFilter.GaussianBlur(3 * SS)))
    for base, kind, rgb, cx, s in sorted(placed, key=lambda p: p[0]):
        _solid(big, kind, cx, base, s, rgb, light)
    return render(big, w, h)
