"""Known questions in wordings first met on the `fresh3` probe (session 16): a claim wrapped in
"is it true that ...", "would you say X is big or little", "does the picture have vertical mirror
symmetry", and a label named "shape number 3" as the subject of a size comparison."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question

from spatioxolver.errors import UnsupportedQuestionError


@pytest.mark.parametrize(
    "question,kind,asks",
    [
        ("Is it true that the red cube is to the left of the ball?", "yesno", "left"),
        ("is it true that shape number 2 is to the right of object 3?", "yesno", "right"),
        ("Is it the case that the star is bigger than the square?", "size_compare", "larger"),
    ],
)
def test_a_claim_wrapped_in_is_it_true_that_is_the_claim(question: str, kind: str, asks: str) -> None:
    q = parse_question(question)
    assert q["type"] == kind
    assert q["asks"] == asks


@pytest.mark.parametrize(
    "question,subject",
    [
        ("Would you say the pentagon is big or little?", {"shape": "pentagon"}),
        ("would you say the yellow one is big or little", {"color": "yellow"}),
        ("Would you call the star small or big?", {"shape": "star"}),
    ],
)
def test_big_or_little_asks_the_size(question: str, subject: dict) -> None:
    q = parse_question(question)
    assert q["type"] == "either_attribute"
    assert q["pick"]["attribute"] == "size"
    ref = q["pick"]["subject"]
    assert {k: ref[k] for k in subject} == subject


@pytest.mark.parametrize(
    "question,axis",
    [
        ("Does the picture have horizontal mirror symmetry?", "horizontal"),
        ("Does this layout have a vertical line symmetry?", "vertical"),
    ],
)
def test_having_mirror_symmetry_asks_about_that_axis(question: str, axis: str) -> None:
    assert parse_question(question) == {"type": "mirror", "axis": axis}


def test_shape_number_three_can_be_compared_by_size() -> None:
    q = parse_question("Is shape number 3 smaller than the shape marked 2?")
    assert q["type"] == "size_compare"
    assert (q["subject"]["label"], q["reference"]["label"], q["asks"]) == ("3", "2", "smaller")


def test_the_number_of_stars_is_still_no_size_subject() -> None:
    # a count compared with a number is not an object's size
    with pytest.raises(UnsupportedQuestionError):
        parse_question("is the number of stars bigger than 3")
