""" "The dark blue hexagon" names the only blue hexagon even where its blue was read without a
tone (how dark is "dark" is a matter of words); it never names one read as the other tone,
nor picks among two. Counting and existence keep the tone strict."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import answer_query, parse_question

from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject


def _obj(i, x, colour, shape, tone=None, area=400.0):
    return SpatialObject(
        id=f"o{i}", centroid=(x, 50.0), bbox=(x - 10, 40.0, x + 10, 60.0), area=area,
        attributes=Attributes(color=colour, shape=shape, extras={"tone": tone} if tone else {}),
    )  # fmt: skip


def _graph(*objs: SpatialObject) -> SceneGraph:
    return SceneGraph(
        objects=list(objs), images=[ImageInfo(width=400, height=100, quality={"reliability": 0.9})]
    )


def _ask(question: str, graph: SceneGraph):
    return answer_query(parse_question(question), graph)


@pytest.fixture
def one_blue() -> SceneGraph:
    return _graph(
        _obj(1, 50, "blue", "hexagon", area=900.0),
        _obj(2, 150, "red", "circle"),
        _obj(3, 250, "green", "star"),
    )


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What is to the right of the dark blue hexagon?", "red circle"),
        ("Is the dark blue hexagon bigger than the red circle?", True),
        ("What shape is the dark-blue object?", "hexagon"),
    ],
)
def test_a_tone_describes_the_only_one(one_blue: SceneGraph, question: str, value: object) -> None:
    assert _ask(question, one_blue).value == value


def test_count_and_existence_keep_the_tone_strict(one_blue: SceneGraph) -> None:
    assert _ask("How many dark blue shapes are there?", one_blue).value == 0
    assert _ask("Is there a dark blue hexagon?", one_blue).value is False


def test_the_other_tone_is_no_match() -> None:
    graph = _graph(_obj(1, 50, "blue", "hexagon", tone="light"), _obj(2, 150, "red", "circle"))
    assert _ask("What is to the right of the dark blue hexagon?", graph).value is None


def test_two_of_the_colour_are_not_guessed_between() -> None:
    graph = _graph(
        _obj(1, 50, "blue", "hexagon"), _obj(2, 150, "blue", "hexagon"), _obj(3, 250, "red", "circle")
    )
    assert _ask("What is to the right of the dark blue hexagon?", graph).value is None
