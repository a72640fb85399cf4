"""Solids standing in a lamp's pool of light on a plain floor are read, not taken for a photo.

A spot light on a rendered floor grades the floor's lightness in every direction (no plain row
or column), which the continuous-tone rule read as a photograph's sky or skin: every question
abstained. Light scales the floor's colour, so the pool keeps one RGB direction while its
brightness changes smoothly (``_vision/lit_surface.py``); a photo's field changes hue, barely
changes brightness, or carries fine detail, and still abstains (the guards here and in
``test_photo_like_pictures_abstain.py`` / ``test_pieces_of_a_continuous_field_abstain.py``).
Drawn here with numpy: a floor seen from above under a lamp, three Lambert-shaded balls."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.lit_surface import lit_surface

from spatioxolver import ask

FLOORS = {"blue-grey": (150.0, 180.0, 230.0), "sand": (235.0, 225.0, 200.0), "green": (140.0, 190.0, 130.0)}
BALLS = (
    (150, 300, 38, (200.0, 30.0, 30.0)),
    (330, 150, 34, (30.0, 60.0, 200.0)),
    (420, 340, 30, (240.0, 200.0, 20.0)),
)


def _pool(floor: tuple[float, float, float], h: int = 480, w: int = 560) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    light = 0.35 + 0.65 * np.exp(-((xx - 0.45 * w) ** 2 + (yy - 0.4 * h) ** 2) / (2 * (0.35 * w) ** 2))
    img = light[..., None] * np.array(floor)
    for cx, cy, r, colour in BALLS:
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
        nz = np.sqrt(np.clip(1 - d2, 0, 1))
        lam = np.clip(-(xx - cx) / r * 0.4 - (yy - cy) / r * 0.4 + nz * 0.8, 0, 1)
        img = np.where((d2 <= 1)[..., None], np.array(colour) * (0.25 + 0.75 * lam)[..., None], img)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("floor", sorted(FLOORS))
def test_balls_in_a_lamps_pool_are_counted(floor) -> None:
    answer = ask(_pool(FLOORS[floor]), "How many balls are there?", model="geometric")
    assert answer.value == 3, answer.text


def test_the_leftmost_ball_in_a_lamps_pool_is_named() -> None:
    answer = ask(_pool(FLOORS["blue-grey"]), "What colour is the leftmost object?", model="geometric")
    assert answer.text.strip().lower() == "red"


def test_an_evenly_lit_grainy_field_is_no_lit_floor() -> None:
    # A guard: a field whose hue drifts and whose brightness barely changes, with grain, is
    # no pool of light on one paint.
    rng = np.random.default_rng(0)
    h, w = 240, 320
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    t = (xx / w + yy / h)[..., None] / 2
    img = np.array([90.0, 120.0, 150.0]) + np.array([60.0, 60.0, 55.0]) * t + rng.normal(0, 2.5, (h, w, 3))
    assert not lit_surface(np.clip(img, 0, 255).astype(np.uint8))


def test_a_textured_field_under_a_lamp_is_no_lit_floor() -> None:
    # A guard: one paint under graded light, but with fine texture everywhere (sand, fabric).
    rng = np.random.default_rng(1)
    h, w = 240, 320
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    light = 0.4 + 0.6 * np.exp(-((xx - 160) ** 2 + (yy - 120) ** 2) / (2 * 90.0**2))
    grain = 1.0 + 0.25 * rng.standard_normal((h, w))
    img = (light * grain)[..., None] * np.array([200.0, 160.0, 110.0])
    assert not lit_surface(np.clip(img, 0, 255).astype(np.uint8))
