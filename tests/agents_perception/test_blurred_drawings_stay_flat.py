"""A drawing passed on blurred (a thumbnail scaled up, a soft screenshot) is still a drawing:
its shapes are flat shapes, not shaded solids, and its soft outlines are no photo's defocus.
A ball shaded toward its rim is no blurred disc."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter
from spatioxolver.agents._vision.blurred_fill import blended_core


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + (r if k % 2 == 0 else 0.42 * r) * math.cos(-math.pi / 2 + k * math.pi / 5),
         cy + (r if k % 2 == 0 else 0.42 * r) * math.sin(-math.pi / 2 + k * math.pi / 5))
        for k in range(10)
    ]  # fmt: skip


def _blurred_page(sigma: float) -> Image.Image:
    img = Image.new("RGB", (640, 440), (250, 248, 242))
    d = ImageDraw.Draw(img)
    d.polygon(_star(110, 110, 50), fill=(30, 80, 220))
    d.polygon([(330, 60), (390, 160), (270, 160)], fill=(220, 40, 40))
    d.rectangle([480, 60, 570, 150], fill=(40, 160, 60))
    d.ellipse([120, 270, 220, 370], fill=(245, 140, 20))
    d.polygon(_star(420, 320, 55), fill=(40, 160, 60))
    return img.filter(ImageFilter.GaussianBlur(sigma))


@pytest.mark.parametrize("sigma", [1.5, 2.5, 3.0])
def test_a_blurred_drawing_is_read_as_its_flat_shapes(tmp_path, sigma):
    import spatioxolver

    path = tmp_path / "blurred.png"
    _blurred_page(sigma).save(path)
    assert spatioxolver.ask(str(path), "How many stars are there?").value == 2
    assert spatioxolver.ask(str(path), "How many shapes are there?").value == 5
    answer = spatioxolver.ask(str(path), "What shape is the red object?")
    assert answer.value == "triangle" and not answer.abstained, answer.text


def test_a_ball_shaded_toward_its_rim_on_a_dark_page_is_not_a_blurred_disc():
    h = w = 120
    yy, xx = np.mgrid[0:h, 0:w]
    r = np.hypot(xx - 60, yy - 60) / 45.0
    inside = r <= 1.0
    shade = np.sqrt(np.clip(1 - r * r, 0, 1))  # a lit ball darkens to its rim, over its whole radius
    img = np.zeros((h, w, 3), np.float32) + 20
    img[inside] = 20 + shade[inside, None] * (np.array([200, 60, 40]) - 20)
    crop, mask = img[10:110, 10:110].astype(np.uint8), inside[10:110, 10:110]
    assert blended_core(mask, crop) is None


def test_a_sharp_flat_square_filling_its_box_counts_as_blended():
    crop = np.full((50, 50, 3), (40, 160, 60), np.uint8)
    assert blended_core(np.ones((50, 50), bool), crop) is not None
