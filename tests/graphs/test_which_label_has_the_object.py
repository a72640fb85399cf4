"""'Which label has the shape furthest to the left?' asks for the label of the object the
rest of the question picks (before: UnsupportedQuestionError)."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which label has the shape furthest to the right?", "F"),
        ("What letter has the green triangle?", "C"),
        ("Which label has the smallest shape?", "E"),
    ],
)
def test_which_label_has_the_picked_object(question: str, expected: str) -> None:
    q = parse_question(question)
    assert q["type"] == "attribute" and q["attribute"] == "label"
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == expected
