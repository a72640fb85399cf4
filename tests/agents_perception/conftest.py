"""Shared fixtures of the perception-agent tests: cv2-drawn images and cached renders."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest


def pen_outlines(w: int, h: int, shapes: list[tuple[str, float, float, float, float, tuple]]) -> np.ndarray:
    """Anti-aliased outlines on white, drawn with numpy (a distance-to-outline test on a 4 x 4
    supersampled grid): ``shapes`` holds ``(kind, cx, cy, half side or radius, pen width, ink)``,
    kind ``"circle"`` or ``"square"``."""
    ss = 4
    ys, xs = np.mgrid[0 : h * ss, 0 : w * ss]
    x, y = (xs + 0.5) / ss, (ys + 0.5) / ss
    img = np.full((h, w, 3), 255.0)
    for kind, cx, cy, r, pen, ink in shapes:
        if kind == "circle":
            d = np.abs(np.hypot(x - cx, y - cy) - r)
        else:
            d = np.abs(np.maximum(np.abs(x - cx), np.abs(y - cy)) - r)
        a = (d <= pen / 2).reshape(h, ss, w, ss).mean(axis=(1, 3))[..., None]
        img = img * (1 - a) + np.asarray(ink, float) * a
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def draw_scene(
    shapes: list[tuple[str, tuple[int, int], int, tuple[int, int, int]]],
    *,
    size: tuple[int, int] = (240, 160),
    background: tuple[int, int, int] = (130, 130, 126),
    shadow: bool = True,
    gradient: float = 0.0,
    noise: float = 0.0,
    seed: int = 0,
) -> np.ndarray:
    """A tabletop-like test image: coloured discs / squares with soft shadows.

    ``shapes`` holds ``(kind, (x, y), radius, rgb)`` with kind ``"disc"`` or ``"square"``.
    """
    import cv2

    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    base = np.asarray(background, np.float32)
    img = base[None, None, :] * (1.0 + gradient * (yy / h - 0.5))[..., None]
    if shadow:
        shade = np.zeros((h, w), np.float32)
        for _kind, (x, y), r, _ in shapes:
            cv2.ellipse(shade, (x + r // 2, y + r // 2), (r, max(r // 2, 2)), 0, 0, 360, 1.0, -1)
        shade = cv2.GaussianBlur(shade, (0, 0), 1.0)
        img *= (1.0 - 0.5 * shade)[..., None]
    for kind, (x, y), r, rgb in shapes:
        colour = np.asarray(rgb, np.float32)
        layer = np.zeros((h, w), np.uint8)
        if kind == "disc":
            cv2.circle(layer, (x, y), r, 1, -1)
            # Lambert-like shading: brighter towards the upper left.
            lit = np.clip(1.1 - 0.5 * np.hypot(xx - (x - r / 3), yy - (y - r / 3)) / r, 0.45, 1.1)
        else:
            cv2.rectangle(layer, (x - r, y - r), (x + r, y + r), 1, -1)
            lit = np.where(xx < x, 1.0, 0.7).astype(np.float32)
        m = layer.astype(bool)
        img[m] = colour[None, :] * lit[m][:, None]
    if noise:
        img += np.random.default_rng(seed).normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@lru_cache(maxsize=16)
def _render(seed: int, n_objects: int, layout: str):
    from spatioxolver.scenes import render_random_scene

    return render_random_scene(seed, layout=layout, n_objects=n_objects)


@pytest.fixture(scope="session")
def render():
    """``render(seed, n_objects=6, layout="tabletop")`` -> RenderedView (cached)."""

    def get(seed: int, n_objects: int = 6, layout: str = "tabletop"):
        return _render(seed, n_objects, layout)

    return get


@pytest.fixture
def drawn():
    return draw_scene
