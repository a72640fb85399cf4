"""Table-driven tests of the output parsers and per-example scoring."""

from __future__ import annotations

import pytest
from spatioxolver.evals.example import Example
from spatioxolver.evals.metrics.judge import normalized_match, parse_verdict
from spatioxolver.evals.metrics.parsing import (
    parse_label,
    parse_letter,
    parse_option_number,
    parse_relations,
    parse_yes_no,
)
from spatioxolver.evals.metrics.scoring import score_example, set_prf


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        (3, None, 3),  # structured int
        (None, "2", 2),  # bare digit
        (None, "Option 3", 3),  # "Option N"
        (None, "The answer is option (2).", 2),  # prose
        (None, "(4) the green cylinder", 4),  # leading numbered option
        (None, "**1**", 1),  # markdown bold
        (None, "three", 3),  # number word
        (None, "C", 3),  # lone letter
        (None, "the red cube", 2),  # exact option text
        (None, "7", None),  # out of range
        (None, "I cannot answer that.", None),  # refusal
        (None, "1 or 2, hard to say", None),  # ambiguous
        (True, None, None),  # bool is not an option number
    ],
)
def test_parse_option_number(value, text, expected):
    assert parse_option_number(value, text, 4, ["the blue sphere", "the red cube", "x", "y"]) == expected


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        ("B", None, "B"),
        (None, "Final Answer: C", "C"),
        (None, "final answer: **d**", "D"),
        (None, "b", "B"),
        (None, "The modified object is E.", "E"),
        (None, "Final Answer: Q", None),  # not among the labels
        (None, "I think B or C", None),  # ambiguous
        (None, "The moved object is A.", "A"),  # A as a label, not an article
        (None, "A small cube moved: it is D", "D"),  # leading article ignored
    ],
)
def test_parse_letter(value, text, expected):
    assert parse_letter(value, text, list("ABCDE")) == expected


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        ("2", None, "2"),
        (None, "Object 3", "3"),
        (None, "The answer is 12.", "12"),  # 12 must not match label 1 or 2
        (None, "1 and 2", None),  # ambiguous
        (None, "nothing", None),
    ],
)
def test_parse_label(value, text, expected):
    assert parse_label(value, text, ["1", "2", "3", "12"]) == expected


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        (["left", "front"], None, ["front", "left"]),
        ([], None, []),  # empty prediction is a prediction
        (None, '```json\n["behind", "right"]\n```', ["behind", "right"]),
        (None, "It is in front and to the left.", ["front", "left"]),
        (None, "north", ["north"]),
        (None, "no idea", None),
    ],
)
def test_parse_relations(value, text, expected):
    assert parse_relations(value, text) == expected


@pytest.mark.parametrize(("text", "expected"), [("Yes.", True), ("no, it is not", False), ("maybe", None)])
def test_parse_yes_no(text, expected):
    assert parse_yes_no(None, text) is expected


def test_set_prf_cases():
    assert set_prf(["left"], ["left"]) == (1.0, 1.0, 1.0)
    assert set_prf([], []) == (1.0, 1.0, 1.0)
    assert set_prf([], ["left"]) == (0.0, 0.0, 0.0)
    p, r, f = set_prf(["left", "front"], ["left", "behind"])
    assert (p, r) == (0.5, 0.5) and f == pytest.approx(0.5)


def test_score_example_by_type():
    pair = Example(
        id="p", benchmark="ctr", question="q", query={"type": "pairwise", "objects": ["1", "2"]}, answer="2"
    )
    assert score_example(pair, "2", "")["correct"] is True
    assert score_example(pair, None, "1")["correct"] is False
    cvt = Example(
        id="c", benchmark="cvt", question="q", query={"type": "orbit", "theta": 90}, answer=["front", "left"]
    )
    scored = score_example(cvt, ["left"], "")
    assert scored["correct"] is False and scored["recall"] == 0.5 and scored["precision"] == 1.0
    mcq = Example(
        id="m", benchmark="s", question="q", query={"type": "mcq"}, answer=2, choices=["a", "b", "c", "d"]
    )
    assert score_example(mcq, None, "Answer: 2")["correct"] is True
    open_ = Example(id="o", benchmark="s", question="q", query={"type": "open"}, answer="the cube")
    assert score_example(open_, "the cube", "")["needs_judge"] is True


@pytest.mark.parametrize(
    ("gold", "pred", "ok"),
    [
        ("the red cube", "The red cube.", True),
        ("the red cube", "It is the red cube, on the left.", True),
        ("the red cube", "not the red cube", False),  # added negation
        ("two", "2", True),  # number words
        ("the red cube", "the blue sphere", False),
        ("no", "", False),
    ],
)
def test_normalized_judge(gold, pred, ok):
    assert normalized_match(gold, pred) is ok


@pytest.mark.parametrize(
    ("text", "v"), [("1", 1), ("Score: 0", 0), ("Correct.", 1), ("incorrect", 0), ("hmm", None)]
)
def test_parse_verdict(text, v):
    assert parse_verdict(text) == v
