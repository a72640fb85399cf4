"""Flat shapes drawn with Pillow on plain or tinted pages, asked in everyday wordings."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

FAMILY = "pillow_shapes"
NEEDS = ["PIL"]

COLOURS = {
    "red": (220, 40, 40),
    "blue": (40, 70, 210),
    "green": (40, 160, 60),
    "yellow": (240, 210, 30),
    "orange": (245, 140, 20),
    "purple": (130, 50, 170),
}
SHAPES = ("circle", "square", "triangle", "star")
PAGES = [(255, 255, 255), (245, 242, 230), (225, 235, 245), (40, 40, 48)]


def _polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "square":
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    points = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return points


def _scene(rng: random.Random) -> list[dict[str, Any]]:
    n = rng.randint(3, 6)
    kinds = rng.sample([(c, s) for c in COLOURS for s in SHAPES], n)
    slots = rng.sample(range(12), n)
    objects = []
    for (colour, shape), slot in zip(kinds, slots, strict=True):
        col, row = slot % 4, slot // 4
        r = rng.randint(28, 52)
        cx = 90 + col * 150 + rng.randint(-15, 15)
        cy = 80 + row * 140 + rng.randint(-15, 15)
        objects.append({"colour": colour, "shape": shape, "x": cx, "y": cy, "r": r})
    return objects


def _draw(objects: list[dict[str, Any]], page: tuple[int, int, int], scale: float, path: Path) -> None:
    from PIL import Image, ImageDraw

    w, h = int(640 * scale), int(440 * scale)
    img = Image.new("RGB", (w, h), page)
    draw = ImageDraw.Draw(img)
    for o in objects:
        cx, cy, r = o["x"] * scale, o["y"] * scale, o["r"] * scale
        fill = COLOURS[o["colour"]]
        if o["shape"] == "circle":
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
        else:
            draw.polygon(_polygon(o["shape"], cx, cy, r), fill=fill)
    img.save(path)


def _name(o: dict[str, Any]) -> str:
    return f"{o['colour']} {o['shape']}"


def _words(o: dict[str, Any], objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Truth for 'which object': the answer must name this one's colour or shape, no other's."""
    others = [p for p in objects if p is not o]
    one_of = [_name(o)]
    if all(p["colour"] != o["colour"] for p in others):
        one_of.append(o["colour"])
    if all(p["shape"] != o["shape"] for p in others):
        one_of.append(o["shape"])
    nots = sorted(
        {p["colour"] for p in others if p["colour"] != o["colour"]}
        | {p["shape"] for p in others if p["shape"] != o["shape"]}
    )
    return {"one_of": one_of, "not": nots}


def _questions(objects: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    qs: list[tuple[str, dict[str, Any]]] = []
    qs.append(
        (
            rng.choice(
                ["How many shapes are there?", "Count the shapes.", "how many objects are in the picture"]
            ),
            {"count": len(objects)},
        )
    )
    shape = rng.choice(SHAPES)
    n = sum(o["shape"] == shape for o in objects)
    qs.append(
        (
            rng.choice(
                [f"How many {shape}s are there?", f"How many {shape}s can you see?", f"number of {shape}s?"]
            ),
            {"count": n},
        )
    )
    colour = rng.choice(list(COLOURS))
    n = sum(o["colour"] == colour for o in objects)
    qs.append(
        (rng.choice([f"How many {colour} shapes are there?", f"How many things are {colour}?"]), {"count": n})
    )
    qs.append((rng.choice([f"Is there a {colour} shape?", f"Is anything {colour}?"]), {"yes": n > 0}))
    a, b = rng.sample(objects, 2)
    if abs(a["x"] - b["x"]) > 40:
        qs.append(
            (
                rng.choice(
                    [
                        f"Is the {_name(a)} left of the {_name(b)}?",
                        f"Is the {_name(a)} to the left of the {_name(b)}?",
                        f"Is the {_name(a)} on the left side of the {_name(b)}?",
                    ]
                ),
                {"yes": a["x"] < b["x"]},
            )
        )
    if abs(a["y"] - b["y"]) > 40:
        qs.append(
            (
                rng.choice(
                    [f"Is the {_name(a)} above the {_name(b)}?", f"Is the {_name(a)} below the {_name(b)}?"]
                ),
                None,
            )
        )
        q = qs[-1][0]
        qs[-1] = (q, {"yes": (a["y"] < b["y"]) if "above" in q else (a["y"] > b["y"])})
    o = rng.choice(objects)
    qs.append(
        (
            rng.choice([f"What colour is the {o['shape']}?", f"What color is the {o['shape']}?"]),
            {"one_of": [o["colour"]], "not": [c for c in COLOURS if c != o["colour"]]},
        )
        if sum(p["shape"] == o["shape"] for p in objects) == 1
        else (
            f"What shape is the {o['colour']} object?",
            {"one_of": [o["shape"]], "not": [s for s in SHAPES if s != o["shape"]]},
        )
        if sum(p["colour"] == o["colour"] for p in objects) == 1
        else (
            f"What colour is the {_name(o)}?",
            {"one_of": [o["colour"]], "not": [c for c in COLOURS if c != o["colour"]]},
        )
    )
    xs = sorted(objects, key=lambda p: p["x"])
    if xs[1]["x"] - xs[0]["x"] > 40:
        qs.append(
            (
                rng.choice(["Which shape is leftmost?", "Which object is furthest to the left?"]),
                _words(xs[0], objects),
            )
        )
    if xs[-1]["x"] - xs[-2]["x"] > 40:
        qs.append(
            (
                rng.choice(["Which shape is rightmost?", "What is the rightmost object?"]),
                _words(xs[-1], objects),
            )
        )
    rs = sorted(objects, key=lambda p: p["r"] * (1.0 if p["shape"] in ("square", "circle") else 0.6))
    if rs[-1]["r"] > rs[-2]["r"] * 1.5 and rs[-1]["shape"] in ("square", "circle"):
        qs.append(("Which shape is the largest?", _words(rs[-1], objects)))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"pillow_shapes/{seed}")
    items = []
    for k in range(12):
        objects = _scene(rng)
        page = rng.choice(PAGES)
        scale = rng.choice([0.75, 1.0, 1.6])
        name = f"shapes_{k:02d}.png"
        _draw(objects, page, scale, outdir / name)
        for question, truth in _questions(objects, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
