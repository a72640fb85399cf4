"""Yes / no about rows and columns of a grid: "is the red star in the first row", "is there a
circle in the top row", "is the square in the same row as the star"."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import planar_relations


def grid() -> object:
    """Two rows of three: red star, blue circle, green square on top; yellow circle, purple
    triangle, red square below."""
    from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

    spec = [("red", "star"), ("blue", "circle"), ("green", "square"),
            ("yellow", "circle"), ("purple", "triangle"), ("red", "square")]  # fmt: skip
    objects = []
    for k, (colour, shape) in enumerate(spec):
        x, y = 80.0 + 120 * (k % 3), 80.0 + 120 * (k // 3)
        objects.append(
            SpatialObject(
                id=f"o{k}",
                attributes=Attributes(color=colour, shape=shape),
                centroid=(x, y),
                bbox=(x - 30, y - 30, x + 30, y + 30),
                area=3600.0,
            )  # fmt: skip
        )
    return SceneGraph(
        objects=objects, relations=planar_relations(objects), images=[ImageInfo(width=400, height=280)]
    )


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red star in the first row?", True),
        ("is the red star in row 2", False),
        ("Is the purple triangle in the second column?", True),
        ("Is the purple triangle on the bottom row?", True),
        ("is there a circle in the top row?", True),
        ("is there a triangle in the first row?", False),
        ("are there any red shapes in the last column?", True),
        ("is the green square in the same row as the red star?", True),
        ("Is the yellow circle in the same column as the blue circle?", False),
        ("is the red square in the same column as the green square", True),
    ],
)
def test_membership_of_rows_and_columns(question: str, expected: bool) -> None:
    answer = reason_symbolic(question, grid())
    assert answer.value is expected, answer.text


def test_a_subject_naming_two_objects_says_it_is_ambiguous() -> None:
    answer = reason_symbolic("Is the circle in the first row?", grid())
    assert answer.value is None and "ambiguous" in answer.text, answer.text
