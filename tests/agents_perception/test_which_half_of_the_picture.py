""" "Is X on the left or the right side of the image?", "at the top or the bottom", "which side
of the picture is X on": answered with the half the object's centre lies in. Drawn with
Pillow (not the project's generators). Two objects ("left or right of B") stay the
``which_side`` form's; an object at the middle, or a noun the engine has no picture of, is a
typed "cannot tell", never a side."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._reasoning import parse_question

from spatioxolver import ask


def _scene() -> Image.Image:
    """A red circle at the top left, a blue square at the bottom right, a green triangle in
    the middle (across and down)."""
    img = Image.new("RGB", (600, 400), (248, 246, 240))
    d = ImageDraw.Draw(img)
    d.ellipse([60, 40, 140, 120], fill=(214, 40, 40))
    d.rectangle([440, 270, 520, 350], fill=(40, 90, 220))
    d.polygon([(300, 160), (345, 240), (255, 240)], fill=(50, 170, 60))
    return img


@pytest.fixture(scope="module")
def scene() -> Image.Image:
    return _scene()


@pytest.mark.parametrize(
    ("question", "side"),
    [
        ("Is the red circle on the left or the right side of the image?", "left"),
        ("IS THE SQUARE ON THE LEFT OR THE RIGHT SIDE OF THE PICTURE", "right"),
        ("is the blue square left or right?", "right"),
        ("Is the circle in the left half or the right half of the image?", "left"),
        ("Is the red circle at the top or the bottom of the image?", "top"),
        ("Is the blue square in the upper or the lower part of the picture?", "bottom"),
        ("Which side of the picture is the circle on?", "left"),
        ("On which side of the image is the blue square?", "right"),
    ],
)
def test_the_half_an_object_is_in(scene: Image.Image, question: str, side: str) -> None:
    answer = ask(scene, question)
    assert answer.value == side, answer.text


def test_two_objects_stay_a_comparison_between_them() -> None:
    query = parse_question("Is the red circle on the left or the right of the blue square?")
    assert query["type"] == "either"


def test_an_object_at_the_middle_cannot_tell(scene: Image.Image) -> None:
    answer = ask(scene, "Is the triangle on the left or the right side of the image?")
    assert answer.value is None and answer.no_answer == "cannot tell", answer.text


def test_an_unknown_noun_is_said_unknown(scene: Image.Image) -> None:
    answer = ask(scene, "Is the unicorn on the left or the right side of the image?")
    assert answer.value is None, answer.text
