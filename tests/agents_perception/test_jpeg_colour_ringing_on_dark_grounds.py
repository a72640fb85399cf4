"""JPEG's colour ringing around drawn shapes on a dark ground is not an object.

JPEG keeps lightness at full resolution and colour at half, quantised: around a saturated
shape on navy or charcoal it leaves blotches of the ground's lightness in another colour,
up to a chroma block away. They passed the foreground threshold and became extra objects
(a navy slide at q30 with 6 shapes counted 10), or joined a thin outline stroke and split
it by colour into "cylinders" and "cones". Images are drawn in the test with OpenCV.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spatioxolver import ask, build_scene_graph


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()


def _polygon(
    n: int, cx: float, cy: float, r: float, turn: float = 0.0, inner: float | None = None
) -> np.ndarray:
    pts = []
    for i in range(n * (2 if inner else 1)):
        rr = r if not inner or i % 2 == 0 else inner
        a = turn + 2 * math.pi * i / (n * (2 if inner else 1)) - math.pi / 2
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return (np.array(pts) * 16).round().astype(np.int32)


def _slide(ground) -> np.ndarray:
    img = np.zeros((283, 365, 3), np.uint8)
    img[:] = ground
    aa = cv2.LINE_AA
    cv2.fillPoly(img, [_polygon(8, 132, 64, 24, math.pi / 8)], (40, 165, 70), aa, 4)
    cv2.fillPoly(img, [_polygon(4, 198, 69, 13, math.pi / 4)], (40, 165, 70), aa, 4)
    cv2.rectangle(img, (140, 127), (166, 142), (245, 215, 35), -1, aa)
    cv2.fillPoly(img, [_polygon(5, 197, 172, 22, inner=10)], (135, 60, 185), aa, 4)
    cv2.fillPoly(img, [_polygon(8, 145, 215, 14, math.pi / 8)], (215, 40, 40), aa, 4)
    cv2.fillPoly(img, [_polygon(5, 105, 230, 20)], (35, 85, 215), aa, 4)
    return img


@pytest.mark.parametrize("ground", [(20, 30, 70), (45, 45, 50), (0, 0, 0)])
@pytest.mark.parametrize("quality", [25, 35])
def test_six_shapes_on_a_dark_ground_at_low_quality_are_six(ground, quality: int) -> None:
    img = _jpeg(_slide(ground), quality)
    assert ask(img, "How many shapes are there?", cache=False).value == 6


def test_an_outline_star_on_navy_is_one_flat_star() -> None:
    img = np.zeros((300, 300, 3), np.uint8)
    img[:] = (20, 30, 70)
    cv2.polylines(img, [_polygon(5, 150, 155, 90, inner=40)], True, (245, 215, 35), 2, cv2.LINE_AA, 4)
    objects = build_scene_graph(_jpeg(img, 60), cache=False).objects
    # One object (the ringing joined its stroke and split it by colour), flat (its ringing
    # read as a box's face of another lightness: "cone").
    assert [o.attributes.shape for o in objects] == ["star"]
    assert objects[0].attributes.color == "yellow"
