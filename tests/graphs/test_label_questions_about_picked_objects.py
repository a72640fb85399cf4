"""The label drawn beside an object, asked about the object the rest of the question picks
("which label is on the leftmost shape", "what letter is next to the star", "which letter
marks the triangle", "how is the square labelled"), and a superlative said of two labelled
objects ("which is the rightmost: A or D")."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which label is on the rightmost shape?", "F"),
        ("What letter is written beside the star?", "D"),
        ("Which letter marks the square?", "B"),
        ("What is the label of the green triangle?", "C"),
        ("How is the purple circle labelled?", "E"),
        ("What letter does the red circle carry?", "A"),
        ("What's the tag on the shape second from the left?", "B"),
        ("Which letter is under the star?", "D"),
        ("What is the label for the smallest shape?", "E"),
    ],
)
def test_the_label_of_the_picked_object(question: str, expected: str) -> None:
    q = parse_question(question)
    assert q["type"] == "attribute" and q["attribute"] == "label"
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which one is the rightmost: A or D?", "D"),
        ("Which shape is the lowest, D or C?", "C"),
        ("Which is the biggest of these two, E or A?", "A"),
    ],
)
def test_a_superlative_said_of_two(question: str, expected: str) -> None:
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == expected


def test_without_labels_the_label_is_unread() -> None:
    answer = reason_symbolic("Which letter marks the triangle?", flat_drawing())
    assert answer.value is None and "could not be read" in answer.problem


def test_the_number_of_x_is_a_count_not_a_label() -> None:
    assert parse_question("What number of squares is there?")["type"] == "count"
    assert parse_question("What is the number of stars?")["type"] == "count"
