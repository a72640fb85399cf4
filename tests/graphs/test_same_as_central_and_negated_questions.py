"""CLEVR's same-attribute questions ("is there anything else that has the same colour as X",
"how many other objects have the same shape as X", "what shape is the other thing that has
the same colour as X"), "which is closest to the centre of the image", "how large is A
compared to B", and negated yes / no questions ("is A not left of B", "is it false that ..."),
whose answer is flipped, or which are refused (typed) when the rest is not a yes / no question
the parser reads. One test draws its image with Pillow and asks through the public API."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is there anything else that has the same colour as the blue square?", True),
        ("is there another object of the same color as the red circle", False),
        ("Does anything else have the same shape as the red circle?", True),
        ("Are there other shapes with the same colour as the green triangle?", False),
        ("Is anything else the same colour as the blue circle?", True),
        ("How many other objects have the same shape as the red circle?", 2),
        ("how many other things are the same colour as the yellow star", 0),
        ("How many other circles are the same colour as the blue square?", 1),
        ("What shape is the other thing that has the same colour as the blue square?", "circle"),
        ("Which shapes are the same shape as the purple circle?", ["red circle", "blue circle"]),
        ("Is the blue square the same colour as the blue circle?", True),
        ("Does the red circle have the same shape as the blue square?", False),
    ],
)
def test_same_attribute_as_a_named_object(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_a_pair_the_same_size_keeps_the_image_area_rule() -> None:
    assert parse_question("is the purple circle the same size as the green triangle")["type"] == "same_size"


def test_same_size_of_flat_shapes_is_not_read() -> None:
    answer = reason_symbolic("Is there anything else of the same size as the red circle?", flat_drawing())
    assert answer.value is None and answer.text.startswith("Cannot tell")


def test_the_other_one_when_several_share_the_attribute_is_a_problem() -> None:
    answer = reason_symbolic(
        "What colour is the other shape that has the same shape as the red circle?", flat_drawing()
    )
    assert answer.value is None and answer.problem


@pytest.mark.parametrize(
    "question",
    [
        "Which is closest to the centre?",
        "which object is nearest the center of the image",
        "What shape is closest to the middle of the picture?",
        "Which one is most central?",
    ],
)
def test_closest_to_the_centre_of_the_image(question: str) -> None:
    g = flat_drawing()
    g.objects[4].centroid = (245.0, 150.0)  # the purple circle, 11 px from the centre (480 x 320)
    assert reason_symbolic(question, g).value == "purple circle"


def test_two_about_as_central_is_cannot_tell() -> None:
    # purple circle 41 px and blue square 57 px from the centre: within 5% of the height
    answer = reason_symbolic("Which is closest to the centre?", flat_drawing())
    assert answer.value is None and answer.text.startswith("Cannot tell")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red circle not left of the blue square?", False),
        ("Is the green triangle not below the yellow star?", False),
        ("is the yellow star not below the green triangle", True),
        ("Is it false that the yellow star is above the green triangle?", False),
        ("Is it not true that the red circle is right of the blue circle?", True),
        ("Is the blue square not red?", True),
        ("IS IT TRUE THAT ALL CIRCLES ARE BLUE?", False),
        ("Is it true that every circle is a circle?", True),
    ],
)
def test_negated_and_quantified_claims(question: str, expected: bool) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value is expected, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "Are there not two circles?",
        "Is it false that there are two circles?",
        "Is the circle that is not red left of the star?",
    ],
)
def test_negations_it_cannot_read_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        parse_question(question)


@pytest.mark.parametrize(
    "question,expected",
    [
        ("How large is the green triangle compared to the blue circle?", "larger"),
        ("how big is the purple circle compared with the red circle", "smaller"),
    ],
)
def test_how_large_compared_to(question: str, expected: str) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_same_colour_and_centre_on_a_drawn_image() -> None:
    import numpy as np
    from PIL import Image, ImageDraw

    from spatioxolver import ask

    img = Image.new("RGB", (480, 320), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.ellipse([40, 40, 120, 120], fill=(215, 40, 45))  # red circle, top left
    d.rectangle([200, 120, 280, 200], fill=(35, 85, 215))  # blue square, centre
    d.ellipse([360, 220, 440, 300], fill=(35, 85, 215))  # blue circle, bottom right
    rgb = np.asarray(img)
    assert (
        ask(
            rgb, "Is there anything else that has the same colour as the blue square?", model="geometric"
        ).text
        == "Yes"
    )
    assert (
        ask(rgb, "how many other objects have the same colour as the red circle", model="geometric").text
        == "0"
    )
    assert "square" in ask(rgb, "Which shape is closest to the centre of the image?", model="geometric").text
    assert ask(rgb, "Is the red circle not above the blue circle?", model="geometric").text == "No"
