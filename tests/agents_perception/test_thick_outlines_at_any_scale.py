"""A shape with a thick black / grey outline is one shape of its fill's colour at any
scale: a stroke along a star's edge that fills its sharp tips and eats its thin arms (ten
times the fill's area) is still its outline, not a grey star of its own beside a red one;
and a thick stroke enlarged with a smoothing filter (its outer pixels blurred into the
ground over several px) does not make a pentagon a shaded box.

The drawings are made here with OpenCV (anti-aliased polygons, strokes centred on the edge)
and enlarged with OpenCV's bicubic / Lanczos filters.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spatioxolver.api import build_scene_graph


def _polygon(n: int, cx: float, cy: float, r: float, inner: float | None = None) -> np.ndarray:
    """A regular n-gon, or an n-pointed star whose inner corners lie at ``inner`` x r."""
    corners = n if inner is None else 2 * n
    pts = [
        (
            cx + rad * math.cos(-math.pi / 2 + 2 * math.pi * k / corners),
            cy + rad * math.sin(-math.pi / 2 + 2 * math.pi * k / corners),
        )
        for k in range(corners)
        for rad in [r if inner is None or k % 2 == 0 else r * inner]
    ]
    return (np.array(pts) * 16).astype(np.int32)


def _picture(stroke: int, grey: int) -> np.ndarray:
    img = np.full((210, 300, 3), (250, 246, 232), np.uint8)
    shapes = [
        (_polygon(5, 230, 165, 24, inner=0.45), (220, 30, 30)),  # a star
        (_polygon(5, 65, 35, 22), (40, 160, 50)),  # a pentagon
        (_polygon(3, 130, 100, 28), (250, 140, 10)),  # a triangle
    ]
    for pts, rgb in shapes:
        cv2.fillPoly(img, [pts], rgb, cv2.LINE_AA, 4)
        cv2.polylines(img, [pts], True, (grey, grey, grey), stroke, cv2.LINE_AA, 4)
    return img


def _names(img: np.ndarray) -> list[tuple[str, str]]:
    graph = build_scene_graph(img, model="geometric")
    return sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)


_WANT = [("green", "pentagon"), ("orange", "triangle"), ("red", "star")]


@pytest.mark.parametrize("scale", [1, 3])
@pytest.mark.parametrize("stroke,grey", [(6, 70), (6, 10)])
def test_thick_outlined_shapes_read_the_same_enlarged(scale: int, stroke: int, grey: int) -> None:
    img = _picture(stroke, grey)
    if scale != 1:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    assert _names(img) == _WANT


def test_thick_outlined_star_enlarged_with_lanczos() -> None:
    img = cv2.resize(_picture(6, 70), None, fx=1.5, fy=1.5, interpolation=cv2.INTER_LANCZOS4)
    assert _names(img) == _WANT
