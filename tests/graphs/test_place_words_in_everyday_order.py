"""Place words where people put them: "the object farthest right" (after the noun), "the
closest shape to the star" (the noun after the superlative) and "is X higher than Y" (a
position, as "above"; "taller" / "bigger" stay sizes). Each was refused or read as a size
comparison; the picture is drawn here with Pillow."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents.reasoning import parse_question

from spatioxolver import ask


def _picture() -> Image.Image:
    # A small red circle high on the left, a big blue square low in the middle, a green
    # triangle high on the right: "higher" and "bigger" disagree for the square.
    im = Image.new("RGB", (420, 300), (246, 244, 238))
    d = ImageDraw.Draw(im)
    d.ellipse((30, 40, 80, 90), fill=(210, 35, 35))
    d.rectangle((160, 170, 260, 270), fill=(35, 70, 200))
    d.polygon([(340, 50), (385, 125), (295, 125)], fill=(40, 160, 70))
    return im


@pytest.fixture(scope="module")
def picture() -> Image.Image:
    return _picture()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Is the red circle higher than the blue square?", "yes"),
        ("Is the blue square higher than the green triangle?", "no"),
        ("Is the blue square lower than the circle?", "yes"),
        ("Is the blue square bigger than the red circle?", "yes"),
        ("What colour is the object farthest right?", "green"),
        ("What colour is the shape furthest to the left?", "red"),
        ("What color is the shape most to the right?", "green"),
        ("What is the closest shape to the red circle?", "blue square"),
        ("Which is the nearest shape to the triangle?", "blue square"),
        ("What's the farthest shape from the triangle?", "red circle"),
    ],
)
def test_place_words_in_everyday_order(picture: Image.Image, question: str, expected: str) -> None:
    answer = ask(picture, question, model="geometric")
    assert answer.text.strip().rstrip(".").lower() == expected


def test_higher_than_is_a_position_not_a_size() -> None:
    assert parse_question("Is the circle higher than the square?")["type"] != "size_compare"
    assert parse_question("Is the circle taller than the square?")["type"] == "size_compare"


def test_a_side_of_the_picture_is_not_a_reference_object() -> None:
    # "the shape furthest to the right" picks by place; it is not "nearest to 'the right'"
    q = parse_question("What colour is the shape furthest to the right?")
    assert q["type"] == "attribute" and "nearest" not in q
