"""Word labels ("the shape labelled start", marked 'exit') and lower-case letter labels
("is c a star") name the shapes they mark (issue 13, helper issue13lb). Before, a word of
four letters or more was not a label ("no object here is described as 'labelled' or
'start'") and "is c a star" was refused; a single capital still names, and a colour or
shape word after "labelled" describes where no shape carries it as a label.

Drawn here with Pillow and the Liberation fonts when the machine has them.
"""

from __future__ import annotations

import glob

import numpy as np
import pytest
from spatioxolver.agents._reasoning._parse import parse_question

from spatioxolver import ask
from spatioxolver.errors import UnsupportedQuestionError


def _subject(question: str) -> dict:
    q = parse_question(question)
    return q.get("subject") or q["objects"][0]


def test_word_labels_are_parsed_as_labels():
    assert _subject("What colour is the shape labelled start?")["label"] == "START"
    assert _subject("What shape is the shape marked 'exit'?")["label"] == "EXIT"
    assert _subject("Is the box labelled goal left of the box labelled B?")["label"] == "GOAL"
    # A colour or shape word after "labelled" is the label when a shape carries it, else it
    # describes (tests/graphs/test_label_written_as_a_vocabulary_word.py resolves both).
    green = _subject("What colour is the shape labelled green?")
    assert (green["label"], green["color"], green["label_or_description"]) == ("GREEN", "green", True)


def test_a_lower_case_letter_names_a_labelled_shape():
    q = parse_question("Is c a star?")
    assert q["type"] == "has_attribute" and q["subject"]["label"] == "C"
    # "is a a star": the first "a" can only be a label (the article needs a noun after it)
    assert parse_question("Is a a star?")["subject"]["label"] == "A"
    with pytest.raises(UnsupportedQuestionError):
        parse_question("Is i a circle?")  # "i" is left alone: a pronoun far more often


def test_word_labels_drawn_beside_shapes_are_read():
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    from PIL import Image, ImageDraw, ImageFont

    fonts = sorted(glob.glob("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"))
    if not fonts:
        pytest.skip("no Liberation Sans on this machine")
    font = ImageFont.truetype(fonts[0], 30)
    img = Image.new("RGB", (900, 600), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.ellipse((120, 120, 260, 260), fill=(215, 35, 35))
    d.rectangle((520, 300, 660, 440), fill=(35, 90, 220))
    d.text((280, 170), "start", fill=(0, 0, 0), font=font)
    d.text((680, 350), "goal", fill=(0, 0, 0), font=font)
    rgb = np.asarray(img)
    assert "red" in ask(rgb, "What colour is the shape labelled start?", model="geometric").text
    assert "square" in ask(rgb, "What shape is the shape labelled 'goal'?", model="geometric").text
    assert ask(rgb, "How many shapes are there?", model="geometric").text == "2"
