"""A small shape with a thick dark outline is a flat shape, not a shaded solid or a box.

Drawn with Pillow here (not the project's renderer): when the stroke is about half of a
shape's pixels, the fill beside it looked like a box's lit face ("faceted"), and a small
green circle next to a pink one was a "small green rubber sphere".
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import api


def _outlined(shape: str, radius: int, stroke: int, fill: tuple[int, int, int]) -> np.ndarray:
    scale = 4  # supersampled, then reduced: anti-aliased edges
    img = Image.new("RGB", (320 * scale, 200 * scale), "white")
    draw = ImageDraw.Draw(img)
    big = (215, 80, 170)
    draw.ellipse(
        [(170 * scale, 50 * scale), (240 * scale, 120 * scale)], fill=big, outline="black", width=3 * scale
    )
    cx, cy, r = 80 * scale, 110 * scale, radius * scale
    box = [(cx - r, cy - r), (cx + r, cy + r)]
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline="black", width=stroke * scale)
    elif shape == "square":
        draw.rectangle(box, fill=fill, outline="black", width=stroke * scale)
    else:
        draw.polygon(
            [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)],
            fill=fill,
            outline="black",
            width=stroke * scale,
        )
    return np.asarray(img.resize((320, 200), Image.LANCZOS))


@pytest.mark.parametrize(("radius", "stroke"), [(10, 2), (14, 3), (12, 4)])
@pytest.mark.parametrize("fill", [(40, 160, 40), (240, 200, 20)])
def test_small_outlined_circle_is_a_circle(radius: int, stroke: int, fill: tuple[int, int, int]) -> None:
    image = _outlined("circle", radius, stroke, fill)
    answer = api.ask(image, "How many circles are there?", model="geometric")
    assert answer.value == 2, answer.text


@pytest.mark.parametrize("shape", ["square", "triangle"])
def test_small_outlined_polygons_keep_their_flat_names(shape: str) -> None:
    image = _outlined(shape, 12, 3, (40, 160, 40))
    graph = api.build_scene_graph(image, model="geometric")
    small = min(graph.objects, key=lambda o: o.area or 0)
    assert small.attributes.extras.get("flat") is True
    assert small.attributes.shape == shape
