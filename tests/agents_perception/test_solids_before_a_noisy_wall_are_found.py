"""A wall above a floor of another colour, under heavy sensor noise (a standard deviation of
6-8 grey levels): the smooth background model cannot follow the wall / floor step, the noise
raises its residual, and the threshold rose to 30-50 Lab units, past a white ball, a dark box
and their shadows (2-3 objects for 4). The engine now reads the smoothed copy of such a lit
scene when a per-row backdrop with one step (the horizon) explains it, and takes its cast
shadows' tint and the leftover noise together. Drawn here with numpy: Lambert-shaded balls,
two-faced boxes, soft shadows dimming the floor under a bluish fill."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask


def _scene(noise: float, seed: int, *, objects: bool = True) -> np.ndarray:
    h, w = 300, 480
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    horizon = 150
    wall = np.array([222.0, 205.0, 180.0]) * (0.92 + 0.08 * yy / horizon)[..., None]
    floor = np.array([150.0, 150.0, 158.0]) * np.ones((h, w, 1))
    img = np.where((yy < horizon)[..., None], wall, floor)
    if objects:
        # Soft shadows first (to the right of each object): the direct light is cut, a
        # bluish fill stays.
        for cx, cy, rx, ry in (
            (110, 236, 46, 14),
            (232, 242, 52, 14),
            (340, 222, 40, 11),
            (420, 248, 34, 10),
        ):
            d = ((xx - cx - 18) / rx) ** 2 + ((yy - cy) / ry) ** 2
            s = np.clip(1.3 - d, 0, 1)[..., None]
            img = img * (1 - s * np.array([0.30, 0.29, 0.26]))
        # a white ball and a grey-blue ball, Lambert-lit from the upper left
        for cx, cy, r, alb in ((100, 200, 38, (238, 238, 236)), (330, 190, 32, (90, 120, 200))):
            d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
            inside = d2 <= 1
            nz = np.sqrt(np.clip(1 - d2, 0, 1))
            lam = np.clip((-(xx - cx) / r * 0.5 - (yy - cy) / r * 0.55 + nz * 0.67), 0, 1)
            shade = (0.35 + 0.65 * lam)[..., None]
            img = np.where(inside[..., None], np.array(alb, float) * shade, img)
        # a dark brown box and a yellow box: a lit front face and a darker side face
        for x0, y0, s, alb in ((190, 170, 60, (95, 60, 30)), (392, 205, 36, (230, 200, 40))):
            front = (xx >= x0) & (xx < x0 + s) & (yy >= y0) & (yy < y0 + s)
            side = (
                (xx >= x0 + s)
                & (xx < x0 + s + s // 3)
                & (yy >= y0 - (xx - x0 - s) * 0.5)
                & (yy < y0 + s - (xx - x0 - s) * 0.5)
            )
            top = (yy < y0) & (yy >= y0 - s // 6) & (xx >= x0 + (y0 - yy) * 2) & (xx < x0 + s + (y0 - yy) * 2)
            for m, k in ((front, 0.85), (side, 0.55), (top, 1.0)):
                img = np.where(m[..., None], np.array(alb, float) * k, img)
    img = img + np.random.default_rng(seed).normal(0.0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("noise", "seed"), [(6.0, 0), (8.0, 1)])
def test_solids_before_a_noisy_wall_are_counted(noise, seed) -> None:
    answer = ask(_scene(noise, seed), "How many objects are there?", model="geometric")
    assert answer.text.strip() == "4"


def test_the_same_scene_without_noise_still_reads() -> None:  # a guard
    answer = ask(_scene(0.0, 0), "How many objects are there?", model="geometric")
    assert answer.text.strip() == "4"


def test_a_noisy_wall_over_an_empty_floor_has_no_objects() -> None:  # a guard
    answer = ask(_scene(8.0, 2, objects=False), "How many objects are there?", model="geometric")
    assert answer.text.strip() == "0"
