"""An outline-only shape is as big as what its stroke encloses, and stays one shape.

"What is the largest shape?" on a drawing of outline shapes ranked them by the pixels of
their strokes (a long thin rectangle's stroke outweighed a bigger circle's), and JPEG
ringing inside a small outline (a 25 px diamond on charcoal) left its hole looking like
an object, the ring was filled and read as a shaded "sphere", or split into pieces.
Images are drawn in the test with OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask, build_scene_graph


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()


def test_the_largest_outline_shape_is_the_one_enclosing_most() -> None:
    img = np.full((300, 480, 3), 255, np.uint8)
    cv2.rectangle(img, (20, 40), (230, 75), (35, 85, 215), 3, cv2.LINE_AA)  # long, thin: a long stroke
    cv2.circle(img, (360, 170), 80, (215, 40, 40), 2, cv2.LINE_AA)  # encloses 2.7x more
    cv2.rectangle(img, (60, 200), (100, 240), (40, 165, 70), 2, cv2.LINE_AA)
    assert ask(img, "What shape is the largest object?", cache=False).value == "circle"
    assert ask(img, "What colour is the largest shape?", cache=False).value == "red"


def test_filled_shapes_keep_their_size() -> None:
    img = np.full((300, 480, 3), 255, np.uint8)
    cv2.circle(img, (360, 150), 40, (215, 40, 40), -1, cv2.LINE_AA)
    cv2.rectangle(img, (20, 40), (200, 140), (35, 85, 215), -1, cv2.LINE_AA)
    assert ask(img, "What shape is the largest object?", cache=False).value == "rectangle"


def test_jpeg_outlines_on_charcoal_are_flat_single_shapes() -> None:
    img = np.zeros((229, 293, 3), np.uint8)
    img[:] = (45, 45, 50)
    diamond = np.array([[65, 105], [78, 118], [65, 131], [52, 118]], np.int32)
    cv2.polylines(img, [diamond], True, (35, 85, 215), 3, cv2.LINE_AA)
    cv2.polylines(
        img, [np.array([[85, 44], [105, 79], [65, 79]], np.int32)], True, (245, 130, 190), 3, cv2.LINE_AA
    )
    cv2.circle(img, (208, 86), 20, (135, 60, 185), 3, cv2.LINE_AA)
    objects = build_scene_graph(_jpeg(img, 53), cache=False).objects
    assert sorted(str(o.attributes.shape) for o in objects) == [
        "circle",
        "diamond",
        "triangle",
    ]  # on its corner
