"""A third, independent set of test images: supersampled Pillow paintings, other wordings.

Written apart from the engine and from :mod:`spatioxolver.testing.heldout` (no code shared
with either) to measure the offline engine on images it was not tuned on. Every image is
painted at 3x with :mod:`PIL.ImageDraw` and reduced with a Lanczos filter (anti-aliased
edges), on one of several grounds, at several resolutions and aspect ratios, and some are
re-saved as JPEG (quality 85):

* ``sheet`` — flat shapes in pastel or saturated colours on white, tinted gradient or
  textured-paper grounds; filled, filled with a thick darker outline, or outline only; some
  with a soft drop shadow; sizes from 0.5 % to 8 % of the image;
* ``tiles`` — an icon grid (rows x columns) on a card with rounded tiles behind the icons;
* ``horizon`` — solids (ball, box, can, cone) standing on a perspective ground below a sky
  and a horizon, lit from one side with soft shadows; farther objects stand higher and
  smaller;
* ``lettered`` — flat shapes with a capital letter or a digit written beside each.

Questions use wordings written for this module ("Which shape is furthest to the right?",
"How many red things are there?", "Is the star above the circle?", ...); gold answers come
from what was painted, in the basic colour terms. Questions and scoring use
:class:`~spatioxolver.testing.drawn.Question` and
:func:`~spatioxolver.testing.drawn.score_answer` so the figures compare with the other sets.

Example:
    >>> cases = painted_cases(seed=0, per_family=1, families=("sheet",))
    >>> cases[0].family, cases[0].image.dtype.name, len(cases[0].questions) >= 5
    ('sheet', 'uint8', True)
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing._paint import (
    _PASTEL,
    _SATURATED,
    SS,
    darker,
    jpeg,
    paint_colour,
    paint_ground,
    plural,
    render,
)
from spatioxolver.testing._painted_3d import horizon, paint_solids
from spatioxolver.testing.drawn import DrawnCase, Question

_FLAT = ("circle", "square", "triangle", "star", "rectangle", "ellipse", "hexagon", "pentagon")
__all__ = ["painted_cases", "paint_shapes", "paint_solids", "PAINTED_FAMILIES", "paint_colour", "jpeg"]

PAINTED_FAMILIES = ("sheet", "tiles", "horizon", "lettered")


#: Basic colour term -> (hue range in degrees, saturation range, value range), HSV. A colour
#: is drawn from the box of its term; "pastel" boxes are light and weakly saturated.
# ------------------------------------------------------------------ flat shapes
def _vertices(shape: str, cx: float, cy: float, r: float, turn: float) -> list[tuple[float, float]]:
    sides = {"triangle": 3, "square": 4, "pentagon": 5, "hexagon": 6, "star": 5}[shape]
    if shape == "star":
        radii, n = (r, r * 0.42), 10
    else:
        radii, n = (r,), sides
    start = -math.pi / 2 + turn + (math.pi / 4 if shape == "square" else 0.0)
    return [
        (
            cx + radii[k % len(radii)] * math.cos(start + 2 * math.pi * k / n),
            cy + radii[k % len(radii)] * math.sin(start + 2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def _shape_on(
    draw: Any, shape: str, cx: float, cy: float, r: float, fill: Any, outline: Any, width: int
) -> None:
    kw = {"fill": fill, "outline": outline, "width": width}
    if shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], **kw)
    elif shape == "ellipse":
        draw.ellipse([cx - 1.55 * r, cy - 0.8 * r, cx + 1.55 * r, cy + 0.8 * r], **kw)
    elif shape == "rectangle":
        draw.rectangle([cx - 1.6 * r, cy - 0.75 * r, cx + 1.6 * r, cy + 0.75 * r], **kw)
    else:
        draw.polygon(_vertices(shape, cx, cy, r, 0.0), **kw)


def _area_factor(shape: str) -> float:
    """Area of the shape over r**2."""
    return {
        "circle": math.pi,
        "ellipse": math.pi * 1.55 * 0.8,
        "rectangle": 3.2 * 1.5,
        "square": 2.0,
        "triangle": 3 * math.sqrt(3) / 4,
        "pentagon": 2.5 * math.sin(2 * math.pi / 5),
        "hexagon": 3 * math.sqrt(3) / 2,
        "star": 5 * 0.42 * math.sin(math.pi / 5),
    }[shape]


def _place(
    rng: random.Random, n: int, w: int, h: int, areas: list[float], shapes: list[str], margin: float
) -> list[tuple[float, float, float]]:
    """Centres and radii for ``n`` shapes that do not overlap (with a gap)."""
    out: list[tuple[float, float, float]] = []
    for i in range(n):
        r = math.sqrt(areas[i] * w * h / _area_factor(shapes[i]))
        ext = r * (1.6 if shapes[i] in ("rectangle", "ellipse") else 1.05)
        for _ in range(400):
            cx, cy = rng.uniform(ext + margin, w - ext - margin), rng.uniform(ext + margin, h - ext - margin)
            if all(math.hypot(cx - x, cy - y) > ext + e + margin for x, y, e in out):
                out.append((cx, cy, ext))
                break
        else:
            return []
    return out


def _flat_scene(rng: random.Random, w: int, h: int, n: int, style: str, shadows: bool, ground: str):
    """Paint ``n`` flat shapes; returns the image (3x), the shapes and their records."""
    from PIL import Image, ImageDraw, ImageFilter

    pastel = ground != "white" and rng.random() < 0.5 or rng.random() < 0.3
    table = _PASTEL if pastel else _SATURATED
    terms = rng.sample(list(table), n) if n <= len(table) else [rng.choice(list(table)) for _ in range(n)]
    shapes = [rng.choice(_FLAT) for _ in range(n)]
    areas = [rng.uniform(0.005, 0.08) for _ in range(n)]
    while sum(areas) > 0.3:
        areas = [a * 0.8 for a in areas]
    spots = _place(rng, n, w, h, areas, shapes, 0.03 * min(w, h))
    if not spots:
        return None
    big = paint_ground(rng, w * SS, h * SS, ground).convert("RGBA")
    if shadows:
        layer = Image.new("RGBA", big.size, (0, 0, 0, 0))
        d = ImageDraw.Draw(layer)
        off = 0.012 * min(w, h) * SS
        for (cx, cy, _), shape, a in zip(spots, shapes, areas, strict=True):
            r = math.sqrt(a * w * h / _area_factor(shape)) * SS
            _shape_on(d, shape, cx * SS + off, cy * SS + off, r, (0, 0, 0, 90), None, 0)
        big = Image.alpha_composite(big, layer.filter(ImageFilter.GaussianBlur(2.5 * SS)))
    d = ImageDraw.Draw(big)
    objs = []
    for (cx, cy, _), shape, a, term in zip(spots, shapes, areas, terms, strict=True):
        colour = paint_colour(term, rng, pastel=term in _PASTEL and pastel)
        r = math.sqrt(a * w * h / _area_factor(shape))
        if style == "outline":
            width = max(2, int(r * rng.uniform(0.18, 0.26))) * SS
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, None, colour, width)
        elif style == "edged":
            width = max(1, int(r * 0.08)) * SS
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, colour, darker(colour, 0.55), width)
        else:
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, colour, None, 0)
        objs.append({"shape": shape, "color": term, "cx": cx, "cy": cy, "area": a * w * h, "r": r})
    return big, objs


# ------------------------------------------------------------------ questions (flat)
def _flat_questions(
    rng: random.Random, objs: list[dict[str, Any]], allow_colour: bool = True
) -> list[Question]:
    qs: list[Question] = []
    noun = rng.choice(["shapes", "figures", "objects"])
    qs.append(
        Question(
            rng.choice(
                [f"How many {noun} can you see?", f"Count the {noun}.", f"How many {noun} are in the image?"]
            ),
            "count",
            len(objs),
        )
    )
    right = max(objs, key=lambda o: o["cx"])
    if sorted(o["cx"] for o in objs)[-2] < right["cx"] - 20:
        qs.append(
            Question("Which shape is furthest to the right?", "object", [right["color"], right["shape"]])
        )
    low = max(objs, key=lambda o: o["cy"])
    if sorted(o["cy"] for o in objs)[-2] < low["cy"] - 20:
        qs.append(
            Question(
                rng.choice(["Which shape is lowest?", "Which object is closest to the bottom?"]),
                "object",
                [low["color"], low["shape"]],
            )
        )
    term = rng.choice([o["color"] for o in objs])
    qs.append(
        Question(
            rng.choice([f"How many {term} things are there?", f"How many {term} shapes are there?"]),
            "count",
            sum(o["color"] == term for o in objs),
        )
    )
    uniq = [o for o in objs if sum(x["shape"] == o["shape"] for x in objs) == 1]
    if uniq and allow_colour:
        o = rng.choice(uniq)
        qs.append(
            Question(
                rng.choice([f"What colour is the {o['shape']}?", f"Which color does the {o['shape']} have?"]),
                "word",
                o["color"],
            )
        )
    uc = [o for o in objs if sum(x["color"] == o["color"] for x in objs) == 1]
    if uc:
        o = rng.choice(uc)
        qs.append(
            Question(
                rng.choice([f"What shape is the {o['color']} one?", f"Which shape is {o['color']}?"]),
                "word",
                o["shape"],
            )
        )
    if len(uniq) >= 2:
        a, b = rng.sample(uniq, 2)
        if abs(a["cy"] - b["cy"]) > 0.5 * (a["r"] + b["r"]):
            qs.append(Question(f"Is the {a['shape']} above the {b['shape']}?", "bool", a["cy"] < b["cy"]))
        if abs(a["cx"] - b["cx"]) > 0.5 * (a["r"] + b["r"]):
            qs.append(
                Question(
                    f"Is the {a['shape']} on the left side of the {b['shape']}?", "bool", a["cx"] < b["cx"]
                )
            )
        if max(a["area"], b["area"]) > 1.6 * min(a["area"], b["area"]):
            big = a if a["area"] > b["area"] else b
            qs.append(
                Question(f"Which is bigger, the {a['shape']} or the {b['shape']}?", "word", big["shape"])
            )
    for o in uniq:  # "the shape left of the X": only when exactly one shape lies left of it
        lefts = [x for x in objs if x["cx"] < o["cx"] - 0.5 * (x["r"] + o["r"])]
        if (
            len(lefts) == 1
            and all(abs(x["cx"] - o["cx"]) > 0.5 * (x["r"] + o["r"]) for x in objs if x is not o)
            and allow_colour
        ):
            qs.append(
                Question(f"What colour is the shape left of the {o['shape']}?", "word", lefts[0]["color"])
            )
            break
    shapes = sorted({o["shape"] for o in objs})
    if len(shapes) >= 2:
        s1, s2 = rng.sample(shapes, 2)
        n1, n2 = sum(o["shape"] == s1 for o in objs), sum(o["shape"] == s2 for o in objs)
        qs.append(Question(f"Are there more {plural(s1)} than {plural(s2)}?", "bool", n1 > n2))
    area = sorted(objs, key=lambda o: -o["area"])
    if area[0]["area"] > 1.5 * area[1]["area"] and allow_colour:
        qs.append(
            Question(
                rng.choice(["What is the colour of the biggest shape?", "What color is the largest figure?"]),
                "word",
                area[0]["color"],
            )
        )
    absent = [s for s in _FLAT if s not in shapes]
    if absent and rng.random() < 0.5:
        qs.append(Question(f"Is there a {rng.choice(absent)}?", "bool", False))
    elif uniq:
        o = rng.choice(uniq)
        qs.append(Question(f"Is there a {o['color']} {o['shape']}?", "bool", True))
    return qs


def _size(rng: random.Random) -> tuple[int, int]:
    return rng.choice([(640, 480), (800, 450), (500, 500), (960, 540), (480, 640), (1200, 800), (360, 270)])


def _sheet(rng: random.Random, k: int) -> DrawnCase | None:
    w, h = _size(rng)
    style = ("fill", "edged", "outline", "fill")[k % 4]
    ground = ("white", "gradient", "paper")[k % 3]
    out = _flat_scene(
        rng, w, h, rng.randint(3, 6), style, shadows=style != "outline" and rng.random() < 0.5, ground=ground
    )
    if out is None:
        return None
    big, objs = out
    case = DrawnCase(f"sheet-{k}", "sheet", render(big, w, h), objs)
    case.questions = _flat_questions(rng, objs)
    return case


def _tiles(rng: random.Random, k: int) -> DrawnCase:
    from PIL import ImageDraw

    w, h = rng.choice([(640, 480), (800, 500), (600, 600), (900, 600)])
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    big = paint_ground(rng, w * SS, h * SS, rng.choice(["white", "gradient"]))
    d = ImageDraw.Draw(big)
    cw, ch = w / cols, h / rows
    pastel = rng.random() < 0.4
    terms = rng.sample(list(_PASTEL if pastel else _SATURATED), 3)
    shapes = rng.sample(["circle", "square", "triangle", "star", "hexagon"], 2)
    tile = rng.random() < 0.5
    r = min(cw, ch) * rng.uniform(0.2, 0.3)
    objs = []
    for i in range(rows):
        for j in range(cols):
            cx, cy = (j + 0.5) * cw, (i + 0.5) * ch
            if tile:
                pad = min(cw, ch) * 0.08
                d.rounded_rectangle(
                    [
                        (j * cw + pad) * SS,
                        (i * ch + pad) * SS,
                        ((j + 1) * cw - pad) * SS,
                        ((i + 1) * ch - pad) * SS,
                    ],
                    radius=int(pad * 2 * SS),
                    fill=(236, 236, 240),
                )
            term, shape = rng.choice(terms), rng.choice(shapes)
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, paint_colour(term, rng, pastel), None, 0)
            objs.append({"shape": shape, "color": term, "cx": cx, "cy": cy, "area": r * r, "r": r})
    case = DrawnCase(f"tiles-{k}", "tiles", render(big, w, h), objs)
    t, s = rng.choice(terms), rng.choice(shapes)
    qs = [
        Question(
            rng.choice(["How many rows does the grid have?", "How many rows are there?"]), "count", rows
        ),
        Question(
            rng.choice(["How many columns does the grid have?", "How many columns are there?"]), "count", cols
        ),
        Question(
            rng.choice(["How many icons are in the grid?", "How many items are there?"]), "count", rows * cols
        ),
        Question(f"How many {t} icons are there?", "count", sum(o["color"] == t for o in objs)),
        Question(f"How many {plural(s)} are there?", "count", sum(o["shape"] == s for o in objs)),
    ]
    s2 = next(x for x in shapes if x != s)
    qs.append(
        Question(
            f"Are there more {plural(s)} than {plural(s2)}?",
            "bool",
            sum(o["shape"] == s for o in objs) > sum(o["shape"] == s2 for o in objs),
        )
    )
    case.questions = qs
    return case


def _lettered(rng: random.Random, k: int) -> DrawnCase | None:
    from PIL import ImageDraw, ImageFont

    w, h = _size(rng)
    n = rng.randint(3, 5)
    out = _flat_scene(rng, w, h, n, "fill", shadows=False, ground=rng.choice(["white", "paper"]))
    if out is None:
        return None
    big, objs = out
    d = ImageDraw.Draw(big)
    tags = rng.sample("ABCDEFGHJKLMNPRSTUVWXYZ", n) if k % 2 == 0 else [str(i + 1) for i in range(n)]
    size = max(12, int(0.045 * min(w, h)))
    font = ImageFont.load_default(size=size * SS)

    def reach(o: dict[str, Any]) -> float:
        return o["r"] * (1.7 if o["shape"] in ("rectangle", "ellipse") else 1.15)

    for o, tag in zip(objs, tags, strict=True):
        o["tag"] = tag
        x = o["cx"] + reach(o) + 4
        y = o["cy"] - size * 0.6
        if x + size > w:
            x = o["cx"] - reach(o) - size - 4
        # Only labels a reader can attribute: clearly nearer their own shape than any other.
        ax, ay = x + size * 0.3, y + size * 0.6
        gaps = [math.hypot(ax - q["cx"], ay - q["cy"]) - reach(q) for q in objs]
        own = gaps[objs.index(o)]
        if any(g < 2.0 * max(own, 4.0) for q, g in zip(objs, gaps, strict=True) if q is not o):
            return None
        d.text((x * SS, y * SS), tag, fill=(20, 20, 20), font=font)
    case = DrawnCase(f"lettered-{k}", "lettered", render(big, w, h), objs)
    noun = "shape" if k % 2 == 0 else "object"
    a, b = rng.sample(objs, 2)
    qs = [
        Question("How many shapes are there?", "count", n),
        Question(f"What colour is the {noun} labelled {a['tag']}?", "word", a["color"]),
        Question(f"What shape is {noun} {b['tag']}?", "word", b["shape"]),
    ]
    if abs(a["cx"] - b["cx"]) > 0.5 * (a["r"] + b["r"]):
        qs.append(Question(f"Is {noun} {a['tag']} left of {noun} {b['tag']}?", "bool", a["cx"] < b["cx"]))
    case.questions = qs
    return case


def paint_shapes(
    shapes: list[tuple[str, tuple[int, int, int], float, float, float]],
    size: tuple[int, int] = (640, 480),
    *,
    ground: str = "white",
    style: str = "fill",
    shadows: bool = False,
    labels: dict[int, str] | None = None,
    seed: int = 0,
) -> np.ndarray:
    """One painted sheet, as asked: ``shapes`` are ``(shape, rgb, cx, cy, r)`` in pixels
    (``shape`` one of circle, ellipse, rectangle, square, triangle, pentagon, hexagon, star);
    ``ground`` white / gradient / paper; ``style`` fill / edged (a darker outline) / outline
    (the stroke only); ``shadows`` a soft drop shadow; ``labels`` a letter written right of
    shape ``i``."""
    from PIL import Image, ImageDraw, ImageFilter, ImageFont

    rng = random.Random(seed)
    w, h = size
    big = paint_ground(rng, w * SS, h * SS, ground).convert("RGBA")
    if shadows:
        layer = Image.new("RGBA", big.size, (0, 0, 0, 0))
        off = 0.012 * min(w, h) * SS
        for shape, _, cx, cy, r in shapes:
            _shape_on(
                ImageDraw.Draw(layer), shape, cx * SS + off, cy * SS + off, r * SS, (0, 0, 0, 90), None, 0
            )
        big = Image.alpha_composite(big, layer.filter(ImageFilter.GaussianBlur(2.5 * SS)))
    d = ImageDraw.Draw(big)
    for shape, rgb, cx, cy, r in shapes:
        if style == "outline":
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, None, rgb, max(2, int(r * 0.22)) * SS)
        elif style == "edged":
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, rgb, darker(rgb, 0.55), max(1, int(r * 0.08)) * SS)
        else:
            _shape_on(d, shape, cx * SS, cy * SS, r * SS, rgb, None, 0)
    size_px = max(12, int(0.045 * min(w, h)))
    font = ImageFont.load_default(size=size_px * SS)
    for i, text in (labels or {}).items():
        shape, _, cx, cy, r = shapes[i]
        x = cx + r * (1.7 if shape in ("rectangle", "ellipse") else 1.15) + 4
        d.text((x * SS, (cy - size_px * 0.6) * SS), text, fill=(20, 20, 20), font=font)
    return render(big, w, h)


_MAKERS = {"sheet": _sheet, "tiles": _tiles, "horizon": horizon, "lettered": _lettered}


def painted_cases(
    seed: int = 0, per_family: int = 6, families: tuple[str, ...] = PAINTED_FAMILIES, jpeg_share: float = 0.25
) -> list[DrawnCase]:
    """Painted test images with questions, deterministic for ``seed``.

    Args:
        seed: the random seed.
        per_family: images per family.
        families: which of :data:`PAINTED_FAMILIES`.
        jpeg_share: the share of images re-saved as JPEG at quality 85 (the name ends "-jpg").

    Returns:
        A list of :class:`~spatioxolver.testing.drawn.DrawnCase`.
    """
    unknown = set(families) - set(PAINTED_FAMILIES)
    if unknown:
        raise ValueError(f"unknown painted families {sorted(unknown)}; choose from {PAINTED_FAMILIES}")
    out: list[DrawnCase] = []
    for family in families:
        rng = random.Random(f"painted-{family}-{seed}")
        k = 0
        while sum(c.family == family for c in out) < per_family:
            case = _MAKERS[family](rng, k)
            k += 1
            if case is None or not case.questions:
                continue
            if rng.random() < jpeg_share:
                case.image = jpeg(case.image, 85)
                case.name += "-jpg"
            out.append(case)
    return out
