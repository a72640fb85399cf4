"""Neutral grey shapes drawn on a canvas graded from white to a cool tint, beside a coloured
one: the grey fill dims the tinted canvas's channels a little unevenly, so only part of each
fill looked as even as a shadow's core, and that part was cut off as a cast shadow (a
triangle's top became "shadow", the rest a "polygon"). Each grey shape is one object, named
by its whole outline. Drawn with numpy (not the project's generators)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import build_scene_graph


def _graded_canvas(h: int = 480, w: int = 640) -> np.ndarray:
    top, bottom = np.array([255.0, 255, 255]), np.array([225.0, 232, 240])
    t = np.linspace(0.0, 1.0, h)[:, None, None]
    return np.broadcast_to(top * (1 - t) + bottom * t, (h, w, 3)).round().astype(np.uint8).copy()


def _scene(second: tuple[int, int, int] | None) -> Image.Image:
    img = Image.fromarray(_graded_canvas())
    d = ImageDraw.Draw(img)
    grey = (128, 128, 128)
    d.regular_polygon((160, 206, 40), 3, fill=grey)
    d.regular_polygon((480, 206, 40), 3, fill=grey)
    d.ellipse([280, 160, 360, 240], fill=grey)
    if second is not None:
        d.rectangle([286, 346, 354, 414], fill=second)
    return img


@pytest.mark.parametrize("second", [(214, 40, 40), (40, 90, 220), None])
def test_grey_shapes_are_whole_objects(second: tuple[int, int, int] | None) -> None:
    graph = build_scene_graph(_scene(second))
    greys = [o for o in graph.objects if o.attributes.color == "gray"]
    assert sorted(o.attributes.shape for o in greys) == ["circle", "triangle", "triangle"]
    for o in greys:
        top = o.bbox[1]
        assert top < 172, o.bbox  # the fill's top (160 / 166) is no shadow
    assert len(graph.objects) == 3 + (second is not None)
