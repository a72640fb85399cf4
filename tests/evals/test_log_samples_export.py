"""--log-samples keeps prompts, raw replies and parsed values per step; export writes them in
the formats other harnesses read."""

from __future__ import annotations

import csv
import json

import pytest
from spatioxolver.evals.export import export_run
from spatioxolver.evals.results import read_rows

from spatioxolver.cli import main as cli_main
from spatioxolver.testing import LocalServer
from spatioxolver.testing.releases import write_spatial_incon

REPLY = "Looking at both views, the lamp moved. Final Answer: C"


@pytest.fixture()
def llm_run(tmp_path, monkeypatch):
    repo, run = write_spatial_incon(tmp_path / "repo", n=3), tmp_path / "run"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(default=REPLY) as srv:
        code = cli_main(
            [
                "eval",
                str(repo),
                "--model",
                "openai/local-model",
                "--api-base",
                srv.url,
                "--graph",
                "direct",
                "--run-dir",
                str(run),
                "--no-progress",
                "--no-cache",
                "--max-error-rate",
                "1",
            ]
        )
    assert code == 0
    return run


def test_small_runs_log_prompts_and_raw_replies_by_default(llm_run):
    rows = read_rows(llm_run / "results.jsonl")
    assert len(rows) == 3
    for row in rows:
        assert row["input"].startswith("Here are two photos")
        (sample,) = row["samples"]
        assert sample["node"] == "direct" and sample["template"] == "direct_inconsistency"
        assert sample["reply"] == REPLY and "Which letter" in sample["prompt"]
        assert row["value"] == "C"


def test_no_log_samples_keeps_rows_lean(tmp_path, capsys):
    repo = write_spatial_incon(tmp_path / "repo", n=2)
    run = tmp_path / "run"
    assert (
        cli_main(
            [
                "eval",
                str(repo),
                "--model",
                "sim/gpt-4o",
                "--graph",
                "direct",
                "--run-dir",
                str(run),
                "--no-progress",
                "--no-log-samples",
            ]
        )
        == 0
    )
    assert all("samples" not in r and "input" not in r for r in read_rows(run / "results.jsonl"))


def test_export_csv(llm_run):
    (path,), warnings = export_run(llm_run, "csv")
    assert not warnings
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 3 and rows[0]["pred"] == "C" and rows[0]["status"] == "ok"
    assert rows[0]["input"].startswith("Here are two photos")


def test_export_lmms_eval_layout(llm_run, tmp_path):
    files, _ = export_run(llm_run, "lmms-eval", tmp_path / "lmms")
    results = json.loads(files[0].read_text())
    task = next(iter(results["results"]))
    assert files[0].name == f"results_{task}.json" and files[1].name == f"samples_{task}.jsonl"
    samples = [json.loads(line) for line in files[1].read_text().splitlines()]
    assert [s["doc_id"] for s in samples] == [0, 1, 2]
    assert samples[0]["resps"] == [[REPLY]] and samples[0]["filtered_resps"] == ["C"]
    assert "Which letter" in samples[0]["arguments"][0]
    accuracy = sum(s["acc"] for s in samples) / 3
    assert results["results"][task]["acc,none"] == pytest.approx(accuracy)


def test_export_inspect_log(llm_run, capsys):
    assert cli_main(["export", str(llm_run), "--format", "inspect"]) == 0
    (path,) = (llm_run / "export").glob("*.inspect.json")
    log = json.loads(path.read_text())
    assert log["status"] == "success" and log["results"]["total_samples"] == 3
    sample = log["samples"][0]
    assert [m["role"] for m in sample["messages"]] == ["user", "assistant"]
    assert sample["messages"][1]["content"] == REPLY
    assert sample["scores"]["match"]["value"] in ("C", "I") and sample["scores"]["match"]["answer"] == "C"


def test_export_bad_input_is_one_line(tmp_path, capsys):
    assert cli_main(["export", str(tmp_path), "--format", "csv"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    with pytest.raises(SystemExit) as stop:
        cli_main(["export", str(tmp_path), "--format", "xml"])
    assert stop.value.code == 2 and capsys.readouterr().err.count("\n") == 1
