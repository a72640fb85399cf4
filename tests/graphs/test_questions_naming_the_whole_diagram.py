"""A phrase naming the whole picture ("in the diagram", "in this chart", "appear in the
figure") says where to look, not which object: it is dropped before the question is read.
"The figure labelled D" is still an object, and "are there in the picture" still a count."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._parse import parse_question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a leading scene phrase with a comma
        ("In the diagram, how many shapes are red?", {"type": "count", "filter.color": "red"}),
        ("In this diagram, how many circles are there?", {"type": "count", "filter.shape": "circle"}),
        (
            "In the figure, which colour is the rectangle?",
            {"type": "attribute", "subject.shape": "rectangle"},
        ),
        (
            "In the diagram, is the blue oval placed below the purple diamond?",
            {"type": "yesno", "asks": "below"},
        ),
        # a scene phrase after the object: not part of its description (a chart is no grid here)
        ("The diamond in this chart is what colour?", {"type": "attribute", "subject.text": "The diamond"}),
        ("What color is the triangle in the diagram?", {"type": "attribute", "subject.text": "the triangle"}),
        # counting clauses about the picture
        ("How many green shapes appear in the figure?", {"type": "count", "filter.color": "green"}),
        ("How many shapes make up this diagram?", {"type": "count"}),
        ("What number of shapes does this chart contain?", {"type": "count"}),
        ("Give the count of pentagons shown.", {"type": "count", "filter.shape": "pentagon"}),
        ("Give the number of blue shapes.", {"type": "count", "filter.color": "blue"}),
        ("Tell me how many shapes appear in the figure.", {"type": "count"}),
        # a shape asked by its colour
        ("Which shape is drawn in red?", {"type": "attribute", "attribute": "shape", "subject.color": "red"}),
        ("What shape has the colour green?", {"type": "attribute", "subject.text": "the green object"}),
        # an edge or a verb of place: the extreme
        ("Name the shape nearest the left edge.", {"type": "extreme", "which": "leftmost"}),
        ("Which shape sits lowest in the diagram?", {"type": "extreme"}),
        # a flowchart's and a timeline's own names for the picture
        ("How many shapes are in the flowchart?", {"type": "count"}),
        ("How many circles are in the timeline?", {"type": "count", "filter.shape": "circle"}),
        ("In the flow chart, how many diamonds are there?", {"type": "count", "filter.shape": "diamond"}),
        # "does the chart have a X": is there a X
        ("Does the chart have a diamond?", {"type": "exists", "filter.shape": "diamond"}),
        ("Does this diagram contain a red circle?", {"type": "exists", "filter.color": "red"}),
    ],
)
def test_the_scene_phrase_is_dropped(question, expected) -> None:
    query = parse_question(question)
    got = {}
    for key in expected:
        value = query
        for part in key.split("."):
            value = (value or {}).get(part)
        got[key] = value
    assert got == expected, query


@pytest.mark.parametrize(
    ("question", "label"),
    [
        ("Is the figure labelled J left of the figure labelled C?", "J"),
        ("Tell me the colour of the figure marked 5.", "5"),
    ],
)
def test_a_figure_with_a_label_is_still_an_object(question, label) -> None:
    query = parse_question(question)
    assert query["subject"]["label"] == label, query


def test_are_there_in_the_picture_is_still_a_count() -> None:
    query = parse_question("How many stars are there in the picture?")
    assert query["type"] == "count" and query["filter"]["shape"] == "star", query


@pytest.mark.parametrize(
    "question",
    [
        "Object 1 (the small blue metal sphere) and object 3 (the small gray rubber sphere) have the "
        "same real size. Which one appears larger in the image?",
        "Which one looks bigger in the picture, the red ball or the blue cube?",
    ],
)
def test_a_size_as_the_picture_shows_it_keeps_its_scene_phrase(question):
    """ "appears larger in the image" asks for image area: the phrase is the question's point."""
    parsed = parse_question(question)
    assert parsed["type"] == "apparent_pair"
    assert parsed["asks"] == "larger"
    assert [o["color"] for o in parsed["objects"]] == (
        ["blue", "gray"] if "Object 1" in question else ["red", "blue"]
    )
