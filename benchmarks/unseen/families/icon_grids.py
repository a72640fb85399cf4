"""Grids of icons drawn with Pillow: plain or on rounded tiles, asked by row, column, corner, colour and count."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

FAMILY = "icon_grids"
NEEDS = ["PIL"]

COLOURS = {
    "red": (214, 48, 49),
    "blue": (9, 132, 227),
    "green": (0, 148, 50),
    "yellow": (253, 203, 110),
    "orange": (230, 126, 34),
    "purple": (142, 68, 173),
}
ICONS = ("circle", "square", "triangle", "star", "heart", "plus")
#: The words a person uses for an icon; a heart and a plus have no shape word the question can
#: rely on, so they are asked about by colour and place only.
NAMED = {"circle", "square", "triangle", "star"}
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _icon(draw: Any, kind: str, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    if kind == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    elif kind == "square":
        draw.rectangle([cx - 0.85 * r, cy - 0.85 * r, cx + 0.85 * r, cy + 0.85 * r], fill=fill)
    elif kind == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)], fill=fill)
    elif kind == "star":
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else 0.42 * r
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        draw.polygon(pts, fill=fill)
    elif kind == "heart":
        q = 0.5 * r
        draw.ellipse([cx - r, cy - r * 0.7, cx, cy + 0.3 * r], fill=fill)
        draw.ellipse([cx, cy - r * 0.7, cx + r, cy + 0.3 * r], fill=fill)
        draw.polygon([(cx - r + 2, cy - q * 0.2), (cx + r - 2, cy - q * 0.2), (cx, cy + r)], fill=fill)
    else:  # plus
        t = 0.3 * r
        draw.rectangle([cx - r, cy - t, cx + r, cy + t], fill=fill)
        draw.rectangle([cx - t, cy - r, cx + t, cy + r], fill=fill)


def _grid(rng: random.Random) -> tuple[int, int, list[dict[str, Any]]]:
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    cells = []
    empty = set(rng.sample(range(rows * cols), rng.randint(0, max(0, rows * cols // 4))))
    for k in range(rows * cols):
        if k in empty:
            continue
        cells.append(
            {
                "row": k // cols + 1,
                "col": k % cols + 1,
                "kind": rng.choice(ICONS),
                "colour": rng.choice(list(COLOURS)),
            }
        )
    return rows, cols, cells


def _draw(rows: int, cols: int, cells: list[dict[str, Any]], rng: random.Random, path: Path) -> None:
    from PIL import Image, ImageDraw

    pitch = rng.choice([70, 90, 120])
    margin = rng.choice([20, 40])
    w, h = 2 * margin + cols * pitch, 2 * margin + rows * pitch
    page = rng.choice([(255, 255, 255), (248, 246, 240), (236, 240, 241)])
    tiles = rng.random() < 0.5
    img = Image.new("RGB", (w, h), page)
    draw = ImageDraw.Draw(img)
    for c in cells:
        cx = margin + (c["col"] - 0.5) * pitch
        cy = margin + (c["row"] - 0.5) * pitch
        if tiles:
            half = 0.44 * pitch
            draw.rounded_rectangle(
                [cx - half, cy - half, cx + half, cy + half], radius=int(0.15 * pitch), fill=(225, 228, 232)
            )
        _icon(draw, c["kind"], cx, cy, 0.3 * pitch, COLOURS[c["colour"]])
    img.save(path)


def _questions(
    rows: int, cols: int, cells: list[dict[str, Any]], rng: random.Random
) -> list[tuple[str, dict[str, Any]]]:
    qs: list[tuple[str, dict[str, Any]]] = []
    qs.append(
        (
            rng.choice(
                [
                    "How many icons are there?",
                    "How many symbols are in the grid?",
                    "How many shapes are there?",
                ]
            ),
            {"count": len(cells)},
        )
    )
    colour = rng.choice(list(COLOURS))
    qs.append(
        (
            rng.choice([f"How many {colour} icons are there?", f"How many {colour} shapes are there?"]),
            {"count": sum(c["colour"] == colour for c in cells)},
        )
    )
    kind = rng.choice(sorted(NAMED))
    qs.append((f"How many {kind}s are there?", {"count": sum(c["kind"] == kind for c in cells)}))
    full_rows = {r for r in range(1, rows + 1) if any(c["row"] == r for c in cells)}
    full_cols = {k for k in range(1, cols + 1) if any(c["col"] == k for c in cells)}
    if full_rows == set(range(1, rows + 1)) and full_cols == set(range(1, cols + 1)) and len(cells) > 4:
        qs.append(("How many rows are there?", {"count": rows}))
        qs.append(("How many columns are there?", {"count": cols}))
        c = rng.choice(cells)
        if c["row"] in ORDINAL and c["col"] in ORDINAL:
            qs.append(
                (
                    rng.choice(
                        [
                            f"What colour is the icon in the {ORDINAL[c['row']]} row and {ORDINAL[c['col']]} column?",
                            f"What is the colour of the shape in row {c['row']}, column {c['col']}?",
                        ]
                    ),
                    {"one_of": [c["colour"]], "not": [k for k in COLOURS if k != c["colour"]]},
                )
            )
        r = rng.randint(1, rows)
        qs.append(
            (
                rng.choice(
                    [
                        f"How many icons are in the {ORDINAL.get(r, str(r))} row?",
                        f"How many shapes are in row {r}?",
                    ]
                ),
                {"count": sum(c["row"] == r for c in cells)},
            )
        )
    corners = {
        "top-left": (1, 1),
        "top-right": (1, cols),
        "bottom-left": (rows, 1),
        "bottom-right": (rows, cols),
    }
    name, (r, k) = rng.choice(sorted(corners.items()))
    at = [c for c in cells if c["row"] == r and c["col"] == k]
    if at and len(full_rows) == rows and len(full_cols) == cols:
        qs.append(
            (
                rng.choice(
                    [f"What colour is the icon in the {name} corner?", f"What color is the {name} shape?"]
                ),
                {"one_of": [at[0]["colour"]], "not": [x for x in COLOURS if x != at[0]["colour"]]},
            )
        )
    named = [c for c in cells if c["kind"] in NAMED]
    unique = [
        c for c in named if sum((d["kind"], d["colour"]) == (c["kind"], c["colour"]) for d in cells) == 1
    ]
    if unique:
        c = rng.choice(unique)
        r = rng.randint(1, rows)
        qs.append(
            (f"Is the {c['colour']} {c['kind']} in the {ORDINAL.get(r, str(r))} row?", {"yes": c["row"] == r})
        )
        others = [d for d in unique if d is not c and d["col"] != c["col"]]
        if others:
            d = rng.choice(others)
            qs.append(
                (
                    f"Is the {c['colour']} {c['kind']} left of the {d['colour']} {d['kind']}?",
                    {"yes": c["col"] < d["col"]},
                )
            )
    qs.append((f"Is there a {colour} icon?", {"yes": any(c["colour"] == colour for c in cells)}))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"icon_grids/{seed}")
    items = []
    for k in range(12):
        rows, cols, cells = _grid(rng)
        name = f"icons_{k:02d}.png"
        _draw(rows, cols, cells, rng, outdir / name)
        for question, truth in _questions(rows, cols, cells, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
