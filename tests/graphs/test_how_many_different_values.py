""" "How many different colours / shapes" counts distinct values; when an object's value could
not be read, the number is only a lower bound and the answer says "Cannot tell"."""

from __future__ import annotations

import pytest

from spatioxolver.api import ask

from .conftest import shapes_in_a_row


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many different colours are there?", 3),
        ("how many distinct colors can you see", 3),
        ("How many different shapes are there in the image?", 2),
        ("How many kinds of shape are used?", 2),
    ],
)
def test_distinct_values_are_counted(question: str, value: int) -> None:
    g = shapes_in_a_row(("red", "circle"), ("blue", "square"), ("red", "square"), ("green", "circle"))
    assert ask([], question, scene_graph=g).value == value


def test_an_unread_value_makes_it_a_lower_bound() -> None:
    g = shapes_in_a_row(("red", "circle"), ("blue", None), ("red", "square"))
    ans = ask([], "How many different shapes are there?", scene_graph=g)
    assert ans.value is None and ans.no_answer == "cannot tell" and "at least 2" in ans.text
    assert ask([], "How many different colours are there?", scene_graph=g).value == 2
