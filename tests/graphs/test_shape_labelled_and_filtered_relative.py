""" "What is the shape labelled 'B'" asks that shape's name (as "what is shape B"); a relative
question whose filter leaves nothing on that side says so ("No small shape is left of X"),
never "No object is left of X" when other objects are there."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question",
    [
        "What is the shape labelled B?",
        "what is the shape labeled 'b'",
        "What is the object marked with the letter B?",
    ],
)
def test_the_shape_labelled_a_letter(question: str) -> None:
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == "square"


def test_a_filter_that_leaves_none_on_that_side_is_named() -> None:
    answer = reason_symbolic("What colour is the star that is left of the blue square?", flat_drawing())
    assert answer.value is None and answer.problem == "No star is left of blue square."
