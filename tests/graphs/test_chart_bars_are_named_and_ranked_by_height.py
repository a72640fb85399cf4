"""A chart's bars: "bar" names a drawn rectangle (a short one reads as a square), and "the
tallest bar" / "the shortest bar" pick by the height the drawing shows."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import graph_from_positions, planar_relations


def bar_chart(depth: float | None = None) -> object:
    """Four bars on one baseline (y = 300): red 200 px tall, blue 60 (a square), green 140,
    orange 90; and a purple circle floating above them."""
    from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

    spec = [("red", "rectangle", 60, 200), ("blue", "square", 140, 60), ("green", "rectangle", 220, 140),
            ("orange", "rectangle", 300, 90)]  # fmt: skip
    objects = [
        SpatialObject(
            id=f"o{i}",
            attributes=Attributes(color=colour, shape=shape),
            centroid=(x, 300 - h / 2),
            bbox=(x - 30, 300 - h, x + 30, 300),
            area=60.0 * h,
            depth=depth,
        )
        for i, (colour, shape, x, h) in enumerate(spec)
    ]
    objects.append(
        SpatialObject(
            id="o9",
            attributes=Attributes(color="purple", shape="circle"),
            centroid=(400, 60),
            bbox=(380, 40, 420, 80),
            area=1256.0,
            depth=depth,
        )  # fmt: skip
    )
    if depth is not None:
        return graph_from_positions(objects)
    return SceneGraph(
        objects=objects, relations=planar_relations(objects), images=[ImageInfo(width=480, height=320)]
    )


@pytest.mark.parametrize(
    "question,expected",
    [
        ("How many bars are there?", 4),
        ("What colour is the tallest bar?", "red"),
        ("What colour is the shortest bar?", "blue"),
        ("What colour is the leftmost bar?", "red"),
        ("Is there a purple bar?", False),
        ("Is the tallest bar left of the shortest bar?", True),
    ],
)
def test_bars_in_a_drawing(question: str, expected: object) -> None:
    answer = reason_symbolic(question, bar_chart())
    assert answer.value == expected, answer.text


def test_tallest_in_a_scene_with_depth_is_not_read_off_image_heights() -> None:
    answer = reason_symbolic("What colour is the tallest bar?", bar_chart(depth=1.0))
    assert answer.value is None and "ambiguous" in answer.text.lower() or "match" in answer.text.lower(), (
        answer.text
    )
