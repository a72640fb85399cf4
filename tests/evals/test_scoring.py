"""Per-example scoring, judges and verdicts (the reply parsers' table is tests/core/test_reply_parsers.py)."""

from __future__ import annotations

import pytest
from spatioxolver.evals.example import Example
from spatioxolver.evals.metrics.judge import normalized_match, parse_verdict
from spatioxolver.evals.metrics.scoring import score_example, set_prf
from spatioxolver.evals.metrics.summary import summarize


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


@pytest.mark.parametrize(
    ("query", "choices", "text"),
    [
        ({"type": "mcq"}, ["a", "b", "c", "d"], "1 or 2, hard to say"),  # the graph used to score 1 here
        ({"type": "inconsistent_object", "labels": ["A", "B", "C"]}, None, "I cannot tell."),  # not "I"
        ({"type": "pairwise", "objects": ["1", "2"]}, None, "Both look equally far away."),  # both
        ({"type": "orbit"}, None, "Impossible to determine from one view."),  # refusal, no relations
        ({"type": "yes_no"}, None, "Perhaps, the angle makes it hard to judge."),  # hedge
    ],
)
def test_no_answer_replies_score_as_unparsed(query, choices, text):
    gold = {"mcq": 1, "inconsistent_object": "A", "pairwise": "1", "orbit": ["left"], "yes_no": True}
    ex = Example(
        id="x", benchmark="b", question="q", query=query, answer=gold[query["type"]], choices=choices
    )
    scored = score_example(ex, None, text)
    assert scored["pred"] is None and scored["parsed"] is False and scored["correct"] is False
