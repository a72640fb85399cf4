""" "What is left of X" names a shape beside X on that side before a nearer one that is mostly
above or below it (issue 13wd: a star 12 px left of X but 220 px above it was named instead of
the square clearly to X's left). Drawn with Pillow here."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from spatioxolver import ask


def _star(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [
        (x + (r if i % 2 == 0 else 0.45 * r) * math.cos(math.radians(-90 + 36 * i)),
         y + (r if i % 2 == 0 else 0.45 * r) * math.sin(math.radians(-90 + 36 * i)))
        for i in range(10)
    ]  # fmt: skip


def _scene() -> np.ndarray:
    img = Image.new("RGB", (640, 440), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.polygon(_star(460, 330, 75), fill=(245, 130, 20))  # orange star, large, low right
    d.polygon(_star(448, 110, 40), fill=(128, 60, 170))  # purple star: a little left, far above
    d.rectangle([297, 120, 347, 170], fill=(46, 160, 67))  # green square: clearly left, above too
    return np.asarray(img).copy()


def test_what_is_left_of_names_the_shape_beside_it() -> None:
    answer = ask(_scene(), "What's left of the orange star?", model="geometric")
    assert "green" in answer.text.lower() and "purple" not in answer.text.lower(), answer.text


def test_what_is_above_still_names_the_shape_above() -> None:
    answer = ask(_scene(), "what is above the orange star?", model="geometric")
    assert "purple" in answer.text.lower(), answer.text
