"""A scene of shaded solids reduced to a thumbnail answers as the scene itself.

Two lit balls (a highlight each) and a cylinder stand on a ground under a sky. Reduced to a
quarter (about 120 x 80 px), a ball is 15 px across: its shading changes by several CIELAB
units from one pixel to the next and the highlight is two pixels wide, so measured at the
thumbnail's own size its inside read as a photo's texture and the whole scene abstained. The
inside is now measured at the quality size (about 0.06 MP) whatever the frame's size, as a
large frame is reduced to it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import spatioxolver


def _scene() -> np.ndarray:
    """A 3x-supersampled 470 x 320 scene, area-reduced: sky, ground, two balls and a cylinder."""
    s, w, h = 3, 470, 320
    W, H, horizon = w * s, h * s, int(0.36 * h * s)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    t = (yy / horizon)[..., None]
    g = ((yy - horizon) / (H - horizon))[..., None]
    sky = np.array([120.0, 160, 225]) * (1 - t) + np.array([200.0, 220, 245]) * t
    img = np.where((yy < horizon)[..., None], sky, np.array([150.0, 160, 120]) * (0.8 + 0.3 * g))
    light = np.array([-0.55, -0.65, 0.52])
    light /= np.linalg.norm(light)
    half = light + np.array([0.0, 0.0, 1.0])
    half /= np.linalg.norm(half)
    solids = [(80, 250, 26, "cylinder", (130, 45, 165)), (230, 265, 27, "ball", (245, 125, 25)),
              (380, 230, 22, "ball", (35, 75, 205))]  # fmt: skip
    for fx, fy, r, kind, colour in solids:
        fx, fy, r = fx * s, fy * s, r * s
        base = np.array(colour, np.float32)
        shadow = ((xx - fx - 0.9 * r) / (1.4 * r)) ** 2 + ((yy - fy) / (0.28 * r)) ** 2 <= 1
        img = img * np.where(shadow, 0.62, 1.0)[..., None]
        if kind == "ball":
            dx, dy = (xx - fx) / r, (yy - fy + r) / r
            inside = dx**2 + dy**2 <= 1
            nz = np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1))
            lam = np.clip(dx * light[0] + dy * light[1] + nz * light[2], 0, 1)
            spec = np.clip(dx * half[0] + dy * half[1] + nz * half[2], 0, 1) ** 40
            img = np.where(
                inside[..., None], base * (0.22 + 0.78 * lam[..., None]) + 200 * spec[..., None], img
            )
        else:
            a, ey = 0.8 * r, 0.24 * r
            body = (np.abs(xx - fx) <= a) & (yy <= fy) & (yy >= fy - 1.9 * r)
            body |= ((xx - fx) / a) ** 2 + ((yy - fy) / ey) ** 2 <= 1
            u = np.clip((xx - fx) / a, -1, 1)
            lam = np.clip(0.55 * u + 0.8 * np.sqrt(1 - u**2), 0, 1)
            img = np.where(body[..., None], base * (0.25 + 0.75 * lam[..., None]), img)
            top = ((xx - fx) / a) ** 2 + ((yy - fy + 1.9 * r) / ey) ** 2 <= 1
            img = np.where(top[..., None], np.minimum(base * 1.1 + 30, 255), img)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("factor", [0.25, 0.5, 1.0])
def test_shaded_solids_are_counted_at_any_reduction(factor: float) -> None:
    rgb = _scene()
    if factor != 1.0:
        h, w = rgb.shape[:2]
        rgb = cv2.resize(rgb, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_CUBIC)
    answer = spatioxolver.ask(rgb, "How many objects are there?", model="geometric")
    assert not answer.abstained, answer.text
    assert answer.value == 3


def test_a_small_ball_reads_as_a_ball_not_a_texture() -> None:
    rgb = _scene()
    h, w = rgb.shape[:2]
    small = cv2.resize(rgb, (w // 4, h // 4), interpolation=cv2.INTER_CUBIC)
    answer = spatioxolver.ask(small, "How many balls are there?", model="geometric")
    assert not answer.abstained, answer.text
    assert answer.value == 2
