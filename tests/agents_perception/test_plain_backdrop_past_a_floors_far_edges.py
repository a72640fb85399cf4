"""Plain backdrop seen past a floor's far corner is no object; a drawing's shapes cut by the frame are.

A floor seen from above its far corner leaves a plain background in the frame's top corners
(a wedge) or along its top edge (a strip), bounded by the floor's straight edges. These pieces
counted as "light blue triangles" beside the shaded solids (a VTK probe). The graded kind was
already dropped (``test_sky_wedges_in_frame_corners_are_backdrop.py``); a plain one is backdrop
where the picture shows shaded solids, and a flat drawing's triangle in a corner is kept.
Drawn here with numpy / OpenCV."""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask

H, W = 360, 480
SKY = (190, 215, 240)


def _floor_with_wedges() -> np.ndarray:
    img = np.empty((H, W, 3), np.uint8)
    img[:] = (150, 125, 100)
    cv2.fillPoly(img, [np.array([[0, 0], [60, 0], [0, 80]], np.int32)], SKY)  # a top-left wedge
    cv2.fillPoly(img, [np.array([[150, 0], [W - 1, 0], [W - 1, 36]], np.int32)], SKY)  # a strip
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    for cx, cy, r, colour in ((160, 200, 30, (120.0, 40.0, 160.0)), (320, 270, 26, (30.0, 160.0, 50.0))):
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
        nz = np.sqrt(np.clip(1 - d2, 0, 1))
        lam = np.clip(-(xx - cx) / r * 0.5 - (yy - cy) / r * 0.5 + nz * 0.7, 0, 1)
        shade = np.array(colour) * (0.3 + 0.7 * lam)[..., None]
        img = np.where((d2 <= 1)[..., None], np.clip(shade, 0, 255).astype(np.uint8), img)
    return img


def test_plain_sky_pieces_past_the_floor_are_not_counted() -> None:
    answer = ask(_floor_with_wedges(), "How many objects are there?", model="geometric")
    assert answer.value == 2, answer.text


def test_the_leftmost_object_is_a_solid_not_the_sky() -> None:
    answer = ask(_floor_with_wedges(), "What colour is the leftmost object?", model="geometric")
    assert answer.text.strip().lower() == "purple", answer.text


def test_a_flat_drawings_corner_triangle_is_still_a_shape() -> None:
    # A guard: no shaded solid in the picture, so a flat triangle in a corner is a drawn shape.
    img = np.full((H, W, 3), 245, np.uint8)
    cv2.fillPoly(img, [np.array([[0, 0], [90, 0], [0, 90]], np.int32)], (40, 70, 210))
    cv2.circle(img, (300, 220), 40, (220, 40, 40), -1)
    answer = ask(img, "How many shapes are there?", model="geometric")
    assert answer.value == 2, answer.text
