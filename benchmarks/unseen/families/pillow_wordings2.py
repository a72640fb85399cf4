"""Pillow shapes asked in a third set of wordings: quantifiers, exact counts, differences, neighbours, edges."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import COLOURS, SHAPES, _draw, _name, _scene, _words

FAMILY = "pillow_wordings2"
NEEDS = ["PIL"]
_NUMBER = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _dist(a: dict[str, Any], b: dict[str, Any]) -> float:
    return ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5


def _questions(objects: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    qs: list[tuple[str, dict[str, Any]]] = []
    shape = rng.choice(SHAPES)
    of_shape = [o for o in objects if o["shape"] == shape]
    if of_shape:
        colour = rng.choice([o["colour"] for o in of_shape])
        qs.append(
            (
                rng.choice([f"Are all the {shape}s {colour}?", f"Is every {shape} {colour}?"]),
                {"yes": all(o["colour"] == colour for o in of_shape)},
            )
        )
    n = sum(o["shape"] == shape for o in objects)
    k = rng.choice([max(0, n - 1), n, n + 1])
    qs.append(
        (
            rng.choice([f"Are there exactly {_NUMBER[k]} {shape}s?", f"Are there exactly {k} {shape}s?"]),
            {"yes": n == k},
        )
    )
    colour = rng.choice(list(COLOURS))
    c = sum(o["colour"] == colour for o in objects)
    k = rng.choice([1, 2])
    qs.append((f"Are there at least {_NUMBER[k]} {colour} shapes?", {"yes": c >= k}))
    s1, s2 = rng.sample(SHAPES, 2)
    n1, n2 = (sum(o["shape"] == s for o in objects) for s in (s1, s2))
    if n1 > n2:
        qs.append((f"How many more {s1}s than {s2}s are there?", {"count": n1 - n2}))
    ref = rng.choice(objects)
    others = [o for o in objects if o is not ref]
    ranked = sorted(others, key=lambda o: _dist(o, ref))
    if len(ranked) >= 2 and _dist(ranked[1], ref) > 1.3 * _dist(ranked[0], ref):
        qs.append(
            (
                rng.choice(
                    [f"Which shape is closest to the {_name(ref)}?", f"What is nearest to the {_name(ref)}?"]
                ),
                _words(ranked[0], objects),
            )
        )
    if len(ranked) >= 2 and _dist(ranked[-1], ref) > 1.3 * _dist(ranked[-2], ref):
        qs.append((f"Which shape is farthest from the {_name(ref)}?", _words(ranked[-1], objects)))
    if all(abs(o["y"] - ref["y"]) > 40 for o in others):
        qs.append(
            (
                rng.choice(
                    [
                        f"How many shapes are above the {_name(ref)}?",
                        f"How many objects are higher than the {_name(ref)}?",
                    ]
                ),
                {"count": sum(o["y"] < ref["y"] for o in others)},
            )
        )
    o = rng.choice(objects)
    left, right = o["x"], 640 - o["x"]
    if max(left, right) > 1.5 * min(left, right):
        qs.append(
            (
                f"Is the {_name(o)} closer to the left edge or the right edge?",
                {"one_of": ["left"], "not": ["right"]}
                if left < right
                else {"one_of": ["right"], "not": ["left"]},
            )
        )
    used = {o["colour"] for o in objects}
    unused = [c for c in COLOURS if c not in used]
    if unused:
        c = rng.choice(unused)
        qs.append((rng.choice([f"Is there no {c} shape?", f"Are there no {c} shapes?"]), {"yes": True}))
    a = rng.choice(objects)
    area = {"square": 4.0, "circle": 3.14, "triangle": 1.3, "star": 1.32}
    size = lambda p: area[p["shape"]] * p["r"] ** 2  # noqa: E731
    if all(size(a) > 1.5 * size(p) or size(p) > 1.5 * size(a) for p in others):
        qs.append(
            (
                f"Is the {_name(a)} bigger than all the other shapes?",
                {"yes": all(size(a) > size(p) for p in others)},
            )
        )
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"pillow_wordings2/{seed}")
    items = []
    for k in range(12):
        objects = _scene(rng)
        page = rng.choice([(255, 255, 255), (240, 244, 248), (252, 250, 242)])
        name = f"words2_{k:02d}.png"
        _draw(objects, page, rng.choice([0.8, 1.0, 1.4]), outdir / name)
        for question, truth in _questions(objects, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
