"""A ground plane seen from its corner leaves the sky in the frame's top corners: two
triangles, each cut off by one straight edge of the ground. Their colour step to the ground
is real (the outline is not "open"), and they were read as two "blue cubes" (a VTK probe
with a pink-to-lavender sky). A graded wedge holding one frame corner, bounded inside by one
straight line, is backdrop; a solid cut by the frame (a curved or two-sided outline) is not.

Scenes drawn here with numpy / OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.backdrop_strips import corner_wedge

from spatioxolver import api

H, W = 320, 480


def _triangle(corner: str) -> np.ndarray:
    m = np.zeros((H, W), np.uint8)
    pts = {"tl": [[0, 0], [170, 0], [0, 60]], "tr": [[W - 1, 0], [W - 160, 0], [W - 1, 70]]}[corner]
    cv2.fillPoly(m, [np.array(pts, np.int32)], 1)
    return m.astype(bool)


def test_a_triangle_in_a_frame_corner_is_a_wedge() -> None:
    assert corner_wedge(_triangle("tl"))
    assert corner_wedge(_triangle("tr"))


def test_a_solid_cut_by_the_frame_corner_is_no_wedge() -> None:
    disc = np.zeros((H, W), np.uint8)
    cv2.circle(disc, (10, 10), 70, 1, -1)  # a ball cut by the corner: a curved outline
    assert not corner_wedge(disc.astype(bool))
    box = np.zeros((H, W), bool)
    box[0:60, 0:90] = True  # two straight sides inside: a box, not a horizon
    assert not corner_wedge(box)
    away = np.zeros((H, W), np.uint8)
    cv2.fillPoly(away, [np.array([[100, 100], [260, 100], [100, 160]], np.int32)], 1)
    assert not corner_wedge(away.astype(bool))  # holds no frame corner


def _scene() -> np.ndarray:
    img = np.zeros((H, W, 3), np.float32)
    t = np.linspace(0, 1, H)[:, None, None]
    img[:] = np.array([245, 200, 210]) * (1 - t) + np.array([180, 185, 230]) * t  # pink to lavender sky
    ground = np.zeros((H, W), np.uint8)
    cv2.fillPoly(
        ground, [np.array([[0, 60], [240, 0], [W - 1, 70], [W - 1, H - 1], [0, H - 1]], np.int32)], 1
    )
    g = ground.astype(bool)
    rows = np.linspace(0.9, 1.05, H)[:, None, None] * np.ones((1, W, 1))
    img[g] = (np.array([112, 125, 140]) * rows)[g]  # a slate ground, lighter near
    out = np.clip(img, 0, 255).astype(np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    for cx, cy, r, colour in ((170, 190, 34, (200, 40, 40)), (320, 220, 28, (60, 170, 60))):
        shadow = ((xx - cx - 24) / (r * 1.3)) ** 2 + ((yy - cy - r + 4) / (r * 0.45)) ** 2 <= 1
        out[shadow] *= 0.6
        d2 = (xx - cx) ** 2 + (yy - cy) ** 2
        ball = d2 <= r * r
        nz = np.sqrt(np.clip(1 - d2 / (r * r), 0, 1))
        lam = np.clip((-(xx - cx) / r * 0.5 - (yy - cy) / r * 0.5 + nz * 0.7), 0, 1) * 0.75 + 0.25
        out[ball] = (np.array(colour)[None, :] * lam[ball][:, None]).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def test_the_sky_in_the_top_corners_is_no_object() -> None:
    a = api.ask(_scene(), "How many objects are there?")
    assert not a.abstained
    assert a.value == 2
