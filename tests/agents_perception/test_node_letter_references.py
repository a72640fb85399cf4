"""A graph's node named by its letter ("is node K left of node B") is a label reference, as
"shape K" is; before, "node K" was read as a description with the unknown word "k"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._refs import parse_reference


@pytest.mark.parametrize(
    ("phrase", "label"),
    [
        ("node K", "K"),  # a graph's node by its letter
        ("node 3", "3"),  # ... or its number
        ("the vertex b", "B"),  # a letter in lower case is the same label
        ("shape A", "A"),  # unchanged
    ],
)
def test_node_letters_are_labels(phrase: str, label: str) -> None:
    assert parse_reference(phrase)["label"] == label
