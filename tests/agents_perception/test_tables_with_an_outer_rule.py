"""Icons in a table whose rules close an outer frame, drawn a little inside the picture's
edge (a worksheet, a game board). The canvas margin around the frame was taken for a border
around the picture and painted with the colour just inside it, the frame's own rule, so
the whole table became one "white rectangle". A margin of the canvas's own colour is no
border; the rules are a ruling and are painted out. Pictures drawn here with OpenCV."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask
from spatioxolver.api import build_scene_graph

ROWS, COLS, CELL, MARGIN = 3, 4, 110, 18
ICONS = {
    (0, 1): "circle",
    (0, 3): "square",
    (1, 0): "triangle",
    (1, 2): "circle",
    (2, 1): "square",
    (2, 3): "triangle",
}
COLOURS = [(200, 40, 40), (40, 90, 210), (30, 150, 60), (240, 150, 20), (150, 50, 170), (20, 160, 170)]


def _table(rule: int, canvas=(255, 255, 255), ink=(60, 60, 60)) -> np.ndarray:
    w, h = COLS * CELL + 2 * MARGIN, ROWS * CELL + 2 * MARGIN
    img = np.full((h, w, 3), canvas, np.uint8)
    for r in range(ROWS + 1):
        y = MARGIN + r * CELL
        cv2.line(img, (MARGIN, y), (MARGIN + COLS * CELL, y), ink, rule)
    for c in range(COLS + 1):
        x = MARGIN + c * CELL
        cv2.line(img, (x, MARGIN), (x, MARGIN + ROWS * CELL), ink, rule)
    for k, ((r, c), shape) in enumerate(sorted(ICONS.items())):
        cx, cy, s = MARGIN + c * CELL + CELL // 2, MARGIN + r * CELL + CELL // 2, CELL // 4
        colour = COLOURS[k % len(COLOURS)]
        if shape == "circle":
            cv2.circle(img, (cx, cy), s, colour, -1, cv2.LINE_AA)
        elif shape == "square":
            cv2.rectangle(img, (cx - s, cy - s), (cx + s, cy + s), colour, -1)
        else:
            pts = np.array([(cx, cy - s), (cx + s, cy + s), (cx - s, cy + s)], np.int32)
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
    return img


@pytest.mark.parametrize(
    ("rule", "canvas"),
    [(1, (255, 255, 255)), (2, (246, 246, 246)), (3, (250, 248, 240)), (4, (255, 255, 255))],
)
def test_icons_in_a_framed_table_are_the_objects(rule: int, canvas) -> None:
    objects = build_scene_graph(_table(rule, canvas), cache=False).objects
    assert sorted(o.attributes.shape for o in objects) == sorted(ICONS.values())


@pytest.fixture(scope="module")
def table() -> np.ndarray:
    return _table(2)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many shapes are there?", "6"),
        ("How many circles are there?", "2"),
        ("How many triangles are there?", "2"),
    ],
)
def test_questions_about_a_framed_table(table, question: str, expected: str) -> None:
    assert ask(table, question, model="geometric").text.strip().rstrip(".").split()[-1] == expected


def test_a_thick_border_around_the_picture_is_still_no_object() -> None:
    img = np.full((300, 400, 3), 255, np.uint8)
    img[:14], img[-14:], img[:, :14], img[:, -14:] = (
        (30, 30, 120),
        (30, 30, 120),
        (30, 30, 120),
        (30, 30, 120),
    )
    cv2.circle(img, (200, 150), 50, (200, 40, 40), -1, cv2.LINE_AA)
    objects = build_scene_graph(img, cache=False).objects
    assert [(o.attributes.color, o.attributes.shape) for o in objects] == [("red", "circle")]
