"""Questions whose answer is several things: "which shapes are to the right of the triangle"
(every one on that side), "what colour are the circles" / "what are the colours of the
circles" (each one's, left to right, when every one was read), while "what colour is the
circle" of several still says it matches several."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing

# flat_drawing: a row (y=200) of red circle A (x80), blue square B (x200), green triangle C
# (x320), blue circle F (x430); yellow star D above C; small purple circle E at (250, 120).


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which shapes are to the right of the triangle?", ["blue circle"]),
        ("What objects are left of the square?", ["red circle"]),
        ("which circles are left of the triangle", ["red circle", "purple circle"]),
        ("List the shapes above the triangle.", ["purple circle", "yellow star"]),
        ("list the blue shapes to the right of the red circle", ["blue square", "blue circle"]),
        ("Which stars are below the triangle?", []),
    ],
)
def test_listing_every_object_on_a_side(question: str, expected: list[str]) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_a_single_object_on_a_side_is_still_one_answer() -> None:
    answer = reason_symbolic("What is to the right of the triangle?", flat_drawing())
    assert answer.value == "blue circle", answer.text


def test_listing_a_side_of_an_unknown_noun_says_cannot_tell() -> None:
    answer = reason_symbolic("which hearts are left of the square", flat_drawing())
    assert answer.value is None


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What colour are the circles?", ["red", "purple", "blue"]),
        ("What are the colours of the circles?", ["red", "purple", "blue"]),
        ("what colours do the circles have", ["red", "purple", "blue"]),
        ("What shape are the blue things?", ["square", "circle"]),
        ("What are the shapes of the blue objects?", ["square", "circle"]),
        ("What colours are the blue shapes?", "blue"),
    ],
)
def test_attribute_of_a_plural_class(question: str, expected) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_singular_attribute_of_several_is_ambiguous() -> None:
    answer = reason_symbolic("What colour is the circle?", flat_drawing())
    assert answer.value is None
    assert "3" in answer.text


def test_name_all_the_things_on_a_side_lists_them() -> None:
    answer = reason_symbolic("Name all the things to the left of the triangle.", flat_drawing())
    assert answer.value == ["red circle", "blue square", "purple circle"], answer.text
    answer = reason_symbolic("Name the shape to the left of the triangle.", flat_drawing())
    assert isinstance(answer.value, str), answer.text


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which colours are used?", ["red", "blue", "purple", "yellow", "green"]),
        ("What colors appear in the image?", ["red", "blue", "purple", "yellow", "green"]),
        ("what shapes are present", ["circle", "square", "star", "triangle"]),
    ],
)
def test_the_kinds_of_colour_or_shape_named(question: str, expected: list[str]) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_the_kinds_named_say_cannot_tell_when_one_is_unread() -> None:
    g = flat_drawing()
    g.objects[0].attributes.color = None
    answer = reason_symbolic("Which colours are used?", g)
    assert answer.value is None, answer.text
