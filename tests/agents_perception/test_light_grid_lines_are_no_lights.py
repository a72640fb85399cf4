"""Light grid lines drawn on a ground cross in a plateau that is the sum of the two lines'
steps, as two overlapping lights are; but a crossing touches four arms, a lens of two lights
only its two discs. A ground ruled in light lines is not a photograph of lights (a VTK
ground plane gridded in light lines abstained as "overlapping lights")."""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.additive_light import additive_overlaps


def _ruled_ground(columns: tuple[int, ...]) -> np.ndarray:
    img = np.full((212, 284, 3), (150, 140, 120), np.int32)
    step = np.array([16, 16, 14])
    ruled = np.zeros(img.shape[:2], np.int32)
    ruled[100:108, :] += 1  # one horizontal line
    for x in columns:
        ruled[:, x : x + 8] += 1  # vertical lines crossing it
    return np.clip(img + ruled[..., None] * step, 0, 255).astype(np.uint8)


def _two_discs() -> np.ndarray:
    import cv2

    img = np.full((212, 284, 3), 30, np.int32)
    a, b = np.zeros_like(img), np.zeros_like(img)
    cv2.circle(a, (120, 106), 50, (70, 60, 40), -1)
    cv2.circle(b, (170, 106), 50, (70, 60, 40), -1)
    return np.clip(img + a + b, 0, 255).astype(np.uint8)


def test_crossings_of_light_grid_lines_are_no_overlapping_lights():
    assert additive_overlaps(_ruled_ground((60, 140, 220))) == 0


def test_two_overlapping_discs_of_one_light_still_add():
    assert additive_overlaps(_two_discs()) == 1
