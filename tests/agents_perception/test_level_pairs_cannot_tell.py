"""Two objects the pixels do not order on an axis are not ordered by a coin flip: the answer
is "No" for "is A above B" at the same height, and a typed "cannot tell" where the question
needs an order (which is closer, which is topmost) that the image does not give."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


@pytest.fixture(scope="module")
def side_by_side(tmp_path_factory):
    """Two equal squares at exactly the same height on a flat backdrop (drawn with Pillow)."""
    img = Image.new("RGB", (400, 300), (235, 235, 235))
    draw = ImageDraw.Draw(img)
    draw.rectangle([60, 120, 140, 200], fill=(200, 30, 30))
    draw.rectangle([260, 120, 340, 200], fill=(30, 60, 200))
    path = tmp_path_factory.mktemp("level") / "side_by_side.png"
    img.save(path)
    return path


@pytest.mark.parametrize(
    "question", ["Is the red square above the blue square?", "Is the blue square above the red square?"]
)
def test_same_height_is_not_above(side_by_side, question) -> None:
    answer = ask(side_by_side, question)
    assert answer.value is False and answer.text == "No"


@pytest.mark.parametrize(
    "question",
    [
        "Is the red square closer to the camera than the blue square?",
        "Is the blue square behind the red square?",
        "Which is closer, the red square or the blue square?",
        "Which object is the topmost?",
    ],
)
def test_an_order_the_image_does_not_give_is_cannot_tell(side_by_side, question) -> None:
    answer = ask(side_by_side, question)
    assert answer.value is None and answer.no_answer == "cannot tell"
    assert answer.text.startswith("Cannot tell")


def test_an_order_the_image_gives_is_still_answered(side_by_side) -> None:
    assert ask(side_by_side, "Which object is the leftmost?").value == "red square"
    assert ask(side_by_side, "Is the red square left of the blue square?").value is True


@pytest.fixture(scope="module")
def diagram(tmp_path_factory):
    """A flat diagram of three shapes of different sizes (nothing in it shows depth)."""
    img = Image.new("RGB", (420, 300), (245, 245, 245))
    draw = ImageDraw.Draw(img)
    draw.rectangle([30, 170, 110, 250], fill=(200, 30, 30))
    draw.ellipse([170, 180, 240, 250], fill=(30, 60, 200))
    draw.rectangle([290, 100, 390, 230], fill=(30, 150, 60))
    path = tmp_path_factory.mktemp("diagram") / "diagram.png"
    img.save(path)
    return path


def test_a_flat_diagram_has_no_depth_answers(diagram) -> None:
    closest = ask(diagram, "Which object is closest to the camera?")
    assert closest.value is None and closest.no_answer == "cannot tell"
    where = ask(diagram, "Where is the red square relative to the blue circle?")
    assert where.value == ["left"] and "front" not in where.text and "behind" not in where.text
