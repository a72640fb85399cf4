"""Evenly lit solids in a 3-D scene keep their solid's name (issue 13).

Drawn here with numpy (no project drawing code): a floor, a ball shaded by a Lambert light and
a cone whose sides fog or a soft light leave nearly even (lightness within a few units), its
base a half-ellipse seen from above, its tip blunted on a small image. The cone passed the
flatness test and was named as a drawn "polygon" / "triangle"; a flat triangle (a straight
bottom edge) beside the ball stays a triangle. A can whose body is evenly lit (fog, a light
from behind the camera) was a "cube" (an even body was read as a box face seen square-on).
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask

from .linear_light import to_srgb8


def _scene(cone: bool, w: int = 640, h: int = 420, blunt: bool = False) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    img = np.zeros((h, w, 3)) + np.array([0.42, 0.4, 0.37]) * (0.8 + 0.3 * yy[..., None] / h)
    # a ball, Lambert-shaded from the upper left
    cx, cy, r = 200.0, 250.0, 60.0
    d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
    ball = d2 < 1
    nz = np.sqrt(np.clip(1 - d2, 0, 1))
    lam = np.clip((-(xx - cx) / r * 0.5 - (yy - cy) / r * 0.6 + nz * 0.62), 0, None)
    img[ball] = (np.array([0.1, 0.2, 0.8]) * (0.15 + 0.85 * lam)[..., None])[ball]
    # a cone (or a flat triangle): apex (450, 150), base half-width 55 at y = 300
    ax, ay, by, hw = 450.0, 150.0, 300.0, 55.0
    tri = (yy >= ay) & (yy <= by) & (np.abs(xx - ax) <= hw * (yy - ay) / (by - ay))
    if blunt:  # the tip cut off: a small, compressed cone
        tri &= yy >= ay + 0.12 * (by - ay)
    if cone:
        tri |= (yy > by) & (((xx - ax) / hw) ** 2 + ((yy - by) / (0.3 * hw)) ** 2 < 1)
    shade = 0.93 + 0.05 * (xx - ax) / hw  # nearly even
    img[tri] = (np.array([0.1, 0.55, 0.12]) * shade[..., None])[tri]
    return to_srgb8(img)


@pytest.mark.parametrize("blunt", [False, True])
def test_an_evenly_lit_cone_is_a_cone(blunt: bool) -> None:
    a = ask(_scene(True, blunt=blunt), "What shape is the green object?", model="geometric")
    assert a.value == "cone"


def test_a_flat_triangle_beside_a_ball_stays_a_triangle() -> None:
    a = ask(_scene(False), "What shape is the green object?", model="geometric")
    assert a.value == "triangle"


@pytest.mark.parametrize("cone", [True, False])
def test_both_are_counted(cone: bool) -> None:
    assert ask(_scene(cone), "How many objects are there?", model="geometric").value == 2


def _can_scene(w: int = 640, h: int = 420) -> np.ndarray:
    """A Lambert-shaded ball and a can whose body is one even shade, its top lighter."""
    base = _scene(True)
    img = to_srgb8(np.zeros((h, w, 3)) + np.array([0.42, 0.4, 0.37]))
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    ball = ((xx - 200) ** 2 + (yy - 250) ** 2) < 60**2
    img[ball] = base[ball]
    cx, top, bottom, rx, ry = 450.0, 170.0, 300.0, 50.0, 15.0
    body = (np.abs(xx - cx) <= rx) & (yy >= top) & (yy <= bottom)
    body |= ((xx - cx) / rx) ** 2 + ((yy - bottom) / ry) ** 2 <= 1
    lid = ((xx - cx) / rx) ** 2 + ((yy - top) / ry) ** 2 <= 1
    img[body] = to_srgb8(np.array([0.1, 0.5, 0.12]))
    img[lid] = to_srgb8(np.array([0.2, 0.75, 0.25]))
    return img


def test_an_evenly_lit_can_is_a_can() -> None:
    a = ask(_can_scene(), "What shape is the green object?", model="geometric")
    assert a.value == "cylinder"


def _drop_shadowed_triangle(w: int = 560, h: int = 420) -> np.ndarray:
    """A drawing: an orange triangle and a blue square, each with a soft grey drop shadow
    offset down-right (the triangle's shadow shows as a strip under its base)."""
    import cv2

    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    ax, ay, by, hw = 150.0, 200.0, 330.0, 75.0
    tri = (yy >= ay) & (yy <= by) & (np.abs(xx - ax) <= hw * (yy - ay) / (by - ay))
    square = (xx >= 330) & (xx <= 450) & (yy >= 120) & (yy <= 240)
    shadow = np.zeros((h, w), np.float32)
    for m in (tri, square):
        shadow = np.maximum(shadow, np.roll(np.roll(m, 7, 0), 7, 1).astype(np.float32))
    shadow = cv2.GaussianBlur(shadow, (0, 0), 3.0)
    img = np.full((h, w, 3), 252.0) * (1 - 0.45 * shadow[..., None])
    img[tri] = (250, 140, 20)
    img[square] = (40, 90, 220)
    return img.round().astype(np.uint8)


def test_a_drop_shadowed_drawn_triangle_stays_a_triangle() -> None:
    # guard: the shadow's strip under the base ends square, no cone's half-ellipse
    a = ask(_drop_shadowed_triangle(), "What shape is the orange object?", model="geometric")
    assert a.value == "triangle"


def _square_on_box_scene(w: int = 640, h: int = 420) -> np.ndarray:
    """The ball beside a box seen square-on: one even front face, its top lighter above."""
    base = _scene(True)
    img = to_srgb8(np.zeros((h, w, 3)) + np.array([0.42, 0.4, 0.37]))
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    ball = ((xx - 200) ** 2 + (yy - 250) ** 2) < 60**2
    img[ball] = base[ball]
    front = (xx >= 400) & (xx <= 490) & (yy >= 150) & (yy <= 300)  # tall: a can-like outline
    top = (yy >= 125) & (yy < 150) & (xx >= 400 + (150 - yy) * 0.3) & (xx <= 490 + (150 - yy) * 0.3)
    img[front] = to_srgb8(np.array([0.1, 0.5, 0.12]))
    img[top] = to_srgb8(np.array([0.2, 0.75, 0.25]))
    return img


def test_a_box_seen_square_on_stays_a_box() -> None:
    # guard: an even front face with a straight bottom edge is a box face, not a can's body
    a = ask(_square_on_box_scene(), "What shape is the green object?", model="geometric")
    assert a.value == "cube"
