"""Everyday wordings of known questions: "... or not?" after a yes / no question, "how big is
X - large or small?", "which of A and B is smaller?", "furthest away from X"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red circle left of the blue square or not?", True),
        ("is the yellow star below the green triangle, or not", False),
        ("Which of the red circle and the purple circle is smaller?", "purple circle"),
        ("which of the purple circle and the green triangle is bigger", "green triangle"),
        ("Which shape is furthest away from the red circle?", "blue circle"),
    ],
)
def test_everyday_wordings(question: str, expected: object) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_how_big_large_or_small_is_the_either_form() -> None:
    assert parse_question("How big is the orange shape - large or small?")["type"] == "either_attribute"
