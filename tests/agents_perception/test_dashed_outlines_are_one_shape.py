"""A shape outlined with a dashed pen (SVG ``stroke-dasharray``, no fill) is one shape in its
pen's colour, not a crowd of small marks; the ground in its gaps is no colour of its own.
A dashed connector (no ring) and a row of same-coloured dots spread wide stay what they were.

Drawn here with Pillow: the outline is walked along its perimeter and only the "on" stretches
of the dash array are stroked (3 x supersampled, reduced with Lanczos, as a renderer's
anti-aliasing blends the dash ends with the ground).
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from spatioxolver.api import build_scene_graph

_SS = 3
_GROUND = (255, 255, 255)
_INK = {"red": (214, 39, 40), "blue": (31, 119, 180), "green": (44, 160, 44)}


def _dashed(
    draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour, width: float, on: float, off: float
):
    """Stroke the closed polyline ``pts`` (supersampled coordinates) with a dash array."""
    path = pts + [pts[0]]
    phase, drawing = 0.0, True
    for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < seg:
            left = (on if drawing else off) - phase
            step = min(left, seg - t)
            if drawing:
                a, b = t / seg, (t + step) / seg
                draw.line(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                    fill=colour,
                    width=int(round(width)),
                )
            t += step
            phase += step
            if phase >= (on if drawing else off) - 1e-9:
                phase, drawing = 0.0, not drawing


def _circle(cx: float, cy: float, r: float, n: int = 180) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n)
    ]


def _box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _render(paint) -> np.ndarray:
    w, h = 640, 420
    big = Image.new("RGB", (w * _SS, h * _SS), _GROUND)
    paint(ImageDraw.Draw(big), _SS)
    return np.asarray(big.resize((w, h), Image.LANCZOS))


def _objects(rgb: np.ndarray) -> list[tuple[str | None, str | None]]:
    graph = build_scene_graph(rgb)
    return sorted(((o.attributes.color, o.attributes.shape) for o in graph.objects), key=str)


def test_dashed_circle_and_square_are_two_shapes_in_their_pens_colours() -> None:
    def paint(d, s):
        _dashed(d, _circle(170 * s, 200 * s, 95 * s), _INK["red"], 3 * s, 12 * s, 7 * s)
        _dashed(d, _box(360 * s, 100 * s, 560 * s, 300 * s), _INK["blue"], 3 * s, 16 * s, 8 * s)

    assert _objects(_render(paint)) == [("blue", "square"), ("red", "circle")]


def test_dotted_rectangle_is_one_rectangle() -> None:
    def paint(d, s):
        _dashed(d, _box(120 * s, 140 * s, 520 * s, 300 * s), _INK["green"], 4 * s, 4 * s, 4 * s)

    assert _objects(_render(paint)) == [("green", "rectangle")]


def test_a_dashed_connector_between_two_filled_shapes_joins_nothing() -> None:
    def paint(d, s):
        d.ellipse([60 * s, 150 * s, 180 * s, 270 * s], fill=_INK["red"])
        d.rectangle([460 * s, 150 * s, 580 * s, 270 * s], fill=_INK["blue"])
        x = 190.0
        while x < 450:  # a dashed line from the disc to the square: no ring
            d.line([(x * s, 210 * s), (min(x + 10, 450) * s, 210 * s)], fill=(40, 40, 40), width=3 * s)
            x += 16

    objects = _objects(_render(paint))
    assert ("red", "circle") in objects and ("blue", "square") in objects
    assert len(objects) == 2


def test_dots_spread_wider_than_a_dash_gap_stay_apart() -> None:
    def paint(d, s):
        for k in range(8):  # eight discs on a ring, each far from the next: no dashed outline
            a = 2 * math.pi * k / 8
            cx, cy = 320 + 150 * math.cos(a), 210 + 150 * math.sin(a)
            d.ellipse([(cx - 14) * s, (cy - 14) * s, (cx + 14) * s, (cy + 14) * s], fill=_INK["green"])

    objects = _objects(_render(paint))
    assert len(objects) == 8
    assert all(colour == "green" for colour, _ in objects)
