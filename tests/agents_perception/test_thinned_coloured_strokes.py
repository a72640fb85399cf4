"""A coloured 1 px outline halved by a reduction is still a coloured stroke, not writing.

Reducing a drawing by half averages a 1 px pen line with the paper: a brown (120, 70, 30)
line becomes a 0.5 px line of chroma about 15, the bar below which the segmenter took a
thin stroke for black or grey writing and left it to the glyph step (which dropped it).
Mixing with the ground scales chroma and lightness contrast alike, so the thinned line's
chroma is still a large share of its contrast; grey ink's is not. Drawn with Pillow and
reduced with OpenCV's area filter in the test.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import build_scene_graph


def _halved(outline: tuple[int, int, int]) -> np.ndarray:
    img = Image.new("RGB", (600, 260), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle([380, 120, 444, 184], outline=outline, width=1)
    d.rectangle([100, 90, 200, 150], outline=(30, 70, 220), width=1)
    d.ellipse([480, 60, 560, 140], fill=(30, 160, 50))
    return cv2.resize(np.asarray(img), (300, 130), interpolation=cv2.INTER_AREA)


def _objects_near(graph, x: float, y: float) -> int:
    return sum(o.bbox[0] <= x <= o.bbox[2] and o.bbox[1] <= y <= o.bbox[3] for o in graph.objects)


def test_a_halved_brown_outline_square_is_an_object() -> None:
    graph = build_scene_graph(_halved((120, 70, 30)), cache=False)
    assert len(graph.objects) == 3
    assert _objects_near(graph, 206, 76) == 1  # the square's centre at half size


@pytest.mark.parametrize("grey", [60, 120])
def test_a_halved_grey_outline_square_is_not_made_coloured(grey: int) -> None:
    graph = build_scene_graph(_halved((grey, grey, grey)), cache=False)
    found = [o for o in graph.objects if o.bbox[0] <= 206 <= o.bbox[2] and o.bbox[1] <= 76 <= o.bbox[3]]
    assert all(o.attributes.color in ("gray", "black") for o in found)
