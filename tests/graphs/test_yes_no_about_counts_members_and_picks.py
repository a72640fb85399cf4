"""Yes / no questions about a count ("are there exactly two circles", "is there more than
one square"), about every member of a class ("are all the circles blue", "is no shape
orange"), and about a pick ("is the red circle the leftmost shape", "is the star second from
the right")."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing

# the drawing: circles red A, purple E, blue F; blue square B; green triangle C; yellow star D


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Are there exactly three circles?", True),
        ("Are there exactly 2 circles?", False),
        ("Is there only one star?", True),
        ("Is there more than one square?", False),
        ("Are there at least two blue shapes?", True),
        ("Are there fewer than four circles?", True),
        ("Are there at most one triangle?", True),
        ("Is there a single red shape in the picture?", True),
    ],
)
def test_a_count_claim_is_checked(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Are all the circles blue?", False),
        ("Are all of the squares blue?", True),
        ("Is every shape a circle?", False),
        ("Is each triangle green?", True),
        ("Are none of the circles green?", True),
        ("Is no shape orange?", True),
    ],
)
def test_a_claim_about_every_member(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_a_claim_about_an_empty_class_is_not_a_vacuous_yes() -> None:
    answer = reason_symbolic("Are all the hexagons red?", flat_drawing())
    assert answer.value is None and answer.problem


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red circle the leftmost shape?", True),
        ("Is the purple circle the smallest object?", True),
        ("Is the star the largest?", False),
        ("Is the blue circle the first shape on the right?", True),
        ("Is the square third from the left?", False),
        ("True or false: the star is the topmost shape.", True),
    ],
)
def test_a_claim_about_a_pick(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_a_pick_that_cannot_be_told_stays_undecided() -> None:
    # the triangle and the star share a column: which is "second from the right" is level
    answer = reason_symbolic("Is the star second from the right?", flat_drawing())
    assert answer.value is None
