"""The worst outcome is a question parsed into another one and answered with confidence.
Modal "can" is not a can (cylinder); superlatives, imperative verbs, placement words and
quantities never become an object's name; a question the reasoner cannot answer raises the
typed one-line error."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question, parse_reference
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing


@pytest.mark.parametrize(
    "question,expected",
    [
        ("How many shapes can you spot altogether?", 6),
        ("How many circles could you count in total?", 3),
        ("How many stars can be seen?", 1),
    ],
)
def test_modal_can_is_not_a_cylinder(question: str, expected: int) -> None:
    assert reason_symbolic(question, flat_drawing()).value == expected


@pytest.mark.parametrize(
    "phrase",
    [
        "the select the smallest",
        "the star situated",
        "the square beneath the",
        "the circle half the size of the",
        "all the others",
        "shapes immediately",
    ],
)
def test_function_words_never_name_an_object(phrase: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        parse_reference(phrase)


@pytest.mark.parametrize(
    "question",
    [
        "Why is the star yellow?",
        "Which shape would roll the fastest?",  # corners / sides of a shape are answered now
        "Which shape would be heaviest in real life?",
        "Is the circle half the size of the square?",
        "What is the distance between the star and the square in inches?",
        "Which shapes are not touching the unicorn?",  # "not touching any other shape" is answered now
        "Which shape is the most symmetric?",  # the closest pair and the most sides are answered now
    ],
)
def test_questions_it_cannot_answer_raise_one_clear_line(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError) as err:
        parse_question(question)
    assert "\n" not in str(err.value) and "use an LLM model" in str(err.value)
