"""A framed list in a corner ("2  Pump", "3  Filter", ...) whose letters the segmenter kept in
one region with the frame is a key, not a shape; and a number read both beside a shape and in
the list names the shape. Before, the frame and its letters were counted as a "black square"
and the list's numbers, read last, moved every label to the wrong shape.

Drawn here with Pillow and a bold sans font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from spatioxolver import ask


def _font(family: str, size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(
        fm.findfont(fm.FontProperties(family=[family, "DejaVu Sans"], weight="bold")), size
    )


def _numbered_with_a_key() -> np.ndarray:
    im = Image.new("RGB", (800, 500), "white")
    d = ImageDraw.Draw(im)
    d.polygon([(111, 92), (137, 118), (111, 144), (85, 118)], fill=(40, 160, 60))  # 2: green diamond
    d.rectangle((319, 124, 402, 166), fill=(240, 120, 180))  # 9: pink rectangle
    d.regular_polygon((124, 378, 33), 6, fill=(40, 90, 210))  # 8: blue hexagon
    d.rectangle((331, 350, 378, 397), fill=(214, 40, 40))  # 6: red square
    d.polygon([(552, 355), (571, 381), (552, 408), (533, 381)], fill=(130, 80, 40))  # 3: brown diamond
    font = _font("Liberation Mono", 20)
    for text, (x, y) in (
        ("2", (66, 78)),
        ("9", (300, 90)),
        ("8", (72, 330)),
        ("6", (308, 332)),
        ("3", (507, 341)),
    ):
        d.text((x, y), text, fill=(20, 20, 20), font=font)
    key = _font("Liberation Sans", 15)
    d.rectangle((642, 352, 788, 484), outline=(60, 60, 60), width=1)
    for j, line in enumerate(["2  Pump", "3  Filter", "6  Vent", "8  Valve", "9  Tank"]):
        d.text((650, 360 + 22 * j), line, fill=(20, 20, 20), font=key)
    return np.asarray(im)


@pytest.fixture(autouse=True)
def _reader() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def test_the_key_is_no_shape() -> None:
    assert ask(_numbered_with_a_key(), "How many shapes are there?").value == 5


@pytest.mark.parametrize(
    "question, value",
    [
        ("What colour is the shape labelled 8?", "blue"),
        ("What colour is the shape labelled 6?", "red"),
        ("What colour is the shape labelled 3?", "brown"),
    ],
)
def test_numbers_in_the_key_do_not_move_the_labels(question: str, value: str) -> None:
    assert ask(_numbered_with_a_key(), question).value == value


def test_a_number_read_twice_names_the_shape_it_is_written_by() -> None:
    from types import SimpleNamespace

    from spatioxolver.agents._vision.label_step import _one_per_text

    square = np.zeros((500, 800), bool)
    square[350:397, 331:378] = True
    labels = [("6", (308, 332, 320, 348)), ("9", (300, 90, 312, 106)), ("6", (650, 404, 658, 416))]
    kept = _one_per_text(labels, [SimpleNamespace(mask=square)], {})
    assert kept == [("6", (308, 332, 320, 348)), ("9", (300, 90, 312, 106))]
