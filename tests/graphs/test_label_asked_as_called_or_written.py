"""The label asked for as what the object is called, what its label says or what is written next
to it ("what is the green triangle called", "what does the label on the blue square say", "what
is written next to the star", "name the label of the largest figure"): the labels7 probe's
wordings, before unsupported."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What is the green triangle called?", "C"),
        ("What does the label on the blue square say?", "B"),
        ("What does the tag next to the yellow star read?", "D"),
        ("What is written next to the star?", "D"),
        ("Name the label of the leftmost shape.", "A"),
    ],
)
def test_a_label_asked_as_called_or_written(question: str, expected: str) -> None:
    q = parse_question(question)
    assert q["type"] == "attribute" and q["attribute"] == "label"
    assert reason_symbolic(question, flat_drawing(labelled=True)).value == expected


def test_what_is_this_called_is_not_a_label_question() -> None:
    from spatioxolver import UnsupportedQuestionError

    with pytest.raises(UnsupportedQuestionError):
        parse_question("What is this called?")
