"""An arrow drawn from a word to a shape is no part of the shape: its shaft is a line even
where its head thickens it (the stroke's width is read along its middle, not at its widest
point), and a filled head fused to the shape's edge goes with its line. Before, the arrow
stayed on the shape and its outline was no hexagon or circle any more ("how many hexagons"
said 0). Drawn here with Pillow."""

from __future__ import annotations

import math

import numpy as np
import pytest

from spatioxolver import ask


def _arrow(
    d, tail: tuple[float, float], tip: tuple[float, float], colour, width: int = 2, head: float = 9.0
) -> None:
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    base = (tip[0] - head * math.cos(angle), tip[1] - head * math.sin(angle))
    d.line((tail, base), fill=colour, width=width)
    side = head * 0.45
    left = (base[0] + side * math.sin(angle), base[1] - side * math.cos(angle))
    right = (base[0] - side * math.sin(angle), base[1] + side * math.cos(angle))
    d.polygon([tip, left, right], fill=colour)


def _scene(ground, arrow_colour) -> np.ndarray:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (800, 540), ground)
    d = ImageDraw.Draw(img)
    d.polygon(
        [(143 + 63 * math.cos(k * math.pi / 3), 270 + 63 * math.sin(k * math.pi / 3)) for k in range(6)],
        fill=(140, 140, 140),
    )
    d.ellipse((455, 284, 555, 384), fill=(70, 170, 70))
    d.rectangle((645, 218, 718, 368), fill=(245, 130, 30))
    _arrow(d, (198, 140), (170, 215), arrow_colour)  # onto the hexagon's top edge
    _arrow(d, (590, 245), (541, 298), arrow_colour)  # onto the circle's upper right
    _arrow(d, (740, 150), (700, 220), arrow_colour, width=3)  # onto the rectangle's top
    return np.asarray(img)


@pytest.mark.parametrize(
    ("ground", "ink"),
    [((250, 246, 232), (110, 20, 20)), ((25, 30, 55), (245, 245, 245))],
    ids=["cream", "navy"],
)
def test_shapes_under_arrowheads_keep_their_outline(ground, ink) -> None:
    rgb = _scene(ground, ink)
    assert ask(rgb, "How many hexagons are there?", model="geometric").value == 1
    assert ask(rgb, "How many circles are there?", model="geometric").value == 1
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
