"""White solids in a shaded scene are white, black ones black, also under a warm or dim
light. The palette vote named every white ball, box and can "gray" (its shaded side is
grey, and the world palette has no white) and a white under a warm light read yellowish;
a black solid's lit side is dark grey. A shaded solid is now white when the lightest tenth
of it is near white (L 88 and up, chroma at most 24: a warm light's tint), black when even
that is dark and neutral. Drawn here with numpy: Lambert-shaded balls and two-faced boxes
on a floor under a sky, a warm or neutral key light."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask

# The warm light is (1, 0.85, 0.65) in linear light, applied here to sRGB values.
_LIGHTS = {"neutral": (1.0, 1.0, 1.0), "warm": (1.0, 0.929, 0.822)}


def _scene(light: str, seed: int = 0) -> np.ndarray:
    h, w = 300, 480
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    horizon = 110
    lc = np.array(_LIGHTS[light])
    sky = np.array([150.0, 185.0, 235.0]) + (yy[..., None] / horizon) * 30
    floor = np.array([120.0, 135.0, 100.0]) * lc * (0.85 + 0.15 * (yy - horizon) / (h - horizon))[..., None]
    img = np.where((yy < horizon)[..., None], sky, floor)
    # shadows to the lower right
    for cx, cy, rx, ry in ((130, 232, 48, 13), (260, 226, 42, 12), (385, 240, 44, 12)):
        d = ((xx - cx - 20) / rx) ** 2 + ((yy - cy) / ry) ** 2
        img = np.where((d < 1)[..., None], img * 0.62, img)
    # white ball, black ball (Lambert, light from the upper left), a red box
    for cx, cy, r, alb in ((120, 195, 40, 245.0), (380, 205, 37, 18.0)):
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
        nz = np.sqrt(np.clip(1 - d2, 0, 1))
        lam = np.clip(-(xx - cx) / r * 0.45 - (yy - cy) / r * 0.55 + nz * 0.7, 0, 1)
        col = alb * (0.3 + 0.75 * lam)[..., None] * lc
        img = np.where((d2 <= 1)[..., None], col, img)
    x0, y0, s = 225, 170, 50
    front = (xx >= x0) & (xx < x0 + s) & (yy >= y0) & (yy < y0 + s)
    side = (
        (xx >= x0 + s)
        & (xx < x0 + s + 16)
        & (yy >= y0 - (xx - x0 - s) * 0.5)
        & (yy < y0 + s - (xx - x0 - s) * 0.5)
    )
    top = (yy < y0) & (yy >= y0 - 8) & (xx >= x0 + (y0 - yy) * 2) & (xx < x0 + s + (y0 - yy) * 2)
    for m, k in ((front, 0.8), (side, 0.5), (top, 1.0)):
        img = np.where(m[..., None], np.array([200.0, 30.0, 25.0]) * k * lc, img)
    img = img + np.random.default_rng(seed).normal(0.0, 1.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("light", ["neutral", "warm"])
def test_a_white_ball_is_white(light) -> None:
    answer = ask(_scene(light), "What colour is the leftmost object?", model="geometric")
    assert answer.text.strip().lower() == "white"


@pytest.mark.parametrize("light", ["neutral", "warm"])
def test_a_black_ball_is_black(light) -> None:
    answer = ask(_scene(light), "What colour is the rightmost object?", model="geometric")
    assert answer.text.strip().lower() == "black"


@pytest.mark.parametrize("light", ["neutral", "warm"])
def test_a_red_box_stays_red(light) -> None:  # a guard
    answer = ask(_scene(light), "What colour is the cube?", model="geometric")
    assert answer.text.strip().lower() == "red"
