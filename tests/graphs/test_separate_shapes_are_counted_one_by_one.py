""" "How many separate (or individual) shapes" counts the shapes one by one; "how many different
shapes" and "how many separate colours" still count kinds."""

from __future__ import annotations

import pytest

from spatioxolver.api import ask
from spatioxolver.schema import Attributes, SceneGraph, SpatialObject


def _graph(*objects: tuple[str, str]) -> SceneGraph:
    return SceneGraph(
        objects=[
            SpatialObject(
                id=f"o{k}",
                centroid=(20.0 + 60 * k, 50.0),
                area=400.0,
                bbox=(10 + 60 * k, 40, 30 + 60 * k, 60),
                attributes=Attributes(color=c, shape=s),
            )  # fmt: skip
            for k, (c, s) in enumerate(objects)
        ]
    )


GRAPH = _graph(
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
