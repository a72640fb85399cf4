"""Touching as a set: "which shapes are (not) touching", "which shapes touch X", "how many
shapes are touching", "are any shapes touching", "is anything touching X" (outlines within
2 px, the rule of "is A touching B"). The image is drawn with Pillow and asked through the API."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question


@pytest.fixture(scope="module")
def drawing():
    import numpy as np
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (480, 320), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle([60, 100, 140, 180], fill=(35, 85, 215))  # blue square
    d.ellipse([141, 100, 221, 180], fill=(215, 40, 45))  # red circle, touching the square
    d.polygon([(340, 100), (300, 180), (380, 180)], fill=(40, 165, 65))  # green triangle, apart
    return np.asarray(img)


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which shapes are not touching?", "green triangle"),
        ("which shapes are touching each other", "blue square, red circle"),
        ("How many shapes are touching?", "2"),
        ("Are any shapes touching?", "Yes"),
        ("Is anything touching the green triangle?", "No"),
        ("Which shapes touch the blue square?", "red circle"),
        ("which shapes are not touching anything", "green triangle"),
    ],
)
def test_touching_sets_on_a_drawing(drawing, question: str, expected: str) -> None:
    from spatioxolver import ask

    assert ask(drawing, question, model="geometric").text == expected


def test_touching_unknown_thing_is_not_a_set_question() -> None:
    q = parse_question("is the red circle touching the blue square")
    assert q["type"] == "touch"  # the pair form keeps its own questions
