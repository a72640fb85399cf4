"""A word whose leader line starts on its first letter, or with a thin "l" in it, is read
whole. Before, the first letter joined the line and was lost ("stone" read "tone"), and a
"l" the segmenter thinned away split "valve" into two words, which were then taken for a
line of running text and not read at all. Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _leaders(ground: tuple[int, int, int], ink: tuple[int, int, int]) -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans.ttf"), 17)
    img = Image.new("RGB", (900, 440), ground)
    d = ImageDraw.Draw(img)
    d.regular_polygon((150, 300, 55), 5, fill=(60, 120, 230))  # a pentagon: "seed"
    d.ellipse((380, 260, 520, 340), fill=(250, 150, 190))  # "stone"
    d.polygon([(740, 250), (800, 350), (680, 350)], fill=(50, 150, 60))  # "valve"
    for word, (tx, ty), end, first in (
        ("seed", (230, 120), (165, 262), True),
        ("stone", (540, 130), (470, 262), True),
        ("valve", (600, 110), (733, 268), False),
    ):
        box = d.textbbox((tx, ty), word, font=font)
        d.text((tx, ty), word, font=font, fill=ink)
        # the line starts on the word's first (or last) letter's foot
        start = (box[0] + 1, box[3] - 1) if first else (box[2] - 1, box[3] - 1)
        d.line((start, end), fill=ink, width=1)
    return np.asarray(img)


@pytest.mark.parametrize(("ground", "ink"), [((255, 255, 255), (0, 0, 0)), ((40, 44, 52), (235, 235, 235))])
def test_words_touching_their_leader_lines_are_read_whole(ground, ink) -> None:
    rgb = _leaders(ground, ink)
    assert "pink" in ask(rgb, "What colour is the shape labelled stone?", model="geometric").text.lower()
    assert "green" in ask(rgb, "What colour is the object marked valve?", model="geometric").text.lower()
    assert ask(rgb, "What is the label of the leftmost shape?", model="geometric").value == "seed"
