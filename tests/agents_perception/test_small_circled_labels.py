"""A letter in a ring small enough to pass for a glyph itself (a 12-16 px letter in a 1-2 px
ring beside the shape) labels that shape; the ring is neither read with the letter nor
counted. Also when the segmenter breaks a 1 px ring open.

Before (issue 13, helper "labels", session 11): ring and letter were grouped into one word
and read as a "©" or nothing, and the ring came back as an object (3 shapes counted 4-5).
Drawn here with Pillow and DejaVu fonts.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont("DejaVu Sans"), size)


def _badged(ring_width: int) -> np.ndarray:
    im = Image.new("RGB", (800, 420), "white")
    d = ImageDraw.Draw(im)
    d.polygon([(140, 170), (207, 292), (73, 292)], fill=(220, 30, 30))  # Z
    d.ellipse((342, 184, 458, 248), fill=(30, 210, 230))  # T
    d.rectangle((637, 179, 727, 269), fill=(245, 120, 180))  # S
    font = _font(19)
    for text, (x, y) in (("Z", (230, 184)), ("T", (480, 180)), ("S", (747, 176))):
        x0, y0, x1, y1 = font.getbbox(text)
        rad = int(0.5 * math.hypot(x1 - x0, y1 - y0)) + 2 + ring_width
        d.ellipse((x - rad, y - rad, x + rad, y + rad), outline=(0, 0, 0), width=ring_width)
        d.text((x, y), text, fill=(0, 0, 0), font=font, anchor="mm")
    return np.asarray(im)


@pytest.mark.parametrize("ring_width", [1, 2])
def test_small_circled_letters_label_the_shape_beside_them(ring_width):
    img = _badged(ring_width)
    assert ask(img, "How many shapes are there?", model="geometric").value == 3
    assert ask(img, "What shape is S?", model="geometric").value == "square"
    assert ask(img, "Which label is on the red triangle?", model="geometric").value == "Z"
