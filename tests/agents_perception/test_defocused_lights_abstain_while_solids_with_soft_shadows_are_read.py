"""Defocused lights (bokeh) are light spreading out: where such a disc is the lighter side of its
outline, the outline is soft all round. A shaded solid's lit body ends on a sharp step; where its
outline is soft it is the darker side (a soft cast shadow taken into its mask, a penumbra).

* ``edge_measures``' third value (the edge support of the lit stretches) is high for a shaded
  ball whose mask takes in its soft shadow, though its whole outline is softer, and low for a
  blurred light disc;
* overlapping blurred light discs on a dark grainy ground abstain; shaded balls with soft
  shadows on a dark grainy ground are counted.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._reasoning._describe import SOFT_LIGHT
from spatioxolver.agents._vision.edge_support import edge_measures

from spatioxolver import ask

H, W = 400, 600


def _grain(img: np.ndarray, sigma: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(img + rng.normal(0, sigma, img.shape), 0, 255).astype(np.uint8)


def _ball_with_soft_shadow(cx: float, cy: float, r: float) -> tuple[np.ndarray, np.ndarray]:
    """A lit orange ball on a dark floor, its soft shadow below it; and a mask of ball and shadow."""
    import cv2

    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    img = np.full((H, W, 3), 70.0, np.float32)
    shadow = np.clip(1 - np.hypot((xx - cx) / (1.3 * r), (yy - cy - 0.9 * r) / (0.45 * r)), 0, 1)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 8)
    img *= 1 - 0.6 * shadow[..., None]
    inside = np.clip(r - np.hypot(xx - cx, yy - cy) + 0.5, 0, 1)[..., None]
    light = np.clip(1 - np.hypot(xx - cx + 0.35 * r, yy - cy + 0.35 * r) / (1.7 * r), 0, 1)[..., None]
    ball = np.array([235.0, 130.0, 30.0]) * (0.45 + 0.6 * light)
    img = img * (1 - inside) + np.clip(ball, 0, 255) * inside
    mask = (inside[..., 0] > 0.5) | (shadow > 0.25)
    return np.clip(img, 0, 255).astype(np.uint8), mask


def _light_disc(cx: float, cy: float, r: float, blur: float) -> tuple[np.ndarray, np.ndarray]:
    """A pale defocused light on a dark ground; and the mask where it rises half-way."""
    import cv2

    layer = np.zeros((H, W), np.float32)
    cv2.circle(layer, (int(cx), int(cy)), int(r), 1.0, -1, cv2.LINE_AA)
    layer = cv2.GaussianBlur(layer, (0, 0), blur)
    img = 20.0 + layer[..., None] * np.array([230.0, 200.0, 140.0])
    return np.clip(img, 0, 255).astype(np.uint8), layer > 0.5


def test_a_solid_s_soft_shadow_is_a_penumbra_not_a_soft_lit_outline() -> None:
    img, mask = _ball_with_soft_shadow(300, 180, 60)
    support, _, lit = edge_measures(img, mask)
    assert support is not None and lit is not None
    assert lit >= SOFT_LIGHT
    assert support < lit  # the shadow's soft rim counts against the whole outline only


def test_a_defocused_light_is_soft_where_it_is_lit() -> None:
    img, mask = _light_disc(300, 200, 60, 4.0)
    _, _, lit = edge_measures(img, mask)
    assert lit is not None and lit < 0.5


def _bokeh(seed: int) -> np.ndarray:
    import cv2

    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), np.float32) + np.array([18.0, 14.0, 30.0])
    for _ in range(14):
        layer = np.zeros((H, W), np.float32)
        centre = (int(rng.integers(40, W - 40)), int(rng.integers(40, H - 40)))
        cv2.circle(layer, centre, int(rng.integers(25, 55)), 1.0, -1, cv2.LINE_AA)
        layer = cv2.GaussianBlur(layer, (0, 0), float(rng.uniform(2.0, 3.5)))
        img += layer[..., None] * rng.uniform(60, 200, 3) * 0.6
    return _grain(img, 4.0, seed)


def _balls_on_dark_floor(seed: int) -> np.ndarray:
    import cv2

    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    img = np.full((H, W, 3), 40.0, np.float32)
    for cx, colour in ((130, (210, 40, 40)), (300, (40, 170, 70)), (470, (50, 90, 220))):
        cy, r = 200.0, 50.0
        shadow = np.clip(1 - np.hypot((xx - cx - 15) / (1.2 * r), (yy - cy - 0.9 * r) / (0.35 * r)), 0, 1)
        img *= 1 - 0.5 * cv2.GaussianBlur(shadow, (0, 0), 6)[..., None]
        inside = np.clip(r - np.hypot(xx - cx, yy - cy) + 0.5, 0, 1)[..., None]
        light = np.clip(1 - np.hypot(xx - cx + 0.35 * r, yy - cy + 0.35 * r) / (1.7 * r), 0, 1)[..., None]
        ball = np.array(colour, np.float32) * (0.35 + 0.75 * light)
        img = img * (1 - inside) + np.clip(ball, 0, 255) * inside
    return _grain(img, 3.0, seed)


def test_overlapping_defocused_lights_on_a_dark_grainy_ground_abstain() -> None:
    for seed in (0, 1):
        answer = ask(_bokeh(seed), "How many circles are there?")
        assert answer.abstained, (seed, answer.text)


def test_shaded_balls_with_soft_shadows_on_a_dark_grainy_floor_are_counted() -> None:
    answer = ask(_balls_on_dark_floor(0), "How many objects are there?")
    assert not answer.abstained and answer.value == 3, answer.text
