"""A shape filled with a pattern of two shades of one colour (checks, stripes, or a tint's thin
grid lines over the colour; no gap shows the background) is one flat shape of that colour,
not a textured solid.

Drawn here with numpy at 4x and shrunk with Pillow (anti-aliased), no project code.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from spatioxolver import ask

_SS = 4


def _tint(rgb: tuple[int, int, int], share: float) -> np.ndarray:
    base = np.array(rgb, np.float32)
    return base + (255.0 - base) * share


def _pattern(kind: str, rgb: tuple[int, int, int], h: int, w: int, pitch: int) -> np.ndarray:
    """An ``h`` x ``w`` tile field of ``kind`` at ``pitch`` px: the colour and its tint."""
    yy, xx = np.mgrid[0:h, 0:w]
    ink, tint = np.array(rgb, np.float32), _tint(rgb, 0.45)
    if kind == "checks":
        on = ((yy // (pitch // 2)) + (xx // (pitch // 2))) % 2 == 0
    elif kind == "stripes":
        on = (yy % pitch) < pitch // 2
    else:  # thin tint lines over the ink, a tenth of the pitch wide
        on = ~(((yy % pitch) < max(1, pitch // 10)) | ((xx % pitch) < max(1, pitch // 10)))
    return np.where(on[..., None], ink, tint)


def _scene(shapes, size=(600, 400), ground=(255, 255, 255)) -> np.ndarray:
    w, h = size[0] * _SS, size[1] * _SS
    canvas = np.empty((h, w, 3), np.float32)
    canvas[:] = ground
    for pts, rgb, kind in shapes:
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).polygon([(x * _SS, y * _SS) for x, y in pts], fill=255)
        fill = _pattern(kind, rgb, h, w, 7 * _SS)
        canvas = np.where(np.asarray(mask)[..., None] > 0, fill, canvas)
    return np.asarray(Image.fromarray(canvas.astype(np.uint8)).resize(size, Image.LANCZOS))


def _square(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.pi * k / 3), cy + r * math.sin(math.pi * k / 3)) for k in range(6)]


def test_two_shade_patterns_are_flat_shapes_of_their_colour() -> None:
    image = _scene(
        [
            (_square(120, 130, 70), (214, 39, 40), "checks"),  # red square
            (_hexagon(320, 260, 85), (31, 119, 180), "stripes"),  # blue hexagon
            (_square(500, 120, 60), (123, 44, 191), "grid"),  # purple square
        ]
    )
    assert ask(image, "How many shapes are there?", model="geometric").value == 3
    assert ask(image, "What shape is the blue object?", model="geometric").value == "hexagon"
    assert ask(image, "What colour is the hexagon?", model="geometric").value == "blue"
    assert ask(image, "How many squares are there?", model="geometric").value == 2


def test_two_shade_patterns_on_a_dark_background() -> None:
    image = _scene(
        [(_square(150, 200, 80), (46, 160, 44), "grid"), (_hexagon(420, 200, 90), (255, 127, 14), "checks")],
        ground=(18, 18, 18),
    )
    assert ask(image, "How many objects are there?", model="geometric").value == 2
    assert ask(image, "What shape is the green object?", model="geometric").value == "square"
