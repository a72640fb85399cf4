"""A second, held-out set of drawn test images: other drawing code, other conventions.

:mod:`spatioxolver.testing.drawn` was written alongside the engine's open-vocabulary work,
so the engine may be tuned to its look (Pillow, 640x480, one palette, well-spaced shapes).
These images are drawn differently, with OpenCV's anti-aliased primitives and NumPy only,
to measure what a new user's images would get:

* ``diagram`` — matplotlib's "tab" colours, pure white or dark backgrounds, shapes with or
  without a black outline, sizes from small to large, several image sizes and aspect ratios;
* ``icons`` — an icon grid whose icons differ in colour and shape (rows x columns);
* ``scene3d`` — shaded spheres, boxes and cylinders lit from the upper left, shadows falling
  to the left, a sky and a ground of other colours than ``drawn``'s;
* ``tagged`` — shapes with a letter or number below them (Hershey font).

Questions and scoring reuse :class:`~spatioxolver.testing.drawn.Question` and
:func:`~spatioxolver.testing.drawn.score_answer` (gold answers come from what was drawn).

Example:
    >>> cases = heldout_cases(seed=0, per_family=1, families=("diagram",))
    >>> cases[0].family, len(cases[0].questions) >= 5
    ('diagram', True)
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing.drawn import DrawnCase, Question

__all__ = ["heldout_cases", "HELDOUT_FAMILIES", "TAB_COLOURS"]

HELDOUT_FAMILIES = ("diagram", "icons", "scene3d", "tagged")

#: matplotlib's tab10 colours (and a yellow and a black) under their basic colour term.
TAB_COLOURS: dict[str, tuple[int, int, int]] = {
    "blue": (31, 119, 180),
    "orange": (255, 127, 14),
    "green": (44, 160, 44),
    "red": (214, 39, 40),
    "purple": (148, 103, 189),
    "brown": (140, 86, 75),
    "pink": (227, 119, 194),
    "gray": (127, 127, 127),
    "cyan": (23, 190, 207),
    "yellow": (255, 215, 0),
    "black": (0, 0, 0),
}
_FLAT = ("circle", "square", "triangle", "star", "rectangle", "ellipse")
_PLURAL = {"box": "boxes"}


def _plural(word: str) -> str:
    return _PLURAL.get(word, word + "s")


def _outline(shape: str, cx: float, cy: float, r: float) -> np.ndarray:
    """The polygon of a flat shape (ellipse and circle as 72-gons), as int32 points x 16."""
    if shape in ("circle", "ellipse"):
        a = np.linspace(0, 2 * math.pi, 72, endpoint=False)
        rx, ry = (r, r) if shape == "circle" else (r * 1.45, r * 0.75)
        pts = np.stack([cx + rx * np.cos(a), cy + ry * np.sin(a)], 1)
    elif shape == "rectangle":
        pts = np.array(
            [
                [cx - 1.5 * r, cy - 0.7 * r],
                [cx + 1.5 * r, cy - 0.7 * r],
                [cx + 1.5 * r, cy + 0.7 * r],
                [cx - 1.5 * r, cy + 0.7 * r],
            ]
        )
    elif shape == "square":
        s = r * 0.9
        pts = np.array([[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]])
    elif shape == "triangle":
        a = -math.pi / 2 + np.arange(3) * 2 * math.pi / 3
        pts = np.stack([cx + r * 1.1 * np.cos(a), cy + 0.15 * r + r * 1.1 * np.sin(a)], 1)
    else:  # star, five points
        a = -math.pi / 2 + np.arange(10) * math.pi / 5
        rad = np.where(np.arange(10) % 2 == 0, r * 1.15, r * 0.5)
        pts = np.stack([cx + rad * np.cos(a), cy + rad * np.sin(a)], 1)
    return np.round(pts * 16).astype(np.int32)


def _fill(
    img: np.ndarray, shape: str, cx: float, cy: float, r: float, colour: tuple[int, int, int], edge: bool
) -> int:
    """Draw a flat shape (BGR order does not matter: the image is RGB throughout); its area."""
    import cv2

    pts = _outline(shape, cx, cy, r)
    cv2.fillPoly(img, [pts], colour, lineType=cv2.LINE_AA, shift=4)
    if edge:
        cv2.polylines(img, [pts], True, (0, 0, 0), 2, lineType=cv2.LINE_AA, shift=4)
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [pts], 1, shift=4)
    return int(mask.sum())


def _spots(
    rng: random.Random, n: int, w: int, h: int, rmin: float, rmax: float
) -> list[tuple[float, float, float]]:
    for _ in range(3000):
        out: list[tuple[float, float, float]] = []
        for _k in range(300):
            r = rng.uniform(rmin, rmax)
            cx, cy = rng.uniform(1.6 * r + 6, w - 1.6 * r - 6), rng.uniform(1.3 * r + 6, h - 1.3 * r - 6)
            if all(math.dist((cx, cy), (x, y)) > 1.6 * (r + q) + 12 and abs(cx - x) > 30 for x, y, q in out):
                out.append((cx, cy, r))
                if len(out) == n:
                    return out
    raise RuntimeError("could not place the shapes")


def _common_questions(rng: random.Random, objs: list[dict[str, Any]], word: dict[str, str]) -> list[Question]:
    """Questions about objects of distinct colours (``word``: shape -> the noun a user says)."""
    qs = [Question("How many objects are in the picture?", "count", len(objs))]
    shapes = sorted({o["shape"] for o in objs})
    s = rng.choice(shapes)
    qs.append(
        Question(f"How many {_plural(word[s])} are there?", "count", sum(o["shape"] == s for o in objs))
    )
    o = rng.choice(objs)
    qs.append(
        Question(f"What color is the {word[o['shape']]}?", "word", o["color"])
        if sum(x["shape"] == o["shape"] for x in objs) == 1
        else Question(f"How many {o['color']} objects are there?", "count", 1)
    )
    o = rng.choice(objs)
    qs.append(Question(f"What is the shape of the {o['color']} object?", "word", o["shape"]))
    left, right = min(objs, key=lambda x: x["cx"]), max(objs, key=lambda x: x["cx"])
    top = min(objs, key=lambda x: x["cy"])
    qs.append(Question("Which shape is furthest to the left?", "object", [left["color"], left["shape"]]))
    qs.append(Question("Which object is the rightmost?", "object", [right["color"], right["shape"]]))
    if sorted(x["cy"] for x in objs)[1] - top["cy"] > 25:
        qs.append(Question("Which object is at the top?", "object", [top["color"], top["shape"]]))
    a, b = rng.sample(objs, 2)
    if abs(a["cx"] - b["cx"]) > 30:
        qs.append(
            Question(
                f"Is the {a['color']} {word[a['shape']]} left of the {b['color']} {word[b['shape']]}?",
                "bool",
                a["cx"] < b["cx"],
            )
        )
    a, b = rng.sample(objs, 2)
    if max(a["area"], b["area"]) > 1.4 * min(a["area"], b["area"]):
        big = a if a["area"] > b["area"] else b
        qs.append(
            Question(
                f"Which one is larger, the {a['color']} {word[a['shape']]} or the {b['color']} {word[b['shape']]}?",
                "object",
                [big["color"], big["shape"]],
            )
        )
    return qs


def _diagram(rng: random.Random, k: int) -> DrawnCase:
    w, h = rng.choice([(800, 600), (500, 500), (1024, 576), (420, 300)])
    dark = k % 4 == 3
    img = np.full((h, w, 3), 28 if dark else 255, np.uint8)
    n = rng.randint(3, 6)
    names = [c for c in TAB_COLOURS if not (dark and c in ("black", "brown"))]
    colours = rng.sample(names if not dark else names, n)
    scale = min(w, h) / 480
    objs = []
    for (cx, cy, r), colour in zip(_spots(rng, n, w, h, 16 * scale, 55 * scale), colours, strict=True):
        shape = rng.choice(_FLAT)
        area = _fill(img, shape, cx, cy, r, TAB_COLOURS[colour], edge=(k % 2 == 1 and not dark))
        objs.append({"shape": shape, "color": colour, "cx": cx, "cy": cy, "area": area})
    case = DrawnCase(f"diagram-{k}", "diagram", img, objs)
    case.questions = _common_questions(rng, objs, {s: s for s in _FLAT})
    return case


def _icons(rng: random.Random, k: int) -> DrawnCase:
    w, h = rng.choice([(720, 540), (600, 600), (900, 400)])
    img = np.full((h, w, 3), rng.choice([255, 245]), np.uint8)
    rows, cols = rng.randint(2, 4), rng.randint(3, 5)
    cw, ch = w / cols, h / rows
    r = min(cw, ch) * rng.uniform(0.18, 0.28)
    palette = rng.sample(["red", "blue", "green", "orange", "purple"], 3)
    shapes = rng.sample(["circle", "square", "triangle", "star"], 2)
    objs = []
    for i in range(rows):
        for j in range(cols):
            colour, shape = rng.choice(palette), rng.choice(shapes)
            cx, cy = (j + 0.5) * cw, (i + 0.5) * ch
            area = _fill(img, shape, cx, cy, r, TAB_COLOURS[colour], edge=False)
            objs.append({"shape": shape, "color": colour, "cx": cx, "cy": cy, "area": area})
    case = DrawnCase(f"icons-{k}", "icons", img, objs)
    c, s = rng.choice(palette), rng.choice(shapes)
    n_c, n_s = sum(o["color"] == c for o in objs), sum(o["shape"] == s for o in objs)
    qs = [
        Question("How many rows are there?", "count", rows),
        Question("How many columns are in the grid?", "count", cols),
        Question("How many icons are there?", "count", rows * cols),
        Question(f"How many {c} objects are there?", "count", n_c),
        Question(f"How many {_plural(s)} are there?", "count", n_s),
    ]
    other = next(x for x in shapes if x != s)
    n_o = sum(o["shape"] == other for o in objs)
    if n_s != n_o:
        qs.append(Question(f"Are there more {_plural(s)} than {_plural(other)}?", "bool", n_s > n_o))
    case.questions = qs
    return case


def _shade(rgb: tuple[int, int, int], f: float) -> np.ndarray:
    c = np.array(rgb, np.float32)
    return np.clip(c * f if f <= 1 else c + (255 - c) * (f - 1), 0, 255)


def _solid(img: np.ndarray, shape: str, cx: float, base: float, s: float, rgb: tuple[int, int, int]) -> None:
    """A shaded solid standing at (cx, base), ``s`` px tall, lit from the upper left."""
    import cv2

    h, w = img.shape[:2]
    shadow = np.zeros((h, w), np.float32)
    cv2.ellipse(
        shadow,
        (int(cx - 0.45 * s), int(base)),
        (int(0.75 * s), max(2, int(0.13 * s))),
        0,
        0,
        360,
        1.0,
        -1,
        cv2.LINE_AA,
    )
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, 0.05 * s))
    img[:] = (img * (1 - 0.45 * shadow[..., None])).astype(np.uint8)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if shape == "sphere":
        r = s / 2
        cy = base - r
        d = np.hypot(xx - cx, yy - cy)
        inside = d <= r
        light = np.clip(1 - np.hypot(xx - (cx - 0.35 * r), yy - (cy - 0.35 * r)) / (1.6 * r), 0, 1)
        f = 0.45 + 0.85 * light
        col = np.where(
            f[..., None] > 1,
            np.array(rgb) + (255 - np.array(rgb)) * (f[..., None] - 1),
            np.array(rgb) * f[..., None],
        )
        img[inside] = np.clip(col[inside], 0, 255).astype(np.uint8)
    elif shape == "cube":
        d = 0.3 * s
        x0, x1, y0, y1 = cx - s / 2, cx + s / 2, base - s, base
        front = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        topf = np.array([[x0, y0], [x0 + d, y0 - d], [x1 + d, y0 - d], [x1, y0]])
        side = np.array([[x1, y0], [x1 + d, y0 - d], [x1 + d, y1 - d], [x1, y1]])
        for poly, f in ((side, 0.55), (topf, 1.3), (front, 0.95)):
            cv2.fillPoly(
                img, [np.round(poly * 16).astype(np.int32)], _shade(rgb, f).tolist(), cv2.LINE_AA, shift=4
            )
    else:  # cylinder
        rw, eh = 0.42 * s, 0.13 * s
        x0, x1 = cx - rw, cx + rw
        cols = (xx >= x0) & (xx <= x1) & (yy >= base - s + eh) & (yy <= base)
        t = np.clip((xx - x0) / (2 * rw), 0, 1)
        f = 0.5 + 0.75 * np.sin(np.pi * np.clip(t * 1.3, 0, 1))
        body = np.where(
            f[..., None] > 1,
            np.array(rgb) + (255 - np.array(rgb)) * (f[..., None] - 1),
            np.array(rgb) * f[..., None],
        )
        img[cols] = np.clip(body[cols], 0, 255).astype(np.uint8)
        foot = ((xx - cx) / rw) ** 2 + ((yy - (base)) / eh) ** 2 <= 1
        img[foot & (yy > base)] = np.clip(body[foot & (yy > base)], 0, 255).astype(np.uint8)
        cv2.ellipse(
            img,
            (int(cx), int(base - s + eh)),
            (int(rw), int(eh)),
            0,
            0,
            360,
            _shade(rgb, 1.25).tolist(),
            -1,
            cv2.LINE_AA,
        )


def _scene3d(rng: random.Random, k: int) -> DrawnCase:
    w, h = rng.choice([(800, 600), (960, 540), (640, 640)])
    horizon = int(h * rng.uniform(0.3, 0.42))
    img = np.zeros((h, w, 3), np.float32)
    t = np.linspace(0, 1, horizon)[:, None, None]
    img[:horizon] = np.array([70, 130, 200]) * (1 - t) + np.array([200, 220, 240]) * t
    ground = np.array(rng.choice([(96, 130, 80), (190, 175, 150), (140, 140, 145)]), np.float32)
    t = np.linspace(0, 1, h - horizon)[:, None, None]
    img[horizon:] = ground * (0.8 + 0.3 * t)
    img = np.clip(img, 0, 255).astype(np.uint8)
    n = rng.randint(3, 4)
    colours = rng.sample(["red", "orange", "blue", "purple", "yellow", "cyan", "pink"], n)
    for _ in range(5000):
        objs = []
        for colour in colours:
            base = rng.uniform(horizon + 0.12 * h, h - 12)
            s = (0.06 + 0.13 * (base - horizon) / (h - horizon)) * h
            objs.append(
                {
                    "shape": rng.choice(("sphere", "cube", "cylinder")),
                    "color": colour,
                    "cx": rng.uniform(s, w - s),
                    "base": base,
                    "s": s,
                }
            )
        if all(
            abs(a["cx"] - b["cx"]) > 0.65 * (a["s"] + b["s"]) + 8 and abs(a["base"] - b["base"]) > 14
            for i, a in enumerate(objs)
            for b in objs[i + 1 :]
        ):
            break
    else:
        raise RuntimeError("could not place the solids")
    for o in sorted(objs, key=lambda o: o["base"]):
        _solid(img, o["shape"], o["cx"], o["base"], o["s"], TAB_COLOURS[o["color"]])
        o["cy"] = o["base"] - o["s"] / 2
        o["area"] = o["s"] ** 2 * {"sphere": 0.785, "cube": 1.4, "cylinder": 0.9}[o["shape"]]
    case = DrawnCase(f"scene3d-{k}", "scene3d", img, objs)
    qs = _common_questions(rng, objs, {"sphere": "ball", "cube": "box", "cylinder": "cylinder"})
    far, near = min(objs, key=lambda o: o["base"]), max(objs, key=lambda o: o["base"])
    qs.append(
        Question("Which object is the farthest from the camera?", "object", [far["color"], far["shape"]])
    )
    qs.append(Question("Which object is nearest to the viewer?", "object", [near["color"], near["shape"]]))
    case.questions = qs
    return case


def _tagged(rng: random.Random, k: int) -> DrawnCase:
    import cv2

    w, h = rng.choice([(800, 600), (700, 500)])
    img = np.full((h, w, 3), 250, np.uint8)
    n = rng.randint(3, 4)
    tags = [chr(ord("A") + i) for i in range(n)] if k % 2 == 0 else [str(i + 1) for i in range(n)]
    colours = rng.sample(["red", "orange", "green", "blue", "purple", "pink", "cyan", "brown"], n)
    objs = []
    for (cx, cy, r), colour, tag in zip(_spots(rng, n, w, h - 40, 28, 50), colours, tags, strict=True):
        shape = rng.choice(_FLAT)
        area = _fill(img, shape, cx, cy, r, TAB_COLOURS[colour], edge=False)
        (tw, th), _ = cv2.getTextSize(tag, cv2.FONT_HERSHEY_SIMPLEX, 1.1, 2)
        cv2.putText(
            img,
            tag,
            (int(cx - tw / 2), int(cy + 1.3 * r + th + 8)),
            cv2.FONT_HERSHEY_SIMPLEX,
            1.1,
            (10, 10, 10),
            2,
            cv2.LINE_AA,
        )
        objs.append({"shape": shape, "color": colour, "cx": cx, "cy": cy, "area": area, "tag": tag})
    case = DrawnCase(f"tagged-{k}", "tagged", img, objs)
    noun = "shape" if k % 2 == 0 else "object"
    a, b = rng.sample(objs, 2)
    o = rng.choice(objs)
    case.questions = [
        Question("How many shapes are there?", "count", n),
        Question(f"What colour is {noun} {o['tag']}?", "word", o["color"]),
        Question(f"Is {noun} {a['tag']} to the left of {noun} {b['tag']}?", "bool", a["cx"] < b["cx"]),
    ]
    return case


_BUILDERS = {"diagram": _diagram, "icons": _icons, "scene3d": _scene3d, "tagged": _tagged}


def heldout_cases(
    seed: int = 0, per_family: int = 6, families: tuple[str, ...] = HELDOUT_FAMILIES
) -> list[DrawnCase]:
    """``per_family`` held-out images of each family with questions (deterministic for ``seed``)."""
    out = []
    for family in families:
        rng = random.Random(f"heldout-{seed}-{family}")
        out.extend(_BUILDERS[family](rng, k) for k in range(per_family))
    return out
