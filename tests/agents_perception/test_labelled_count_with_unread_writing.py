""" "How many labelled shapes" when some writing beside a shape could not be read: the count
of the labels read would be too few, so the answer is a typed "cannot tell"; where every
label is read, it counts. Before, the unread writing was dropped as a small mark and the
count answered with confidence.

Drawn here with Pillow and the DejaVu font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont(fm.FontProperties(family="DejaVu Sans")), size)


def _sideways(text: str, size: int) -> Image.Image:
    """``text`` in black, turned a quarter turn."""
    font = _font(size)
    x0, y0, x1, y1 = font.getbbox(text)
    im = Image.new("RGBA", (x1 - x0 + 4, y1 - y0 + 4), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((2 - x0, 2 - y0), text, font=font, fill=(20, 20, 20, 255))
    return im.rotate(90, expand=True)


def _scene(fourth: str | None) -> np.ndarray:
    """Four shapes, three labelled A, B, C above them; the fourth's label ``fourth`` is written
    sideways beside it (``None``: the fourth carries none). A Cyrillic or Greek letter is
    writing the reader (Latin letters and digits) cannot read."""
    im = Image.new("RGB", (560, 320), "white")
    d = ImageDraw.Draw(im)
    d.rectangle((40, 60, 120, 140), fill=(200, 40, 40))
    d.ellipse((200, 50, 290, 140), fill=(40, 90, 210))
    d.polygon([(400, 50), (450, 140), (350, 140)], fill=(40, 150, 60))
    d.rectangle((220, 200, 330, 260), fill=(240, 150, 30))
    font = _font(24)
    for text, (x, y) in (("A", (72, 20)), ("B", (236, 12)), ("C", (392, 12))):
        d.text((x, y), text, fill=(20, 20, 20), font=font)
    if fourth is not None:
        mark = _sideways(fourth, 24)
        im.paste(mark, (340, 230 - mark.height // 2), mark)
    return np.asarray(im)


@pytest.fixture(autouse=True)
def _reader() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


@pytest.mark.parametrize("letter", ["Ж", "λ"])
def test_unread_writing_beside_a_shape_makes_the_labelled_count_cannot_tell(letter: str) -> None:
    a = ask(_scene(letter), "How many labelled shapes are there?")
    assert a.value is None and a.no_answer == "cannot tell"
    assert ask(_scene(letter), "How many shapes without labels are there?").value is None


def test_unread_writing_is_not_counted_as_a_shape() -> None:
    assert ask(_scene("Ж"), "How many shapes are there?").value == 4


def test_a_sideways_latin_label_is_read() -> None:
    assert ask(_scene("K"), "How many labelled shapes are there?").value == 4


def test_every_label_read_counts() -> None:
    assert ask(_scene(None), "How many labelled shapes are there?").value == 3
    assert ask(_scene(None), "How many unlabelled shapes are there?").value == 1
