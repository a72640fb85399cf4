"""A can is not a box in a lit scene the project did not render (issue 13).

The images are drawn here, per pixel with numpy (no project drawing code): upright cans whose
body is shaded by a Lambert falloff under a lit elliptical top, boxes seen corner-on (two
flat-shaded side faces and a rhombus top: a hexagonal outline like a can's), on a floor that
darkens toward the viewer, with soft contact shadows. The silhouette classifier (fitted on
the project's own renders) read such cans as cubes and such boxes as cylinders; the body's
shading (plateaus with a crease vs a smooth falloff) tells them apart.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from spatioxolver.agents._vision.solid_cues import box_or_can

from spatioxolver import ask

_LIGHT = (-0.6, 0.8)  # from the left and the front


def _floor(h: int, w: int) -> np.ndarray:
    t = np.linspace(0, 1, h)[:, None, None]
    top = np.array((205, 205, 212), float)
    return np.broadcast_to(top * (1 - 0.38 * t), (h, w, 3)).copy()


def _shadow(img: np.ndarray, cx: float, base: float, rx: float, ry: float) -> None:
    import cv2

    m = np.zeros(img.shape[:2], np.float32)
    cv2.ellipse(m, (int(cx + 0.3 * rx), int(base)), (int(rx), int(max(2, ry))), 0, 0, 360, 1.0, -1)
    img *= (1 - 0.35 * cv2.GaussianBlur(m, (0, 0), 0.25 * ry + 1.5))[..., None]


def _can(img: np.ndarray, cx: float, base: float, r: float, height: float, ry: float, rgb) -> None:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    u = (xx - cx) / r
    cap = np.sqrt(np.clip(1 - u * u, 0, 1))
    body = (np.abs(u) <= 1) & (yy >= base - height) & (yy <= base + ry * cap)
    lit = np.clip(u * _LIGHT[0] + cap * _LIGHT[1], 0, 1)
    img[body] = np.clip(np.array(rgb, float) * (0.3 + 0.75 * lit[body])[:, None], 0, 255)
    top = u**2 + ((yy - (base - height)) / ry) ** 2 <= 1
    img[top] = np.clip(np.array(rgb, float) * 1.15 + 15, 0, 255)


def _corner_box(img: np.ndarray, cx: float, base: float, s: float, rgb) -> None:
    """A box with one vertical edge toward the viewer: left and right faces and a rhombus top."""
    import cv2

    col = np.array(rgb, float)
    a, b, hgt = 0.55 * s, 0.45 * s, 0.85 * s
    front, left, right = (cx, base), (cx - a, base - 0.4 * a), (cx + b, base - 0.4 * b)
    back = (left[0] + right[0] - cx, left[1] + right[1] - base)

    def up(p):
        return (p[0], p[1] - hgt)

    for pts, shade in (
        ([up(front), up(left), up(back), up(right)], 1.15),
        ([front, left, up(left), up(front)], 0.9),
        ([front, right, up(right), up(front)], 0.6),
    ):
        m = np.zeros((img.shape[0] * 4, img.shape[1] * 4), np.uint8)
        cv2.fillPoly(m, [np.array([[x * 4, y * 4] for x, y in pts], np.int32)], 255)
        m = cv2.resize(m, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_AREA)[..., None] / 255.0
        img[:] = img * (1 - m) + np.clip(col * shade, 0, 255) * m


def _scene(noise: float = 0.0) -> np.ndarray:
    h, w = 360, 560
    img = _floor(h, w)
    # far to near, so nearer solids are drawn over farther shadows
    _shadow(img, 140, 220, 30, 9)
    _can(img, 140, 220, 26, 50, 8, (40, 80, 200))  # far small can (blue)
    _shadow(img, 430, 230, 40, 11)
    _corner_box(img, 430, 230, 62, (200, 40, 40))  # red box, corner on
    _shadow(img, 300, 300, 44, 10)
    _can(img, 300, 300, 40, 30, 8, (40, 160, 60))  # near, squat can (green)
    _shadow(img, 110, 320, 50, 13)
    _corner_box(img, 110, 320, 80, (230, 200, 40))  # yellow box
    img += np.random.default_rng(0).normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("noise", [0.0, 3.0, 6.0])
def test_cans_and_corner_on_boxes_are_named_by_their_shading(noise: float) -> None:
    """Also under sensor noise (read on a smoothed copy): the soft contact shadows on the
    gradient floor stay out of the objects. (Known limit, not from this change: on a plain
    uniform floor they become objects, 7 instead of 4; see docs/perception.md.)"""
    image = _scene(noise)
    assert ask(image, "How many objects are there?", model="geometric").value == 4
    for colour, shape in (("blue", "cylinder"), ("green", "cylinder"), ("red", "cube"), ("yellow", "cube")):
        answer = ask(image, f"What shape is the {colour} object?", model="geometric")
        assert answer.value == shape, (colour, answer.text)
    assert ask(image, "How many cylinders are there?", model="geometric").value == 2


def test_the_shading_cue_reads_a_smooth_body_as_a_can_and_creased_faces_as_a_box() -> None:
    h, w = 90, 70
    mask = np.ones((h, w), bool)
    x = np.linspace(-1, 1, w)
    smooth = 60 + 120 * np.clip(-0.6 * x + 0.8 * np.sqrt(1 - x * x), 0, 1)
    faces = np.where(np.arange(w) < 0.55 * w, 170.0, 110.0)
    for profile, expected in ((smooth, "cylinder"), (faces, "cube")):
        rgb = np.repeat(np.stack([profile] * 3, -1)[None], h, 0)
        rgb += np.random.default_rng(1).normal(0, 2.0, rgb.shape)
        verdict, measures = box_or_can(mask, np.clip(rgb, 0, 255).astype(np.uint8))
        assert verdict == expected, measures
    # one face seen square-on (a flat body) is a box; too small a mask gives no verdict
    flat = np.full((h, w, 3), 150, np.uint8)
    assert box_or_can(mask, flat)[0] == "cube"
    assert box_or_can(np.ones((8, 8), bool), flat[:8, :8])[0] is None
    assert math.isfinite(box_or_can(mask, flat)[1]["range"])
