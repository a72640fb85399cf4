"""A digit with a closed loop ("9", "6", "8") written inside a filled square is that square's
label; the square is not a panel carrying the loop as an object (before: the panel step took
the loop's interior, ringed by ink, for a shaded solid standing on a table top, dropped the
yellow square as ground, and "how many shapes" said 2 of 3). Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _cards(digit: str) -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSerif.ttf"), 31)
    img = Image.new("RGB", (720, 460), (15, 45, 35))
    d = ImageDraw.Draw(img)
    d.ellipse((84, 181, 190, 287), fill=(20, 130, 40))
    d.rectangle((311, 185, 389, 263), fill=(245, 215, 0))
    d.polygon([(592, 190), (631, 260), (554, 260)], fill=(220, 30, 30))
    for text, (cx, cy), ink in (("5", (137, 234), (255, 255, 255)), (digit, (350, 224), (0, 0, 0)),
                                ("1", (593, 238), (255, 255, 255))):  # fmt: skip
        box = d.textbbox((0, 0), text, font=font)
        d.text((cx - (box[0] + box[2]) / 2, cy - (box[1] + box[3]) / 2), text, font=font, fill=ink)
    return np.asarray(img)


@pytest.mark.parametrize("digit", ["9", "6"])
def test_a_looped_digit_leaves_its_square_a_shape(digit: str) -> None:
    rgb = _cards(digit)
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    answer = ask(rgb, f"What colour is shape {digit}?", model="geometric")
    assert answer.no_answer or "yellow" in answer.text.lower(), answer.text


def test_an_outlined_square_drawn_on_a_card_stays_a_shape() -> None:
    # The card's own colour inside a black outline, as in a letter's loop, but as wide as a
    # shape: a shape on the card, not writing.
    cv2 = pytest.importorskip("cv2")
    img = np.full((400, 600, 3), 255, np.uint8)
    cv2.rectangle(img, (100, 80), (500, 320), (120, 200, 240), -1)
    cv2.rectangle(img, (150, 150), (230, 230), (0, 0, 0), 2)
    cv2.circle(img, (380, 200), 40, (200, 30, 30), -1)
    assert ask(img, "How many shapes are there?", model="geometric").value == 3
