"""Regression tests for the third QA pass on the release adapters (QA3 #1-5, #10-13, #15)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from spatioxolver.evals.benchmarks.spatialab_release import parse_gold_option
from spatioxolver.evals.evaluate import load_examples
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine
from spatioxolver.evals.metrics.summary import summarize
from spatioxolver.evals.runner import example_call

from spatioxolver.cli._app import main as cli_main
from spatioxolver.errors import ConfigError, UnsupportedQuestionError
from spatioxolver.plugins import load_benchmark

OPTS = ["yes", "no", "same size", "cannot tell"]


def _write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _png(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.zeros((8, 8, 3), dtype=np.uint8)).save(path)
    return path


def _split(items):
    return [i for i in items if isinstance(i, Example)], [i for i in items if isinstance(i, BadLine)]


# --- #1 gold option parsing -------------------------------------------------------------


@pytest.mark.parametrize("value", ["E", "e", "0", 0, 5, "5", "(5)", 2.5, "2.5", "nonsense", True])
def test_gold_option_out_of_range_or_bad_raises(value):
    with pytest.raises(ValueError, match="gold option"):
        parse_gold_option(value, OPTS)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2, 2),
        (2.0, 2),
        ("2.0", 2),
        ("2", 2),
        ("(2)", 2),
        ("option 2", 2),
        ("B", 2),
        ("(b)", 2),
        ("D", 4),
        ("same size", 3),
        (None, None),
        ("", None),
        (float("nan"), None),
    ],
)
def test_gold_option_accepted_forms(value, expected):
    assert parse_gold_option(value, OPTS) == expected


def test_gold_option_zero_based_is_explicit():
    assert parse_gold_option(0, OPTS, base=0) == 1
    assert parse_gold_option("0", OPTS, base=0) == 1
    assert parse_gold_option(3.0, OPTS, base=0) == 4
    assert parse_gold_option("A", OPTS, base=0) == 1  # letters never depend on the base
    with pytest.raises(ValueError, match="out of range"):
        parse_gold_option(4, OPTS, base=0)


def test_spatialab_release_bad_gold_is_a_bad_line_with_its_number(tmp_path):
    rows = [
        {"question_id": "e1", "image": "x.png", "question": "Q?", "options": OPTS, "correct_option": 5},
        {"question_id": "e2", "image": "x.png", "question": "Q?", "options": OPTS, "correct_option": "0"},
        {"question_id": "e3", "image": "x.png", "question": "Q?", "options": OPTS, "correct_option": 1.0},
        {"question_id": "e4", "image": "x.png", "question": "Q?", "options": OPTS, "correct_option": "E"},
    ]
    path = _write_jsonl(tmp_path / "edge.jsonl", rows)
    good, bad = _split(load_examples(load_benchmark("spatialab-release"), path)[0])
    assert [e.id for e in good] == ["e3:mcq"] and good[0].answer == 1
    assert [b.line for b in bad] == [1, 2, 4]
    assert "5" in bad[0].reason and "out of range" in bad[0].reason
    assert ":1: invalid row: gold option" in bad[0].message()
    # 0-based release: "0" is the first option, 5 stays out of range.
    good, bad = _split(
        load_examples(load_benchmark("spatialab-release"), path, options={"option_base": 0})[0]
    )
    assert {e.id: e.answer for e in good} == {"e2:mcq": 1, "e3:mcq": 2}
    with pytest.raises(ConfigError, match="option_base"):
        load_examples(load_benchmark("spatialab-release"), path, options={"option_base": 2})


# --- #2-#4 CVT release --------------------------------------------------------------------


def test_cvt_release_validates_gold(tmp_path):
    rows = [
        {"image": "x.png", "subject": "1", "reference": "2", "answer": '["left", "front"]', "theta": 90},
        {"image": "x.png", "answer": ["left"], "theta": 90},
        {"image": "x.png", "subject": "1", "reference": "2", "answer": ["upwards"], "theta": 0},
        {"image": "x.png", "subject": "1", "reference": "2", "answer": "[left", "theta": 0},
        {"image": "x.png", "subject": "1", "reference": "2", "answer": ["left"]},
    ]
    path = _write_jsonl(tmp_path / "cvt.jsonl", rows)
    good, bad = _split(load_examples(load_benchmark("cvt-release"), path)[0])
    assert len(good) == 1 and good[0].answer == ["front", "left"]
    assert [b.line for b in bad] == [2, 3, 4, 5]
    assert "no subject" in bad[0].reason
    assert "unknown relation word 'upwards'" in bad[1].reason
    assert "JSON list" in bad[2].reason
    assert "no theta" in bad[3].reason


def test_cvt_release_reads_direction_and_default_question_parses(tmp_path):
    from spatioxolver.agents._reasoning import parse_question

    rows = [
        {
            "image": "x.png",
            "subject": "4",
            "reference": "1",
            "answer": ["left"],
            "theta": 90,
            "direction": "right",
        },
        {"image": "x.png", "subject": "4", "reference": "1", "answer": ["right"], "theta": 90},
        {
            "image": "x.png",
            "subject": "large red cube",
            "reference": "1",
            "answer": ["north"],
            "view": "top-down",
        },
        {
            "image": "x.png",
            "subject": "4",
            "reference": "1",
            "answer": ["left"],
            "theta": 90,
            "direction": "up",
        },
    ]
    path = _write_jsonl(tmp_path / "cvt.jsonl", rows)
    good, bad = _split(load_examples(load_benchmark("cvt-release"), path)[0])
    assert [e.query.get("direction") for e in good] == ["right", "left", None]
    assert "to the right" in good[0].question and "to the left" in good[1].question
    assert [b.line for b in bad] == [4] and "direction" in bad[0].reason
    parsed = [parse_question(e.question) for e in good]
    assert [(p["type"], p.get("direction"), p.get("theta")) for p in parsed] == [
        ("orbit", "right", 90.0),
        ("orbit", "left", 90.0),
        ("top_down", None, None),
    ]
    assert parsed[0]["subject"]["label"] == "4" and parsed[0]["reference"]["label"] == "1"
    assert parsed[2]["subject"]["color"] == "red"
    assert good[0].id != good[1].id


def test_docs_list_cvt_release_fields():
    text = (Path(__file__).parents[2] / "docs" / "evaluation.md").read_text()
    section = text[text.index("cvt-release") :]
    for field in ("subject", "reference", "theta", "direction", "view", "answer"):
        assert f"`{field}`" in section
    assert "`gold_option` → `correct_option`" in text and "`id` → `question_id`" in text


# --- #5 --columns ---------------------------------------------------------------------------


@pytest.mark.parametrize("bench", ["spatialab-release", "cvt-release"])
def test_columns_unknown_key_or_non_string_value(tmp_path, bench):
    path = _write_jsonl(tmp_path / "spatialab.jsonl", [{"question": "q"}])
    with pytest.raises(ConfigError, match=r"unknown key 'question_id'.*keys: id, image, question"):
        load_examples(load_benchmark(bench), path, options={"columns": {"question_id": "qid"}})
    with pytest.raises(ConfigError, match="must be a column name"):
        load_examples(load_benchmark(bench), path, options={"columns": {"question": 5}})


def test_columns_cli_errors_are_one_line_exit_2(tmp_path, capsys):
    path = _write_jsonl(tmp_path / "spatialab.jsonl", [{"question": "q"}])
    base = [
        "eval",
        str(path),
        "--benchmark",
        "spatialab-release",
        "--model",
        "geometric",
        "--no-progress",
        "--run-dir",
        str(tmp_path / "run"),
    ]
    assert cli_main([*base, "--columns", '{"bogus": "x"}']) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unknown key 'bogus'" in err and "gold_option" in err
    assert cli_main([*base, "--columns", str(tmp_path / "nofile.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


# --- #10 inconsistency release + geometric ---------------------------------------------------


def test_geometric_on_release_inconsistency_is_an_honest_error(tmp_path):
    a, b = _png(tmp_path / "p" / "A.jpg"), _png(tmp_path / "p" / "B.jpg")
    example = Example(
        id="p1",
        benchmark="inconsistency-release",
        family="inconsistency",
        images=[str(a), str(b)],
        question="Which letter marks the modified object?",
        query={"type": "inconsistent_object", "labels": ["A", "B", "C"]},
        answer="B",
    )
    with pytest.raises(UnsupportedQuestionError, match="no label positions"):
        example_call(example, model="geometric")
    assert example_call(example, model="openai/gpt-4o")["marks"] is None  # an LLM reads the letters


# --- #11 bootstrap reproducibility -----------------------------------------------------------


def test_bootstrap_ci_independent_of_row_order():
    rng = np.random.default_rng(1)
    rows = [{"id": f"x{i:02d}", "status": "ok", "correct": bool(rng.random() < 0.4)} for i in range(12)]
    expected = summarize(rows)["accuracy"]
    for _ in range(10):
        shuffled = [rows[i] for i in rng.permutation(len(rows))]
        assert summarize(shuffled)["accuracy"] == expected


# --- #12 record numbers, no KeyError reprs ---------------------------------------------------


def test_json_array_errors_say_record_and_name_the_field(tmp_path):
    scenes = {"scenes": [{"objects": [], "relationships": {}}, {"objects": []}]}
    path = tmp_path / "CLEVR_val_scenes.json"
    path.write_text(json.dumps(scenes))
    _, bad = _split(load_examples(load_benchmark("clevr"), path)[0])
    assert len(bad) == 1
    assert bad[0].message() == f"{path}: record 2: invalid scene: missing field 'relationships'"
    assert bad[0].id == "CLEVR_val_scenes.json:record2"
    rows = [{"question": "q", "options": OPTS, "correct_option": 1}, {"prompt": "q"}]
    (tmp_path / "spatialab.json").write_text(json.dumps(rows))
    _, bad = _split(load_examples(load_benchmark("spatialab-release"), tmp_path / "spatialab.json")[0])
    assert "record 2: invalid row: row has neither" in bad[0].message()  # each row read by its own columns
    assert '"' not in bad[0].message()


# --- #13 content-derived ids -------------------------------------------------------------------


def test_release_ids_derive_from_content_not_row_number(tmp_path):
    rows = [
        {"image": f"{i}.png", "question": f"Q{i}?", "options": OPTS, "correct_option": 1} for i in range(4)
    ]
    rows.append(dict(rows[0]))  # an exact duplicate
    bench = load_benchmark("spatialab-release")
    ids = [e.id for e in load_examples(bench, _write_jsonl(tmp_path / "a.jsonl", rows))[0]]
    rev = [e.id for e in load_examples(bench, _write_jsonl(tmp_path / "b.jsonl", rows[:4][::-1]))[0]]
    assert sorted(rev) == sorted(ids[:4])
    assert ids[4] == ids[0].replace(":mcq", "~2:mcq")
    filtered = [e.id for e in load_examples(bench, _write_jsonl(tmp_path / "c.jsonl", rows[2:3]))[0]]
    assert filtered == [ids[2]]


# --- #15 wrong --benchmark fails fast ----------------------------------------------------------


def test_mismatched_benchmark_fails_fast(tmp_path, capsys):
    path = _write_jsonl(
        tmp_path / "spatialab.jsonl", [{"question": "q", "options": OPTS, "correct_option": 1}] * 2
    )
    base = ["eval", str(path), "--model", "geometric", "--no-progress", "--run-dir", str(tmp_path / "run")]
    assert cli_main([*base, "--benchmark", "clevr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "could be read as benchmark 'clevr'" in err
    assert cli_main([*base, "--benchmark", "nope"]) == 2
    assert "unknown benchmark 'nope'" in capsys.readouterr().err
    assert cli_main([*base[:1], str(tmp_path), *base[2:], "--benchmark", "spatialab-release"]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()
