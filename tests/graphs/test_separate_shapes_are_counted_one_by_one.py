""" "How many separate (or individual) shapes" counts the shapes one by one; "how many different
shapes" and "how many separate colours" still count kinds."""

from __future__ import annotations

import pytest

from spatioxolver.api import ask

from .conftest import shapes_in_a_row

GRAPH = shapes_in_a_row(
    ("red", "square"), ("blue", "square"), ("red", "square"), ("green", "circle"), ("red", "square")
)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many separate shapes are shown?", 5),  # each one: an org chart of five boxes
        ("How many separate shapes are drawn?", 5),
        ("How many individual shapes can you see here?", 5),
        ("How many separate objects are there?", 5),
        ("How many separate red shapes are there?", 3),
        ("How many separate squares are there?", 4),
        ("How many different shapes are there?", 2),  # kinds
        ("How many separate colours are there?", 3),  # colours are only ever counted as kinds
    ],
)
def test_separate_shapes_are_counted_one_by_one(question: str, value: int) -> None:
    assert ask([], question, scene_graph=GRAPH).value == value
