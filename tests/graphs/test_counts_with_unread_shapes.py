"""A count by shape is only a lower bound when some objects' shapes could not be read (too
small to name): the answer says "Cannot tell" with how many at least, instead of a confident
number; counts that no unread object could change are given as before."""

from __future__ import annotations

from spatioxolver.api import ask
from spatioxolver.schema import Attributes, SceneGraph, SpatialObject


def _graph(*objects: tuple[str, str | None, float]) -> SceneGraph:
    return SceneGraph(
        objects=[
            SpatialObject(
                id=f"o{k}",
                centroid=(x, 50.0),
                area=400.0 if shape else 12.0,
                bbox=(x - 10, 40, x + 10, 60),
                attributes=Attributes(color=colour, shape=shape),
            )
            for k, (colour, shape, x) in enumerate(objects)
        ]
    )


def test_an_unnamed_shape_makes_a_shape_count_a_lower_bound() -> None:
    g = _graph(
        ("red", "triangle", 20), ("blue", "triangle", 80), ("green", None, 140), ("red", "circle", 200)
    )
    ans = ask([], "How many triangles are there?", scene_graph=g)
    assert ans.value is None and ans.no_answer == "cannot tell"
    assert "at least 2" in ans.text


def test_counts_an_unnamed_shape_cannot_change_are_answered() -> None:
    g = _graph(
        ("red", "triangle", 20), ("blue", "triangle", 80), ("green", None, 140), ("red", "circle", 200)
    )
    assert ask([], "How many red triangles are there?", scene_graph=g).value == 1  # the unnamed one is green
    assert ask([], "How many shapes are there?", scene_graph=g).value == 4
    assert ask([], "How many green objects are there?", scene_graph=g).value == 1


def test_without_unnamed_shapes_the_count_is_given() -> None:
    g = _graph(("red", "triangle", 20), ("blue", "triangle", 80), ("red", "circle", 200))
    ans = ask([], "How many triangles are there?", scene_graph=g)
    assert ans.value == 2 and ans.no_answer is None
