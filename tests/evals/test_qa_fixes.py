"""Regressions for the QA pass: open answers judged on their text, fail-fast configuration,
unwritable output folders, corrupt runs, numeric options, ``ask --example``, ``--no-cache``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.example import Example
from spatioxolver.evals.metrics.judge import NormalizedJudge, grade_open
from spatioxolver.evals.metrics.scoring import score_example
from spatioxolver.evals.results import read_rows
from spatioxolver.evals.runinfo import RunConfig
from spatioxolver.evals.runner import build_call, model_client

from spatioxolver.cli._app import main as cli_main
from spatioxolver.errors import ConfigError

GOLD = "object 6 (the small red metal cylinder)"


def _open_root(tmp_path: Path, fx: Any, answer: str = GOLD) -> Path:
    root = fx.make_spatialab(tmp_path / "sl")
    lines = [json.loads(x) for x in (root / "manifest.jsonl").read_text().splitlines()]
    lines = [x for x in lines if x["id"] == "sl-open-0"]
    lines[0]["answer"] = answer
    return fx.write_manifest(root, lines)


def _answer(value: Any, text: str):
    async def answer_fn(images, question, **kw):
        return {"value": value, "text": text}

    return answer_fn


# ----------------------------------------------------------------------------- fix 1: open answers


async def test_open_answer_is_judged_on_its_text_not_the_bare_label(tmp_path, fx):
    root = _open_root(tmp_path, fx)
    _, summary = await aevaluate(
        root, model="fake", run_dir=tmp_path / "run", answer_fn=_answer("6", GOLD), progress=False
    )
    (row,) = read_rows(tmp_path / "run" / "results.jsonl")
    assert row["pred"] == GOLD and row["correct"] is True
    assert row["judge"] == {
        "judge": "normalized",
        "verdict": 1,
        "matched": "text",
        "method": "string-match approximation",
    }
    assert summary["accuracy"]["value"] == 1.0


async def test_open_answer_wrong_text_stays_wrong(tmp_path, fx):
    root = _open_root(tmp_path, fx)
    wrong = "object 1 (the large gray metal cube)"
    await aevaluate(
        root, model="fake", run_dir=tmp_path / "run", answer_fn=_answer("1", wrong), progress=False
    )
    (row,) = read_rows(tmp_path / "run" / "results.jsonl")
    assert row["correct"] is False and row["judge"]["verdict"] == 0


async def test_offline_judge_also_accepts_a_matching_value():
    judge = NormalizedJudge()
    verdict = await grade_open(judge, "q", "the red cube", "the one on the left", "red cube")
    assert verdict["verdict"] == 1 and verdict["matched"] == "value"
    assert (await grade_open(judge, "q", "the red cube", "the blue one", "blue cube"))["verdict"] == 0
    # no text: the value is what gets judged
    assert (await grade_open(judge, "q", "south-east", "", "south-east"))["verdict"] == 1


async def test_llm_style_judge_reads_only_the_answer_text():
    seen: list[Any] = []

    class Judge:
        name = "llm"
        offline = False

        async def grade(self, question, gold, pred):
            seen.append(pred)
            return {"judge": self.name, "verdict": 0}

    await grade_open(Judge(), "q", GOLD, "object 6 (the red cylinder)", "6")
    assert seen == ["object 6 (the red cylinder)"]


def test_score_example_open_pred_is_the_text():
    ex = Example(id="o", benchmark="s", question="q", query={"type": "open"}, answer=GOLD)
    assert score_example(ex, "6", GOLD)["pred"] == GOLD
    assert score_example(ex, "6", "  ")["pred"] == "6"
    assert score_example(ex, None, "")["parsed"] is False


# ----------------------------------------------------------------------------- fixes 2-6: the CLI


def _one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err


def test_eval_unwritable_run_dir_is_one_line_exit_2(tmp_path, fx, capsys):
    root = fx.make_inconsistency(tmp_path / "inc")
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    base = ["eval", str(root), "--model", "sim/gpt-4o", "--no-progress", "--run-dir"]
    assert cli_main([*base, str(blocker)]) == 2
    assert "not a directory" in _one_error_line(capsys)
    assert cli_main([*base, str(blocker / "sub")]) == 2
    assert "cannot create run directory" in _one_error_line(capsys)
    if sys.platform.startswith("linux"):
        assert cli_main([*base, "/proc/spatioxolver-x"]) == 2
        _one_error_line(capsys)


async def test_report_bad_out_corrupt_run_json_and_garbage_rows(tmp_path, fx, capsys):
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    await aevaluate(root, model="fake", run_dir=run, answer_fn=fx.FakeAsk(), progress=False)
    capsys.readouterr()
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    assert cli_main(["report", str(run), "--out", str(blocker)]) == 2
    assert "report directory" in _one_error_line(capsys)
    # garbage lines: reported (rc 0) with a warning naming them
    with (run / "results.jsonl").open("a") as handle:
        handle.write("{garbage\n[1, 2]\n")
    assert cli_main(["report", str(run), "--out", str(tmp_path / "rep")]) == 0
    err = capsys.readouterr().err
    assert "warning:" in err and "skipped 2 unreadable line(s): 5, 6" in err
    # a corrupt run.json: one line naming the file
    (run / "run.json").write_text("{bad")
    assert cli_main(["report", str(run), "--out", str(tmp_path / "rep2")]) == 2
    assert str(run / "run.json") in _one_error_line(capsys)


@pytest.mark.parametrize(
    "extra",
    [
        ["--timeout", "0"],
        ["--timeout", "-1"],
        ["--timeout", "nan"],
        ["--batch-size", "0"],
        ["--seed", "-1"],
        ["--concurrency", "0"],
        ["--limit", "0"],
    ],
)
def test_eval_numeric_options_are_validated(tmp_path, fx, capsys, extra):
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    assert cli_main(["eval", str(root), "--model", "sim/gpt-4o", "--run-dir", str(run), *extra]) == 2
    _one_error_line(capsys)
    assert not run.exists()


async def test_aevaluate_rejects_a_zero_timeout(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    with pytest.raises(ConfigError, match="timeout"):
        await aevaluate(root, model="fake", timeout_s=0, run_dir=tmp_path / "r", answer_fn=fx.FakeAsk())


def test_eval_fails_fast_on_a_missing_api_key(tmp_path, fx):
    # In a subprocess: importing litellm inside one test drops litellm's own warning filters
    # when the test ends, and a later test's first completion then trips on them.
    import os
    import subprocess

    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    argv = ["eval", str(root), "--model", "openai/gpt-4o", "--run-dir", str(run), "--no-progress"]
    proc = subprocess.run(
        [sys.executable, "-m", "spatioxolver", *argv], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert (
        proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1 and "OPENAI_API_KEY" in proc.stderr
    )
    assert not run.exists()


@pytest.mark.parametrize(
    ("model", "judge", "needle"),
    [
        ("nosuch", None, "unknown model 'nosuch'"),
        ("sim/nosuch", None, "unknown simulated model"),
        ("sim/gpt-4o", "nosuch", "judge 'nosuch'"),
        ("sim/gpt-4o", "geometric", "judge 'geometric'"),
    ],
)
def test_eval_fails_fast_on_model_or_judge(tmp_path, fx, capsys, model, judge, needle):
    root = fx.make_spatialab(tmp_path / "sl")
    run = tmp_path / "run"
    argv = ["eval", str(root), "--model", model, "--run-dir", str(run), "--no-progress"]
    assert cli_main(argv + (["--judge", judge] if judge else [])) == 2
    assert needle in _one_error_line(capsys)
    assert not run.exists()  # nothing written


def test_no_cache_reaches_the_model_client(tmp_path, fx, monkeypatch, capsys):
    import spatioxolver.models as models

    seen: list[dict[str, Any]] = []
    real = models.get_model

    def spy(name, **options):
        seen.append({"name": name, **options})
        return real(name, **options)

    monkeypatch.setattr(models, "get_model", spy)
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    argv = ["eval", str(root), "--model", "sim/gpt-4o", "--graph", "direct", "--run-dir", str(run)]
    assert cli_main([*argv, "--no-cache", "--no-progress"]) == 0
    assert seen[0] == {"name": "sim/gpt-4o", "cache": False}
    info = json.loads((run / "run.json").read_text())
    assert info["config"]["options"] == {"response_cache": False}
    # resuming without --no-cache is the same run
    assert cli_main([*argv, "--resume", "--no-progress"]) == 0
    cfg = RunConfig(
        dataset="d", benchmark="b", model="sim/gpt-4o", options={"api_base": "http://127.0.0.1:9"}
    )
    model_client(cfg)
    assert seen[-1] == {"name": "sim/gpt-4o", "api_base": "http://127.0.0.1:9"}


# ----------------------------------------------------------------------------- fixes 7, 9: `ask`


def _spy_ask(monkeypatch) -> list[dict[str, Any]]:
    import spatioxolver.api as api

    calls: list[dict[str, Any]] = []

    def fake_ask(images, question, **kw):
        calls.append({"images": images, "question": question, **kw})
        return api.Answer(text="ok", value="ok", model=kw.get("model", "geometric"), graph="agentic")

    monkeypatch.setattr(api, "ask", fake_ask)
    return calls


def test_ask_example_passes_what_the_runner_passes(tmp_path, fx, monkeypatch, capsys):
    from spatioxolver.evals.evaluate import find_example

    root = fx.make_ctr(tmp_path / "ctr", n_scenes=1)
    calls = _spy_ask(monkeypatch)
    assert cli_main(["ask", "--example", f"{root}:ctr-s0-H-12", "--model", "sim/gpt-4o"]) == 0
    assert cli_main(["ask", "--example", str(root / "manifest.jsonl"), "--id", "ctr-s0-H-12"]) == 0
    example = find_example(root, "ctr-s0-H-12")
    cfg = RunConfig(dataset=str(root), benchmark="ctr", model="sim/gpt-4o", graph="agentic")
    expected = build_call(example, cfg)
    got = dict(calls[0])
    got["images"] = list(got["images"]) if isinstance(got["images"], list) else [got["images"]]
    got.pop("repair_method")
    assert got.pop("runner") == "local"  # how `ask` steps the graph (same nodes), not an input
    assert got == expected
    assert expected["ground_truth"]["example"]["id"] == "ctr-s0-H-12" and expected["marks"]
    assert expected["clean_images"] and calls[1]["model"] == "geometric"


def test_ask_example_with_exact_sim_model_answers_gold(tmp_path, fx, capsys):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=1)
    gold = [json.loads(x) for x in (root / "manifest.jsonl").read_text().splitlines()][0]
    argv = ["ask", "--example", f"{root}:{gold['id']}", "--model", "sim/exact", "--graph", "direct", "--json"]
    assert cli_main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == gold["answer"] and out["simulated"] is True


def test_ask_errors(tmp_path, fx, monkeypatch, capsys):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=1)
    calls = _spy_ask(monkeypatch)
    img = str(root / "images" / "s0.png")
    assert cli_main(["ask", img, "Which is left: 1 or 2?", "--model", "sim/gpt-4o"]) == 2
    assert "--example" in _one_error_line(capsys)
    assert cli_main(["ask", "--example", str(root)]) == 2
    assert "needs an id" in _one_error_line(capsys)
    assert cli_main(["ask", "--example", f"{root}:nope"]) == 2
    assert "no example with id 'nope'" in _one_error_line(capsys)
    assert cli_main(["ask", img, "q?", "--marks", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in _one_error_line(capsys)
    assert cli_main(["ask", img, img, "q?", "--clean-image", img]) == 2
    assert "one per image" in _one_error_line(capsys)
    assert not calls


def test_ask_takes_several_images_and_clean_images(tmp_path, fx, monkeypatch, capsys):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=1)
    calls = _spy_ask(monkeypatch)
    img, clean = str(root / "images" / "s0.png"), str(root / "images" / "s0_clean.png")
    argv = ["ask", img, img, img, "Which object moved?", *["--clean-image", clean] * 3]
    assert cli_main(argv) == 0
    assert calls[0]["images"] == [img, img, img] and calls[0]["clean_images"] == [clean] * 3
    assert cli_main(["ask", img, "q?", "--clean-image", clean, "--marks", '{"1": [3, 4]}']) == 0
    assert calls[1]["images"] == img and calls[1]["marks"] == {"1": [3, 4]}
