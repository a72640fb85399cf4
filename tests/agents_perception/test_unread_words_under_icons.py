"""A small word under an icon that OCR could not read is not an object.

With the ``ocr`` extra, a glyph OCR cannot read becomes an object again unless it is a mark
much smaller than the shapes; a word written under each icon (wider than tall, under half
the icons' height) is neither a shape nor a label. The OCR is stubbed to read nothing, as
it does on tiny grey words; the row is drawn in the test with OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask


def _icon_row() -> np.ndarray:
    """Five dots 22 px wide on a 300 x 100 canvas, a small grey word under each."""
    img = np.full((100, 300, 3), 255, np.uint8)
    for i, word in enumerate(["user", "cloud", "user", "lock", "bell"]):
        cx, cy, r = 30 + 60 * i, 40, 11
        cv2.circle(img, (cx, cy), r, (40 + 40 * i, 170 - 30 * i, 70 + 30 * i), -1, cv2.LINE_AA)
        (tw, th), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, 0.3, 1)
        cv2.putText(
            img,
            word,
            (cx - tw // 2, cy + r + 6 + th),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.3,
            (90, 90, 90),
            1,
            cv2.LINE_AA,
        )
    return img


def test_unread_words_under_icons_are_not_counted(monkeypatch) -> None:
    from spatioxolver.agents._vision import labels

    monkeypatch.setattr(
        labels, "drawn_labels", lambda work, glyphs, options, source=None: []
    )  # OCR read nothing
    answer = ask(_icon_row(), "How many icons are there?", cache=False)
    assert answer.value == 5, answer.text


def test_without_ocr_the_words_are_set_aside_too(monkeypatch) -> None:
    from spatioxolver.agents._vision import labels

    monkeypatch.setattr(
        labels, "drawn_labels", lambda work, glyphs, options, source=None: None
    )  # no OCR extra
    assert ask(_icon_row(), "How many icons are there?", cache=False).value == 5
