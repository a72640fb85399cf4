"""Either of two classes ("red or blue shapes", "circles and squares") is one filter that
counts each object once; "is X a triangle or a circle" / "is X red or blue" names the option
the object has ("neither" when it has none, "cannot tell" when the attribute was not read)."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents._reasoning._refs import parse_filter
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("How many shapes are blue or yellow?", 3),
        ("How many blue or purple objects are in the picture?", 3),
        ("How many objects are either green or red?", 2),
        ("How many squares and triangles are there?", 2),
        ("How many stars or circles can you see?", 4),
        ("How many blue circles or red circles are there?", 2),
        ("How many shapes are neither red nor blue?", 3),  # green, yellow, purple
        ("How many shapes are there apart from red ones and blue ones?", 3),
    ],
)
def test_either_of_two_classes_is_counted_once(question: str, expected: int | None) -> None:
    if expected is None:
        with pytest.raises(Exception, match="use an LLM model"):
            reason_symbolic(question, flat_drawing())
        return
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_the_shared_noun_goes_to_both_sides() -> None:
    f = parse_filter("red or blue squares")
    assert [(p["color"], p["shape"]) for p in f["any_of"]] == [("red", "square"), ("blue", "square")]


def test_a_union_filter_also_picks_and_tests_existence() -> None:
    graph = flat_drawing()
    assert reason_symbolic("Is there a yellow or orange shape?", graph).value is True
    assert reason_symbolic("Is there a pink or orange shape?", graph).value is False
    assert reason_symbolic("Which red or green shape is furthest right?", graph).value == "green triangle"


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the purple object a circle or a square?", "circle"),
        ("Is the star yellow or orange?", "yellow"),
        ("Is the triangle a star or a square?", "neither"),
        ("Is the leftmost shape red or green?", "red"),
    ],
)
def test_either_of_two_attributes_names_the_one_it_has(question: str, expected: str) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_an_attribute_the_pixels_did_not_give_is_cannot_tell() -> None:
    answer = reason_symbolic("Is the star large or small?", flat_drawing())  # a drawing has no size classes
    assert answer.value is None and answer.no_answer == "cannot tell"


def test_either_of_two_sides_is_still_the_side_question() -> None:
    assert parse_question("Is the star left or right of the purple circle?")["type"] == "either"
