"""Flat Pillow shapes drawn over one another (opaque, some with outlines): counts, what is on top, colours."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import COLOURS, SHAPES, _polygon

FAMILY = "overlapping_shapes"
NEEDS = ["PIL"]


def _scene(rng: random.Random) -> list[dict[str, Any]]:
    """Shapes in drawing order (later on top); each overlaps the previous one by a third or so."""
    n = rng.randint(2, 4)
    kinds = rng.sample([(c, s) for c in COLOURS for s in SHAPES], n)
    objects: list[dict[str, Any]] = []
    x, y = rng.randint(140, 220), rng.randint(150, 290)
    for colour, shape in kinds:
        r = rng.randint(45, 70)
        objects.append({"colour": colour, "shape": shape, "x": x, "y": y, "r": r})
        step = rng.uniform(1.1, 1.4) * r
        x += int(step)
        y += rng.randint(-25, 25)
    return objects


def _draw(objects: list[dict[str, Any]], rng: random.Random, path: Path) -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (640, 440), rng.choice([(255, 255, 255), (245, 245, 240)]))
    d = ImageDraw.Draw(img)
    outline = rng.choice([None, (30, 30, 30)])
    for o in objects:
        fill = COLOURS[o["colour"]]
        if o["shape"] == "circle":
            d.ellipse(
                [o["x"] - o["r"], o["y"] - o["r"], o["x"] + o["r"], o["y"] + o["r"]],
                fill=fill,
                outline=outline,
                width=3,
            )
        else:
            d.polygon(_polygon(o["shape"], o["x"], o["y"], o["r"]), fill=fill, outline=outline, width=3)
    img.save(path)


def _questions(objects: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    name = lambda o: f"{o['colour']} {o['shape']}"  # noqa: E731
    qs: list[tuple[str, dict[str, Any]]] = [
        (rng.choice(["How many shapes are there?", "How many shapes can you see?"]), {"count": len(objects)}),
    ]
    colour = rng.choice(list(COLOURS))
    qs.append((f"Is there a {colour} shape?", {"yes": any(o["colour"] == colour for o in objects)}))
    a, b = objects[0], objects[1]
    qs.append(
        (
            rng.choice(
                [
                    f"Is the {name(a)} left of the {name(b)}?",
                    f"Is the {name(b)} to the right of the {name(a)}?",
                ]
            ),
            {"yes": True},
        )
    )
    o = rng.choice(objects)
    qs.append(
        (
            f"What colour is the {o['shape']}?",
            {"one_of": [o["colour"]], "not": [c for c in COLOURS if c != o["colour"]]},
        )
    )
    qs.append(
        (
            "Which shape is leftmost?",
            {"one_of": [name(a), a["colour"]], "not": [p["colour"] for p in objects[1:]]},
        )
    )
    shape = rng.choice(SHAPES)
    qs.append((f"How many {shape}s are there?", {"count": sum(p["shape"] == shape for p in objects)}))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"overlapping_shapes/{seed}")
    items = []
    for k in range(14):
        objects = _scene(rng)
        if len({o["shape"] for o in objects}) < len(objects) or len({o["colour"] for o in objects}) < len(
            objects
        ):
            continue
        name = f"overlap_{k:02d}.png"
        _draw(objects, rng, outdir / name)
        for question, truth in _questions(objects, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
