"""A label named with "number" or "no." after its noun ("shape number 3", "item no. 3",
"object number 12") is that label; these wordings were refused ("cannot tell which object
'shape number 3' names"). Answered over a hand-made scene graph of labelled shapes."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import labelled_flat_graph

_SHAPES = [
    ("o1", "orange", "square", (120.0, 100.0), "12"),
    ("o2", "blue", "circle", (360.0, 100.0), "P"),
    ("o3", "purple", "triangle", (120.0, 240.0), "3"),
]


def _graph() -> object:
    return labelled_flat_graph(_SHAPES)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What colour is shape number 3?", "purple"),
        ("What colour is item no. 3?", "purple"),
        ("What is shape number 12?", "square"),  # its shape, as "what is shape 12"
        ("Is object number 12 left of shape P?", True),
        ("Is figure no.3 below object number 12?", True),
    ],
)
def test_a_label_after_number_names_the_labelled_object(question, value) -> None:
    assert reason_symbolic(question, _graph()).value == value


def test_a_number_of_things_is_still_a_count() -> None:
    assert reason_symbolic("What is the number of circles?", _graph()).value == 1


def test_what_is_the_object_labelled_a_word_asks_its_shape() -> None:
    graph = labelled_flat_graph(
        [("o1", "gray", "hexagon", (100.0, 100.0), "lamp"), ("o2", "red", "square", (300.0, 100.0), "door")]
    )
    assert reason_symbolic("What is the object labelled lamp?", graph).value == "hexagon"
