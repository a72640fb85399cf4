"""A small shape enlarged with a smoothing filter keeps its soft edge: the anti-aliased
pixels around a 12 px star, enlarged four times, are a band up to about 8 px wide of the
star's colour faded toward the ground, which the colour split takes for a second (pale,
ring-shaped) object; it is the star's own edge.

The pictures are drawn here with Pillow (4 x 4 supersampled, Lanczos-reduced) and enlarged
with Pillow's bicubic filter.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver.api import build_scene_graph


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (
            cx + (r if k % 2 == 0 else 0.45 * r) * math.cos(-math.pi / 2 + math.pi * k / 5),
            cy + (r if k % 2 == 0 else 0.45 * r) * math.sin(-math.pi / 2 + math.pi * k / 5),
        )
        for k in range(10)
    ]


def _picture() -> Image.Image:
    ss, w, h = 4, 200, 150
    im = Image.new("RGB", (w * ss, h * ss), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.polygon([(x * ss, y * ss) for x, y in _star(43, 87, 6.5)], fill=(30, 165, 70))
    d.polygon([(x * ss, y * ss) for x, y in _star(86, 68, 5.5)], fill=(220, 30, 30))
    d.polygon([(x * ss, y * ss) for x, y in _star(150, 100, 7)], fill=(30, 70, 215))
    return im.resize((w, h), Image.LANCZOS)


@pytest.mark.parametrize("factor", [1, 4])
def test_small_stars_enlarged_with_bicubic_are_one_object_each(factor: int) -> None:
    im = _picture()
    if factor != 1:
        im = im.resize((im.width * factor, im.height * factor), Image.BICUBIC)
    graph = build_scene_graph(np.asarray(im), model="geometric")
    assert sorted((o.attributes.color, o.attributes.shape) for o in graph.objects) == [
        ("blue", "star"),
        ("green", "star"),
        ("red", "star"),
    ]
