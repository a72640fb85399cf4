"""A labelled object named without "the" ("Is P purple?", "Is shape 3 a square?", "What is
shape B?", "What is C?") is the object carrying that label; these wordings were refused.
Answered over a hand-made scene graph of labelled shapes."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

from .conftest import graph_from_positions

_SHAPES = [
    ("o1", "orange", "square", (120.0, 100.0), "A"),
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
        ("Is P blue?", True),
        ("Is P purple?", False),
        ("Is A orange?", True),  # "A" the label, not the article
        ("Is shape 3 a triangle?", True),
        ("is shape p a square?", False),
        ("Is figure A a square?", True),
        ("What is shape P?", "circle"),
        ("What is A?", "square"),
        ("What's 3?", "triangle"),
    ],
)
def test_a_bare_label_names_the_labelled_object(question, value) -> None:
    assert reason_symbolic(question, _graph()).value == value


@pytest.mark.parametrize("question", ["Is P left?", "What is it?", "Is a red?"])
def test_other_bare_wordings_are_still_refused(question) -> None:
    with pytest.raises(UnsupportedQuestionError):
        reason_symbolic(question, _graph())
