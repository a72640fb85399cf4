"""Letters written in a bold stroke font (OpenCV's Hershey duplex, thickness 3) beside flat
shapes: where a stroke meets another ("H", "K") a few pixels lie deeper than a fifth of the
letter's height, but the rest of it is thin; the letters are labels, not small black objects.
Drawn with OpenCV here, not with the project's generators."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.labels import ocr_available

from spatioxolver import ask, build_scene_graph

pytestmark = pytest.mark.skipif(not ocr_available(), reason="needs the ocr extra")

_SHAPES = [
    ([(357, 401), (418, 401), (418, 463), (357, 463)], (254, 224, 49), "H", (431, 449)),  # yellow square
    (
        [(196, 196), (234, 223), (219, 267), (173, 267), (159, 223)],
        (237, 121, 180),
        "B",
        (243, 248),
    ),  # pentagon
    ([(288, 73), (381, 73), (381, 118), (288, 118)], (68, 177, 85), "E", (388, 112)),  # green rectangle
    ([(190, 410), (219, 461), (160, 461)], (253, 153, 35), "K", (231, 455)),  # orange triangle
    ([(545, 339), (581, 389), (545, 440), (510, 389)], (19, 184, 200), "C", (603, 406)),  # cyan diamond
]


@pytest.fixture(scope="module")
def drawing() -> np.ndarray:
    img = np.full((520, 640, 3), 255, np.uint8)
    for pts, colour, letter, at in _SHAPES:
        cv2.fillPoly(img, [np.array(pts, np.int32)], colour, cv2.LINE_8)
        cv2.putText(img, letter, at, cv2.FONT_HERSHEY_DUPLEX, 1.293, (20, 20, 20), 3, cv2.LINE_8)
    return img


def test_bold_letters_label_their_shapes(drawing: np.ndarray) -> None:
    labels = {o.label: o.attributes.shape for o in build_scene_graph(drawing).objects}
    assert labels.get("H") == "square"
    assert labels.get("K") == "triangle"


def test_bold_letters_are_no_black_objects(drawing: np.ndarray) -> None:
    assert ask(drawing, "How many black shapes are there?").value == 0
    assert ask(drawing, "How many shapes are there?").value == 5
