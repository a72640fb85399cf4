"""Without the ocr extra the letters drawn beside (or inside) shapes cannot be read. Before,
each small bold letter stayed an object, so "how many shapes" counted the letters (6 for 3),
and "shape B" was "no object matching": the engine claimed a count and an absence it could
not know. Now the marks that would have been read are marked ``unread_mark``: a count or a
pick that takes one in is a typed "cannot tell", and a label reference says the labels were
not read (``no_answer="labels unread"``). A drawing with no labels is still counted. Drawn
here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask


def _font(size: int):
    import matplotlib
    from PIL import ImageFont

    return ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans-Bold.ttf"), size)


def _drawing(letters: bool, inside: bool = False) -> np.ndarray:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (720, 420), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((70, 150, 190, 270), fill=(40, 90, 210))
    d.ellipse((300, 150, 420, 270), fill=(240, 140, 20))
    d.polygon([(590, 150), (650, 270), (530, 270)], fill=(40, 160, 60))
    if letters:
        font = _font(30 if inside else 16)
        for letter, (x, y) in zip(
            "BKR",
            [(130, 210), (360, 210), (590, 235)] if inside else [(130, 120), (360, 120), (590, 120)],
            strict=True,
        ):
            box = d.textbbox((0, 0), letter, font=font)
            d.text((x - (box[0] + box[2]) / 2, y - (box[1] + box[3]) / 2), letter, font=font, fill=(0, 0, 0))
    return np.asarray(img)


@pytest.fixture
def no_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    from spatioxolver.agents._vision import labels

    monkeypatch.setattr(labels, "_engine", lambda: None)  # as without the ocr extra


@pytest.mark.parametrize("inside", [False, True])
def test_unread_letters_are_not_counted_as_shapes(no_reader: None, inside: bool) -> None:
    answer = ask(_drawing(True, inside), "How many shapes are there?", cache=False)
    assert answer.value in (None, 3), answer.text  # never the letters counted as shapes
    if answer.value is None:
        assert answer.no_answer == "cannot tell" and "may be labels" in answer.text


def test_a_label_reference_says_the_labels_were_not_read(no_reader: None) -> None:
    answer = ask(_drawing(True), "What colour is shape K?", cache=False)
    assert answer.value is None and answer.no_answer == "labels unread"
    assert "ocr" in answer.text and "no object matching 'shape K'" in answer.text
    which = ask(_drawing(True), "Which label is on the orange circle?", cache=False)
    assert which.value is None and which.no_answer == "labels unread"


def test_a_drawing_without_labels_is_still_counted(no_reader: None) -> None:
    assert ask(_drawing(False), "How many shapes are there?", cache=False).value == 3


def test_with_the_reader_the_letters_label_their_shapes() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    rgb = _drawing(True)
    assert ask(rgb, "How many shapes are there?", cache=False).value == 3
    assert "orange" in ask(rgb, "What colour is shape K?", cache=False).text.lower()
