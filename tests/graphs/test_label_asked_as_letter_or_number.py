"""The label asked for with two label words ("which letter or number is on the largest shape",
"what number or letter marks the star"): the labels6 probe's wording, before unsupported."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which letter or number is on the rightmost shape?", "F"),
        ("What number or letter marks the square?", "B"),
        ("Which letter or digit is written beside the star?", "D"),
    ],
)
def test_a_label_asked_as_letter_or_number(question: str, expected: str) -> None:
    q = parse_question(question)
    assert q["type"] == "attribute" and q["attribute"] == "label"
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == expected


def test_the_number_of_x_or_y_stays_a_count() -> None:
    assert parse_question("What is the number of stars?")["type"] == "count"
