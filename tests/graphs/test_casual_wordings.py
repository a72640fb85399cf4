"""A casual asker's wordings (issue 13wd): politeness after the question, terse counts and
claims, "second leftmost", "what's to X's left", either-or with the pair first, "both /
either / neither / the X all", "is there no X", "isn't A above B", lower-case labels; and
inputs these forms must refuse (typed), never answer about a wrong object."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing

# flat_drawing: a row (y=200) of red circle A (x80), blue square B (x200), green triangle C
# (x320), blue circle F (x430); yellow star D above C; small purple circle E at (250, 120).


@pytest.mark.parametrize(
    "question,expected",
    [
        # politeness after the question
        ("how many circles please", 3),
        ("Is the star above the green triangle, please?", True),
        # "does A lie right of B" (was read "does A are right of B" and refused)
        ("Does the blue square lie right of the red circle?", True),
        ("Does the red circle lie right of the blue square?", False),
        ("what colour is the square pls", "blue"),
        # terse counts and claims
        ("no. of circles?", 3),
        ("total number of shapes", 6),
        ("how many circles are there in total", 3),
        ("how many of them are not blue", 4),
        ("how many are blue", 2),
        ("exactly three circles?", True),
        ("at least 2 squares", False),
        ("more circles than squares?", True),
        ("fewer circles than stars", False),
        # place in a row
        ("which is the second leftmost shape", "blue square"),
        ("what's the third leftmost shape", "purple circle"),
        ("what's the second rightmost shape", None),  # the triangle and the star are level
        ("first shape from the left?", "red circle"),
        ("third from the left", "purple circle"),
        # left of X, either-or
        ("what's to the square's left", "red circle"),
        ("is the green triangle or red circle bigger", "green triangle"),
        ("the red circle or the blue square, which is further right", "blue square"),
        ("is the star or the square nearer the top", "star"),
        ("the star above the green triangle?", True),
        ("The red circle left of the square", True),
        ("what colour would you say the star is", "yellow"),
        # "in this plot / of the render": the image itself, no object called "plot"
        ("Count the circles in this plot.", 3),
        ("How many squares are in the 3D plot?", 1),
        ("What colour is the star in the render?", "yellow"),
    ],
)
def test_casual_wordings_are_answered(question: str, expected: object) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


@pytest.mark.parametrize(
    "question,expected",
    [
        ("is there no red circle", False),
        ("is there no green circle", True),
        ("are there no stars", False),
        ("isn't the star above the triangle", True),  # a biased question: "yes, it is"
        ("isnt the red circle right of the square", False),
        ("are the circles all blue", False),
        ("are the squares all blue", True),
        ("is any circle red", True),
        ("is any circle green", False),
    ],
)
def test_negated_and_quantified_yes_no(question: str, expected: bool) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value is expected, answer.text


def _two_squares():
    from spatioxolver.schema import Attributes

    g = flat_drawing()
    g.objects[5].attributes = Attributes(color="blue", shape="square")  # F: a second blue square
    return g


@pytest.mark.parametrize(
    "question,expected",
    [
        ("are both of the squares blue", True),
        ("are the squares both blue", True),
        ("are both squares red", False),
        ("is either square blue", True),
        ("is neither square red", True),
        ("is neither square blue", False),
    ],
)
def test_both_either_neither_of_a_pair(question: str, expected: bool) -> None:
    answer = reason_symbolic(question, _two_squares())
    assert answer.value is expected, answer.text


@pytest.mark.parametrize(
    "question",
    ["are both circles red", "is either circle red", "is neither circle green", "are both squares blue"],
)
def test_both_of_a_class_that_is_not_two_cannot_tell(question: str) -> None:
    answer = reason_symbolic(question, flat_drawing())  # three circles, one square
    assert answer.value is None, answer.text


def test_lower_case_letter_names_a_label() -> None:
    g = flat_drawing(labelled=True)
    assert reason_symbolic("is c a triangle", g).value is True
    assert reason_symbolic("is d a circle", g).value is False
    assert reason_symbolic("what colour is b", g).value == "blue"
    assert reason_symbolic("bigger: A or E", g).text.startswith("A")


@pytest.mark.parametrize(
    "question",
    [
        "is a a star",  # "a" is an article, not a label
        "is there no way to tell",
        "how many dragons please",  # unknown noun stays unknown
        "exactly how big is the star compared with everything",
        "is either the circle or the square bigger than the star and the triangle",
        "the dragon left of the square?",
    ],
)
def test_bad_or_ambiguous_casual_input_is_refused(question: str) -> None:
    try:
        answer = reason_symbolic(question, flat_drawing())
    except UnsupportedQuestionError:
        return
    assert answer.value is None, f"{question!r} answered {answer.text!r}"


def test_rewrites_keep_the_forms_they_do_not_concern() -> None:
    assert parse_question("which is the leftmost shape")["type"] == "extreme"
    assert parse_question("is the circle left of the square")["type"] == "yesno"
    assert parse_question("are any shapes touching")["type"] == "touching"
    assert parse_question("are both the squares the same colour")["type"] == "all_same"
    assert parse_question("are all the circles red")["type"] == "all_are"


@pytest.mark.parametrize(
    "question,axis",
    [
        ("is the right side a mirror of the left side", "vertical"),
        ("Is the left side the mirror image of the right side?", "vertical"),
        ("is the top half a mirror of the bottom half", "horizontal"),
    ],
)
def test_halves_or_sides_as_mirrors(question: str, axis: str) -> None:
    assert parse_question(question) == {"type": "mirror", "axis": axis}


def test_a_side_against_a_half_of_the_other_axis_is_refused() -> None:
    with pytest.raises(UnsupportedQuestionError):
        parse_question("is the left side a mirror of the top half")


def test_repeated_politeness_and_the_label_a() -> None:
    assert reason_symbolic("count the circles please please", flat_drawing()).value == 3
    assert reason_symbolic("Is a a circle", flat_drawing(labelled=True)).value is True


@pytest.mark.parametrize(
    "question,expected",
    [
        ("is the number of circles 3", True),
        ("Is the number of squares 2?", False),
        ("what kind of shape is the yellow one", "star"),
        ("What colr is the square?", "blue"),
        ("how many stars are ther", 1),
    ],
)
def test_count_claims_kind_of_and_slips(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_a_claim_about_bare_labels() -> None:
    g = flat_drawing(labelled=True)
    assert reason_symbolic("Is it true that C is to the right of A?", g).value is True
    assert reason_symbolic("B is left of A. True or false?", g).value is False


@pytest.mark.parametrize(
    "question,expected",
    [
        ("how many circles r there", 3),
        ("can u tell me what colour the star is", "yellow"),
        ("triangle - what colour", "green"),
        ("any circles left of the triangle", True),
        ("any stars below the square", False),
        ("is everything a circle", False),
        ("what size is the purple circle compared to the red circle", "smaller"),
    ],
)
def test_chat_spellings_and_subject_first(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


def test_does_the_picture_look_symmetric_is_the_mirror_question() -> None:
    assert parse_question("does the image look symmetric")["type"] == "mirror"
    with pytest.raises(UnsupportedQuestionError):
        parse_question("is everything fine")


def test_a_statement_keeps_its_verb_and_stays_a_claim() -> None:
    query = parse_question("The red circle is left of the blue square.")
    assert query["type"] == "yesno" and query.get("statement") is True
    assert query["subject"]["text"].lower() == "the red circle"


@pytest.mark.parametrize("verb", ["lie", "sit", "stand"])
def test_does_a_lie_right_of_b_names_a_alone(verb: str) -> None:
    # before: the subject was "the cyan square are" (no object matched on a drawing)
    q = parse_question(f"Does the cyan square {verb} right of the pink circle?")
    assert q["asks"] == "right" and q["subject"]["text"] == "the cyan square"


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red circle closer to the left edge or the right edge?", "left"),
        ("is the blue circle nearer the right side or the left side of the picture", "right"),
        ("Is the star closer to the top or the bottom?", "top"),
    ],
)
def test_closer_to_one_edge_or_the_other_names_the_side(question: str, expected: str) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text
