"""A 1 px pen outline re-saved as JPEG is still one whole shape.

JPEG smears a 1 px coloured line into as many pixels of faint ringing beside it as of
ink, so the stroke's median contrast and colour fell under what the thin-stroke rescue
asks (a stroke the 3 x 3 clean-up cut is put back when it is strong and coloured) and
only a piece of the outline was left (a cyan hexagon became a 160 px "unknown" arc).
Its stronger half is its ink. Images are drawn in the test with OpenCV.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()


@pytest.mark.parametrize("quality", [70, 75])
def test_a_one_pixel_hexagon_outline_is_found_whole(quality: int) -> None:
    from spatioxolver import build_scene_graph

    img = np.full((321, 461, 3), 255, np.uint8)
    pts = np.array([[91 + 34 * math.cos(k * math.pi / 3), 272 + 34 * math.sin(k * math.pi / 3)] for k in range(6)])
    cv2.polylines(img, [pts.round().astype(np.int32)], True, (40, 195, 215), 1, cv2.LINE_8)
    cv2.circle(img, (383, 210), 32, (135, 60, 185), 1, cv2.LINE_8)
    objects = build_scene_graph(_jpeg(img, quality), cache=False).objects
    assert len(objects) == 2
    widths = sorted(o.bbox[2] - o.bbox[0] for o in objects)
    assert widths[0] >= 60  # each outline whole (about 66 px across), not an arc of it
