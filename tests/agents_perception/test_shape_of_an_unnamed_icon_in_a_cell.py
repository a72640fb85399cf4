"""Asked "what shape is in row 1, column 2" about a heart or an arrow (an outline none of the
shape words name), the engine says it cannot tell; it never answers with the colour alone,
nor a wrong shape. A named shape in a cell is still answered. Drawn with OpenCV here."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask


def _heart(cx: int, cy: int, r: float) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, 80, endpoint=False)
    x = 16 * np.sin(t) ** 3
    y = 13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t)
    return np.stack([cx + x * r / 16, cy - y * r / 16], axis=1).astype(np.int32)


@pytest.fixture(scope="module")
def grid() -> np.ndarray:
    img = np.full((260, 260, 3), 250, np.uint8)
    cv2.circle(img, (65, 65), 32, (40, 40, 210), -1, cv2.LINE_AA)  # row 1, column 1 (BGR red)
    cv2.fillPoly(img, [_heart(195, 65, 34)], (200, 60, 30), cv2.LINE_AA)  # row 1, column 2: a heart
    cv2.rectangle(img, (35, 165), (95, 225), (40, 160, 40), -1)  # row 2, column 1: a square
    arrow = np.array(
        [[160, 185], [195, 185], [195, 165], [230, 195], [195, 225], [195, 205], [160, 205]], np.int32
    )
    cv2.fillPoly(img, [arrow], (0, 140, 240), cv2.LINE_AA)  # row 2, column 2: an arrow
    return img


@pytest.mark.parametrize(
    "question",
    [
        "What shape is in row 1, column 2?",
        "Which shape is in the top right corner?",
        "What kind of shape is at the bottom right?",
    ],
)
def test_an_unnamed_outline_is_cannot_tell(grid, question) -> None:
    answer = ask(grid, question)
    assert answer.value is None and answer.no_answer == "cannot tell", answer.text
    assert "shape" in answer.text


def test_a_named_shape_in_a_cell_is_answered(grid) -> None:
    answer = ask(grid, "What shape is in row 2, column 1?")
    assert "square" in answer.text and answer.no_answer is None
