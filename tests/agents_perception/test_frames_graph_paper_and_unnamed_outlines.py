"""Flat diagrams as a user draws them with OpenCV: a border around the picture is not an
object, graph paper's lines are not what is drawn, an octagon is an octagon, and a heart,
a crescent, a cross or an arrow gets no shape name (never a confident wrong one).

The pictures are drawn here with ``cv2.fillPoly`` / ``cv2.ellipse`` / ``cv2.polylines``
(anti-aliased, at 4x, then shrunk with area averaging); none of the project's renderers
draws them.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import spatioxolver

cv2 = pytest.importorskip("cv2")

_SS = 4


def _regular(n: int, cx: float, cy: float, r: float, turn: float = 0.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(turn + 2 * math.pi * k / n), cy + r * math.sin(turn + 2 * math.pi * k / n))
        for k in range(n)
    ]


def _star(points: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    out = []
    for k in range(2 * points):
        rr = r if k % 2 == 0 else 0.45 * r
        a = -math.pi / 2 + math.pi * k / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _heart(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for k in range(90):
        t = 2 * math.pi * k / 90
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * r / 16, cy - y * r / 16))
    return pts


def _crescent(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    # The outer circle less a circle of 0.8 r shifted right by 0.45 r.
    d, r2 = 0.45 * r, 0.8 * r
    x = (r * r - r2 * r2 + d * d) / (2 * d)
    t0, p0 = math.atan2(math.sqrt(r * r - x * x), x), math.atan2(math.sqrt(r * r - x * x), x - d)
    outer = [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in np.linspace(t0, 2 * math.pi - t0, 80)]
    inner = [
        (cx + d + r2 * math.cos(p), cy + r2 * math.sin(p)) for p in np.linspace(2 * math.pi - p0, p0, 70)
    ]
    return outer + inner


def _plus(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    a = 0.3 * r
    pts = [
        (-a, -r),
        (a, -r),
        (a, -a),
        (r, -a),
        (r, a),
        (a, a),
        (a, r),
        (-a, r),
        (-a, a),
        (-r, a),
        (-r, -a),
        (-a, -a),
    ]
    return [(cx + x, cy + y) for x, y in pts]


def _arrow(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = [
        (-r, -0.25 * r),
        (0.25 * r, -0.25 * r),
        (0.25 * r, -0.7 * r),
        (r, 0.0),
        (0.25 * r, 0.7 * r),
        (0.25 * r, 0.25 * r),
        (-r, 0.25 * r),
    ]
    return [(cx + x, cy + y) for x, y in pts]


def _picture(
    w: int,
    h: int,
    shapes: list[tuple[str, tuple[int, int, int], list[tuple[float, float]] | tuple[float, float, float]]],
    *,
    ground: tuple[int, int, int] = (255, 255, 255),
    outline_only: bool = False,
) -> np.ndarray:
    """``shapes``: ``(kind, rgb, points)`` polygons or ``("circle", rgb, (cx, cy, r))``."""
    canvas = np.empty((h * _SS, w * _SS, 3), np.uint8)
    canvas[:] = ground
    return _draw(canvas, shapes, outline_only)


def _draw(canvas: np.ndarray, shapes: list, outline_only: bool) -> np.ndarray:
    for kind, colour, geometry in shapes:
        if kind == "circle":
            cx, cy, r = geometry
            centre, radius = (round(cx * _SS), round(cy * _SS)), round(r * _SS)
            cv2.circle(canvas, centre, radius, colour, 3 * _SS if outline_only else -1, cv2.LINE_AA)
            continue
        poly = np.array([[round(x * _SS), round(y * _SS)] for x, y in geometry], np.int32)
        if outline_only:
            cv2.polylines(canvas, [poly], True, colour, 3 * _SS, cv2.LINE_AA)
        else:
            cv2.fillPoly(canvas, [poly], colour, cv2.LINE_AA)
    h, w = canvas.shape[0] // _SS, canvas.shape[1] // _SS
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def _save(tmp_path, name: str, rgb: np.ndarray) -> str:
    from PIL import Image

    path = str(tmp_path / name)
    Image.fromarray(rgb).save(path)
    return path


THREE = [
    ("square", (40, 90, 220), _regular(4, 120, 110, 45, math.pi / 4)),
    ("triangle", (230, 40, 40), _regular(3, 300, 100, 40, -math.pi / 2)),
    ("circle", (40, 160, 70), (220, 230, 30)),
]


@pytest.mark.parametrize(
    ("thickness", "colour"),
    [(3, (0, 0, 0)), (6, (70, 70, 70)), (10, (20, 40, 120))],
    ids=["black3", "grey6", "navy10"],
)
def test_a_border_around_the_picture_is_not_an_object(tmp_path, thickness, colour):
    rgb = _picture(420, 300, THREE)
    rgb[:thickness], rgb[-thickness:], rgb[:, :thickness], rgb[:, -thickness:] = (
        colour,
        colour,
        colour,
        colour,
    )
    path = _save(tmp_path, "framed.png", rgb)
    assert spatioxolver.ask(path, "How many shapes are there?").value == 3
    assert spatioxolver.ask(path, "What colour is the largest shape?").value == "blue"
    assert spatioxolver.ask(path, "What shape is the blue object?").value == "square"


@pytest.mark.parametrize("outline_only", [False, True], ids=["filled", "outline"])
def test_shapes_on_graph_paper_are_read_through_its_lines(tmp_path, outline_only):
    canvas = np.full((300 * _SS, 420 * _SS, 3), 255, np.uint8)
    for x in range(0, 420, 15):  # hairlines every 15 px, drawn at full scale
        canvas[:, x * _SS : x * _SS + _SS] = (195, 215, 238)
    for y in range(0, 300, 15):
        canvas[y * _SS : y * _SS + _SS] = (195, 215, 238)
    rgb = _draw(canvas, THREE, outline_only)
    path = _save(tmp_path, "graph.png", rgb)
    count = spatioxolver.ask(path, "How many shapes are there?")
    assert not count.abstained and count.value == 3
    assert spatioxolver.ask(path, "What shape is the red object?").value == "triangle"
    assert spatioxolver.ask(path, "Is the green circle below the blue square?").value is True


def test_an_octagon_is_an_octagon_and_a_circle_beside_it_a_circle(tmp_path):
    shapes = [
        ("octagon", (40, 150, 60), _regular(8, 110, 120, 60, math.pi / 8)),
        ("circle", (220, 40, 40), (300, 120, 55)),
        ("hexagon", (40, 90, 220), _regular(6, 470, 120, 55)),
    ]
    path = _save(tmp_path, "octagon.png", _picture(560, 240, shapes))
    assert spatioxolver.ask(path, "What shape is the green object?").value == "octagon"
    assert spatioxolver.ask(path, "What shape is the red object?").value == "circle"
    assert spatioxolver.ask(path, "What shape is the blue object?").value == "hexagon"
    assert spatioxolver.ask(path, "How many octagons are there?").value == 1


@pytest.mark.parametrize(
    ("kind", "outline"),
    [("heart", _heart), ("crescent", _crescent), ("cross", _plus), ("arrow", _arrow)],
)
def test_a_shape_no_word_names_gets_no_name(tmp_path, kind, outline):
    shapes = [
        (kind, (150, 60, 190), outline(120, 120, 60)),
        ("star", (250, 150, 20), _star(5, 300, 120, 60)),
        ("square", (40, 90, 220), _regular(4, 460, 120, 55, math.pi / 4)),
    ]
    path = _save(tmp_path, f"{kind}.png", _picture(560, 240, shapes))
    named = spatioxolver.ask(path, "What shape is the purple object?")
    assert named.value is None, f"the {kind} was named {named.value!r}"
    assert spatioxolver.ask(path, "What shape is the orange object?").value == "star"
    # Read, and none of the shapes asked for: the count of stars is exact.
    assert spatioxolver.ask(path, "How many stars are there?").value == 1
    assert spatioxolver.ask(path, "How many shapes are there?").value == 3


def test_a_smooth_gradient_or_a_single_rule_is_no_ruling():
    from spatioxolver.agents._vision.ruled import unruled

    gradient = (
        np.linspace(250, 190, 240)[:, None, None].repeat(320, axis=1).repeat(3, axis=2).astype(np.uint8)
    )
    assert unruled(gradient)[1] is False
    ruled_once = np.full((240, 320, 3), 255, np.uint8)
    ruled_once[60], ruled_once[180] = (0, 0, 0), (0, 0, 0)
    assert unruled(ruled_once)[1] is False


def test_an_outline_triangle_keeps_its_base(tmp_path):
    # Its three 3 px sides meet in thicker corners; none of them is a connector to peel off.
    path = _save(tmp_path, "outline.png", _picture(420, 300, THREE, outline_only=True))
    assert spatioxolver.ask(path, "What shape is the red object?").value == "triangle"
    assert spatioxolver.ask(path, "How many shapes are there?").value == 3
