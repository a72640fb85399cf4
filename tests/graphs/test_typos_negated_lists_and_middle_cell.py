"""Slips in a question's words ("how many cirles", "is there a red shpere", "are ther three
stars") read as the word meant, while inflections and near real words ("stairs", "squared",
"oranges") stay unknown nouns (a typed "Cannot tell", never a count of stars); "which shapes
are not red" lists the rest; "the middle cell" of a grid is its centre cell."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents._reasoning._typos import near_word, repair_typos
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("How many cirles are there?", 3),
        ("Is there a yelow star?", True),
        ("Is the red circel left of the blue sqaure?", True),
        ("Are ther three circles?", True),
        ("how many traingles are there", 1),
        ("Is there a purpel circle?", True),
    ],
)
def test_slips_in_vocabulary_and_question_words(question: str, expected: object) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


@pytest.mark.parametrize(
    "question", ["How many stairs are there?", "How many oranges are there?", "Is there a star squared?"]
)
def test_near_real_words_are_not_mended(question: str) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value is None


@pytest.mark.parametrize(
    "word,mended",
    [("cirle", "circle"), ("shpere", "sphere"), ("bleu", "blue"), ("stairs", None), ("start", None),
     ("squared", None), ("oranges", None), ("gren", None), ("three", None)],
)  # fmt: skip
def test_near_word(word: str, mended: str | None) -> None:
    from spatioxolver.vocabulary import COLOR_WORDS, SHAPE_WORDS

    assert near_word(word, [*SHAPE_WORDS, *COLOR_WORDS]) == mended


def test_repair_only_question_words() -> None:
    assert repair_typos("Are ther three stars?") == "Are there three stars?"
    assert repair_typos("is there a tree") is None


@pytest.mark.parametrize(
    "question,expected",
    [
        (
            "Which shapes are not red?",
            ["blue square", "green triangle", "yellow star", "purple circle", "blue circle"],
        ),
        ("which shapes are not blue", ["red circle", "green triangle", "yellow star", "purple circle"]),
    ],
)
def test_which_shapes_are_not_a_colour(question: str, expected: list[str]) -> None:
    assert sorted(reason_symbolic(question, flat_drawing()).value) == sorted(expected)


@pytest.mark.parametrize("question", ["What is in the middle cell?", "which shape is in the middle position"])
def test_middle_cell_is_the_centre_cell(question: str) -> None:
    q = parse_question(question)
    assert q["type"] == "cell_pick" and q["centre"] is True
