"""A disc filled with a drawing program's radial gradient is a flat circle; a lit ball is a sphere.

The images are drawn with numpy here (not the project's renderer). A radial gradient's
colour is linear in the distance from one point off the disc's centre (its isophotes are
concentric circles about that point); an SVG gradient in ``objectBoundingBox`` units on a
wide box stretches them into ellipses of the box's proportions. A Lambert-lit ball's
isophotes are ellipses whose centres move toward the light, and its shading is a cosine
along any ray: it is no linear function of the distance from any point. Both used to be
read as spheres when another shape in the picture was read as a solid.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from spatioxolver.agents._vision.gradient_fill import concentric_fill

from spatioxolver import api

H, W = 420, 640
YY, XX = np.mgrid[0:H, 0:W].astype(float)
RED, BLUE, GREEN = (214, 39, 40), (31, 119, 180), (44, 160, 44)


def _tint(rgb: tuple[int, int, int], f: float) -> np.ndarray:
    return np.array(rgb, float) + (255 - np.array(rgb, float)) * f


def _radial_disc(img: np.ndarray, cx: float, cy: float, r: float, rgb: tuple[int, int, int]) -> np.ndarray:
    """A disc whose colour runs from a light tint at (0.4, 0.4) of its box to a shade."""
    inside = (XX - cx) ** 2 + (YY - cy) ** 2 < r * r
    gx, gy = cx - r + 0.8 * r, cy - r + 0.8 * r
    t = np.clip(np.hypot(XX - gx, YY - gy) / (1.4 * r), 0, 1)[..., None]
    img[inside] = (_tint(rgb, 0.25) * (1 - t) + np.array(rgb, float) * 0.85 * t)[inside]
    return inside


def _radial_box(
    img: np.ndarray, x0: float, y0: float, w: float, h: float, rgb: tuple[int, int, int]
) -> np.ndarray:
    """A box whose gradient is a circle in box units: elliptical isophotes, box-shaped."""
    inside = (XX >= x0) & (XX < x0 + w) & (YY >= y0) & (YY < y0 + h)
    u, v = (XX - x0) / w, (YY - y0) / h
    t = np.clip(np.hypot(u - 0.4, v - 0.4) / 0.7, 0, 1)[..., None]
    img[inside] = (_tint(rgb, 0.25) * (1 - t) + np.array(rgb, float) * 0.85 * t)[inside]
    return inside


def _ball(
    img: np.ndarray, cx: float, cy: float, r: float, rgb: tuple[int, int, int], light: tuple
) -> np.ndarray:
    dx, dy = (XX - cx) / r, (YY - cy) / r
    inside = dx**2 + dy**2 < 1
    nz = np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1))
    lx, ly, lz = np.array(light, float) / np.linalg.norm(light)
    shade = np.clip(lx * dx + ly * dy + lz * nz, 0.08, 1.0)[..., None]
    img[inside] = (np.array(rgb, float) * shade)[inside]
    return inside


def _canvas() -> np.ndarray:
    img = np.empty((H, W, 3))
    img[:] = 250.0
    return img


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(img.clip(0, 255).astype(np.uint8)).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(buf).convert("RGB"))


@pytest.mark.parametrize("quality", [None, 60])
def test_a_radial_gradient_disc_is_a_concentric_fill(quality: int | None) -> None:
    img = _canvas()
    inside = _radial_disc(img, 200, 150, 90, BLUE)
    rgb = img.clip(0, 255).astype(np.uint8) if quality is None else _jpeg(img, quality)
    assert concentric_fill(inside, rgb) is not None


@pytest.mark.parametrize("light", [(-0.6, -0.5, 0.6), (-0.2, -0.2, 1.0), (0.0, -1.0, 1.0), (-1.0, 0.0, 0.3)])
def test_a_lit_ball_is_no_concentric_fill(light: tuple) -> None:
    img = _canvas()
    inside = _ball(img, 200, 150, 90, RED, light)
    assert concentric_fill(inside, img.clip(0, 255).astype(np.uint8)) is None


def test_radial_gradient_shapes_beside_a_wide_box_stay_flat_circles() -> None:
    # The wide box's gradient is elliptical; read as a shaded can it used to turn the whole
    # picture into a 3-D scene, and every radially shaded disc into a ball.
    img = _canvas()
    _radial_disc(img, 90, 90, 60, RED)
    _radial_disc(img, 300, 290, 70, GREEN)
    _radial_box(img, 420, 60, 140, 70, BLUE)
    graph = api.build_scene_graph(img.clip(0, 255).astype(np.uint8), model="geometric")
    shapes = sorted(o.attributes.shape for o in graph.objects)
    assert shapes == ["circle", "circle", "rectangle"]


def test_lit_balls_stay_spheres() -> None:
    img = _canvas()
    img[:] = (150.0, 150.0, 155.0)
    _ball(img, 120, 150, 70, RED, (-0.6, -0.5, 0.6))
    _ball(img, 320, 140, 60, BLUE, (-0.6, -0.5, 0.6))
    graph = api.build_scene_graph(img.clip(0, 255).astype(np.uint8), model="geometric")
    assert [o.attributes.shape for o in graph.objects] == ["sphere", "sphere"]
