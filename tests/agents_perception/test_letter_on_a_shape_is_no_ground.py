"""A bold white letter written on a flat shape leaves that shape an object. Before, the
letter was taken for a thing standing on a panel, its blended rim for a lit solid's
shading, so the panel was a table top (ground): the orange ellipse vanished, "how many
shapes" said 2 for 3 and "shape A" found nothing. Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask


def _lettered() -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans-Bold.ttf"), 36)
    img = Image.new("RGB", (640, 400), (246, 242, 230))
    d = ImageDraw.Draw(img)
    d.rectangle((60, 160, 170, 220), fill=(240, 120, 170))
    d.ellipse((260, 150, 340, 230), fill=(40, 200, 220))
    d.ellipse((420, 155, 560, 225), fill=(253, 141, 60))
    box = d.textbbox((0, 0), "A", font=font)
    d.text((490 - (box[0] + box[2]) / 2, 190 - (box[1] + box[3]) / 2), "A", font=font, fill=(255, 255, 255))
    return np.asarray(img)


def test_a_shape_with_a_bold_letter_on_it_is_counted() -> None:
    rgb = _lettered()
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "orange" in ask(rgb, "What colour is the rightmost shape?", model="geometric").text.lower()


def test_the_letter_labels_the_shape_it_is_on() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    assert "orange" in ask(_lettered(), "What colour is shape A?", model="geometric").text.lower()
