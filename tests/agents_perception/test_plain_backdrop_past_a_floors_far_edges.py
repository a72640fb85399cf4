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


def test_dim_cones_on_a_floor_whose_edges_show_are_cones() -> None:
    # Cones in a dim light: most of each is one even tone (its shading only at its flanks), so
    # they read as flat drawn polygons. Past the floor's visible edges they stand on the floor.
    img = np.empty((H, W, 3), np.uint8)
    img[:] = (160, 185, 225)
    cv2.fillPoly(img, [np.array([[0, 0], [150, 0], [0, 50]], np.int32)], (150, 150, 160))
    cv2.fillPoly(img, [np.array([[380, 0], [W - 1, 0], [W - 1, 70]], np.int32)], (150, 150, 160))
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    for cx, apex, r, tone in ((170, 150, 40, (66.0, 56.0, 86.0)), (340, 200, 34, (62.0, 62.0, 62.0))):
        base = apex + 2.4 * r
        body = (yy >= apex) & (yy <= base) & (np.abs(xx - cx) <= (yy - apex) / (base - apex) * r)
        body |= ((xx - cx) / r) ** 2 + ((yy - base) / (0.35 * r)) ** 2 <= 1
        across = np.clip((cx - xx) / r, -1, 1)
        shade = np.array(tone) + (60.0 * across**3)[..., None]
        img[body] = np.clip(shade, 0, 255).astype(np.uint8)[body]
    answer = ask(img, "How many cones are there?", model="geometric")
    assert answer.value == 2, answer.text


def test_a_rectangle_cut_at_a_corner_beside_a_shaded_ball_is_still_a_shape() -> None:
    # A guard: a plain piece in a top corner that fills its box (a drawn rectangle, a sticker)
    # is no floor's slanted edge, even where a shaded solid shows.
    img = np.full((H, W, 3), 235, np.uint8)
    img[0:70, 0:110] = (40, 70, 210)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    d2 = ((xx - 300) ** 2 + (yy - 220) ** 2) / 40.0**2
    lam = np.clip(-(xx - 300) / 80 - (yy - 220) / 80 + np.sqrt(np.clip(1 - d2, 0, 1)) * 0.7, 0, 1)
    ball = np.array([200.0, 40.0, 30.0]) * (0.3 + 0.7 * lam)[..., None]
    img = np.where((d2 <= 1)[..., None], np.clip(ball, 0, 255).astype(np.uint8), img)
    answer = ask(img, "How many objects are there?", model="geometric")
    assert answer.value == 2, answer.text
