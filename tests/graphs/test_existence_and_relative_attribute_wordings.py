"""Question wordings the parser learned from the painted test images: existence, the
attribute of a neighbour, "kind of solid", labels by participle, edges as superlatives,
and counts that say where the objects are drawn."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._parse import parse_question


@pytest.mark.parametrize(
    "text, colour, shape",
    [
        ("Is there a blue square?", "blue", "square"),
        ("Are there any red cubes?", "red", "cube"),
        ("Does the image contain a star?", None, "star"),
    ],
)
def test_existence_is_a_yes_no_on_a_filter(text: str, colour: str | None, shape: str) -> None:
    q = parse_question(text)
    assert q["type"] == "exists"
    assert q["filter"]["color"] == colour and q["filter"]["shape"] == shape


def test_are_there_more_is_still_a_count_comparison() -> None:
    assert parse_question("Are there more triangles than circles?")["type"] == "compare_count"


def test_the_colour_of_the_shape_left_of_x_asks_its_neighbour() -> None:
    q = parse_question("What colour is the shape left of the rectangle?")
    assert q["type"] == "attribute" and q["attribute"] == "color"
    assert q["relative"]["asks"] == "left" and q["relative"]["reference"]["shape"] == "rectangle"


def test_kind_of_solid_asks_the_shape() -> None:
    q = parse_question("What kind of solid is the purple thing?")
    assert q["attribute"] == "shape" and q["subject"]["color"] == "purple"


@pytest.mark.parametrize(
    "text", ["What colour is the shape labelled N?", "What colour is the object marked N?"]
)
def test_labelled_and_marked_name_a_label(text: str) -> None:
    assert parse_question(text)["subject"]["label"] == "N"


@pytest.mark.parametrize(
    "text, which",
    [
        ("Which object is closest to the bottom?", "bottommost"),
        ("Which shape is nearest to the top?", "topmost"),
    ],
)
def test_closest_to_an_edge_is_a_position_superlative(text: str, which: str) -> None:
    q = parse_question(text)
    assert q["type"] == "extreme" and q["which"] == which


@pytest.mark.parametrize(
    "text",
    [
        "How many icons are in the grid?",
        "How many things are standing on the ground?",
        "Count the shapes on the page.",
    ],
)
def test_where_the_objects_are_drawn_does_not_filter_a_count(text: str) -> None:
    q = parse_question(text)
    assert q["type"] == "count" and q["filter"] is None


def test_closest_to_the_camera_is_still_depth() -> None:
    assert parse_question("Which object is closest to the camera?")["which"] == "closest"
