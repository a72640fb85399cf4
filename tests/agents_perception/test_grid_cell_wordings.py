"""Cells of an icon grid and corners of the frame, as people ask about them: "row 2,
column 3", "the second row, third column", "the top row", "the top left corner", "at the
centre". The grid is drawn with OpenCV (not the project's generators); rows and columns
are counted from the top and from the left."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask

_COLOURS = [(220, 30, 30), (30, 30, 220), (30, 170, 40), (240, 200, 0)]
_NAMES = ["red", "blue", "green", "yellow"]
_SHAPES = [
    ["circle", "square", "triangle"],
    ["square", "triangle", "circle"],
    ["triangle", "circle", "square"],
]


def _cell(r: int, c: int) -> tuple[str, str]:
    return _NAMES[(r * 3 + c) % 4], _SHAPES[r][c]


@pytest.fixture(scope="module")
def grid() -> np.ndarray:
    img = np.full((330, 330, 3), 250, np.uint8)
    for r in range(3):
        for c in range(3):
            x, y = 60 + 105 * c, 60 + 105 * r
            colour, shape = _COLOURS[(r * 3 + c) % 4], _SHAPES[r][c]
            if shape == "circle":
                cv2.circle(img, (x, y), 30, colour, -1, cv2.LINE_AA)
            elif shape == "square":
                cv2.rectangle(img, (x - 28, y - 28), (x + 28, y + 28), colour, -1)
            else:
                cv2.fillPoly(
                    img, [np.array([[x, y - 30], [x - 30, y + 28], [x + 30, y + 28]], np.int32)], colour
                )
    return img


@pytest.mark.parametrize(
    ("question", "cell", "what"),
    [
        ("What is in row 2, column 3?", (1, 2), "name"),
        ("Which shape is in the second row, third column?", (1, 2), "name"),
        ("What is in the third column of the first row?", (0, 2), "name"),
        ("What color is the shape in row 1, column 2?", (0, 1), "color"),
        ("What shape is the object in the bottom row, middle column?", (2, 1), "shape"),
        ("What is in the top left corner?", (0, 0), "name"),
        ("Which shape is in the bottom right corner?", (2, 2), "name"),
        ("What shape is at the center?", (1, 1), "name"),
        ("What is the shape in the middle of the grid?", (1, 1), "name"),
    ],
)
def test_a_cell_is_named(grid, question, cell, what) -> None:
    colour, shape = _cell(*cell)
    expected = {"name": f"{colour} {shape}", "color": colour, "shape": shape}[what]
    assert ask(grid, question).value == expected, question


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many shapes are in the first row?", 3),
        ("How many circles are in the top row?", 1),
        ("How many triangles are in the last column?", 1),
        ("How many squares are there in the second column?", 1),
        ("How many objects are in the middle column?", 3),
    ],
)
def test_counting_in_a_row_or_column(grid, question, value) -> None:
    assert ask(grid, question).value == value, question


def test_a_row_past_the_last_says_how_many_there_are(grid) -> None:
    answer = ask(grid, "What is in row 5, column 1?")
    assert answer.value is None and "only 3 row" in answer.text


def test_the_centre_of_an_even_layout_is_cannot_tell() -> None:
    img = np.full((200, 400, 3), 250, np.uint8)
    for x in (60, 160, 240, 340):
        cv2.circle(img, (x, 100), 30, (220, 30, 30), -1, cv2.LINE_AA)
    answer = ask(img, "What is at the center?")
    assert answer.value is None and answer.no_answer == "cannot tell"
