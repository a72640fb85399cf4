""" "What is (directly) above X" picks the object in X's column before a nearer one off to the
side; "is there a X left of Y" is an existence question narrowed by the relation; an object
level with the reference (a coin-flip relation) is on neither side when counting or picking."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question",
    [
        "What is directly above the green triangle?",
        "Which shape sits straight above the triangle?",
        "What's right above the triangle?",
        "What is above the triangle?",  # the star is in its column; the purple circle is nearer but off to the side
    ],
)
def test_above_x_prefers_the_shape_in_its_column(question: str) -> None:
    assert reason_symbolic(question, flat_drawing()).value == "yellow star"


def test_with_nothing_in_line_the_nearest_on_that_side_answers() -> None:
    assert reason_symbolic("What is above the blue square?", flat_drawing()).value == "purple circle"


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What shape is to the immediate right of the square?", "green triangle"),  # in its row
        ("Which shape lies just left of the blue square?", "red circle"),
        ("Is the star situated above the triangle?", True),
        ("Does the blue circle sit to the right of the triangle?", True),
        ("Is the square further right than the triangle?", False),
    ],
)
def test_placement_verbs_and_adverbs_keep_the_relation(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is there a circle to the right of the green triangle?", True),
        ("Is there a star to the left of the blue square?", False),
        ("Is there anything below the star?", True),
        ("Is there a square above the red circle?", False),
        ("Are there any circles left of the blue square?", True),
    ],
)
def test_existence_narrowed_by_a_relation(question: str, expected: bool) -> None:
    q = parse_question(question)
    assert q["type"] == "exists" and q["relation"] is not None
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_a_level_object_is_on_neither_side() -> None:
    graph = flat_drawing()  # the row's shapes are level with one another
    assert reason_symbolic("How many circles are below the triangle?", graph).value == 0
    assert (
        reason_symbolic("How many shapes are above the blue circle?", graph).value == 2
    )  # star, purple circle
    assert reason_symbolic("Is there a blue shape below the green triangle?", graph).value is False
