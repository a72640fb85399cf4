"""Outline-only shapes are not letters, and a thick outline around a small fill is one shape.

A grey or coloured ring as big as the other shapes drawn is an outline-only shape, not a
letter "O" or "D" to leave to the text reader; a small fill inside a stroke as wide as its
own inscribed radius is one outlined shape, not a black shape with another on top. The
pictures are drawn here with OpenCV (anti-aliased, at 4x, shrunk by area averaging).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import spatioxolver

cv2 = pytest.importorskip("cv2")

_K = 4  # supersampling


def _pts(points: list[tuple[float, float]]) -> np.ndarray:
    return np.array([[round(x * _K), round(y * _K)] for x, y in points], np.int32)


def _triangle(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
    ]


def _shrink(canvas: np.ndarray) -> np.ndarray:
    h, w = canvas.shape[0] // _K, canvas.shape[1] // _K
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def _save(tmp_path, rgb: np.ndarray) -> str:
    from PIL import Image

    path = str(tmp_path / "icons.png")
    Image.fromarray(rgb).save(path)
    return path


def test_grey_outline_only_shapes_as_big_as_the_others_are_shapes(tmp_path):
    canvas = np.full((260 * _K, 520 * _K, 3), 255, np.uint8)
    grey = (120, 120, 120)
    cv2.rectangle(canvas, (40 * _K, 90 * _K), (120 * _K, 140 * _K), grey, 3 * _K, cv2.LINE_AA)
    cv2.circle(canvas, (200 * _K, 190 * _K), 38 * _K, grey, 3 * _K, cv2.LINE_AA)
    cv2.fillPoly(canvas, [_pts(_triangle(320, 110, 45))], (230, 50, 40), cv2.LINE_AA)
    cv2.circle(canvas, (440 * _K, 150 * _K), 40 * _K, (40, 90, 220), -1, cv2.LINE_AA)
    path = _save(tmp_path, _shrink(canvas))
    assert spatioxolver.ask(path, "How many shapes are there?").value == 4
    assert spatioxolver.ask(path, "What colour is the leftmost shape?").value == "gray"


def _fixed(points: list[tuple[float, float]]) -> np.ndarray:
    return np.array([[round(x * 16), round(y * 16)] for x, y in points], np.int32)  # 4 fraction bits


def test_a_coloured_outline_on_a_bluish_gradient_is_a_shape(tmp_path):
    # Drawn at 1x (sub-pixel coordinates), a 1 px purple outline, re-saved as JPEG q85: the
    # outline's filled region is mostly the grey-blue ground inside it.
    import io

    from PIL import Image

    h, w = 500, 800
    t = np.linspace(0.0, 1.0, h)[:, None, None]
    canvas = np.broadcast_to(
        (1 - t) * np.array([250, 250, 252.0]) + t * np.array([200, 210, 225.0]), (h, w, 3)
    )
    canvas = canvas.round().astype(np.uint8).copy()
    down = [(x, 2 * 250 - y) for x, y in _triangle(600, 250, 50)]  # upside down
    cv2.polylines(canvas, [_fixed(down)], True, (150, 70, 200), 1, cv2.LINE_AA, 4)
    cv2.fillPoly(
        canvas, [_fixed([(60, 130), (115, 130), (115, 170), (60, 170)])], (220, 40, 40), cv2.LINE_AA, 4
    )
    cv2.circle(canvas, (250 * 16, 80 * 16), 30 * 16, (40, 160, 60), -1, cv2.LINE_AA, 4)
    buf = io.BytesIO()
    Image.fromarray(canvas).save(buf, "JPEG", quality=85)
    path = str(tmp_path / "gradient.jpg")
    with open(path, "wb") as f:
        f.write(buf.getvalue())
    assert spatioxolver.ask(path, "How many shapes are there?").value == 3
    assert spatioxolver.ask(path, "What shape is the purple object?").value == "triangle"


def test_a_small_fill_in_a_thick_black_outline_is_one_shape(tmp_path):
    # Drawn at 1x: a right triangle with 28 px legs and a 3 px black outline on light grey.
    canvas = np.full((240, 320, 3), (222, 222, 224), np.uint8)
    tri = _fixed([(27, 23), (27, 51), (55, 51)])
    cv2.fillPoly(canvas, [tri], (40, 90, 220), cv2.LINE_AA, 4)
    cv2.polylines(canvas, [tri], True, (0, 0, 0), 3, cv2.LINE_AA, 4)
    cv2.circle(canvas, (150 * 16, 150 * 16), 35 * 16, (250, 140, 20), -1, cv2.LINE_AA, 4)
    cv2.fillPoly(
        canvas, [_fixed([(230, 120), (290, 120), (290, 180), (230, 180)])], (40, 160, 60), cv2.LINE_AA, 4
    )
    path = _save(tmp_path, canvas)
    assert spatioxolver.ask(path, "How many shapes are there?").value == 3
    assert spatioxolver.ask(path, "What colour is the topmost shape?").value == "blue"
