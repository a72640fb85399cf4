"""A place word before a noun phrase picks among the objects it names: "the right blue
shape" is the rightmost of the blue ones, "the upper circle" the topmost circle. It names
nothing when only one object matches (the image shows no "left" one to tell apart), and a
place word alone is still no name."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_reference
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing

# blue: square B (200, 200) and circle F (430, 200); circles: A (80, 200), E (250, 120), F (430, 200)


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What colour is the upper circle?", "purple"),
        ("What shape is the right blue shape?", "circle"),
        ("What shape is the left blue shape?", "square"),
        ("Is the leftmost circle left of the square?", True),
        ("Which shape is between the left blue shape and the right blue shape?", "green triangle"),
        ("What is between the left circle and the left blue shape?", None),  # nothing lies between
    ],
)
def test_a_place_word_picks_among_several(question: str, expected: object) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected


def test_with_one_match_the_place_word_names_nothing() -> None:
    answer = reason_symbolic("What colour is the left triangle?", flat_drawing())
    assert answer.value is None and "no object" in answer.text.lower()


@pytest.mark.parametrize(
    "phrase", ["the left", "left of the square", "the top row", "right side of the image"]
)
def test_a_place_word_alone_is_no_name(phrase: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        parse_reference(phrase)
