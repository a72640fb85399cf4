"""A grid cell or a corner picked out an object with a word written under it: the
answer's text says what the object is and its word ("the purple square labelled 'chat'"),
the value stays the word. Answered over a hand-made scene graph of labelled icons."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import labelled_flat_graph

# A 2 x 2 grid of icons, each with a word drawn under it.
_ICONS = [
    ("o1", "red", "circle", (120.0, 100.0), "home"),
    ("o2", "blue", "star", (360.0, 100.0), "mail"),
    ("o3", "purple", "square", (120.0, 240.0), "chat"),
    ("o4", "green", "triangle", (360.0, 240.0), "cart"),
]


def _graph() -> object:
    return labelled_flat_graph(_ICONS)


@pytest.mark.parametrize(
    ("question", "colour", "shape", "word"),
    [
        ("What is in row 2, column 1?", "purple", "square", "chat"),
        ("What shape is in the first row and second column?", "blue", "star", "mail"),
        ("What is in the bottom right corner?", "green", "triangle", "cart"),
    ],
)
def test_a_picked_labelled_object_is_described_with_its_word(question, colour, shape, word) -> None:
    answer = reason_symbolic(question, _graph())
    assert answer.value == word
    assert colour in answer.text and shape in answer.text and word in answer.text
