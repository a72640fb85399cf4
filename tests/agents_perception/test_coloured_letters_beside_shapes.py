"""A label written in a colour (blue, red letters above the shapes) or in large light digits
under shapes on a dark ground is read, not counted as a shape.

Before (issue 13, helper "labels", session 11): the letters were measured against a median
size that the letters themselves pulled down, so none was small enough to be offered to OCR;
four shapes with their four letters counted 8. Drawn here with Pillow and DejaVu fonts.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(
        fm.findfont(fm.FontProperties(family="DejaVu Sans Mono", weight="bold" if bold else "normal")), size
    )


def _coloured_letters() -> np.ndarray:
    im = Image.new("RGB", (720, 520), "white")
    d = ImageDraw.Draw(im)
    d.rectangle((40, 215, 142, 266), fill=(30, 80, 220))  # C
    d.polygon([(275, 256), (317, 337), (232, 337)], fill=(245, 120, 180))  # D (a triangle)
    d.ellipse((428, 208, 486, 266), fill=(250, 140, 0))  # A
    d.ellipse((581, 200, 657, 276), fill=(130, 75, 30))  # B
    font = _font(36)
    for text, (x, y), ink in (
        ("C", (91, 183), (0, 0, 200)),
        ("D", (275, 228), (0, 0, 200)),
        ("A", (457, 184), (0, 0, 200)),
        ("B", (619, 172), (200, 0, 0)),
    ):
        d.text((x, y), text, fill=ink, font=font, anchor="mm")
    return np.asarray(im)


def _light_digits_on_dark() -> np.ndarray:
    im = Image.new("RGB", (560, 400), (30, 30, 60))
    d = ImageDraw.Draw(im)
    d.ellipse((25, 190, 117, 240), fill=(220, 30, 30))  # 1
    d.rectangle((295, 193, 391, 242), fill=(0, 200, 220))  # 8
    d.ellipse((457, 181, 524, 248), fill=(250, 140, 0))  # 3
    font = _font(36, bold=False)
    for text, (x, y) in (("1", (71, 268)), ("8", (343, 273)), ("3", (490, 275))):
        d.text((x, y), text, fill=(255, 255, 200), font=font, anchor="mm")
    return np.asarray(im)


def test_coloured_letters_above_shapes_are_labels_not_shapes():
    img = _coloured_letters()
    assert ask(img, "How many shapes are there?", model="geometric").value == 4
    assert ask(img, "What colour is shape C?", model="geometric").value == "blue"
    assert ask(img, "What shape is D?", model="geometric").value == "triangle"


def test_large_light_digits_on_a_dark_ground_are_labels():
    """A 36 px "8" under a 50 px tall box is no smaller than half its height, but its strokes
    are a letter's: it is offered to OCR and read."""
    img = _light_digits_on_dark()
    assert ask(img, "How many objects are there?", model="geometric").value == 3
    assert ask(img, "What colour is object 8?", model="geometric").value == "cyan"
