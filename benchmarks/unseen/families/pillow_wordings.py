"""Pillow shapes asked in wider wordings: comparisons, ordinals, halves, sizes, same-as, closer."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import COLOURS, SHAPES, _draw, _name, _scene, _words

FAMILY = "pillow_wordings"
NEEDS = ["PIL"]

_ORD = {1: "first", 2: "second", 3: "third"}


def _colour_truth(colour: str) -> dict[str, Any]:
    return {"one_of": [colour], "not": [c for c in COLOURS if c != colour]}


def _shape_truth(shape: str) -> dict[str, Any]:
    return {"one_of": [shape], "not": [s for s in SHAPES if s != shape]}


def _area(o: dict[str, Any]) -> float:
    r = o["r"]
    return {"square": 4.0, "circle": 3.14, "triangle": 1.3, "star": 1.32}[o["shape"]] * r * r


def _questions(objects: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    qs: list[tuple[str, dict[str, Any]]] = []
    count = {s: sum(o["shape"] == s for o in objects) for s in SHAPES}
    s1, s2 = rng.sample(SHAPES, 2)
    if count[s1] != count[s2]:
        qs.append(
            (rng.choice([f"Are there more {s1}s than {s2}s?", f"Are there fewer {s1}s than {s2}s?"]), {})
        )
        q = qs[-1][0]
        qs[-1] = (q, {"yes": count[s1] > count[s2] if "more" in q else count[s1] < count[s2]})
    else:
        qs.append((f"Are there as many {s1}s as {s2}s?", {"yes": True}))
    colour = rng.choice(list(COLOURS))
    qs.append(
        (
            rng.choice([f"How many shapes are not {colour}?", f"How many objects aren't {colour}?"]),
            {"count": sum(o["colour"] != colour for o in objects)},
        )
    )
    ref = rng.choice(objects)
    lefts = [o for o in objects if o is not ref and o["x"] < ref["x"] - 40]
    if all(abs(o["x"] - ref["x"]) > 40 for o in objects if o is not ref):
        qs.append(
            (
                rng.choice(
                    [
                        f"How many shapes are to the left of the {_name(ref)}?",
                        f"How many objects are left of the {_name(ref)}?",
                    ]
                ),
                {"count": len(lefts)},
            )
        )
    xs = sorted(objects, key=lambda o: o["x"])
    gaps_ok = all(b["x"] - a["x"] > 40 for a, b in zip(xs, xs[1:], strict=False))
    if gaps_ok and len(xs) >= 3:
        k = rng.choice([1, 2, 3][: len(xs) - 1])
        o = xs[k - 1]
        qs.append(
            (
                rng.choice(
                    [
                        f"What colour is the {_ORD[k]} shape from the left?",
                        f"What is the color of the {_ORD[k]} object from the left?",
                    ]
                ),
                _colour_truth(o["colour"]),
            )
        )
        o = xs[-k]
        qs.append((f"What shape is {_ORD[k]} from the right?", _shape_truth(o["shape"])))
    ys = sorted(objects, key=lambda o: o["y"])
    if ys[1]["y"] - ys[0]["y"] > 40:
        qs.append(
            (
                rng.choice(
                    ["What colour is the topmost shape?", "What is the colour of the highest object?"]
                ),
                _colour_truth(ys[0]["colour"]),
            )
        )
    if ys[-1]["y"] - ys[-2]["y"] > 40:
        qs.append(
            (rng.choice(["What shape is at the bottom?", "Which shape is lowest?"]), _words(ys[-1], objects))
        )
    o = rng.choice(objects)
    if abs(o["y"] - 220) > 50:
        qs.append(
            (
                rng.choice(
                    [
                        f"Is the {_name(o)} in the top half of the image?",
                        f"Is the {_name(o)} in the upper half of the picture?",
                    ]
                ),
                {"yes": o["y"] < 220},
            )
        )
    if abs(o["x"] - 320) > 60:
        qs.append((f"Is the {_name(o)} on the right side of the image?", {"yes": o["x"] > 320}))
    a, b = rng.sample(objects, 2)
    ra, rb = _area(a), _area(b)
    if max(ra, rb) > 1.8 * min(ra, rb):
        qs.append(
            (
                rng.choice(
                    [
                        f"Is the {_name(a)} larger than the {_name(b)}?",
                        f"Is the {_name(a)} bigger than the {_name(b)}?",
                    ]
                ),
                {"yes": ra > rb},
            )
        )
        qs.append(
            (f"Which is bigger, the {_name(a)} or the {_name(b)}?", _words(a if ra > rb else b, [a, b]))
        )
    a, b = rng.sample(objects, 2)
    unique = all(sum(o["shape"] == p["shape"] for o in objects) == 1 for p in (a, b))
    if unique and a["shape"] != b["shape"]:
        question = f"Do the {a['shape']} and the {b['shape']} have the same color?"
    else:
        question = f"Is the {_name(a)} the same colour as the {_name(b)}?"
    qs.append((question, {"yes": a["colour"] == b["colour"]}))
    if len(objects) >= 3:
        a, b, c = rng.sample(objects, 3)
        dist = lambda p, q: ((p["x"] - q["x"]) ** 2 + (p["y"] - q["y"]) ** 2) ** 0.5  # noqa: E731
        db, dc = dist(a, b), dist(a, c)
        if max(db, dc) > 1.5 * min(db, dc):
            qs.append(
                (
                    rng.choice(
                        [
                            f"Is the {_name(b)} closer to the {_name(a)} than the {_name(c)} is?",
                            f"Which is closer to the {_name(a)}: the {_name(b)} or the {_name(c)}?",
                        ]
                    ),
                    {},
                )
            )
            q = qs[-1][0]
            qs[-1] = (q, {"yes": db < dc} if q.startswith("Is") else _words(b if db < dc else c, [b, c]))
    colours = {c: sum(o["colour"] == c for o in objects) for c in COLOURS}
    top = sorted(colours.values())[-2:]
    if top[1] > top[0]:
        best = max(colours, key=colours.get)
        qs.append(
            (
                rng.choice(["Which colour appears most often?", "What is the most common colour?"]),
                _colour_truth(best),
            )
        )
    shape = rng.choice(SHAPES)
    has = [o for o in objects if o["shape"] == shape]
    target = rng.choice(objects)
    if all(abs(o["x"] - target["x"]) > 40 for o in objects if o is not target) and target["shape"] != shape:
        qs.append(
            (
                f"Is there a {shape} to the left of the {_name(target)}?",
                {"yes": any(o["x"] < target["x"] for o in has)},
            )
        )
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"pillow_wordings/{seed}")
    items = []
    for k in range(12):
        objects = _scene(rng)
        page = rng.choice([(255, 255, 255), (250, 248, 240), (230, 230, 230)])
        scale = rng.choice([0.8, 1.0, 1.5])
        name = f"words_{k:02d}.png"
        _draw(objects, page, scale, outdir / name)
        for question, truth in _questions(objects, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
