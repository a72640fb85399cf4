"""A ball lit from the camera is a ball, not a flat circle (issue 13, VTK headlight scenes).

Drawn here per pixel with numpy (no project drawing code). Under a light at the camera a
ball's core is bright and nearly even and it darkens toward its rim by Lambert's law
(``a + b sqrt(1 - rho^2)``); the flatness tests took the core for a fill and the dark rim
for an outline stroke, and named the ball a "circle". A drawn disc in a stroke (a step)
and a drawing program's radial gradient (linear in the distance) stay flat.
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.lit_ball_shading import lambert_disc, ring_profile

from spatioxolver import ask


def _floor(h: int, w: int) -> np.ndarray:
    """A light grey floor with darker tile joints (a lit ground, no shadows: the light is at
    the camera)."""
    img = np.full((h, w, 3), (188.0, 182.0, 168.0))
    yy, xx = np.mgrid[0:h, 0:w]
    joints = ((yy + xx // 3) % 60 < 3) | ((xx - yy // 4) % 70 < 3)
    img[joints] *= 0.8
    return img


def _ball(img: np.ndarray, cx: float, cy: float, r: float, rgb, ambient: float = 0.25, ss: int = 4) -> None:
    """A matte ball lit from the camera: lightness ``ambient + (1 - ambient) cos(theta)``."""
    h, w = img.shape[:2]
    yy, xx = (np.mgrid[0 : h * ss, 0 : w * ss].astype(float) + 0.5) / ss
    rho2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (r * r)
    m = rho2 <= 1.0
    lit = ambient + (1 - ambient) * np.sqrt(np.clip(1 - rho2, 0, 1))
    col = np.array(rgb, float)[None, None] * lit[..., None]
    cov = m.reshape(h, ss, w, ss).mean(axis=(1, 3))
    colour = (col * m[..., None]).reshape(h, ss, w, ss, 3).sum(axis=(1, 3)) / np.maximum(
        m.reshape(h, ss, w, ss).sum(axis=(1, 3)), 1
    )[..., None]
    img[:] = img * (1 - cov[..., None]) + colour * cov[..., None]


def _save(img: np.ndarray, path) -> str:
    from PIL import Image

    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(path)
    return str(path)


@pytest.mark.parametrize(
    ("r", "rgb"),
    [(26, (250, 140, 20)), (34, (60, 110, 235)), (22, (40, 190, 60))],
)
def test_a_headlit_ball_is_a_ball(tmp_path, r: float, rgb) -> None:
    img = _floor(300, 400)
    _ball(img, 140, 150, r, rgb)
    _ball(img, 280, 170, 30, (220, 220, 40))
    path = _save(img, tmp_path / "balls.png")
    colour = {(250, 140, 20): "orange", (60, 110, 235): "blue", (40, 190, 60): "green"}[rgb]
    a = ask(path, f"What shape is the {colour} object?")
    assert not a.abstained
    assert "sphere" in a.text or "ball" in a.text, a.text


def _disc(h: int, r: float) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:h]
    return ((xx - h // 2) ** 2 + (yy - h // 2) ** 2) <= r * r


def test_a_stroked_disc_is_no_lit_ball() -> None:
    mask = _disc(61, 28)
    inner = _disc(61, 25)
    rgb = np.zeros((61, 61, 3), np.uint8)
    rgb[mask] = (30, 30, 30)
    rgb[inner] = (240, 150, 40)
    assert not lambert_disc(mask, rgb)


def test_a_linear_radial_gradient_is_no_lit_ball() -> None:
    yy, xx = np.mgrid[0:61, 0:61]
    rho = np.hypot(xx - 30.0, yy - 30.0) / 28.0
    mask = rho <= 1.0
    shade = 230 - 150 * np.clip(rho, 0, 1)
    rgb = np.stack([shade, 0.5 * shade, 0.2 * shade], -1).astype(np.uint8)
    assert ring_profile(mask, rgb) is not None
    assert not lambert_disc(mask, rgb)


def test_a_lambert_disc_is_a_lit_ball() -> None:
    img = np.zeros((61, 61, 3))
    _ball(img, 30.5, 30.5, 28, (240, 150, 40))
    assert lambert_disc(_disc(61, 27.5), img.astype(np.uint8))


def _can(img: np.ndarray, cx: float, top: float, r: float, height: float, rgb, ss: int = 4) -> None:
    """A can lit evenly from the camera: one even colour, its top ellipse a shade lighter."""
    h, w = img.shape[:2]
    yy, xx = (np.mgrid[0 : h * ss, 0 : w * ss].astype(float) + 0.5) / ss
    b = 0.45 * r
    top_cap = ((xx - cx) / r) ** 2 + ((yy - top) / b) ** 2 <= 1
    body = (np.abs(xx - cx) <= r) & (yy >= top) & (yy <= top + height)
    base = ((xx - cx) / r) ** 2 + ((yy - top - height) / b) ** 2 <= 1
    m = top_cap | body | base
    col = np.where(top_cap[..., None], np.array(rgb, float) * 1.03, np.array(rgb, float))
    cov = m.reshape(h, ss, w, ss).mean(axis=(1, 3))
    colour = (col * m[..., None]).reshape(h, ss, w, ss, 3).sum(axis=(1, 3)) / np.maximum(
        m.reshape(h, ss, w, ss).sum(axis=(1, 3)), 1
    )[..., None]
    img[:] = img * (1 - cov[..., None]) + colour * cov[..., None]


def test_an_evenly_lit_can_beside_a_headlit_ball_is_a_can(tmp_path) -> None:
    """The ball makes the scene 3-D, so the even can's outline names it (a can among solids)."""
    img = _floor(300, 400)
    _ball(img, 120, 170, 28, (250, 140, 20))
    _can(img, 280, 110, 34, 90, (200, 80, 150))
    path = _save(img, tmp_path / "ball_and_can.png")
    a = ask(path, "What shape is the pink object?")
    assert not a.abstained
    assert "cylinder" in a.text, a.text
