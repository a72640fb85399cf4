"""A ring read as "0" among letter labels is the letter "O", and one read as "O" among number
labels is "0": a drawing labels its shapes with one kind of mark (before: "shape O" found no
object and the rightmost shape's label was said to be "0"). Drawn here with Pillow in
matplotlib's DejaVu Sans Mono, whose "O" the recogniser reads as a zero."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _labelled(labels: list[str]) -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSansMono.ttf"), 26)
    img = Image.new("RGB", (720, 400), (255, 255, 255))
    d = ImageDraw.Draw(img)
    fills = [(220, 30, 30), (30, 160, 60), (30, 80, 220), (250, 140, 0)]
    for k, (text, fill) in enumerate(zip(labels, fills, strict=False)):
        cx, cy = 100 + 170 * k, 220
        if k % 2:
            d.rectangle((cx - 45, cy - 40, cx + 45, cy + 40), fill=fill)
        else:
            d.ellipse((cx - 45, cy - 45, cx + 45, cy + 45), fill=fill)
        box = d.textbbox((0, 0), text, font=font)
        d.text((cx - (box[2] - box[0]) / 2 - box[0], cy - 100 - box[1]), text, font=font, fill=(0, 0, 0))
    return np.asarray(img)


def test_a_ring_among_letters_is_the_letter_o() -> None:
    rgb = _labelled(["R", "E", "S", "O"])
    assert ask(rgb, "What is the label of the rightmost shape?", model="geometric").value == "O"
    assert "orange" in ask(rgb, "What colour is shape O?", model="geometric").text.lower()


@pytest.mark.parametrize(
    ("read", "meant"),
    [
        (["A", "0", "C"], ["A", "O", "C"]),  # a ring among letters is "O"
        (["3", "O", "12"], ["3", "0", "12"]),  # among numbers, a zero
        (["S", "1", "B"], ["S", "I", "B"]),  # a bar among letters is "I"
        (["A", "B", "8"], ["A", "B", "8"]),  # never a second "B"
        (["A", "0", "2"], ["A", "0", "2"]),  # mixed labels decide nothing
        (["ball", "0", "cup"], ["ball", "0", "cup"]),  # words are no letters
        (["A", "0"], ["A", "0"]),  # one other label is too few
    ],
)
def test_one_kind_of_label(read: list[str], meant: list[str]) -> None:
    from spatioxolver.agents._vision.labels import one_kind_of_label

    assert [t for t, _ in one_kind_of_label([(t, k) for k, t in enumerate(read)])] == meant
