"""A fourth, independent set of test images: OpenCV sketches, slides, icon rows, oblique solids.

Written apart from the engine and from the other three generators (:mod:`.drawn`,
:mod:`.heldout`, :mod:`.painted`): no drawing code is shared with any of them. Images are
drawn with OpenCV's primitives (``cv2.fillPoly`` / ``cv2.ellipse`` / ``cv2.circle`` with
``LINE_AA`` and sub-pixel ``shift``), then degraded as a camera or a re-save would: a soft
Gaussian blur, sensor-like noise, and a third re-encoded as JPEG at quality 70-90.
Conventions differ from the other sets on purpose:

* ``slide`` — a presentation slide: an off-white ground, a title and a rule at the top, a
  caption at the bottom (text that is not an object), shapes in plotting-library colours
  (e.g. matplotlib's ``tab:`` palette) filled with a thin dark edge, filled plain, or drawn
  as a thick or thin stroke only;
* ``icons`` — a row (or two) of evenly spaced icons with a word written under each;
* ``blocks`` — oblique 3-D boxes, cylinders and balls drawn by hand with three shaded box
  faces, a horizontally shaded can body with a lit top, a radially shaded ball, on a floor
  that darkens toward the viewer, with soft contact shadows; farther objects stand higher
  and smaller.

Questions use wordings written for this module (either-or, "on the far left", "nearest to
the viewer", "tell me the colour of ...", "what is the number of ..."); gold answers come
from the generator's own records, in basic colour terms. Questions and scoring use
:class:`~spatioxolver.testing.drawn.Question` and
:func:`~spatioxolver.testing.drawn.score_answer` so figures compare with the other sets.

Example:
    >>> cases = sketched_cases(seed=0, per_family=1, families=("slide",))
    >>> cases[0].family, cases[0].image.dtype.name, len(cases[0].questions) >= 4
    ('slide', 'uint8', True)
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing._sketch_solids import blocks_case
from spatioxolver.testing._sketch_tools import (
    COLOURS,
    FLAT_SHAPES,
    degrade,
    fill_shape,
    ground,
    outline_shape,
    shape_extent,
    text,
)
from spatioxolver.testing.drawn import DrawnCase, Question

__all__ = ["sketched_cases", "sketch_shapes", "SKETCHED_FAMILIES"]

SKETCHED_FAMILIES = ("slide", "icons", "blocks")

_TITLES = ("Figure 3", "Shapes overview", "Example layout", "Results", "Step 2: arrange", "Q3 review")
_CAPTIONS = ("Source: internal sketch", "not to scale", "draft - do not share", "see appendix B")
_WORDS = ("alpha", "beta", "gamma", "delta", "north", "south", "apple", "river", "stone", "cloud")


def _plural(shape: str) -> str:
    return {"ellipse": "ellipses"}.get(shape, shape + "s")


# ------------------------------------------------------------------ flat questions
def _flat_questions(rng: random.Random, objs: list[dict[str, Any]]) -> list[Question]:
    """Questions about flat shapes in this module's own wordings; only unambiguous ones."""
    qs: list[Question] = []
    qs.append(
        Question(
            rng.choice(
                [
                    "What is the number of shapes?",
                    "How many shapes are drawn here?",
                    "How many figures does the picture show?",
                ]
            ),
            "count",
            len(objs),
        )
    )
    xs = sorted(objs, key=lambda o: o["cx"])
    if xs[1]["cx"] - xs[0]["cx"] > 0.5 * (xs[0]["ext"] + xs[1]["ext"]):
        o = xs[0]
        qs.append(
            Question(
                rng.choice(["Which shape is on the far left?", "Which figure is leftmost?"]),
                "object",
                [o["color"], o["shape"]],
            )
        )
    uniq = [o for o in objs if sum(x["shape"] == o["shape"] for x in objs) == 1]
    ucol = [o for o in objs if sum(x["color"] == o["color"] for x in objs) == 1]
    if uniq:
        o = rng.choice(uniq)
        qs.append(
            Question(
                rng.choice([f"Tell me the colour of the {o['shape']}.", f"The {o['shape']} is what color?"]),
                "word",
                o["color"],
            )
        )
    if ucol:
        o = rng.choice(ucol)
        qs.append(
            Question(
                rng.choice(
                    [f"What shape is the {o['color']} object?", f"The {o['color']} item is which shape?"]
                ),
                "word",
                o["shape"],
            )
        )
    if len(uniq) >= 2:
        a, b = rng.sample(uniq, 2)
        if abs(a["cx"] - b["cx"]) > 0.6 * (a["ext"] + b["ext"]):
            qs.append(
                Question(
                    f"Is the {a['shape']} to the left or to the right of the {b['shape']}?",
                    "word",
                    "left" if a["cx"] < b["cx"] else "right",
                )
            )
        if abs(a["cy"] - b["cy"]) > 0.6 * (a["ext"] + b["ext"]):
            qs.append(
                Question(
                    f"Is the {a['shape']} above or below the {b['shape']}?",
                    "word",
                    "above" if a["cy"] < b["cy"] else "below",
                )
            )
    both = [o for o in objs if o in uniq and o in ucol]
    if len(both) >= 2:
        a, b = rng.sample(both, 2)
        if max(a["area"], b["area"]) > 1.7 * min(a["area"], b["area"]):
            big = a if a["area"] > b["area"] else b
            qs.append(
                Question(
                    f"Which is larger: the {a['color']} {a['shape']} or the {b['color']} {b['shape']}?",
                    "object",
                    [big["color"], big["shape"]],
                )
            )
    by_area = sorted(objs, key=lambda o: o["area"])
    if by_area[1]["area"] > 1.7 * by_area[0]["area"]:
        o = by_area[0]
        qs.append(
            Question(
                rng.choice(["Which shape is the smallest?", "Which is the tiniest figure?"]),
                "object",
                [o["color"], o["shape"]],
            )
        )
    if uniq:  # nearest neighbour of a unique shape, when clearly nearest centre to centre and edge to edge
        o = rng.choice(uniq)
        centres = sorted(
            ((math.hypot(x["cx"] - o["cx"], x["cy"] - o["cy"]), i) for i, x in enumerate(objs) if x is not o)
        )
        edges = sorted((max(d - o["ext"] - objs[i]["ext"], 1.0), i) for d, i in centres)
        if (
            len(centres) >= 2
            and centres[1][0] > 1.5 * centres[0][0]
            and edges[1][0] > 1.5 * edges[0][0]
            and centres[0][1] == edges[0][1]
        ):
            n = objs[centres[0][1]]
            qs.append(
                Question(
                    rng.choice(
                        [
                            f"Which shape is nearest to the {o['shape']}?",
                            f"What is closest to the {o['shape']}?",
                        ]
                    ),
                    "object",
                    [n["color"], n["shape"]],
                )
            )
    shapes = sorted({o["shape"] for o in objs})
    s = rng.choice(shapes)
    qs.append(
        Question(
            rng.choice([f"How many {_plural(s)} are there?", f"Count the {_plural(s)}."]),
            "count",
            sum(o["shape"] == s for o in objs),
        )
    )
    term = rng.choice([o["color"] for o in objs])
    qs.append(
        Question(f"How many {term} shapes can you find?", "count", sum(o["color"] == term for o in objs))
    )
    absent = [x for x in FLAT_SHAPES if x not in shapes]
    if absent and rng.random() < 0.5:
        qs.append(Question(f"Does the picture contain a {rng.choice(absent)}?", "bool", False))
    elif uniq:
        o = rng.choice(uniq)
        qs.append(Question(f"Is there a {o['color']} {o['shape']} in the image?", "bool", True))
    return qs


# ------------------------------------------------------------------ families
def _size(rng: random.Random) -> tuple[int, int]:
    return rng.choice([(960, 540), (800, 600), (1024, 576), (640, 480), (720, 720), (1280, 720), (480, 360)])


def _place(
    rng: random.Random, shapes: list[str], radii: list[float], box: tuple[float, float, float, float]
) -> list[tuple[float, float]] | None:
    x0, y0, x1, y1 = box
    out: list[tuple[float, float, float]] = []
    for shape, r in zip(shapes, radii, strict=True):
        ext = shape_extent(shape, r)
        gap = 0.35 * r + 6
        for _ in range(300):
            cx, cy = rng.uniform(x0 + ext[0], x1 - ext[0]), rng.uniform(y0 + ext[1], y1 - ext[1])
            if all(
                abs(cx - x) > ext[0] + ex + gap or abs(cy - y) > ext[1] + ey + gap for x, y, (ex, ey) in out
            ):
                out.append((cx, cy, ext))
                break
        else:
            return None
    return [(x, y) for x, y, _ in out]


def _slide(rng: random.Random, k: int) -> DrawnCase | None:
    w, h = _size(rng)
    img = ground(rng, w, h)
    unit = min(w, h)
    title_h = 0
    if rng.random() < 0.8:
        scale = unit / 520
        title_h = text(img, rng.choice(_TITLES), (int(0.05 * w), int(0.09 * h)), scale * 1.1, (40, 40, 48), 2)
        y = int(0.09 * h + 0.03 * h)
        if rng.random() < 0.6:
            import cv2

            cv2.line(
                img, (int(0.05 * w), y), (int(0.95 * w), y), (170, 170, 176), max(1, unit // 300), cv2.LINE_AA
            )
    if rng.random() < 0.6:
        text(img, rng.choice(_CAPTIONS), (int(0.05 * w), int(0.95 * h)), unit / 900, (120, 120, 120), 1)
    top = 0.16 * h if title_h else 0.05 * h
    box = (0.05 * w, top, 0.95 * w, 0.88 * h)
    n = rng.randint(3, 6)
    terms = rng.sample(list(COLOURS), n)
    shapes = [rng.choice(FLAT_SHAPES) for _ in range(n)]
    areas = [rng.uniform(0.004, 0.05) * w * h for _ in range(n)]
    radii = [math.sqrt(a / 3.0) for a in areas]
    spots = _place(rng, shapes, radii, box)
    if spots is None:
        return None
    style = rng.choice(["edged", "plain", "stroke", "edged", "plain"])
    objs = []
    for (cx, cy), shape, r, term in zip(spots, shapes, radii, terms, strict=True):
        colour = rng.choice(COLOURS[term])
        if style == "stroke":
            thick = max(2, int(r * rng.choice([0.12, 0.25])))
            area = outline_shape(img, shape, cx, cy, r, colour, thick)
        else:
            edge = (
                (rng.choice([(30, 30, 30), (60, 60, 70)]), max(1, unit // 320)) if style == "edged" else None
            )
            area = fill_shape(img, shape, cx, cy, r, colour, edge)
        objs.append({"shape": shape, "color": term, "cx": cx, "cy": cy, "area": area, "ext": r})
    case = DrawnCase(f"slide-{k}-{style}", "slide", img, objs)
    case.questions = _flat_questions(rng, objs)
    return case


def _icons(rng: random.Random, k: int) -> DrawnCase:
    import cv2

    w, h = rng.choice([(900, 300), (1000, 500), (800, 400), (640, 480), (1200, 600)])
    img = ground(rng, w, h)
    rows = 1 if h <= 400 or rng.random() < 0.5 else 2
    cols = rng.randint(3, 6)
    shapes_pool = rng.sample(["circle", "square", "triangle", "star", "hexagon"], rng.randint(2, 3))
    terms_pool = rng.sample(list(COLOURS), rng.randint(2, 4))
    cw, rh = w / cols, h / rows
    r = min(cw, rh) * rng.uniform(0.18, 0.26)
    words = rng.sample(_WORDS, rows * cols) if rows * cols <= len(_WORDS) else None
    objs = []
    for i in range(rows):
        for j in range(cols):
            cx, cy = (j + 0.5) * cw, (i + 0.42) * rh
            shape, term = rng.choice(shapes_pool), rng.choice(terms_pool)
            area = fill_shape(img, shape, cx, cy, r, rng.choice(COLOURS[term]), None)
            o = {
                "shape": shape,
                "color": term,
                "cx": cx,
                "cy": cy,
                "area": area,
                "ext": r,
                "row": i,
                "col": j,
            }
            if words:
                word = words[i * cols + j]
                scale = min(cw, rh) / 260
                (tw, _), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
                text(img, word, (int(cx - tw / 2), int(cy + r * 1.25 + 0.12 * rh)), scale, (50, 50, 50), 1)
                o["word"] = word
            objs.append(o)
    case = DrawnCase(f"icons-{k}", "icons", img, objs)
    s, t = rng.choice(shapes_pool), rng.choice(terms_pool)
    qs = [
        Question(
            rng.choice(["How many icons are there?", "What is the number of icons?"]), "count", len(objs)
        ),
        Question(f"How many {_plural(s)} can you see?", "count", sum(o["shape"] == s for o in objs)),
        Question(f"How many {t} icons are there?", "count", sum(o["color"] == t for o in objs)),
    ]
    if rows == 1:
        first, last = objs[0], objs[-1]
        qs.append(Question("Which icon is on the far right?", "object", [last["color"], last["shape"]]))
        qs.append(Question("What colour is the leftmost icon?", "word", first["color"]))
    else:
        qs.append(Question("How many rows of icons are there?", "count", rows))
    others = [x for x in shapes_pool if x != s]
    if others:
        s2 = others[0]
        n1, n2 = sum(o["shape"] == s for o in objs), sum(o["shape"] == s2 for o in objs)
        if n1 != n2:
            qs.append(
                Question(
                    f"Are there more {_plural(s)} or more {_plural(s2)}?",
                    "word",
                    _plural(s if n1 > n2 else s2),
                )
            )
    case.questions = qs
    return case


def sketch_shapes(
    shapes: list[tuple[str, tuple[int, int, int], float, float, float]],
    size: tuple[int, int] = (800, 600),
    *,
    style: str = "plain",
    title: str | None = None,
    caption: str | None = None,
    rule: bool = False,
    paper: tuple[int, int, int] | None = None,
    thickness: int = 0,
    seed: int = 0,
    blur: float = 0.0,
    noise: float = 0.0,
    quality: int | None = None,
) -> np.ndarray:
    """One sketched slide, as asked: ``shapes`` are ``(shape, rgb, cx, cy, r)`` in pixels.

    Args:
        shapes: what to draw (shape one of :data:`FLAT_SHAPES`).
        size: (width, height).
        style: ``plain`` (filled), ``edged`` (filled, thin dark edge) or ``stroke`` (outline
            only, ``thickness`` px or a quarter of the radius).
        title: a title written at the top; ``caption`` a line written at the bottom;
            ``rule`` a thin line under the title; ``paper`` a flat ground colour (default:
            a random off-white ground).
        thickness: the stroke width for ``stroke``.
        seed: the ground's random seed.
        blur: Gaussian blur sigma; ``noise``: noise std; ``quality``: JPEG quality.

    Returns:
        The image (H, W, 3) uint8.
    """
    rng = random.Random(seed)
    w, h = size
    img = ground(rng, w, h) if paper is None else np.full((h, w, 3), paper, np.uint8)
    if title:
        text(img, title, (int(0.05 * w), int(0.09 * h)), min(w, h) / 470, (40, 40, 48), 2)
    if rule:
        import cv2

        y = int(0.12 * h)
        cv2.line(img, (int(0.05 * w), y), (int(0.95 * w), y), (170, 170, 176), 2, cv2.LINE_AA)
    if caption:
        text(img, caption, (int(0.05 * w), int(0.95 * h)), min(w, h) / 900, (120, 120, 120), 1)
    for shape, rgb, cx, cy, r in shapes:
        if style == "stroke":
            outline_shape(img, shape, cx, cy, r, rgb, thickness or max(2, int(r * 0.25)))
        else:
            fill_shape(img, shape, cx, cy, r, rgb, ((30, 30, 30), 2) if style == "edged" else None)
    return degrade(img, np.random.default_rng(seed), blur=blur, noise=noise, quality=quality)


_MAKERS = {"slide": _slide, "icons": _icons, "blocks": blocks_case}


def sketched_cases(
    seed: int = 0, per_family: int = 6, families: tuple[str, ...] = SKETCHED_FAMILIES
) -> list[DrawnCase]:
    """Sketched test images with questions, deterministic for ``seed``.

    Each image gets a random degradation: a Gaussian blur (sigma 0 - 1.2), noise (std 0 - 6)
    and, for about a third, a JPEG re-save at quality 70 - 90 (the name then ends ``-jpg``).

    Args:
        seed: the random seed.
        per_family: images per family.
        families: which of :data:`SKETCHED_FAMILIES`.

    Returns:
        A list of :class:`~spatioxolver.testing.drawn.DrawnCase`.

    Raises:
        ValueError: an unknown family.
    """
    unknown = set(families) - set(SKETCHED_FAMILIES)
    if unknown:
        raise ValueError(f"unknown sketched families {sorted(unknown)}; choose from {SKETCHED_FAMILIES}")
    out: list[DrawnCase] = []
    for family in families:
        rng = random.Random(f"sketched-{family}-{seed}")
        nrng = np.random.default_rng(rng.randrange(1 << 30))
        k = made = 0
        while made < per_family:
            case = _MAKERS[family](rng, k)
            k += 1
            if case is None or not case.questions:
                continue
            quality = rng.choice([70, 80, 90]) if rng.random() < 0.33 else None
            case.image = degrade(
                case.image,
                nrng,
                blur=rng.choice([0.0, 0.0, 0.7, 1.2]),
                noise=rng.choice([0.0, 3.0, 6.0]),
                quality=quality,
            )
            if quality:
                case.name += "-jpg"
            out.append(case)
            made += 1
    return out
