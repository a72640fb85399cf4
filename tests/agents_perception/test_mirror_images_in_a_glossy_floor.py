"""A polished floor shows each shaded solid again, upside down under its foot, in a mix of the
solid's colour and the floor's (first met on the `fresh3` probe's POV-Ray scenes): the copy is
no object. Two flat shapes drawn one under the other stay two shapes."""

from __future__ import annotations

import numpy as np

import spatioxolver

H, W = 360, 480
FLOOR = np.array([165.0, 175.0, 200.0])


def _floor() -> np.ndarray:
    # a grey-blue floor up to a horizon near the top, lighter toward the viewer
    rows = np.linspace(0.9, 1.04, H)[:, None, None]
    return np.broadcast_to(rows * FLOOR, (H, W, 3)).copy()


def _ball(img: np.ndarray, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """A shaded ball and its mirror image in the floor (a quarter of its colour reflected)."""
    yy, xx = np.mgrid[0:H, 0:W]
    d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
    inside = d2 <= 1.0
    # light from the upper left: Lambert shading over the sphere's normal
    nz = np.sqrt(np.clip(1.0 - d2, 0, 1))
    nx, ny = (xx - cx) / r, (yy - cy) / r
    lit = np.clip(0.35 + 0.65 * (-0.5 * nx - 0.6 * ny + 0.62 * nz), 0.2, 1.0)
    ball = lit[..., None] * np.array(colour, np.float64)
    foot = cy + r
    mirrored = ((xx - cx) ** 2 + (yy - (2 * foot - cy)) ** 2) / r**2 <= 1.0
    copy = mirrored & ~inside & (yy > foot - 0.3 * r)
    flipped = ball[np.clip((2 * foot - yy).astype(int), 0, H - 1), xx]
    img[copy] = 0.75 * img[copy] + 0.25 * flipped[copy]
    img[inside] = ball[inside]


def test_a_shaded_ball_and_its_floor_reflection_are_one_object() -> None:
    img = _floor()
    _ball(img, 130, 170, 55, (220, 50, 45))
    _ball(img, 340, 200, 45, (60, 170, 70))
    graph = spatioxolver.build_scene_graph(img.clip(0, 255).astype(np.uint8))
    assert len(graph.objects) == 2
    assert sorted(o.attributes.color for o in graph.objects) == ["green", "red"]


def test_a_light_flat_square_under_a_dark_one_stays_a_shape() -> None:
    img = np.full((H, W, 3), 255, np.uint8)
    img[80:180, 180:280] = (210, 30, 30)
    img[180:280, 180:280] = (245, 170, 170)  # pink: a mix of the red and the white canvas
    graph = spatioxolver.build_scene_graph(img)
    assert len(graph.objects) == 2
