"""A place counted along one row or column of a layout: "the second shape in the top row" is
the second object from the left in that row (not the second column, when a cell is empty),
"the last circle in row 2", "the second shape from the bottom in column 1". Drawn with
OpenCV here (not the project's generators)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask

_RED, _BLUE, _GREEN, _YELLOW = (220, 30, 30), (30, 60, 220), (30, 160, 50), (240, 200, 0)
# (row, column) -> (colour, shape); the top row's second column is empty
_CELLS = {
    (0, 0): (_RED, "circle"), (0, 2): (_BLUE, "square"), (0, 3): (_GREEN, "triangle"),
    (1, 0): (_YELLOW, "square"), (1, 1): (_GREEN, "circle"), (1, 2): (_RED, "triangle"), (1, 3): (_BLUE, "circle"),
    (2, 0): (_BLUE, "triangle"), (2, 1): (_RED, "square"), (2, 2): (_YELLOW, "circle"), (2, 3): (_GREEN, "square"),
}  # fmt: skip


@pytest.fixture(scope="module")
def layout() -> np.ndarray:
    img = np.full((340, 440, 3), 252, np.uint8)
    for (r, c), (colour, shape) in _CELLS.items():
        x, y = 60 + 105 * c, 60 + 105 * r
        if shape == "circle":
            cv2.circle(img, (x, y), 32, colour, -1, cv2.LINE_AA)
        elif shape == "square":
            cv2.rectangle(img, (x - 29, y - 29), (x + 29, y + 29), colour, -1)
        else:
            pts = np.array([[x, y - 33], [x - 33, y + 28], [x + 33, y + 28]], np.int32)
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
    return img


@pytest.mark.parametrize(
    "question,words",
    [
        # counted along the row: the empty cell does not count
        ("What is the second shape in the top row?", ("blue", "square")),
        ("Which is the third shape from the left in the first row?", ("green", "triangle")),
        ("What is the leftmost shape in the second row?", ("yellow", "square")),
        ("What is the last circle in row 2?", ("blue", "circle")),
        ("What colour is the second shape from the right in the bottom row?", ("yellow",)),
        # counted along a column, from the top unless the bottom is named
        ("What is the second shape from the bottom in column 1?", ("yellow", "square")),
    ],
)
def test_place_counted_along_a_band(layout: np.ndarray, question: str, words: tuple[str, ...]) -> None:
    a = ask(layout, question)
    assert not a.abstained
    text = a.text.lower()
    assert all(w in text for w in words), (question, a.text)


def test_a_place_past_the_band_end_is_no_answer(layout: np.ndarray) -> None:
    a = ask(layout, "What is the fourth shape in the top row?")
    assert a.value is None
