"""A four-sided outline that fills 72-84% of its rotated box (a rhombus 1.2-1.5 times as tall
as wide, a kite, a trapezoid) was called an "ellipse" by the fill fallback meant for round
outlines. Four straight sides are a diamond when the shape stands on a corner, else a
polygon; real circles and ellipses keep their names. Shapes drawn here with OpenCV."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver.api import build_scene_graph


def _one(draw) -> str:
    img = np.full((260, 260, 3), 252, np.uint8)
    draw(img)
    objects = build_scene_graph(img, cache=False).objects
    assert len(objects) == 1
    return objects[0].attributes.shape


def _poly(points, colour=(30, 120, 220)):
    pts = np.round(np.array(points, np.float64) * 16).astype(np.int32)
    return lambda img: cv2.fillPoly(img, [pts], colour, lineType=cv2.LINE_AA, shift=4)


@pytest.mark.parametrize(("rx", "ry"), [(64, 80), (60, 84), (80, 64), (50, 70)])
def test_rhombus_of_moderate_aspect_is_a_diamond(rx: int, ry: int) -> None:
    c = 130
    assert _one(_poly([(c, c - ry), (c + rx, c), (c, c + ry), (c - rx, c)])) == "diamond"


@pytest.mark.parametrize(
    "points",
    [
        [(130, 40), (200, 110), (130, 220), (60, 110)],  # a kite
        [(70, 180), (190, 180), (165, 80), (95, 80)],  # a trapezoid
    ],
)
def test_other_quadrilaterals_are_polygons_not_ellipses(points) -> None:
    assert _one(_poly(points, (220, 60, 40))) not in ("ellipse", "circle")


@pytest.mark.parametrize(
    ("axes", "expected"),
    [((70, 70), "circle"), ((90, 55), "ellipse"), ((14, 14), "circle"), ((60, 80), "ellipse")],
)
def test_round_outlines_keep_their_names(axes, expected: str) -> None:
    def draw(img):
        cv2.ellipse(img, (130, 130), axes, 0, 0, 360, (40, 160, 60), -1, lineType=cv2.LINE_AA)

    assert _one(draw) == expected
