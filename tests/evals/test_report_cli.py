"""Reports (escaping, embedded plots, headline deltas) and the eval / report CLI."""

from __future__ import annotations

import base64
import json
import re

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.report import write_report

from spatioxolver.cli._app import main as cli_main


async def _runs(tmp_path, fx, model="fake"):
    root = fx.make_spatialab(tmp_path / "sl")
    dirs = []
    for graph, wrong in (
        ("agentic", set()),
        ("direct", {"sl-mcq-0", "sl-mcq-1"}),
        ("cot_rank", {"sl-mcq-1"}),
    ):
        run = tmp_path / f"run-{graph}"
        await aevaluate(
            root, model=model, graph=graph, run_dir=run, answer_fn=fx.FakeAsk(wrong=wrong), progress=False
        )
        dirs.append(run)
    return dirs


async def test_report_files_headline_and_plots(tmp_path, fx):
    dirs = await _runs(tmp_path, fx)
    result = write_report(dirs, tmp_path / "out")
    (entry,) = result["headline"]
    assert entry["graphs"]["agentic"]["value"] == 1.0 and entry["graphs"]["direct"]["value"] == pytest.approx(
        0.6
    )
    assert entry["deltas"]["agentic-direct"]["value"] == pytest.approx(0.4)
    lo, hi = entry["deltas"]["agentic-direct"]["ci"]
    assert lo <= 0.4 <= hi
    html = (tmp_path / "out" / "report.html").read_text()
    pngs = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html)
    assert pngs and all(base64.b64decode(p)[:4] == b"\x89PNG" for p in pngs)
    assert "src='http" not in html and 'src="http' not in html  # self-contained
    md = (tmp_path / "out" / "report.md").read_text()
    assert "| spatialab |" in md and "60.0" in md
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert len(summary["runs"]) == 3
    assert (tmp_path / "out" / "per_benchmark.png").is_file()
    assert (tmp_path / "out" / "headline_deltas.png").is_file()


async def test_report_escapes_model_and_dataset_text(tmp_path, fx):
    dirs = await _runs(tmp_path, fx, model="<script>alert(1)</script>")
    write_report(dirs, tmp_path / "out")
    html = (tmp_path / "out" / "report.html").read_text()
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_cli_eval_and_report_with_sim_model(tmp_path, fx, capsys):
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    code = cli_main(
        [
            "eval",
            str(root),
            "--model",
            "sim/gpt-4o",
            "--graph",
            "direct",
            "--run-dir",
            str(run),
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "(simulated)" in out and "accuracy" in out
    assert cli_main(["report", str(run), "--out", str(tmp_path / "rep")]) == 0
    assert "(simulated)" in (tmp_path / "rep" / "report.md").read_text()


def test_cli_errors_are_one_line_exit_2(tmp_path, fx, capsys):
    root = fx.make_inconsistency(tmp_path / "inc")
    assert cli_main(["eval", str(root), "--model", "m", "--benchmark", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown benchmark 'nope'; known benchmarks:") and err.count("\n") == 1
    assert cli_main(["eval", str(root), "--model", "m", "--split", "bogus"]) == 2
    assert "unknown split" in capsys.readouterr().err
    assert cli_main(["eval", str(tmp_path / "missing"), "--model", "m"]) == 2
    assert cli_main(["eval", str(root), "--model", "m", "--graph", "weird"]) == 2
    assert "unknown graph" in capsys.readouterr().err
    assert cli_main(["report", str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    assert "not a run directory" in capsys.readouterr().err


async def test_llm_judge_against_local_server(tmp_path, fx):
    from spatioxolver.testing import LocalServer

    root = fx.make_spatialab(tmp_path / "sl")
    with LocalServer(default="0") as srv:
        _, summary = await aevaluate(
            root,
            model="fake",
            graph="direct",
            run_dir=tmp_path / "run",
            split="open",
            answer_fn=fx.FakeAsk(),
            judge="openai/judge-model",
            options={"judge_api_base": srv.url},
            progress=False,
        )
    from spatioxolver.evals.results import read_rows

    (row,) = read_rows(tmp_path / "run" / "results.jsonl")
    assert row["judge"]["judge"] == "openai/judge-model" and row["judge"]["verdict"] == 0
    assert row["judge"]["raw"] == "0" and row["correct"] is False
    # The judge's tokens are the run's too: in the row's usage and the summary's totals.
    judge_tokens = row["judge"]["usage"]["prompt_tokens"] + row["judge"]["usage"]["completion_tokens"]
    assert judge_tokens > 0
    assert row["usage"]["prompt_tokens"] + row["usage"]["completion_tokens"] >= judge_tokens
    info = json.loads((tmp_path / "run" / "run.json").read_text())
    assert info["judge_prompt_hash"].startswith("sha256:")
    assert summary["judge"]["judged"] == 1
