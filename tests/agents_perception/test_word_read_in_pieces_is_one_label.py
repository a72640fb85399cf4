"""A word label whose letters were read in pieces ("Riv", "iver", "er": a bold serif word whose
letters the segmenter kept in two kinds) is joined and read as one word. Before, the pieces
became labels of their own and the shape was called "iver".

Drawn here with Pillow and a bold serif font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont
from spatioxolver.agents._vision.label_fragments import join_fragments

from spatioxolver import ask


def _serif_bold(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    path = fm.findfont(fm.FontProperties(family=["DejaVu Serif"], weight="bold"))
    return ImageFont.truetype(path, size)


def _words_above_shapes() -> np.ndarray:
    im = Image.new("RGB", (720, 540), "white")
    d = ImageDraw.Draw(im)
    d.regular_polygon((563, 394, 34), 6, fill=(240, 210, 30))
    d.ellipse((311, 367, 381, 437), fill=(214, 40, 40))
    d.ellipse((85, 360, 150, 425), fill=(240, 120, 180))
    font = _serif_bold(21)
    for word, cx, top in (("River", 563, 334), ("Delta", 346, 336), ("Alpha", 117, 328)):
        x0, y0, x1, y1 = font.getbbox(word)
        d.text((cx - (x1 - x0) / 2 - x0, top - y0), word, fill=(20, 20, 20), font=font)
    return np.asarray(im)


def test_pieces_read_whole_when_sure() -> None:
    pieces = [
        ("Riv", (0, 0, 20, 14)),
        ("iver", (21, 3, 41, 14)),
        ("er", (41, 3, 51, 14)),
        ("B", (200, 0, 210, 14)),
    ]
    joined = join_fragments(pieces, lambda box: ("River", True) if box[2] - box[0] > 40 else ("Rive", False))
    assert sorted(t for t, _ in joined) == ["B", "River"]


def test_pieces_stay_when_the_joined_window_is_unsure() -> None:
    pieces = [("A", (0, 0, 10, 14)), ("B", (14, 0, 24, 14))]
    assert join_fragments(pieces, lambda box: ("AB", False)) == pieces


@pytest.mark.parametrize("word, colour", [("River", "yellow"), ("Delta", "red")])
def test_a_bold_serif_word_names_its_shape(word: str, colour: str) -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    assert ask(_words_above_shapes(), f"What colour is the shape labelled {word}?").value == colour
