"""Letters about 7 px tall written 2 px beside their shapes are read as labels (a labelled
diagram at half its size): a small letter's margin to other ink and its stroke depth are in
proportion to its height (a 1 px pen blended over 2-3 px lies 2 px deep; a 3 px margin is a
label's whole gap at half size). Before, such an "A" next to its square was neither a glyph
nor an object, so "shape A" matched nothing.

Drawn here with Pillow and the DejaVu font; neither the project's renderers nor OpenCV.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont(fm.FontProperties(family="DejaVu Sans")), size)


def _small_labelled() -> np.ndarray:
    im = Image.new("RGB", (300, 172), "white")
    d = ImageDraw.Draw(im)
    d.rectangle((102, 30, 140, 66), fill=(130, 40, 170))  # A
    d.ellipse((153, 91, 185, 123), fill=(30, 70, 220))  # B
    d.polygon([(36, 97), (54, 131), (18, 131)], fill=(30, 160, 50))  # C
    font = _font(10)
    for text, (x, y) in (("A", (143, 22)), ("B", (188, 84)), ("C", (58, 90))):
        d.text((x, y), text, fill=(20, 20, 20), font=font)
    return np.asarray(im)


@pytest.mark.parametrize(
    "question, value",
    [
        ("What colour is shape A?", "purple"),  # 2 px right of the square's edge
        ("What colour is shape B?", "blue"),
        ("How many shapes are there?", 3),  # the letters are not shapes
    ],
)
def test_small_letters_next_to_shapes_label_them(question: str, value: object) -> None:
    assert ask(_small_labelled(), question).value == value
