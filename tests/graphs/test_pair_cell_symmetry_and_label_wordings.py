"""Known questions in wordings first met on the `fresh` probe (session 13): the comparative after
the pair ("is A or B the bigger one"), the wh-word after the subject ("the green shape has what
shape"), a cell named by "what do you see in ..." / "at position row 2 column 1" / "in the second
row, what is in the third column", symmetry "about the vertical centre line" or "with respect to
a vertical axis", "the most distant shape from", "carries the label A", "the shape next to the
letter A"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question

from spatioxolver.errors import UnsupportedQuestionError


def _ref(r: dict) -> dict:
    return {k: r[k] for k in ("color", "shape", "label") if r.get(k)}


@pytest.mark.parametrize(
    "question,objects,asks",
    [
        # the comparative after the pair, each side with or without an article
        ("Is the star or the square the bigger one?", [{"shape": "star"}, {"shape": "square"}], "larger"),
        (
            "Is the red circle or the triangle the smaller one?",
            [{"color": "red", "shape": "circle"}, {"shape": "triangle"}],
            "smaller",
        ),
        ("Is shape J or object K the bigger one?", [{"label": "J"}, {"label": "K"}], "larger"),
        (
            "Is the object marked 9 or shape 4 the larger of the two?",
            [{"label": "9"}, {"label": "4"}],
            "larger",
        ),
        # "which is the larger shape, A or B" / "out of A and B, which is bigger"
        (
            "Which is the larger shape, the star or the hexagon?",
            [{"shape": "star"}, {"shape": "hexagon"}],
            "larger",
        ),
        (
            "Out of the circle and the square, which is bigger?",
            [{"shape": "circle"}, {"shape": "square"}],
            "larger",
        ),
    ],
)
def test_pair_with_the_comparative_elsewhere(question: str, objects: list, asks: str) -> None:
    q = parse_question(question)
    assert q["type"] == "apparent_pair"
    assert [_ref(o) for o in q["objects"]] == objects
    assert q["asks"] == asks


@pytest.mark.parametrize(
    "question,attribute,subject",
    [
        ("The green shape has what shape?", "shape", {"color": "green"}),
        ("The black figure has what shape?", "shape", {"color": "black"}),
        ("The triangle comes in what colour?", "color", {"shape": "triangle"}),
        ("What colour would you call the star?", "color", {"shape": "star"}),
        ("Which shape carries the label A?", "shape", {"label": "A"}),
        ("What colour is the shape next to the letter B?", "color", {"label": "B"}),
    ],
)
def test_attribute_asked_after_the_subject(question: str, attribute: str, subject: dict) -> None:
    q = parse_question(question)
    assert q["type"] == "attribute"
    assert q["attribute"] == attribute
    assert _ref(q["subject"]) == subject


@pytest.mark.parametrize(
    "question,row,column",
    [
        ("What do you see in the fourth row and third column?", 3, 2),
        ("What can you see in row 2, column 5?", 1, 4),
        ("What shape is at position row 2 column 1?", 1, 0),
        ("Which shape occupies the cell in row 1, column 2?", 0, 1),
        ("In the second row, what is in the third column?", 1, 2),
    ],
)
def test_cell_named_in_other_words(question: str, row: int, column: int) -> None:
    q = parse_question(question)
    assert q["type"] == "cell_pick"
    assert (q["row"], q["column"]) == (row, column)


@pytest.mark.parametrize(
    "question,axis",
    [
        ("Is the pattern symmetric with respect to a vertical axis?", "vertical"),
        ("Is the arrangement mirror-symmetric about the vertical centre line?", "vertical"),
        ("Is the image symmetric about the horizontal axis?", "horizontal"),
        ("Does the arrangement have a vertical axis of symmetry?", "vertical"),
        ("Does the grid have a horizontal line of symmetry?", "horizontal"),
        ("Is the layout the same when mirrored left to right?", "vertical"),
    ],
)
def test_symmetry_axis_in_other_words(question: str, axis: str) -> None:
    q = parse_question(question)
    assert q == {"type": "mirror", "axis": axis}


@pytest.mark.parametrize(
    "question,which,reference",
    [
        ("What is the most distant shape from the star?", "farthest", {"shape": "star"}),
        ("Which shape is the closest one to the red square?", "nearest", {"color": "red", "shape": "square"}),
    ],
)
def test_nearest_and_farthest_in_other_words(question: str, which: str, reference: dict) -> None:
    q = parse_question(question)
    assert q["type"] == "nearest"
    assert q["which"] == which
    assert _ref(q["reference"]) == reference


def test_a_pair_with_no_comparative_is_still_unsupported() -> None:
    # "is A or B the one on the left" names no size: the size rewrite must not take it
    with pytest.raises(UnsupportedQuestionError):
        parse_question("Is the star or the square the purple one?")
