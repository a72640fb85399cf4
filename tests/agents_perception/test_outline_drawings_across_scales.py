"""Outline drawings read the same at their own size and enlarged: a 2 px pen outline whose
slanted sides are pixel staircases is one shape, an outline enlarged with a ringing filter
is one shape of one colour, and a shape with a dark border blurred by enlargement is a flat
drawing, not a shaded solid.

The drawings are made here: a rotated square / rectangle as a point-in-polygon test and a
distance-to-edge stroke on a 4 x 4 supersampled grid (numpy), enlarged with Pillow's
LANCZOS or BILINEAR filter; neither the project's renderers nor OpenCV draw them.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image

import spatioxolver

_SS = 4
_SOLIDS = {"cube", "sphere", "cylinder", "cone"}


def _corners(cx: float, cy: float, half_w: float, half_h: float, rot: float) -> np.ndarray:
    c, s = math.cos(rot), math.sin(rot)
    return np.array(
        [
            (cx + a * c - b * s, cy + a * s + b * c)
            for a, b in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))
        ]
    )


def _inside(pts: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    inside = np.zeros(x.shape, bool)
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % len(pts)]
        crosses = (y1 > y) != (y2 > y)
        inside ^= crosses & (x < x1 + (y - y1) * (x2 - x1) / ((y2 - y1) if y2 != y1 else 1e-9))
    return inside


def _edge_distance(pts: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    d = np.full(x.shape, np.inf)
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % len(pts)]
        dx, dy = x2 - x1, y2 - y1
        t = np.clip(((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
        d = np.minimum(d, np.hypot(x - x1 - t * dx, y - y1 - t * dy))
    return d


def _draw(
    w: int, h: int, ground: tuple, shapes: list[tuple], stroke: float, stroke_rgb: tuple | None
) -> Image.Image:
    """``shapes``: ``(corners, fill or None, pen colour)``; ``stroke_rgb`` None: the pen is
    the shape's own colour (an outline-only shape)."""
    ys, xs = np.mgrid[0 : h * _SS, 0 : w * _SS]
    x, y = (xs + 0.5) / _SS, (ys + 0.5) / _SS
    img = np.empty((h, w, 3), float)
    img[:] = ground

    def cover(m: np.ndarray) -> np.ndarray:
        return m.reshape(h, _SS, w, _SS).mean(axis=(1, 3))[..., None]

    for pts, fill, pen in shapes:
        ring = _edge_distance(pts, x, y) <= stroke / 2
        if fill is not None:
            a = cover(_inside(pts, x, y) | ring)
            img = img * (1 - a) + np.asarray(fill) * a
        a = cover(ring)
        img = img * (1 - a) + np.asarray(stroke_rgb or pen) * a
    return Image.fromarray(np.clip(np.round(img), 0, 255).astype(np.uint8))


def _circle(cx: float, cy: float, r: float) -> np.ndarray:
    return np.array(
        [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in np.linspace(0, 2 * math.pi, 96, endpoint=False)
        ]
    )


def _outline_scene(ground: tuple = (255, 255, 255)) -> Image.Image:
    """Outline-only shapes drawn with a 2 px pen in their own colours; the red square's
    sides are nearly level (long pixel steps)."""
    shapes = [
        (_corners(143, 116, 23.5, 13, 0.11), None, (46, 164, 70)),  # green rectangle
        (_corners(135, 198, 21.4, 21.4, -0.05), None, (190, 28, 36)),  # red square
        (_circle(416, 176, 33.7), None, (24, 196, 216)),  # cyan circle
        (_corners(301, 170, 38.8, 21.3, 0.005), None, (246, 214, 30)),  # yellow rectangle
    ]
    return _draw(480, 316, ground, shapes, 2.0, None)


def test_a_two_pixel_outline_with_staircase_sides_is_one_shape_at_its_own_size() -> None:
    image = _outline_scene()
    assert spatioxolver.ask(np.asarray(image), "How many shapes are there?").value == 4
    assert spatioxolver.ask(np.asarray(image), "How many red shapes are there?").value == 1
    assert spatioxolver.ask(np.asarray(image), "What colour is the circle?").value == "cyan"


def test_an_outline_enlarged_with_a_ringing_filter_is_one_shape_of_one_colour() -> None:
    shapes = [
        (_corners(190, 220, 29.2, 16, -0.1), None, (30, 126, 52)),  # green rectangle
        (_corners(166, 154, 25.9, 14.2, 0.013), None, (252, 228, 64)),  # yellow rectangle
        (_corners(253, 106, 24.3, 24.3, 0.048), None, (214, 40, 40)),  # red square
    ]
    image = _draw(400, 264, (244, 242, 236), shapes, 2.0, None)
    big = image.resize((image.width * 4, image.height * 4), Image.LANCZOS)
    graph = spatioxolver.build_scene_graph(np.asarray(big))
    assert len(graph.objects) == 3
    assert sorted(o.attributes.color for o in graph.objects) == ["green", "red", "yellow"]
    assert not {o.attributes.shape for o in graph.objects} & _SOLIDS


def test_a_dark_bordered_shape_blurred_by_enlargement_is_a_flat_drawing() -> None:
    shapes = [
        (_corners(141.7, 38.1, 31.9, 17.5, -0.166), (214, 40, 40), None),  # red rectangle, 3 px border
        (_circle(31, 129, 19.9), (136, 82, 36), None),  # brown circle
        (_corners(270, 114, 16.9, 16.9, 0.09), (236, 104, 160), None),  # pink square
    ]
    image = _draw(320, 240, (255, 255, 255), shapes, 3.0, (20, 20, 20))
    answers = {}
    for factor in (1, 4):
        big = image.resize((image.width * factor, image.height * factor), Image.BILINEAR)
        answers[factor] = spatioxolver.ask(np.asarray(big), "What shape is the red one?").value
    assert answers == {1: "rectangle", 4: "rectangle"}
