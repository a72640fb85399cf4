"""A letter in a small ring drawn beside a shape (a circled label, a "badge") labels that
shape; the ring is part of the label, not a shape (issue 13, helper issue13lb: before,
each ring was counted as a circle and the letter inside it was left unread, so "how many
shapes" was doubled and "shape K" was not found). A dot inside an outline circle is still
two shapes.

Drawn here with OpenCV (no project drawing code).
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask

cv2 = pytest.importorskip("cv2")


def _badged(ink=(20, 30, 100)) -> np.ndarray:
    img = np.full((575, 800, 3), 255, np.uint8)
    shapes = [
        ("K", (165, 200), (35, 90, 220)),
        ("H", (540, 280), (135, 55, 185)),
        ("M", (330, 440), (245, 135, 20)),
    ]
    for letter, (cx, cy), fill in shapes:
        cv2.rectangle(img, (cx - 60, cy - 60), (cx + 60, cy + 60), fill, -1)
        bx, by = cx + 60 + 36, cy - 60
        cv2.circle(img, (bx, by), 27, (255, 255, 255), -1, cv2.LINE_AA)
        cv2.circle(img, (bx, by), 27, ink, 2, cv2.LINE_AA)
        scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SIMPLEX, 22, 2)
        (tw, th), _ = cv2.getTextSize(letter, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
        cv2.putText(
            img, letter, (bx - tw // 2, by + th // 2), cv2.FONT_HERSHEY_SIMPLEX, scale, ink, 2, cv2.LINE_AA
        )
    return img


def test_circled_letters_label_the_shapes_beside_them():
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    img = _badged()
    assert ask(img, "How many shapes are there?", model="geometric").text == "3"
    assert "blue" in ask(img, "What colour is shape K?", model="geometric").text
    assert "orange" in ask(img, "What colour is the shape labelled M?", model="geometric").text


def test_a_dot_inside_an_outline_circle_is_still_two_shapes():
    """A ring around a mark OCR reads no letter in is an outline shape and its dot (before: 3)."""
    img = np.full((500, 700, 3), 255, np.uint8)
    cv2.rectangle(img, (80, 150), (260, 330), (35, 90, 220), -1)
    cv2.rectangle(img, (440, 150), (620, 330), (215, 35, 35), -1)
    cv2.circle(img, (350, 90), 30, (0, 0, 0), 2, cv2.LINE_AA)
    cv2.circle(img, (350, 90), 6, (40, 165, 70), -1, cv2.LINE_AA)
    assert ask(img, "How many shapes are there?", model="geometric").text == "4"
