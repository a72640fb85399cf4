"""Wordings a casual asker uses for counts, existence and the commonest attribute: "does the
picture contain at least two circles", "is anything red", "are any of the shapes blue", "are
any squares orange" (no squares at all: "no"), "# of stars", "circles count?", "stars — how
many?" (a typographic dash), "what shape are most of the objects"."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing

# flat_drawing: a row (y=200) of red circle A (x80), blue square B (x200), green triangle C
# (x320), blue circle F (x430); yellow star D above C; small purple circle E at (250, 120).


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Does the picture contain at least two circles?", True),
        ("Does the image contain exactly two circles?", False),
        ("Does this picture have more than one square?", False),
        ("Does the drawing contain at most one star?", True),
        ("Is anything red?", True),
        ("Is anything orange?", False),
        ("Is something yellow?", True),
        ("Are any of the shapes blue?", True),
        ("Are any shapes pink?", False),
        ("Are any of the objects dark green?", False),
        ("Are any squares orange?", False),
        ("Are any squares blue?", True),
        ("Is any circle purple?", True),
        ("Is any of the circles green?", False),
        ("Are any rectangles red?", False),
        ("Are any shapes touching?", False),
    ],
)
def test_yes_no_wordings_of_counts_and_existence(question: str, expected: bool) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value is expected, answer.text


@pytest.mark.parametrize(
    "question,expected",
    [
        ("# of circles?", 3),
        ("#of squares", 1),
        ("circles count?", 3),
        ("blue shapes count", 2),
        ("Stars — how many?", 1),
        ("circles – how many", 3),
    ],
)
def test_shorthand_counts(question: str, expected: int) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What shape are most of the objects?", "circle"),
        ("What colour are most of the shapes?", "blue"),
        ("Which colour are most shapes?", "blue"),
    ],
)
def test_what_most_of_the_shapes_are(question: str, expected: str) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_a_dash_before_what_colour_names_the_subject() -> None:
    answer = reason_symbolic("the star — what colour?", flat_drawing())
    assert answer.value == "yellow", answer.text
