"""Either-or questions ("left or right of", "above or below", "more X or more Y") and
wordings the parser used to refuse ("Tell me the colour of ...", "The X is what colour?",
"How many X can you find?", "solids"), answered over a hand-made scene graph."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents._reasoning._either import canonical
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

from .conftest import graph_from_positions

# o1 red cube (left, low, near), o2 blue sphere (right, high, far), o3 green cylinder, o4 red sphere.
_SPEC = [
    ("o1", "red", "cube", (100.0, 250.0), 2.0),
    ("o2", "blue", "sphere", (380.0, 120.0), 6.0),
    ("o3", "green", "cylinder", (240.0, 180.0), 4.0),
    ("o4", "yellow", "sphere", (440.0, 280.0), 3.0),
]


def _graph() -> SceneGraph:
    objs = [
        SpatialObject(
            id=i,
            attributes=Attributes(color=c, shape=s, size="large", material="rubber"),
            centroid=xy,
            bbox=(xy[0] - 20, xy[1] - 20, xy[0] + 20, xy[1] + 20),
            area=1600.0,
            depth=d,
        )
        for i, c, s, xy, d in _SPEC
    ]
    return graph_from_positions(objs)


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red cube to the left or to the right of the blue sphere?", "left"),
        ("Is the blue sphere left or right of the green cylinder?", "right"),
        ("Is the blue sphere above or below the red cube?", "above"),
        ("Is the red cube higher or lower than the green cylinder?", "lower"),
        ("Is the blue sphere in front of or behind the red cube?", "behind"),
        ("Is the red cube on the right side or on the left side of the green cylinder?", "left"),
        ("Are there more spheres or more cubes?", "spheres"),
        ("Are there more cubes or cylinders?", "the same number"),
    ],
)
def test_an_either_or_question_is_answered_with_one_of_its_words(question: str, expected: str) -> None:
    assert reason_symbolic(question, _graph()).value == expected


def test_either_or_needs_two_words_of_one_axis() -> None:
    with pytest.raises(Exception, match="use an LLM model"):
        parse_question("Is the red cube left or above the blue sphere?")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Tell me the colour of the cylinder.", "green"),
        ("Can you tell me the color of the cube?", "red"),
        ("The cylinder is what colour?", "green"),
        ("The blue item is which shape?", "sphere"),
        ("How many spheres can you find?", 2),
        ("How many shapes are drawn here?", 4),
        ("How many figures does the picture show?", 4),
        ("How many solids are there?", 4),
        ("What is the number of red objects?", 1),
        ("Which solid is closest to the camera?", "large red rubber cube"),
        ("Please tell me the leftmost object.", "large red rubber cube"),
        ("Can you name the colour of the cylinder?", "green"),
    ],
)
def test_other_wordings_are_answered_like_the_plain_ones(question: str, expected: object) -> None:
    assert reason_symbolic(question, _graph()).value == expected


def test_a_rewrite_keeps_a_question_it_does_not_know() -> None:
    assert canonical("Which object is nearest to the teapot") == "Which object is nearest to the teapot"
    assert canonical("How many cubes are left of the sphere") == "How many cubes are left of the sphere"
