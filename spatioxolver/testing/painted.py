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

import colorsys
import io
import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing.drawn import DrawnCase, Question

__all__ = ["painted_cases", "PAINTED_FAMILIES", "paint_colour", "jpeg"]

PAINTED_FAMILIES = ("sheet", "tiles", "horizon", "lettered")

#: Basic colour term -> (hue range in degrees, saturation range, value range), HSV. A colour
#: is drawn from the box of its term; "pastel" boxes are light and weakly saturated.
_SATURATED = {
    "red": ((352, 364), (0.75, 0.95), (0.75, 0.95)),
    "orange": ((24, 32), (0.85, 1.0), (0.92, 1.0)),
    "yellow": ((50, 56), (0.8, 1.0), (0.92, 1.0)),
    "green": ((110, 140), (0.6, 0.85), (0.55, 0.8)),
    "blue": ((215, 230), (0.75, 0.9), (0.7, 0.9)),
    "purple": ((272, 285), (0.55, 0.75), (0.5, 0.7)),
    "pink": ((322, 335), (0.45, 0.6), (0.92, 1.0)),
    "cyan": ((184, 190), (0.8, 0.95), (0.8, 0.9)),
    "brown": ((22, 30), (0.65, 0.8), (0.35, 0.48)),
}
_PASTEL = {
    "red": ((354, 362), (0.55, 0.65), (0.88, 0.95)),
    "orange": ((26, 32), (0.55, 0.65), (0.98, 1.0)),
    "yellow": ((50, 56), (0.5, 0.6), (0.98, 1.0)),
    "green": ((115, 135), (0.35, 0.45), (0.8, 0.88)),
    "blue": ((210, 222), (0.38, 0.48), (0.92, 1.0)),
    "purple": ((265, 278), (0.3, 0.4), (0.85, 0.92)),
    "pink": ((328, 338), (0.28, 0.36), (0.97, 1.0)),
}
_FLAT = ("circle", "square", "triangle", "star", "rectangle", "ellipse", "hexagon", "pentagon")
_SOLIDS = ("ball", "box", "can", "cone")
_SOLID_GOLD = {"ball": "sphere", "box": "cube", "can": "cylinder", "cone": "cone"}
_PLURALS = {"box": "boxes", "ellipse": "ellipses"}
_SS = 3  # supersampling factor


def paint_colour(term: str, rng: random.Random, pastel: bool = False) -> tuple[int, int, int]:
    """An sRGB colour drawn from the HSV box of a basic colour term.

    Args:
        term: a key of the saturated (or, with ``pastel``, the pastel) table.
        rng: the random source.
        pastel: draw a light, weakly saturated version.

    Returns:
        The colour as three ints.
    """
    (h0, h1), (s0, s1), (v0, v1) = (_PASTEL if pastel else _SATURATED)[term]
    r, g, b = colorsys.hsv_to_rgb((rng.uniform(h0, h1) % 360) / 360, rng.uniform(s0, s1), rng.uniform(v0, v1))
    return round(r * 255), round(g * 255), round(b * 255)


def jpeg(image: np.ndarray, quality: int = 85) -> np.ndarray:
    """The image after a JPEG save and load at ``quality`` (Pillow's encoder)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="JPEG", quality=quality)
    buf.seek(0)
    return np.asarray(Image.open(buf).convert("RGB")).copy()


def _plural(noun: str) -> str:
    return _PLURALS.get(noun, noun + "s")


# ------------------------------------------------------------------ grounds
def _ground(rng: random.Random, w: int, h: int, kind: str) -> Any:
    from PIL import Image, ImageFilter

    if kind == "white":
        return Image.new("RGB", (w, h), (255, 255, 255))
    if kind == "gradient":
        a = np.array(rng.choice([(250, 246, 236), (238, 244, 252), (246, 240, 250), (240, 250, 242)]), float)
        b = np.array(rng.choice([(225, 228, 236), (252, 236, 226), (228, 240, 232), (255, 255, 255)]), float)
        t = np.linspace(0, 1, h)[:, None, None] if rng.random() < 0.5 else np.linspace(0, 1, w)[None, :, None]
        arr = np.broadcast_to(a * (1 - t) + b * t, (h, w, 3))
        return Image.fromarray(arr.astype(np.uint8))
    # textured paper: a warm tone, fine grain and a few faint fibres
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    base = np.array(rng.choice([(244, 238, 222), (236, 232, 224), (248, 244, 236)]), float)
    grain = nrng.normal(0, 5, (h // 2 + 1, w // 2 + 1, 1))
    grain = np.kron(grain, np.ones((2, 2, 1)))[:h, :w]
    arr = np.clip(base + grain, 0, 255).astype(np.uint8)
    img = Image.fromarray(arr).filter(ImageFilter.GaussianBlur(0.6))
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    for _ in range(int(w * h / 4000)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(4, 14)
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=tuple(int(v) - 14 for v in base))
    return img


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


def _render(big: Any, w: int, h: int) -> np.ndarray:
    from PIL import Image

    return np.asarray(big.resize((w, h), Image.LANCZOS).convert("RGB")).copy()


def _darker(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(int(v * f) for v in c)  # type: ignore[return-value]


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
    big = _ground(rng, w * _SS, h * _SS, ground).convert("RGBA")
    if shadows:
        layer = Image.new("RGBA", big.size, (0, 0, 0, 0))
        d = ImageDraw.Draw(layer)
        off = 0.012 * min(w, h) * _SS
        for (cx, cy, _), shape, a in zip(spots, shapes, areas, strict=True):
            r = math.sqrt(a * w * h / _area_factor(shape)) * _SS
            _shape_on(d, shape, cx * _SS + off, cy * _SS + off, r, (0, 0, 0, 90), None, 0)
        big = Image.alpha_composite(big, layer.filter(ImageFilter.GaussianBlur(2.5 * _SS)))
    d = ImageDraw.Draw(big)
    objs = []
    for (cx, cy, _), shape, a, term in zip(spots, shapes, areas, terms, strict=True):
        colour = paint_colour(term, rng, pastel=term in _PASTEL and pastel)
        r = math.sqrt(a * w * h / _area_factor(shape))
        if style == "outline":
            width = max(2, int(r * rng.uniform(0.18, 0.26))) * _SS
            _shape_on(d, shape, cx * _SS, cy * _SS, r * _SS, None, colour, width)
        elif style == "edged":
            width = max(1, int(r * 0.08)) * _SS
            _shape_on(d, shape, cx * _SS, cy * _SS, r * _SS, colour, _darker(colour, 0.55), width)
        else:
            _shape_on(d, shape, cx * _SS, cy * _SS, r * _SS, colour, None, 0)
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
        qs.append(Question(f"Are there more {_plural(s1)} than {_plural(s2)}?", "bool", n1 > n2))
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
    case = DrawnCase(f"sheet-{k}", "sheet", _render(big, w, h), objs)
    case.questions = _flat_questions(rng, objs)
    return case


def _tiles(rng: random.Random, k: int) -> DrawnCase:
    from PIL import ImageDraw

    w, h = rng.choice([(640, 480), (800, 500), (600, 600), (900, 600)])
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    big = _ground(rng, w * _SS, h * _SS, rng.choice(["white", "gradient"]))
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
                        (j * cw + pad) * _SS,
                        (i * ch + pad) * _SS,
                        ((j + 1) * cw - pad) * _SS,
                        ((i + 1) * ch - pad) * _SS,
                    ],
                    radius=int(pad * 2 * _SS),
                    fill=(236, 236, 240),
                )
            term, shape = rng.choice(terms), rng.choice(shapes)
            _shape_on(d, shape, cx * _SS, cy * _SS, r * _SS, paint_colour(term, rng, pastel), None, 0)
            objs.append({"shape": shape, "color": term, "cx": cx, "cy": cy, "area": r * r, "r": r})
    case = DrawnCase(f"tiles-{k}", "tiles", _render(big, w, h), objs)
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
        Question(f"How many {_plural(s)} are there?", "count", sum(o["shape"] == s for o in objs)),
    ]
    s2 = next(x for x in shapes if x != s)
    qs.append(
        Question(
            f"Are there more {_plural(s)} than {_plural(s2)}?",
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
    font = ImageFont.load_default(size=size * _SS)
    for o, tag in zip(objs, tags, strict=True):
        o["tag"] = tag
        x = o["cx"] + o["r"] * (1.7 if o["shape"] in ("rectangle", "ellipse") else 1.15) + 4
        y = o["cy"] - size * 0.6
        if x + size > w:
            x = o["cx"] - o["r"] * (1.7 if o["shape"] in ("rectangle", "ellipse") else 1.15) - size - 4
        d.text((x * _SS, y * _SS), tag, fill=(20, 20, 20), font=font)
    case = DrawnCase(f"lettered-{k}", "lettered", _render(big, w, h), objs)
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


def _horizon(rng: random.Random, k: int) -> DrawnCase | None:
    from PIL import Image, ImageDraw, ImageFilter

    w, h = rng.choice([(640, 480), (800, 600), (960, 540), (720, 540)])
    W, H = w * _SS, h * _SS
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
            d.line([(vx, hy), (vx + j * W * 0.18, H)], fill=line, width=_SS)
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
    big = Image.alpha_composite(big, shadow.filter(ImageFilter.GaussianBlur(3 * _SS)))
    out = []
    for o, term in zip(sorted(objs, key=lambda o: o["base"]), terms, strict=False):
        colour = paint_colour(term, rng, pastel=pastel and term in _PASTEL)
        area = _solid(big, o["kind"], o["x"], o["base"], o["s"], colour, light)
        out.append(
            {
                "shape": _SOLID_GOLD[o["kind"]],
                "noun": o["kind"],
                "color": term,
                "cx": o["x"] / _SS,
                "cy": o["base"] / _SS,
                "area": area / _SS**2,
                "r": o["s"] / _SS / 2,
            }
        )
    case = DrawnCase(f"horizon-{k}", "horizon", _render(big, w, h), out)
    qs = [
        Question(
            rng.choice(["How many objects are there?", "How many things are standing on the ground?"]),
            "count",
            len(out),
        )
    ]
    kinds = sorted({o["noun"] for o in out})
    kd = rng.choice(kinds)
    qs.append(Question(f"How many {_plural(kd)} are there?", "count", sum(o["noun"] == kd for o in out)))
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


_MAKERS = {"sheet": _sheet, "tiles": _tiles, "horizon": _horizon, "lettered": _lettered}


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
