"""The unseen-image probe (benchmarks/unseen) scores answers by the truth its families write."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "benchmarks" / "unseen"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"unseen_{name}", ROOT / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT))
    return module


score = _load("score")


def judge(truth, value=None, text="", abstained=False, no_answer=None):
    return score.verdict(truth, value=value, text=text, abstained=abstained, no_answer=no_answer)


def test_yes_no_needs_the_bool_not_a_word():
    assert judge({"yes": True}, value=True) == "right"
    assert judge({"yes": True}, value=False) == "wrong"
    assert judge({"yes": True}, value="yes") == "wrong"


def test_count_rejects_a_bool_and_a_near_miss():
    assert judge({"count": 3}, value=3) == "right"
    assert judge({"count": 1}, value=True) == "wrong"
    assert judge({"count": 3}, value=4) == "wrong"


def test_word_answer_must_name_the_truth_and_no_other():
    truth = {"one_of": ["red circle", "circle"], "not": ["blue", "square"]}
    assert judge(truth, value="red circle") == "right"
    assert judge(truth, value="Circles") == "right"
    assert judge(truth, value="blue circle") == "wrong"
    assert judge(truth, value="encircled") == "wrong"
    assert judge(truth, value=None, text="the circle") == "right"
    assert judge(truth, value=None, text="the circle", no_answer="no match") == "wrong"


def test_doubt_is_abstention_except_on_a_photo_where_it_is_right():
    assert judge({"count": 2}, value=None, abstained=True) == "abstained"
    assert judge({"count": 2}, no_answer="cannot tell") == "abstained"
    assert judge({"photo": True}, abstained=True) == "right"
    assert judge({"photo": True}, value=28) == "wrong"


def test_unknown_truth_form_is_an_error_not_a_verdict():
    with pytest.raises(ValueError, match="no known form"):
        judge({"maybe": 1}, value=1)


def test_runner_draws_scores_and_diffs_a_family(tmp_path, capsys):
    run = _load("run")
    assert run.main(["pillow_shapes", "--seeds", "5", "--out", str(tmp_path / "a"), "--max-images", "2"]) == 0
    records = json.loads((tmp_path / "a" / "pillow_shapes_s5.json").read_text())
    assert records and {r["verdict"] for r in records} <= set(score.VERDICTS)
    assert len({r["image"] for r in records}) == 2
    changed = tmp_path / "b"
    changed.mkdir()
    records[0]["verdict"] = "wrong" if records[0]["verdict"] != "wrong" else "right"
    (changed / "pillow_shapes_s5.json").write_text(json.dumps(records))
    capsys.readouterr()
    run.main(["diff", str(tmp_path / "a"), str(changed)])
    assert "1 question(s) changed verdict" in capsys.readouterr().out
