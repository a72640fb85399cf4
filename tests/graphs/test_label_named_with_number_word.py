"""A label named with "number" or "no." after its noun ("shape number 3", "item no. 3",
"object number 12") is that label; these wordings were refused ("cannot tell which object
'shape number 3' names"). Answered over a hand-made scene graph of labelled shapes."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

from .conftest import graph_from_positions

_SHAPES = [
    ("o1", "orange", "square", (120.0, 100.0), "12"),
    ("o2", "blue", "circle", (360.0, 100.0), "P"),
    ("o3", "purple", "triangle", (120.0, 240.0), "3"),
]


def _graph() -> SceneGraph:
    objs = [
        SpatialObject(
            id=i,
            label=label,
            attributes=Attributes(color=c, shape=s, extras={"flat": True, "label_drawn": True}),
            centroid=xy,
            bbox=(xy[0] - 30, xy[1] - 30, xy[0] + 30, xy[1] + 30),
            area=3600.0,
            depth=1.0,
        )
        for i, c, s, xy, label in _SHAPES
    ]
    return graph_from_positions(objs)


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
    objs = [
        SpatialObject(
            id="o1",
            label="lamp",
            attributes=Attributes(color="gray", shape="hexagon", extras={"flat": True, "label_drawn": True}),
            centroid=(100.0, 100.0),
            bbox=(70.0, 70.0, 130.0, 130.0),
            area=3600.0,
            depth=1.0,
        ),
        SpatialObject(
            id="o2",
            label="door",
            attributes=Attributes(color="red", shape="square", extras={"flat": True, "label_drawn": True}),
            centroid=(300.0, 100.0),
            bbox=(270.0, 70.0, 330.0, 130.0),
            area=3600.0,
            depth=1.0,
        ),
    ]
    assert reason_symbolic("What is the object labelled lamp?", graph_from_positions(objs)).value == "hexagon"
