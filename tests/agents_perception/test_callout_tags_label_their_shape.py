"""A callout tag (a label in a small pale box or bubble with a 1 px frame, joined by a thin
leader line to its shape) is no shape, and its label names the shape the line reaches. Before,
the filled tag was counted as a shape and carried its own letter (the labels7 probe's callouts on a dark ground).

Drawn here with Pillow and the DejaVu font, not with the project's renderers.
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


def _callouts() -> np.ndarray:
    im = Image.new("RGB", (700, 480), (18, 48, 36))  # a dark ground; pale tags, light grey lines
    d = ImageDraw.Draw(im)
    frame = (215, 215, 215)
    d.rectangle((90, 90, 230, 170), fill=(210, 50, 50))  # A: tag up and right
    d.ellipse((420, 80, 560, 200), fill=(50, 90, 200))  # B: tag down and left
    d.polygon([(170, 300), (250, 430), (90, 430)], fill=(50, 150, 70))  # C: tag right
    font = _font(20)
    for text, (tx, ty), end in (
        ("A", (300, 50), (225, 95)),
        ("B", (360, 270), (440, 180)),
        ("C", (330, 380), (229, 398)),
    ):
        d.line([(tx, ty), end], fill=frame, width=1)
        d.rounded_rectangle(
            (tx - 16, ty - 16, tx + 16, ty + 16), radius=6, fill=(255, 250, 215), outline=frame
        )
        box = d.textbbox((0, 0), text, font=font)
        d.text((tx - (box[0] + box[2]) / 2, ty - (box[1] + box[3]) / 2), text, fill=(10, 10, 10), font=font)
    return np.asarray(im)


@pytest.mark.parametrize(
    "question, value",
    [
        ("How many shapes are there?", 3),
        ("What colour is the shape labelled A?", "red"),
        ("What colour is the shape labelled B?", "blue"),
        ("What colour is the shape labelled C?", "green"),
    ],
)
def test_callout_tags_label_the_shape_their_line_reaches(question: str, value: object) -> None:
    assert ask(_callouts(), question, cache=False).value == value
