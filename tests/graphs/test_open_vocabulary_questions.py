"""Open vocabulary and the wider question forms of the one parser (issue 13)."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import answer_query, parse_question

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject
from spatioxolver.vocabulary import ATTRIBUTE_SYNONYMS, canonical


def _obj(i, x, y, colour, shape, area=400.0, tone=None, label=None):
    extras = {"tone": tone} if tone else {}
    return SpatialObject(
        id=f"o{i}", label=label, centroid=(x, y), bbox=(x - 10, y - 10, x + 10, y + 10), area=area,
        attributes=Attributes(color=colour, shape=shape, extras=extras),
    )  # fmt: skip


@pytest.fixture
def scene() -> SceneGraph:
    return SceneGraph(
        objects=[
            _obj(1, 50, 50, "red", "square", 900.0),
            _obj(2, 150, 50, "blue", "circle", 400.0, tone="light"),
            _obj(3, 250, 50, "orange", "star"),
            _obj(4, 50, 150, "green", "circle"),
            _obj(5, 150, 150, "purple", "triangle", label="A"),
        ],
        images=[ImageInfo(width=300, height=200, quality={"reliability": 0.9})],
    )


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many circles are there?", 2),
        ("How many boxes are there?", 1),  # a box in a flat drawing is its square
        ("How many cans are there?", 0),  # a cylinder has no single flat view
        ("What colour is the star?", "orange"),
        ("What color is the circle on the top?", None),
        ("What colour is the light blue circle?", "light blue"),
        ("What shape is shape A?", "triangle"),
        ("What shape is the green object?", "circle"),
        ("Which is bigger, the red square or the blue circle?", "red square"),
        ("Which one is smaller: the red square or the blue circle?", "blue circle"),
        ("What is to the left of the orange star?", "light blue circle"),
        ("Which object is above the green circle?", "red square"),
        ("Are there more circles than squares?", True),
        ("Are there fewer stars than triangles?", False),
        ("Are there as many stars as triangles?", True),
        ("How many rows are there?", 2),
        ("How many columns does the grid have?", 3),
        ("Is the arrangement left-right mirror symmetric?", False),
        ("Which object appears largest in the image?", "red square"),
        ("Which object looks biggest in the image?", "red square"),
        ("Which object seems the largest?", "red square"),
        # Held-out wordings (spatioxolver.testing.heldout): positions and superlatives.
        ("What colour is the rightmost shape?", "orange"),
        ("What shape is the largest object?", "square"),
        ("What colour is the circle at the top?", "light blue"),
        ("Which shape is furthest to the right?", "orange star"),
        ("Which object is on the far right?", "orange star"),
        ("How many icons are there?", 5),
    ],
)
def test_wider_questions_are_answered(scene, question, value) -> None:
    try:
        got = answer_query(parse_question(question), scene)
    except UnsupportedQuestionError:
        assert value is None
        return
    assert got.value == value, (question, got.text)


def test_plural_noun_is_never_read_as_a_tag() -> None:
    query = parse_question("How many boxes are there?")
    assert query["filter"]["shape"] == "cube" and query["filter"]["label"] is None
    assert parse_question("What colour is box 3?")["subject"]["label"] == "3"


def test_unknown_noun_says_so_instead_of_counting(scene) -> None:
    got = answer_query(parse_question("How many unicorns are there?"), scene)
    assert got.value is None and "unicorn" in got.text


def test_mirror_symmetry_of_a_full_grid() -> None:
    objs = [_obj(i * 3 + j, 50 + 100 * j, 50 + 100 * i, "red", "circle") for i in range(2) for j in range(3)]
    graph = SceneGraph(objects=objs)
    assert answer_query(parse_question("Is the layout mirror symmetric?"), graph).value is True
    graph = SceneGraph(objects=objs[:-1])
    assert answer_query(parse_question("Is the layout left-right mirror symmetric?"), graph).value is False


def test_low_reliability_abstains_with_a_typed_answer(scene) -> None:
    doubtful = scene.model_copy(
        update={"images": [ImageInfo(width=300, height=200, quality={"reliability": 0.2})]}
    )
    got = answer_query(parse_question("How many circles are there?"), doubtful)
    assert got.abstained and got.value is None and got.confidence == 0.2
    assert "vision-language model" in got.text
    assert answer_query(parse_question("How many circles are there?"), scene).confidence == 0.9


def test_one_vocabulary_for_replies_and_questions() -> None:
    from spatioxolver.vocabulary import normalize_attribute

    assert (
        normalize_attribute("shape", "Balls") == "sphere" and normalize_attribute("color", "grey") == "gray"
    )
    assert normalize_attribute("shape", "can") == "cylinder"
    # A model's word outside the vocabulary is kept as it is (never silently another shape).
    assert normalize_attribute("shape", "mug") == "mug" and canonical("shape", "mug") is None
    assert canonical("shape", "cans") == "cylinder" and canonical("color", "light blue") == "light blue"
    assert ATTRIBUTE_SYNONYMS["shape"]["oval"] == "ellipse"
