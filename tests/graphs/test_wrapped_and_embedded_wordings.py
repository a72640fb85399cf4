"""Other people's wordings of known questions: benchmark wrappers, typing slips, embedded
questions after a polite opening, imperatives and relative clauses, claims in any wrapper,
counting directions, a subject named before its question, bare comparatives, verbs that only
say where something is. Answered over a hand-made flat drawing (see ``conftest.flat_drawing``)."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents._reasoning._wording import claim_of, normalise, strip_wrappers
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        # benchmark wrappers
        ("Q: What colour is the star? A:", "yellow"),
        ("Question: which shape is on the far right?\nAnswer:", "blue circle"),
        ("Question 4: How many circles are there?", 3),
        # slips, spacing, case
        ("whats the colour of the sqaure", "blue"),
        ("WICH SHAPE IS RIGHT MOST", "blue circle"),
        ("what is the most left shape?", "red circle"),
        # embedded questions after an opening
        ("Could you tell me what colour the star is?", "yellow"),
        ("I'd like to know what shape the purple thing is.", "circle"),
        ("Do you know how many circles there are?", 3),
        # imperatives and relative clauses
        ("Identify the shape that is furthest to the right.", "blue circle"),
        ("Point to the object that sits farthest left.", "red circle"),
        ("What is the shape that is on the far left?", "red circle"),
        ("Name the shape between the red circle and the green triangle.", "blue square"),
        # counting directions
        ("Going from right to left, which is the second circle?", "purple circle"),
        ("Which shape is third, counting from the left?", "purple circle"),
        ("Which is the final shape on the right?", "blue circle"),
        # a subject named first, then asked about with "it"
        ("The star - what colour is it?", "yellow"),
        ("The shape on the far left: which colour is it?", "red"),
        # place verbs and "appears to be"
        ("Which object appears to be the smallest?", "purple circle"),
        ("Which shape has the greatest area?", "green triangle"),
        ("Triangle colour?", "green"),
        ("In what colour is the star drawn?", "yellow"),
        # the frame's edges and extremes in other words
        ("Which object sits at the extreme right?", "blue circle"),
        ("What shape is nearest the top edge?", "yellow star"),
        # possessives, "of A and B", "the X beside Y"
        ("What is the square's colour?", "blue"),
        ("Of the star and the red circle, which one is bigger?", "red circle"),
        ("What is the object to the left of the green triangle?", "blue square"),
    ],
)
def test_other_wordings_get_the_plain_answer(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("True or false: the red circle is to the left of the blue square.", True),
        ("the star is below the triangle. True or false?", False),
        ("Statement: the blue square is left of the triangle. Is this correct?", True),
        ("Is it the case that the triangle is left of the square?", False),
        ("Correct or incorrect: the purple circle is above the triangle.", True),
        ("Would you say that the blue circle is right of the triangle?", True),
        ("Is the star above the triangle, yes or no?", True),
    ],
)
def test_claims_are_checked_whatever_wraps_them(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_a_bare_comparative_is_asked_of_all_the_options() -> None:
    answer = reason_symbolic("Which one is bigger? A: red circle B: purple circle", flat_drawing())
    assert answer.value == 1


def test_options_may_be_lettered_with_colons() -> None:
    q = parse_question("Which shape is leftmost? A: red circle, B: blue circle, C: star")
    assert q["type"] == "mcq" and q["options"] == ["red circle", "blue circle", "star"]


def test_rewrites_leave_wordings_they_do_not_know() -> None:
    for text in ("Which object is nearest to the teapot", "how many cubes are left of the sphere"):
        assert normalise(text) == text
    assert claim_of("the red circle is left of the square") is None  # no wrapper: the parser's own path
    assert strip_wrappers("Answer the question: what is A?") == "Answer the question: what is A?"


def test_symmetry_named_with_from() -> None:
    assert parse_question("Is the drawing symmetric from top to bottom?") == {
        "type": "mirror",
        "axis": "horizontal",
    }
