"""A regular hexagon is 1.155 times as wide across its corners as across its sides: the
ellipse test's aspect cut (1.15) called mid-sized hexagons (about 35-60 px across at the
working resolution, too big for the sub-pixel reading) "ellipse" before their six sides were
looked at. Ellipses of that aspect stay ellipses. Pictures drawn here with Pillow."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver.api import build_scene_graph


def _hexagon(cx: float, cy: float, r: float, turn: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(turn + k * math.pi / 3), cy + r * math.sin(turn + k * math.pi / 3))
        for k in range(6)
    ]


@pytest.mark.parametrize("ground", [(13, 17, 23), (250, 250, 248)])
def test_mid_sized_hexagons_with_an_outline_are_hexagons(ground) -> None:
    big = Image.new("RGB", (2400, 1000), ground)  # drawn 4x, reduced: anti-aliased edges
    d = ImageDraw.Draw(big)
    stroke = (34, 34, 34)
    d.polygon(_hexagon(300, 500, 76, 0.0), fill=(144, 144, 144), outline=stroke, width=7)  # flat top
    d.polygon(_hexagon(900, 500, 80, math.pi / 6), fill=(40, 150, 60), outline=stroke, width=7)  # pointy top
    d.polygon(_hexagon(1500, 500, 72, 0.0), fill=(30, 90, 210))
    d.ellipse((1870, 400, 2130, 600), fill=(220, 40, 40))  # an ellipse 1.3 times as wide as tall
    img = np.asarray(big.resize((600, 250), Image.LANCZOS))
    objects = sorted(build_scene_graph(img, cache=False).objects, key=lambda o: o.bbox[0])
    assert [o.attributes.shape for o in objects] == ["hexagon", "hexagon", "hexagon", "ellipse"]
