"""Count comparisons in other people's words: "is the number of X greater than (that of) Y",
"is the count of X equal to the count of Y", "an equal number of X and Y", "do the X
outnumber the Y", "are the X as numerous as the Y", "which are there more of: X or Y",
"does the image contain more X than Y", "(the) number of X"."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing

# the drawing: 3 circles, 1 square, 1 triangle, 1 star; blue 2, red 1


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the number of circles larger than the number of squares?", True),
        ("Is the count of squares higher than that of circles?", False),
        ("Is the number of stars the same as the number of triangles?", True),
        ("Is the number of blue shapes equal to the number of red shapes?", False),
        ("Is there an equal number of squares and stars?", True),
        ("Are there equal numbers of circles and squares?", False),
        ("Do the circles outnumber the stars?", True),
        ("Does the star outnumber the circles?", False),
        ("Are squares as numerous as triangles?", True),
        ("Are the blue shapes more numerous than the red ones?", True),
        ("Does the picture contain fewer squares than circles?", True),
    ],
)
def test_count_comparisons_in_other_words(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which are there more of: circles or squares?", "circles"),
        ("Which is more common, stars or circles?", "circles"),
        ("Number of blue shapes?", 2),
        ("Give me the number of circles.", 3),
        ("Tell me how many stars there are.", 1),
        ("What is the number of squares?", 1),  # "number" here is a count, not a label
    ],
)
def test_which_more_and_number_of(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected
