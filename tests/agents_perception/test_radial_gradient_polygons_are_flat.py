"""A polygon filled with a radial gradient (a slide tool's "radial" fill: a light tint at an
off-centre point, a shade at the rim) is a drawn flat shape, not a cone, cube or can.

The images are drawn here with numpy (supersampled 4x, shrunk with Pillow), no project code.
A lit ball is drawn the same way on a round outline, so a round outline is left as it was.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from spatioxolver import ask

_SS = 4


def _regular(n: int, cx: float, cy: float, r: float, rot: float = 0.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.sin(rot + 2 * math.pi * k / n), cy - r * math.cos(rot + 2 * math.pi * k / n))
        for k in range(n)
    ]


def _radial_polygons(
    shapes: list[tuple[list[tuple[float, float]], tuple[int, int, int]]], size=(640, 420)
) -> np.ndarray:
    w, h = size[0] * _SS, size[1] * _SS
    canvas = np.full((h, w, 3), 255.0, np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for pts, rgb in shapes:
        pts = [(x * _SS, y * _SS) for x, y in pts]
        mask_img = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask_img).polygon(pts, fill=255)
        inside = np.asarray(mask_img) > 0
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        fx, fy = x0 + 0.4 * (x1 - x0), y0 + 0.4 * (y1 - y0)  # the focus up and left
        t = np.clip(np.hypot(xx - fx, yy - fy) / (0.7 * max(x1 - x0, y1 - y0)), 0, 1)[..., None]
        base = np.array(rgb, np.float32)
        ramp = (base + (255 - base) * 0.25) * (1 - t) + base * 0.85 * t
        canvas = np.where(inside[..., None], ramp, canvas)
    img = Image.fromarray(canvas.clip(0, 255).astype(np.uint8)).resize(size, Image.LANCZOS)
    return np.asarray(img)


def test_polygons_with_radial_gradients_are_named_by_their_outlines() -> None:
    image = _radial_polygons(
        [
            (_regular(3, 120, 150, 80), (46, 160, 44)),  # green triangle
            (_regular(4, 320, 140, 90, math.pi / 4), (31, 119, 180)),  # blue square
            (_regular(6, 520, 280, 85, math.pi / 6), (0, 188, 212)),  # cyan hexagon
        ]
    )
    assert ask(image, "What shape is the green object?", model="geometric").value == "triangle"
    assert ask(image, "What shape is the blue object?", model="geometric").value == "square"
    assert ask(image, "What shape is the cyan object?", model="geometric").value == "hexagon"
    assert ask(image, "How many hexagons are there?", model="geometric").value == 1
