"""A flat fill inside a thick outline of another colour is that fill, not a hatched pattern.

A thick outline's sides repeat across the shape's box; the fill between them is plain. The
fill's colour names the shape, whatever the outline's colour, at several sizes and outline
widths (drawn here with OpenCV, not the project's renderer).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask


def _sheet(width: int, pen: int, fill: tuple[int, int, int], ink: tuple[int, int, int]) -> np.ndarray:
    rng = np.random.default_rng(width + pen)
    img = np.full((600, 900, 3), (246, 243, 236), np.uint8)
    img = np.clip(img.astype(np.int16) + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    cv2.circle(img, (200, 200), 70, (40, 90, 220), -1, cv2.LINE_AA)  # a blue disc
    x0, y0 = 560, 380
    cv2.rectangle(img, (x0, y0), (x0 + width, y0 + width * 3 // 5), fill, -1, cv2.LINE_AA)
    cv2.rectangle(img, (x0, y0), (x0 + width, y0 + width * 3 // 5), ink, pen, cv2.LINE_AA)
    return img


@pytest.mark.parametrize(("width", "pen"), [(78, 5), (110, 7), (150, 4)])
def test_grey_fill_in_a_dark_red_outline_is_grey(width: int, pen: int) -> None:
    img = _sheet(width, pen, (146, 136, 138), (100, 15, 20))
    assert ask(img, "What colour is the rectangle?", model="geometric").text == "gray"
    assert ask(img, "How many gray shapes are there?", model="geometric").value == 1


def test_yellow_fill_in_a_black_outline_is_yellow() -> None:
    img = _sheet(96, 6, (250, 218, 28), (20, 20, 20))
    assert ask(img, "What colour is the rectangle?", model="geometric").text == "yellow"
