"""Refusal, no-match and ambiguity texts are not answers (QA2 P0 #1).

The geometric reasoner answers ``value=None`` with a sentence that quotes the object it
could not bind ("There is no object matching '3' ..."); the text fallback must not read
that quoted label / letter / number as the prediction.
"""

from __future__ import annotations

import pytest
from spatioxolver.evals.example import Example
from spatioxolver.evals.metrics.parsing import (
    is_unclear,
    parse_label,
    parse_letter,
    parse_option_number,
    parse_relations,
    parse_yes_no,
)
from spatioxolver.evals.metrics.scoring import score_example
from spatioxolver.evals.metrics.summary import summarize

REFUSALS = [
    "There is no object matching '3' in the scene.",
    "There is no object matching 'object 3' in the scene.",
    "'15' is ambiguous: it matches 2 objects (15, 15).",
    "'3' is ambiguous: it matches 3 objects (3, 3, 3).",
    "'3' and 'object 3' name the same object.",
    "The derived answer (object 3) matches none of the options.",
    "The derived answer (object 3) matches more than one option.",
    "I cannot tell whether 3 is further.",
    "It is not 3.",
    "I'm not sure; maybe 3.",
    "Sorry, I can't determine that, 3 is hidden.",
    "Neither; 3 is unclear.",
]


@pytest.mark.parametrize("text", REFUSALS)
def test_label_refusals_are_unparsed(text):
    assert parse_label(None, text, ["3", "7", "15", "1", "2"]) is None


@pytest.mark.parametrize(
    "text",
    [
        "There is no object matching 'B' in the scene.",
        "'B' is ambiguous: it matches 2 objects (B, B).",
        "Object B is not the one that moved.",
        "I cannot identify B in the second view.",
    ],
)
def test_letter_refusals_are_unparsed(text):
    assert parse_letter(None, text, list("ABC")) is None


@pytest.mark.parametrize(
    "text",
    [
        "There is no option 2 that holds.",
        "None of the options fit; 3 is closest.",
        "The derived answer (object 2) matches none of the options.",
        "'2' is ambiguous: it matches 2 objects.",
    ],
)
def test_option_refusals_are_unparsed(text):
    assert parse_option_number(None, text, 4) is None


@pytest.mark.parametrize(
    ("parser", "text", "expected"),
    [
        (lambda t: parse_label(None, t, ["3", "7"]), "The answer is 3.", "3"),
        (lambda t: parse_label(None, t, ["3", "7"]), "3", "3"),
        (lambda t: parse_label(None, t, ["3", "7"]), "Object 3 is further.", "3"),
        (lambda t: parse_label(None, t, ["3", "7"]), "object 7", "7"),
        (lambda t: parse_label(None, t, ["3", "7"]), "I am not fully sure, but the answer is 7.", "7"),
        (lambda t: parse_label(None, t, ["3", "7"]), "The answer is 3, not 7.", None),
        (lambda t: parse_label(None, t, ["3", "7"]), "The answer is not 3.", None),
        (lambda t: parse_letter(None, t, list("ABC")), "B", "B"),
        (lambda t: parse_letter(None, t, list("ABC")), "Final Answer: C", "C"),
        (
            lambda t: parse_letter(None, t, list("ABC")),
            "A did not move, B did not move. Final Answer: C",
            "C",
        ),
        (lambda t: parse_option_number(None, t, 4), "The answer is 3.", 3),
        (lambda t: parse_option_number(None, t, 4), "Option 2", 2),
        (lambda t: parse_option_number(None, t, 4), "Option no. 2", 2),
        (lambda t: parse_relations(None, t), "left and in front", ["front", "left"]),
        (
            lambda t: parse_relations(None, t),
            "There is no object matching 'the cube behind' in the scene.",
            None,
        ),
        (lambda t: parse_yes_no(None, t), "No, it is to the right.", False),
        (lambda t: parse_yes_no(None, t), "Yes.", True),
        (lambda t: parse_yes_no(None, t), "No object matches 'the red cube'.", None),
        (lambda t: parse_yes_no(None, t), "No idea.", None),
    ],
)
def test_clear_answers_still_parse(parser, text, expected):
    assert parser(text) == expected


def test_is_unclear_table():
    assert all(is_unclear(t) for t in REFUSALS)
    assert not any(
        is_unclear(t) for t in ("The answer is 3.", "3", "Object 3 is further.", "B", "Option no. 2")
    )


def test_refusal_rows_are_wrong_and_counted_unparsed():
    """The QA2 case: gold 15, reasoner says '15' is ambiguous -> wrong and unparsed."""
    ex = Example(
        id="p", benchmark="ctr", question="q", query={"type": "pairwise", "objects": ["15", "1"]}, answer="15"
    )
    text = "'15' is ambiguous: it matches 2 objects (15, 15)."
    scored = score_example(ex, None, text)
    assert scored == {"pred": None, "parsed": False, "correct": False}
    rows = [
        {"id": "p", "status": "ok", **scored},
        {"id": "q", "status": "ok", **score_example(ex, "15", "15")},
    ]
    assert summarize(rows)["totals"]["unparsed"] == 1
