""" "How many labelled shapes are there?" counts the shapes that carry a drawn label. Before, the
parser read "labelled shapes" as the shape carrying the label "SHAPES" and answered 0.
"Shapes with labels", "shapes that have labels", "unlabelled shapes" and "shapes without labels"
are read the same way; without a label reader the count says "cannot tell".

Drawn here with Pillow and the DejaVu font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont
from spatioxolver.agents._reasoning._parse import parse_question

from spatioxolver import ask


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont(fm.FontProperties(family="DejaVu Sans")), size)


def _three_labelled_one_not() -> np.ndarray:
    im = Image.new("RGB", (520, 300), "white")
    d = ImageDraw.Draw(im)
    d.rectangle((40, 60, 120, 140), fill=(200, 40, 40))
    d.ellipse((200, 50, 290, 140), fill=(40, 90, 210))
    d.polygon([(400, 50), (450, 140), (350, 140)], fill=(40, 150, 60))
    d.rectangle((220, 200, 330, 260), fill=(240, 150, 30))  # no label
    font = _font(24)
    for text, (x, y) in (("A", (72, 20)), ("B", (236, 12)), ("C", (392, 12))):
        d.text((x, y), text, fill=(20, 20, 20), font=font)
    return np.asarray(im)


@pytest.mark.parametrize(
    "question, labelled, shape",
    [
        ("How many labelled shapes are there?", True, None),
        ("How many labeled circles are shown?", True, "circle"),
        ("How many shapes have labels?", True, None),
        ("How many shapes that carry a label are there?", True, None),
        ("How many unlabelled shapes are there?", False, None),
        ("How many shapes without labels are there?", False, None),
    ],
)
def test_labelled_is_a_class_qualifier(question: str, labelled: bool, shape: str | None) -> None:
    flt = parse_question(question)["filter"]
    assert flt["labelled"] is labelled and flt["label"] is None and flt["shape"] == shape


@pytest.mark.parametrize("phrase", ["How many shapes labelled A are there?", "How many objects labelled 3?"])
def test_one_label_is_still_a_label(phrase: str) -> None:
    flt = parse_question(phrase)["filter"]
    assert flt["label"] in ("A", "3") and "labelled" not in flt


@pytest.mark.parametrize(
    "question, value",
    [
        ("How many labelled shapes are there?", 3),
        ("How many shapes have labels?", 3),
        ("How many unlabelled shapes are there?", 1),
        ("How many shapes are there?", 4),
    ],
)
def test_counting_labelled_shapes(question: str, value: int) -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    assert ask(_three_labelled_one_not(), question).value == value


def test_without_a_reader_labelled_shapes_cannot_be_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    import spatioxolver.agents._vision.labels as labels

    monkeypatch.setattr(labels, "_engine", lambda: None)  # as without the ocr extra
    a = ask(_three_labelled_one_not(), "How many labelled shapes are there?", cache=False)
    assert a.value is None or a.abstained
