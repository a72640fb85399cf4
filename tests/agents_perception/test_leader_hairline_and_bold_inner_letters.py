"""Two label placements read since session 11 (issue 13, helper "labels"):

* a hairline leader line from a letter to a small shape far below it: the piece of the line
  cut off next to the letter is not a shape (before: counted), and the leader is followed;
  a lone "X" the recogniser reads as "×" is the letter X;
* a thick letter written inside a shape (OpenCV Hershey Duplex, 2 px strokes on a 34 px
  letter, inking over 80 % of its box) is read (before: taken for a solid patch).

Drawn here with Pillow and OpenCV.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
cv2 = pytest.importorskip("cv2")


def _leaders() -> np.ndarray:
    import matplotlib.font_manager as fm

    im = Image.new("RGB", (640, 400), (250, 245, 230))
    d = ImageDraw.Draw(im)
    font = ImageFont.truetype(fm.findfont("DejaVu Sans"), 16)
    shapes = [((179, 109, 190, 131), (240, 120, 20)), ((451, 110, 468, 129), (30, 210, 230))]
    shapes += [((147, 306, 160, 333), (130, 75, 30)), ((486, 310, 504, 329), (30, 160, 60))]
    for box, fill in shapes:
        d.rectangle(box, fill=fill)
    for text, (x, y), end in (
        ("N", (89, 24), (182, 112)),
        ("H", (378, 36), (455, 112)),
        ("B", (155, 255), (153, 308)),
    ):
        d.text((x, y), text, fill=(40, 40, 40), font=font, anchor="mm")
        d.line((x, y + 9, *end), fill=(40, 40, 40), width=2)
    arr = np.array(im)
    cv2.putText(arr, "X", (568, 250), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (70, 70, 70), 1, cv2.LINE_AA)
    cv2.line(arr, (574, 254), (497, 312), (70, 70, 70), 1, cv2.LINE_AA)
    return arr


def test_a_hairline_leader_names_a_small_shape_and_is_no_shape():
    img = _leaders()
    assert ask(img, "How many shapes are there?", model="geometric").value == 4
    assert ask(img, "What colour is shape N?", model="geometric").value == "orange"
    assert ask(img, "What colour is shape X?", model="geometric").value == "green"


def test_a_thick_letter_inside_a_triangle_is_read():
    img = np.full((400, 900, 3), 255, np.uint8)
    pts = [
        np.array(p, np.int32)
        for p in ([(455, 243), (502, 329), (409, 329)], [(90, 243), (137, 329), (43, 329)])
    ]
    cv2.fillPoly(img, [pts[0]], (220, 200, 0))
    cv2.fillPoly(img, [pts[1]], (200, 60, 20))
    cv2.ellipse(img, (700, 290), (55, 30), 0, 0, 360, (20, 120, 240), -1)
    for text, (x, y), ink in (
        ("E", (444, 317), (0, 0, 0)),
        ("A", (78, 317), (255, 255, 255)),
        ("C", (689, 302), (0, 0, 0)),
    ):
        cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_DUPLEX, 34 / 30, ink, 2, cv2.LINE_AA)
    assert ask(img, "What colour is shape E?", model="geometric").value == "yellow"
    assert ask(img, "How many shapes are there?", model="geometric").value == 3
