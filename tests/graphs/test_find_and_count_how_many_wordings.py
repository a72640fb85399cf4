"""Imperative and counting wordings: "find / spot / identify the X" asks what X is, "count how
many X there are" is a count, "are there equally many X and Y" compares two counts. Over a
hand-made scene graph (two circles, a square, a triangle)."""

from __future__ import annotations

import pytest

from spatioxolver.api import ask
from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

OBJECTS = [("red", "circle", 20, 50, 400), ("blue", "square", 80, 40, 900), ("green", "circle", 140, 60, 200),
           ("red", "triangle", 200, 50, 300)]  # fmt: skip


@pytest.fixture(scope="module")
def graph() -> SceneGraph:
    return SceneGraph(
        objects=[
            SpatialObject(
                id=f"o{k}",
                centroid=(x, y),
                area=a,
                bbox=(x - 10, y - 10, x + 10, y + 10),
                attributes=Attributes(color=c, shape=s),
            )  # fmt: skip
            for k, (c, s, x, y, a) in enumerate(OBJECTS)
        ]
    )


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Count how many circles there are.", 2),
        ("count how many red shapes are in the picture", 2),
        ("Please count how many shapes you can see.", 4),
        ("Find the smallest object.", "green circle"),
        ("Spot the largest shape", "blue square"),
        ("Identify the rightmost object.", "red triangle"),
        ("Find the object that is to the left of the blue square.", "red circle"),
        ("Identify the colour of the square.", "blue"),
        ("Are there equally many circles and squares?", False),
        ("Are there equally many red shapes and circles?", True),
    ],
)
def test_wordings(graph: SceneGraph, question: str, value) -> None:
    assert ask([], question, scene_graph=graph).value == value
