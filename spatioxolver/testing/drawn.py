"""Test images drawn by code that is not the project's renderer, with questions and gold answers.

:mod:`spatioxolver.scenes` renders the CLEVR-like world the geometric engine was built on;
these images are drawn with Pillow only (no OpenCV, nothing of the engine), in families a
new user would bring:

* ``flat`` — 2-D shapes (circle, ellipse, square, rectangle, triangle, star, hexagon) in
  the basic colour terms (with light / dark variants) on a plain or textured background;
* ``grid`` — icon grids (rows x columns), some with a missing icon (not mirror symmetric);
* ``shaded`` — 3-D-looking objects (sphere, cube, cylinder, cone) on a ground plane under a
  sky gradient, with cast shadows and highlights; farther objects stand higher and smaller;
* ``labelled`` — flat shapes with letters or numbers drawn next to them ("shape A",
  "object 3");
* ``photo`` — real photographs shipped with scikit-image (``skimage.data``), where the only
  acceptable answers are right ones or an abstention.

Every :class:`DrawnCase` holds the image and its questions; each :class:`Question` has a
gold answer in one of a few kinds (``count``, ``bool``, ``word``, ``object``) scored by
:func:`score_answer`. Deterministic for a seed.

Example:
    >>> cases = drawn_cases(seed=0, per_family=1, families=("flat",))
    >>> cases[0].family, cases[0].image.shape[2], len(cases[0].questions) > 3
    ('flat', 3, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["DrawnCase", "Question", "drawn_cases", "photo_cases", "score_answer", "FAMILIES", "PALETTE"]

FAMILIES = ("flat", "grid", "shaded", "labelled")

#: Colour term -> sRGB, as a person would pick them in a drawing program.
PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (220, 30, 35),
    "orange": (245, 140, 20),
    "yellow": (250, 215, 30),
    "green": (40, 160, 60),
    "blue": (35, 80, 210),
    "purple": (120, 50, 170),
    "pink": (245, 120, 180),
    "brown": (120, 70, 30),
    "cyan": (30, 200, 220),
    "black": (25, 25, 25),
    "gray": (128, 128, 128),
    "light blue": (140, 190, 245),
    "dark green": (20, 85, 35),
    "light green": (150, 225, 140),
    "dark blue": (20, 30, 110),
}
_SHAPES_2D = ("circle", "square", "triangle", "star", "rectangle", "ellipse", "hexagon")
_SHAPES_3D = ("sphere", "cube", "cylinder", "cone")
_SYNONYM = {"cube": "box", "sphere": "ball", "cylinder": "can"}


@dataclass
class Question:
    """A question with its gold answer.

    Attributes:
        text: the question.
        kind: ``count`` (int), ``bool``, ``word`` (a colour / shape term), ``object``
            (words the named object must carry: colour and shape) or ``abstain`` (photos:
            only an abstention or ``gold`` itself is right).
        gold: the gold value.
    """

    text: str
    kind: str
    gold: Any


@dataclass
class DrawnCase:
    """One image, its family, what was drawn, and its questions."""

    name: str
    family: str
    image: np.ndarray
    objects: list[dict[str, Any]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


# ------------------------------------------------------------------ drawing primitives
def _polygon(shape: str, cx: float, cy: float, r: float, rot: float = 0.0) -> list[tuple[float, float]]:
    if shape == "triangle":
        n, radii = 3, [r]
    elif shape == "hexagon":
        n, radii = 6, [r]
    elif shape == "star":
        n, radii = 10, [r, r * 0.45]
    else:  # square
        n, radii = 4, [r * math.sqrt(2)]
        rot += math.pi / 4
    pts = []
    for k in range(n):
        a = rot - math.pi / 2 + 2 * math.pi * k / n
        rad = radii[k % len(radii)]
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def _draw_flat(draw: Any, shape: str, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    if shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    elif shape == "ellipse":
        draw.ellipse([cx - r * 1.5, cy - r * 0.8, cx + r * 1.5, cy + r * 0.8], fill=fill)
    elif shape == "rectangle":
        draw.rectangle([cx - r * 1.6, cy - r * 0.8, cx + r * 1.6, cy + r * 0.8], fill=fill)
    else:
        draw.polygon(_polygon(shape, cx, cy, r), fill=fill)


def _mask_area(size: tuple[int, int], shape: str, cx: float, cy: float, r: float) -> int:
    from PIL import Image, ImageDraw

    img = Image.new("L", size, 0)
    _draw_flat(ImageDraw.Draw(img), shape, cx, cy, r, 255)  # type: ignore[arg-type]
    return int((np.asarray(img) > 0).sum())


def _background(rng: random.Random, w: int, h: int, textured: bool) -> np.ndarray:
    base = np.array([rng.randint(225, 250), rng.randint(225, 250), rng.randint(220, 245)], np.float32)
    img = np.broadcast_to(base, (h, w, 3)).copy()
    if textured:
        noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 6, (h // 4 + 1, w // 4 + 1, 1))
        noise = np.repeat(np.repeat(noise, 4, axis=0), 4, axis=1)[:h, :w]
        img += noise
    return np.clip(img, 0, 255).astype(np.uint8)


def _place(
    rng: random.Random, n: int, w: int, h: int, r_range: tuple[int, int], gap: float = 1.25
) -> list[tuple[float, float, float]]:
    """``n`` non-overlapping discs (cx, cy, r), centres at least 40 px apart in x and in y."""
    for _ in range(2000):
        out: list[tuple[float, float, float]] = []
        for _k in range(400):
            r = rng.uniform(*r_range)
            cx, cy = rng.uniform(r * 1.7 + 8, w - r * 1.7 - 8), rng.uniform(r + 8, h - r - 8)
            if all(
                math.dist((cx, cy), (x, y)) > (r + q) * gap + 30 and abs(cx - x) > 40 and abs(cy - y) > 40
                for x, y, q in out
            ):
                out.append((cx, cy, r))
                if len(out) == n:
                    return out
    raise RuntimeError("could not place the shapes")


def _name(obj: dict[str, Any]) -> str:
    return f"{obj['color']} {obj['shape']}"


def _shape_plural(shape: str) -> str:
    return {"box": "boxes", "hexagon": "hexagons"}.get(shape, shape + "s")


# ------------------------------------------------------------------ questions
def _object_questions(rng: random.Random, objs: list[dict[str, Any]], three_d: bool) -> list[Question]:
    """Questions about drawn objects that each have a unique colour."""
    qs: list[Question] = []
    n = len(objs)
    qs.append(Question("How many objects are there?", "count", n))
    shapes = sorted({o["shape"] for o in objs})
    shape = rng.choice(shapes)
    word = _SYNONYM.get(shape, shape) if three_d and rng.random() < 0.5 else shape
    qs.append(
        Question(
            f"How many {_shape_plural(word)} are there?", "count", sum(o["shape"] == shape for o in objs)
        )
    )
    absent = [s for s in (_SHAPES_3D if three_d else _SHAPES_2D) if s not in shapes and s not in ("hexagon",)]
    if absent:
        qs.append(Question(f"How many {_shape_plural(rng.choice(absent))} are in the image?", "count", 0))
    o = rng.choice(objs)
    qs.append(
        Question(f"What colour is the {o['shape']}?", "word", o["color"])
        if sum(x["shape"] == o["shape"] for x in objs) == 1
        else Question(
            f"What color is the {o['shape']} on the {'left' if o['cx'] < 320 else 'right'}?", "skip", None
        )
    )
    qs = [q for q in qs if q.kind != "skip"]
    o = rng.choice(objs)
    qs.append(Question(f"What shape is the {o['color']} object?", "word", o["shape"]))
    left = min(objs, key=lambda x: x["cx"])
    right = max(objs, key=lambda x: x["cx"])
    qs.append(Question("Which object is the leftmost?", "object", [left["color"], left["shape"]]))
    qs.append(Question("Which object is furthest to the right?", "object", [right["color"], right["shape"]]))
    a, b = rng.sample(objs, 2)
    bigger = a if a["area"] > b["area"] else b
    if max(a["area"], b["area"]) > 1.3 * min(a["area"], b["area"]):
        qs.append(
            Question(
                f"Which is bigger, the {_name(a)} or the {_name(b)}?",
                "object",
                [bigger["color"], bigger["shape"]],
            )
        )
    a, b = rng.sample(objs, 2)
    qs.append(Question(f"Is the {_name(a)} to the left of the {_name(b)}?", "bool", a["cx"] < b["cx"]))
    ref = rng.choice(objs)
    lefts = [o for o in objs if o["cx"] < ref["cx"] - 20]
    if len(lefts) == 1:
        qs.append(
            Question(
                f"What is to the left of the {_name(ref)}?", "object", [lefts[0]["color"], lefts[0]["shape"]]
            )
        )
    largest = max(objs, key=lambda x: x["area"])
    if sorted(x["area"] for x in objs)[-2] * 1.3 < largest["area"]:
        qs.append(
            Question(
                "Which object appears largest in the image?", "object", [largest["color"], largest["shape"]]
            )
        )
    if len(shapes) >= 2:
        s1, s2 = rng.sample(shapes, 2)
        c1, c2 = sum(o["shape"] == s1 for o in objs), sum(o["shape"] == s2 for o in objs)
        if c1 != c2:
            qs.append(
                Question(f"Are there more {_shape_plural(s1)} than {_shape_plural(s2)}?", "bool", c1 > c2)
            )
    return qs


def _flat_case(rng: random.Random, k: int, w: int = 640, h: int = 480) -> DrawnCase:
    from PIL import Image, ImageDraw

    textured = k % 2 == 1
    img = Image.fromarray(_background(rng, w, h, textured))
    draw = ImageDraw.Draw(img)
    n = rng.randint(3, 6)
    colours: list[str] = []
    for c in rng.sample(list(PALETTE), len(PALETTE)):
        if len(colours) < n and c.split()[-1] not in {x.split()[-1] for x in colours}:
            colours.append(c)  # one object per basic colour term ("the blue object" is unique)
    objs = []
    for (cx, cy, r), colour in zip(_place(rng, n, w, h, (24, 52)), colours, strict=False):
        shape = rng.choice(_SHAPES_2D)
        _draw_flat(draw, shape, cx, cy, r, PALETTE[colour])
        objs.append(
            {
                "shape": shape,
                "color": colour,
                "cx": cx,
                "cy": cy,
                "area": _mask_area((w, h), shape, cx, cy, r),
            }
        )
    case = DrawnCase(f"flat-{k}", "flat", np.asarray(img).copy(), objs)
    case.questions = _object_questions(rng, objs, three_d=False)
    return case


def _grid_case(rng: random.Random, k: int, w: int = 640, h: int = 480) -> DrawnCase:
    from PIL import Image, ImageDraw

    img = Image.fromarray(_background(rng, w, h, k % 3 == 2))
    draw = ImageDraw.Draw(img)
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    shape = rng.choice(("circle", "square", "star", "triangle"))
    colour = rng.choice(["red", "blue", "green", "orange", "purple", "black", "pink"])
    r = min(w / cols, h / rows) * rng.uniform(0.22, 0.32)
    x0, y0 = (w - (cols - 1) * w / (cols + 1)) / 2, (h - (rows - 1) * h / (rows + 1)) / 2
    missing = (rng.randrange(rows), rng.randrange(cols)) if k % 2 == 1 else None
    objs = []
    for i in range(rows):
        for j in range(cols):
            if (i, j) == missing:
                continue
            cx, cy = x0 + j * w / (cols + 1), y0 + i * h / (rows + 1)
            _draw_flat(draw, shape, cx, cy, r, PALETTE[colour])
            objs.append({"shape": shape, "color": colour, "cx": cx, "cy": cy, "row": i, "col": j})
    case = DrawnCase(f"grid-{k}", "grid", np.asarray(img).copy(), objs)
    sym = missing is None or (cols % 2 == 1 and missing[1] == cols // 2)  # about the vertical axis
    case.questions = [
        Question(f"How many {_shape_plural(shape)} are there?", "count", len(objs)),
        Question("How many rows are there?", "count", rows),
        Question("How many columns does the grid have?", "count", cols),
        Question("Is the arrangement left-right mirror symmetric?", "bool", sym),
        Question(f"What colour are the {_shape_plural(shape)}?", "word", colour),
        Question(f"How many {colour} objects are there?", "count", len(objs)),
    ]
    return case


def _shade(rgb: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    if f >= 1:
        return tuple(int(round(c + (255 - c) * (f - 1))) for c in rgb)  # type: ignore[return-value]
    return tuple(int(round(c * f)) for c in rgb)  # type: ignore[return-value]


def _draw_solid(img: Any, shape: str, cx: float, base: float, s: float, rgb: tuple[int, int, int]) -> None:
    """A shaded 3-D-looking object standing on the ground at (cx, base), size ``s`` px."""
    from PIL import Image, ImageDraw, ImageFilter

    draw = ImageDraw.Draw(img)
    # Cast shadow: a soft dark ellipse offset to the right of the foot.
    shadow = Image.new("L", img.size, 0)
    ImageDraw.Draw(shadow).ellipse([cx - s * 0.5, base - s * 0.18, cx + s * 1.1, base + s * 0.14], fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1.0, s * 0.04)))
    dark = Image.new("RGB", img.size, (0, 0, 0))
    img.paste(dark, (0, 0), shadow)
    if shape == "sphere":
        r = s / 2
        cy = base - r
        for k in range(int(r), 0, -1):
            t = k / r
            col = _shade(rgb, 0.55 + 0.75 * (1 - t) ** 1.2 if t < 1 else 0.55)
            off = (1 - t) * r * 0.35
            draw.ellipse([cx - k - off, cy - k - off, cx + k - off, cy + k - off], fill=col)
    elif shape == "cube":
        d = s * 0.28
        front = [cx - s / 2, base - s, cx + s / 2, base]
        draw.rectangle(front, fill=_shade(rgb, 0.9))
        draw.polygon(
            [
                (front[0], front[1]),
                (front[0] + d, front[1] - d),
                (front[2] + d, front[1] - d),
                (front[2], front[1]),
            ],
            fill=_shade(rgb, 1.25),
        )
        draw.polygon(
            [
                (front[2], front[1]),
                (front[2] + d, front[1] - d),
                (front[2] + d, front[3] - d),
                (front[2], front[3]),
            ],
            fill=_shade(rgb, 0.6),
        )
    elif shape == "cylinder":
        rw, eh = s * 0.45, s * 0.14
        for x in range(int(cx - rw), int(cx + rw) + 1):
            t = (x - (cx - rw)) / (2 * rw)
            draw.line(
                [(x, base - s + eh), (x, base)],
                fill=_shade(rgb, 0.55 + 0.6 * math.sin(math.pi * min(1, t * 1.2))),
            )
        draw.ellipse([cx - rw, base - eh, cx + rw, base + eh], fill=_shade(rgb, 0.7))
        draw.rectangle([cx - rw, base - s + eh, cx + rw, base - eh * 0.2], fill=None)
        for x in range(int(cx - rw), int(cx + rw) + 1):
            t = (x - (cx - rw)) / (2 * rw)
            draw.line(
                [(x, base - s + eh), (x, base)],
                fill=_shade(rgb, 0.55 + 0.6 * math.sin(math.pi * min(1, t * 1.2))),
            )
        draw.ellipse([cx - rw, base - eh * 1.0 - 1, cx + rw, base + eh - 1], fill=_shade(rgb, 0.75))
        draw.ellipse([cx - rw, base - s, cx + rw, base - s + 2 * eh], fill=_shade(rgb, 1.2))
    else:  # cone
        rw = s * 0.45
        steps = 24
        for k in range(steps):
            t0, t1 = k / steps, (k + 1) / steps
            col = _shade(rgb, 0.55 + 0.6 * math.sin(math.pi * min(1.0, (t0 + t1) / 2 * 1.2)))
            draw.polygon(
                [(cx, base - s), (cx - rw + 2 * rw * t0, base), (cx - rw + 2 * rw * t1 + 1, base)], fill=col
            )


def _shaded_case(rng: random.Random, k: int, w: int = 640, h: int = 480) -> DrawnCase:
    from PIL import Image

    horizon = int(h * rng.uniform(0.35, 0.45))
    arr = np.zeros((h, w, 3), np.float32)
    top, low = np.array([110, 160, 230], np.float32), np.array([215, 230, 245], np.float32)
    t = (np.arange(horizon) / max(horizon - 1, 1))[:, None, None]
    arr[:horizon] = top * (1 - t) + low * t
    g0 = np.array(rng.choice([(150, 140, 120), (120, 150, 100), (170, 170, 165)]), np.float32)
    t = (np.arange(h - horizon) / max(h - horizon - 1, 1))[:, None, None]
    arr[horizon:] = g0 * (0.85 + 0.25 * t)
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    n = rng.randint(3, 4)
    colours = rng.sample(["red", "orange", "yellow", "blue", "purple", "pink", "cyan", "green"], n)
    objs = []
    for _ in range(5000):
        objs = []
        for colour in colours:
            base = rng.uniform(horizon + 40, h - 15)
            s = 30 + 110 * (base - horizon) / (h - horizon)
            cx = rng.uniform(s, w - s)
            objs.append({"shape": rng.choice(_SHAPES_3D), "color": colour, "cx": cx, "base": base, "s": s})
        ok = all(
            abs(a["cx"] - b["cx"]) > (a["s"] + b["s"]) * 0.7 + 6 and abs(a["base"] - b["base"]) > 15
            for i, a in enumerate(objs)
            for b in objs[i + 1 :]
        )
        if ok:
            break
    else:
        raise RuntimeError("could not place the solids")
    for o in sorted(objs, key=lambda o: o["base"]):  # far to near
        _draw_solid(img, o["shape"], o["cx"], o["base"], o["s"], PALETTE[o["color"]])
        o["area"] = o["s"] ** 2 * {"sphere": 0.785, "cube": 1.3, "cylinder": 1.0, "cone": 0.5}[o["shape"]]
        o["cy"] = o["base"] - o["s"] / 2
    case = DrawnCase(f"shaded-{k}", "shaded", np.asarray(img).copy(), objs)
    qs = _object_questions(rng, objs, three_d=True)
    far = min(objs, key=lambda o: o["base"])
    near = max(objs, key=lambda o: o["base"])
    qs.append(Question("Which object is farthest away?", "object", [far["color"], far["shape"]]))
    qs.append(Question("Which object is closest to the camera?", "object", [near["color"], near["shape"]]))
    case.questions = qs
    return case


def _labelled_case(rng: random.Random, k: int, w: int = 640, h: int = 480) -> DrawnCase:
    from PIL import Image, ImageDraw, ImageFont

    img = Image.fromarray(_background(rng, w, h, False))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=30)
    n = rng.randint(3, 5)
    letters = k % 2 == 0
    tags = [chr(ord("A") + i) for i in range(n)] if letters else [str(i + 1) for i in range(n)]
    colours = rng.sample(["red", "orange", "yellow", "green", "blue", "purple", "pink", "cyan", "brown"], n)
    objs = []
    for (cx, cy, r), colour, tag in zip(_place(rng, n, w, h, (26, 46), gap=1.9), colours, tags, strict=False):
        shape = rng.choice(_SHAPES_2D)
        _draw_flat(draw, shape, cx, cy, r, PALETTE[colour])
        side = rng.choice((-1, 1))
        reach = r * (1.7 if shape in ("ellipse", "rectangle") else 1.1)
        draw.text((cx + side * (reach + 16), cy), tag, fill=(20, 20, 20), font=font, anchor="mm")
        objs.append(
            {
                "shape": shape,
                "color": colour,
                "cx": cx,
                "cy": cy,
                "tag": tag,
                "area": _mask_area((w, h), shape, cx, cy, r),
            }
        )
    case = DrawnCase(f"labelled-{k}", "labelled", np.asarray(img).copy(), objs)
    noun = "shape" if letters else "object"
    a, b = rng.sample(objs, 2)
    o = rng.choice(objs)
    qs = [
        Question("How many shapes are there?", "count", n),
        Question(f"What colour is {noun} {o['tag']}?", "word", o["color"]),
        Question(f"What shape is {noun} {rng.choice(objs)['tag']}?", "word", None),
        Question(
            f"Which is further left, {noun} {a['tag']} or {noun} {b['tag']}?",
            "word",
            a["tag"] if a["cx"] < b["cx"] else b["tag"],
        ),
        Question(f"Is {noun} {a['tag']} above {noun} {b['tag']}?", "bool", a["cy"] < b["cy"]),
    ]
    target = next(x for x in objs if x["tag"] == qs[2].text.rstrip("?").split()[-1])
    qs[2].gold = target["shape"]
    case.questions = qs
    return case


_BUILDERS = {"flat": _flat_case, "grid": _grid_case, "shaded": _shaded_case, "labelled": _labelled_case}


def drawn_cases(seed: int = 0, per_family: int = 6, families: tuple[str, ...] = FAMILIES) -> list[DrawnCase]:
    """``per_family`` drawn images of each family, with questions (deterministic for ``seed``)."""
    out = []
    for family in families:
        rng = random.Random(f"{seed}-{family}")
        out.extend(_BUILDERS[family](rng, k) for k in range(per_family))
    return out


#: Photographs of scikit-image's data set and questions about them. ``abstain``: only an
#: abstention or the gold answer is right (the engine cannot see the photo's objects).
_PHOTO_QUESTIONS = {
    "coffee": [
        ("How many cups are there?", 1),
        ("What colour is the cup?", "white"),
        ("How many objects are there?", 1),
    ],
    "chelsea": [
        ("What colour is the cat?", "brown"),
        ("How many objects are there?", 1),
        ("Which object is the leftmost?", None),
    ],
    "coins": [
        ("How many coins are there?", 24),
        ("How many objects are there?", 24),
        ("Which object is the largest?", None),
    ],
    "astronaut": [
        ("How many objects are there?", None),
        ("What colour is the flag?", None),
        ("Which object is the leftmost?", None),
    ],
    "rocket": [
        ("How many rockets are there?", 1),
        ("Which object is closest to the camera?", None),
        ("How many objects are there?", None),
    ],
}


def photo_cases() -> list[DrawnCase]:
    """Real photographs from ``skimage.data`` (needs scikit-image, a dev dependency)."""
    from skimage import data

    out = []
    for name, questions in _PHOTO_QUESTIONS.items():
        img = np.asarray(getattr(data, name)())
        if img.ndim == 2:
            img = np.repeat(img[:, :, None], 3, axis=2)
        qs = [Question(text, "abstain", gold) for text, gold in questions]
        out.append(DrawnCase(f"photo-{name}", "photo", img[:, :, :3].copy(), [], qs))
    return out


def _words(value: Any) -> set[str]:
    import re

    return set(re.findall(r"[a-z]+", str(value).lower()))


def score_answer(question: Question, answer: Any) -> str:
    """``"right"``, ``"wrong"`` or ``"abstain"`` for an :class:`~spatioxolver.answer.Answer` (or an
    exception instance: a refusal counts as ``"abstain"``)."""
    if isinstance(answer, BaseException) or answer is None:
        return "abstain"
    if getattr(answer, "error", None) or getattr(answer, "abstained", False):
        return "abstain"
    value, text = answer.value, answer.text
    if value is None:
        return "abstain"
    gold = question.gold
    if question.kind == "abstain":
        if gold is None:
            return "wrong"
        question = Question(question.text, "count" if isinstance(gold, int) else "word", gold)
        return score_answer(question, answer)
    if question.kind == "count":
        return (
            "right" if not isinstance(value, bool) and isinstance(value, int) and value == gold else "wrong"
        )
    if question.kind == "bool":
        return "right" if value is gold else "wrong"
    if question.kind == "word" and isinstance(gold, tuple):  # alternatives: any one is right
        alts = [score_answer(Question(question.text, "word", g), answer) for g in gold]
        return "right" if "right" in alts else "wrong"
    if question.kind == "word":
        return (
            "right" if _words(gold) <= _words(value) and len(_words(value) - _words(gold)) <= 1 else "wrong"
        )
    if question.kind == "object":
        have = _words(text) | _words(value)
        colour, shape = gold
        other_colours = {c for c in PALETTE if " " not in c and c not in _words(colour)}
        synonyms = {shape, _SYNONYM.get(shape, shape)}
        return (
            "right" if _words(colour) <= have and synonyms & have and not (other_colours & have) else "wrong"
        )
    raise ValueError(f"unknown question kind {question.kind!r}")
