"""A small pentagon (30-40 px) whose steep sides are cut into pixel steps can give its
polygon a sixth vertex, and was then called a hexagon. Its outline still turns five times:
the radius's 5th and 6th harmonics decide when one of them stands out. Shapes drawn here
with OpenCV (anti-aliased, sub-pixel vertices) on a graded ground with soft drop shadows."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spatioxolver.api import build_scene_graph


def _polygon(k: int, cx: float, cy: float, r: float, turn: float) -> np.ndarray:
    return np.array(
        [
            (cx + r * math.cos(turn + 2 * math.pi * i / k), cy + r * math.sin(turn + 2 * math.pi * i / k))
            for i in range(k)
        ]
    )


def _picture(k: int, radii, turn: float) -> np.ndarray:
    w, h = 520, 200
    ramp = np.linspace(0, 1, w)[None, :, None]
    img = (np.array([246, 243, 236]) * (1 - ramp) + np.array([232, 226, 214]) * ramp) * np.ones((h, 1, 1))
    colours = [(251, 140, 0), (30, 136, 229), (67, 160, 71), (142, 36, 170), (229, 57, 53)]
    for i, r in enumerate(radii):
        pts = _polygon(k, 60 + i * 100, 100, r, turn)
        shadow = np.zeros((h, w), np.float32)
        cv2.fillPoly(shadow, [np.round((pts + 3) * 16).astype(np.int32)], 1.0, lineType=cv2.LINE_AA, shift=4)
        shadow = cv2.GaussianBlur(shadow, (0, 0), 3.0) * 0.35
        img = img * (1 - shadow[..., None])
        cv2.fillPoly(img, [np.round(pts * 16).astype(np.int32)], colours[i], lineType=cv2.LINE_AA, shift=4)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("turn", [-math.pi / 2, -math.pi / 2 + 0.2, math.pi / 2])
def test_small_pentagons_are_pentagons(turn: float) -> None:
    objects = build_scene_graph(_picture(5, [15, 17, 19, 22, 26], turn), cache=False).objects
    assert [o.attributes.shape for o in sorted(objects, key=lambda o: o.bbox[0])] == ["pentagon"] * 5


@pytest.mark.parametrize("turn", [0.0, 0.3, math.pi / 2])
def test_small_hexagons_stay_hexagons(turn: float) -> None:
    objects = build_scene_graph(_picture(6, [15, 17, 19, 22, 26], turn), cache=False).objects
    assert [o.attributes.shape for o in sorted(objects, key=lambda o: o.bbox[0])] == ["hexagon"] * 5
