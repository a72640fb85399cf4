"""Outline-only icons saved as JPEG are a drawing, not a photograph's textured subject.

An outline icon is asked whether what its outline encloses is texture (a tree's canopy read as
one ring is). Under JPEG, a 2-3 px stroke rings with its colour (chroma at half resolution,
block noise along the step) over the paper it encloses, and its own few pixels mix stroke and
paper: measured as texture, the whole grid abstained ("cannot tell from pixels"). The stroke's
edges and the paper within a JPEG block of it are no texture.

Images are drawn here with Pillow.
"""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask

_INK = {"purple": (125, 45, 165), "green": (35, 150, 60), "orange": (240, 135, 20)}


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (
            cx + (r if k % 2 == 0 else 0.45 * r) * math.cos(-math.pi / 2 + k * math.pi / 5),
            cy + (r if k % 2 == 0 else 0.45 * r) * math.sin(-math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    ]


def _icon_sheet(scale: float) -> np.ndarray:
    """Two rows of outlined icons in ruled cells: star, square, circle, triangle, ..."""
    cell, pad = round(68 * scale), round(12 * scale)
    cols, rows = 4, 2
    w, h = cols * cell + 2 * pad, rows * cell + 2 * pad
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for i in range(rows + 1):
        d.line([(pad, pad + i * cell), (pad + cols * cell, pad + i * cell)], fill=(215, 215, 215), width=1)
    for j in range(cols + 1):
        d.line([(pad + j * cell, pad), (pad + j * cell, pad + rows * cell)], fill=(215, 215, 215), width=1)
    stroke, r = max(2, round(2 * scale)), 0.3 * cell
    kinds = ["star", "square", "circle", "triangle", "square", "circle", "star", "triangle"]
    inks = ["purple", "purple", "orange", "green", "purple", "orange", "green", "green"]
    for k, (kind, ink) in enumerate(zip(kinds, inks, strict=True)):
        cx, cy = pad + (k % cols + 0.5) * cell, pad + (k // cols + 0.5) * cell
        if kind == "circle":
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=_INK[ink], width=stroke)
            continue
        if kind == "square":
            pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        elif kind == "triangle":
            pts = [(cx, cy - r), (cx + 0.95 * r, cy + 0.8 * r), (cx - 0.95 * r, cy + 0.8 * r)]
        else:
            pts = _star(cx, cy, r)
        d.line([*pts, pts[0], pts[1]], fill=_INK[ink], width=stroke, joint="curve")
    return np.asarray(img)


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("RGB"))


@pytest.mark.parametrize(("scale", "quality"), [(1.5, 60), (1.0, 30)])
def test_an_outline_icon_grid_saved_as_jpeg_is_read(scale: float, quality: int) -> None:
    """Abstained before (scene reliability 0.19: the icons' enclosed paper read as texture)."""
    image = _jpeg(_icon_sheet(scale), quality)
    answer = ask(image, "How many icons are in the grid?", model="geometric")
    assert not answer.abstained, answer.text
    assert answer.value == 8


def test_an_outline_icon_grid_as_png_is_read_the_same() -> None:
    answer = ask(_icon_sheet(1.5), "How many stars are there?", model="geometric")
    assert not answer.abstained and answer.value == 2
