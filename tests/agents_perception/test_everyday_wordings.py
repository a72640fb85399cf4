"""Everyday wordings a new user typed (not the templates the project was built on), answered
on a diagram drawn with Pillow: colon either-or, "further to the left than", "what number
of", "the rightmost square", and size comparisons as yes / no."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


@pytest.fixture(scope="module")
def diagram(tmp_path_factory):
    img = Image.new("RGB", (480, 300), (246, 244, 238))
    draw = ImageDraw.Draw(img)
    draw.rectangle([30, 170, 100, 240], fill=(205, 35, 35))  # red square, left, small
    draw.ellipse([170, 160, 260, 250], fill=(35, 70, 205))  # blue circle, middle, larger
    draw.rectangle([330, 60, 380, 250], fill=(35, 150, 65))  # green bar, right, tall
    draw.rectangle([400, 200, 440, 240], fill=(205, 35, 35))  # red square, rightmost, smallest
    path = tmp_path_factory.mktemp("wordings") / "diagram.png"
    img.save(path)
    return path


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Which is further to the left: the blue circle or the green rectangle?", "blue circle"),
        (
            "Which object is further to the right than the other: the blue circle or the green rectangle?",
            "green rectangle",
        ),  # fmt: skip
        ("Is the blue circle further to the right than the green rectangle?", False),
        ("What number of red things are there?", 2),
        ("Is the green rectangle taller than the blue circle?", True),
        ("Is the blue circle bigger than the green rectangle?", False),  # 6,400 vs 9,500 px
        ("Is the blue circle smaller than the green rectangle?", True),
        ("Is the blue circle shorter than the green rectangle?", True),
    ],
)
def test_everyday_wordings_are_answered(diagram, question, value) -> None:
    assert ask(diagram, question).value == value


def test_the_rightmost_square_is_a_square(diagram) -> None:
    answer = ask(diagram, "Which object is the rightmost square?")
    assert "square" in str(answer.value)
    right = ask(diagram, "Which object is the rightmost?")
    assert right.value == answer.value  # here the rightmost object is a square too


def test_an_answer_naming_one_of_two_twins_says_which(diagram) -> None:
    answer = ask(diagram, "Which object is the rightmost?")
    assert answer.value == "red square"  # the name, as benchmarks score it
    assert answer.text.endswith("(the rightmost of the 2)")
    lowest_left = ask(diagram, "Which object is the leftmost?")
    assert lowest_left.text.endswith("(the leftmost of the 2)")
