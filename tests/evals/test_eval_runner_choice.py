"""``spatioxolver eval --runner local`` steps each example's graph in-process: the same rows as
the LangGraph runner (geometric backend, with worker processes too), a run started on one runner
resumes on the other, and a bad runner name is one error line with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from spatioxolver.evals.results import read_rows

from spatioxolver.cli import main as cli_main

_VOLATILE = ("seconds", "latency_s", "elapsed_s", "wall_s", "started", "finished", "timing", "trace")


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "ctr"
    argv = ["generate", "ctr", "--out", str(out), "--scenes", "3", "--n", "5", "--width", "160",
            "--height", "120", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0
    return out


def _rows(run: Path) -> dict[str, dict]:
    rows = {}
    for row in read_rows(run / "results.jsonl"):
        rows[row["id"]] = {k: v for k, v in row.items() if k not in _VOLATILE}
    return rows


def _eval(data: Path, run: Path, *extra: str) -> int:
    from spatioxolver.graphs._cache import cache_clear

    cache_clear()  # each run perceives for itself
    argv = ["eval", str(data), "--model", "geometric", "--run-dir", str(run), "--no-progress", *extra]
    return cli_main(argv)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_local_runner_gives_the_same_rows(generated: Path, tmp_path: Path, workers: str) -> None:
    runs = {}
    for runner in ("langgraph", "local"):
        run = tmp_path / runner
        assert _eval(generated, run, "--runner", runner, "--concurrency", "2", "--workers", workers) == 0
        runs[runner] = _rows(run)
    assert len(runs["local"]) >= 30 and all(r["status"] == "ok" for r in runs["local"].values())
    assert runs["local"] == runs["langgraph"]


def test_a_run_resumes_on_the_other_runner(generated: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    assert _eval(generated, run, "--runner", "langgraph", "--limit", "10") == 0
    assert _eval(generated, run, "--runner", "local", "--resume") == 0
    rows = read_rows(run / "results.jsonl")
    total = len(list((generated / "manifest.jsonl").read_text().splitlines()))
    assert total > 10 and len(rows) == total and len({r["id"] for r in rows}) == total


def test_an_unknown_runner_is_exit_2(generated: Path, tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        _eval(generated, tmp_path / "bad", "--runner", "pregel")
    assert exc.value.code == 2
    assert "--runner" in capsys.readouterr().err
