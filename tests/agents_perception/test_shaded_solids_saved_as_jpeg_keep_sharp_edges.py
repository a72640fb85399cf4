"""Shaded solids saved as JPEG answer as the picture itself.

Three shaded cylinders (two orange, one blue) stand on a mauve ground under a sky. Saved as
a JPEG (quality 92, colour at half resolution as Pillow and most cameras write it), the
near orange cylinder's lit side meets the ground on a step that is mostly one of hue: the
hue there spreads over twice the pixels, so the edge-support measure found its lit outline
soft (0.58 of it sharp), took the solid for a glow and the whole scene abstained. The
cylinder's lightness still steps within a pixel or two; an outline whose lightness steps
sharply is now sharp, whatever its hue does (a glow is soft in both).
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

import spatioxolver


def _scene() -> np.ndarray:
    """A 3x-supersampled 413 x 324 scene, area-reduced: sky, mauve ground, three cylinders."""
    s, w, h = 3, 413, 324
    W, H, horizon = w * s, h * s, 351
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    t = (yy / horizon)[..., None]
    g = ((yy - horizon) / (H - horizon))[..., None]
    sky = np.array([120.0, 160, 225]) * (1 - t) + np.array([200.0, 220, 245]) * t
    img = np.where((yy < horizon)[..., None], sky, np.array([161.0, 123, 127]) * (0.8 + 0.3 * g))
    light_x = -0.55 / np.linalg.norm([-0.55, -0.65, 0.52])
    cylinders = [(175.9, 196.9, 26.6, (35, 75, 205)), (68.3, 256.2, 32.5, (245, 125, 25)),
                 (275.5, 289.0, 35.7, (245, 125, 25))]  # fmt: skip
    for fx, fy, r, colour in cylinders:
        fx, fy, r = fx * s, fy * s, r * s
        base = np.array(colour, np.float32)
        shadow = ((xx - fx - 0.9 * r) / (1.4 * r)) ** 2 + ((yy - fy + 0.05 * r) / (0.28 * r)) ** 2 <= 1
        img = img * np.where(shadow, 0.62, 1.0)[..., None]
        a, tall = 0.8 * r, 1.9 * r
        ey = 0.3 * a
        body = (np.abs(xx - fx) <= a) & (yy <= fy) & (yy >= fy - tall)
        body |= ((xx - fx) / a) ** 2 + ((yy - fy) / ey) ** 2 <= 1
        u = np.clip((xx - fx) / a, -1, 1)
        lam = np.clip(u * light_x + np.sqrt(1 - u**2) * 0.8, 0, 1)
        img = np.where(body[..., None], base * (0.25 + 0.75 * lam[..., None]), img)
        top = ((xx - fx) / a) ** 2 + ((yy - fy + tall) / ey) ** 2 <= 1
        img = np.where(top[..., None], np.minimum(base * 1.1 + 30, 255), img)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


@pytest.mark.parametrize("quality", [None, 92, 80])
def test_cylinders_are_counted_as_png_and_as_jpeg(quality: int | None) -> None:
    rgb = _scene() if quality is None else _jpeg(_scene(), quality)
    answer = spatioxolver.ask(rgb, "How many cylinders are there?", model="geometric")
    assert not answer.abstained, answer.text
    assert answer.value == 3
