"""Negated classes ("shapes that are not red", "non-blue shapes", "objects other than
circles", "neither red nor blue") and classes by number of sides ("shapes with four sides",
"three-cornered shapes") filter counts, existence and picks; an attribute a negation needs that
was not read, a solid, or a shape whose sides cannot be counted is a typed "cannot tell"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing

# flat_drawing(): red circle, blue square, green triangle, yellow star, purple circle, blue circle


@pytest.mark.parametrize(
    "question,expected",
    [
        ("how many shapes aren't circles", 3),
        ("How many non-blue shapes are there", 4),
        ("Count every shape except the circles.", 3),
        ("How many objects are neither red nor blue?", 3),
        ("how many circles are there that are not blue", 2),
        ("How many shapes are there other than the square and the star?", 4),
        ("How many shapes have 4 sides?", 1),
        ("count the shapes with three corners", 1),
        ("How many shapes have no corners?", 3),
        ("how many blue shapes have four sides", 1),
        ("Count the three-sided shapes.", 1),
        ("How many shapes have no corners at all?", 3),
    ],
)
def test_negated_and_sided_counts(question: str, expected: int) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Are there any circles that are not blue?", True),
        ("Is there a shape that isn't red, blue, green, yellow or purple?", False),
    ],
)
def test_negated_existence(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_the_one_object_a_negation_or_a_side_count_picks() -> None:
    g = flat_drawing()
    assert "blue square" in reason_symbolic("Which square is not red?", g).text
    assert "green triangle" in reason_symbolic("Which shape has three sides?", g).text
    several = reason_symbolic("Which circle is not blue?", g)
    assert several.value is None and "2 objects" in several.text  # two match: said, not guessed


def test_a_negation_over_an_unread_colour_cannot_tell() -> None:
    g = flat_drawing()
    g.objects[2].attributes.color = None  # the triangle's colour was not read
    for question in ("How many shapes are not red?", "How many non-red shapes are there?"):
        answer = reason_symbolic(question, g)
        assert answer.value is None and answer.text.startswith("Cannot tell"), question


def test_sides_of_a_star_or_a_solid_cannot_tell() -> None:
    g = flat_drawing()
    star = reason_symbolic("How many shapes have five corners?", g)  # its five points?
    assert star.value is None and star.text.startswith("Cannot tell")
    g.objects[1].attributes.shape = "cube"  # a shaded solid: its sides are faces
    solid = reason_symbolic("How many shapes have four sides?", g)
    assert solid.value is None and solid.text.startswith("Cannot tell")


@pytest.mark.parametrize(
    "question",
    [
        "How many shapes are not touching the unicorn?",  # "... the square" is answered now
        "How many shapes have seven sides?",
        "How many triangles have four sides?",
        "How many shapes are not unicorns?",
    ],
)
def test_negations_and_sides_it_cannot_read_raise(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        parse_question(question)


def test_a_clause_word_never_becomes_an_object_name() -> None:
    # "aren't", "anywhere", "right-hand column" used to become unknown object nouns
    for question in ("Do you see a red square anywhere?", "How many shapes sit in the right-hand part?"):
        try:
            query = parse_question(question)
        except UnsupportedQuestionError:
            continue
        assert "anywhere" not in str(query) and "right-hand" not in str(query.get("filter"))
