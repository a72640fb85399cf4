"""The runner: rows, run.json, resume exactly once (torn lines, SIGKILL), retries, errors, cancellation."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.results import read_rows, scan_results

from spatioxolver.errors import BenchmarkError


def _ids(run_dir: Path) -> list[str]:
    return [r["id"] for r in read_rows(run_dir / "results.jsonl")]


async def test_run_writes_rows_and_run_json(tmp_path, fx):
    root = fx.make_spatialab(tmp_path / "sl")
    fake = fx.FakeAsk(wrong={"sl-mcq-1"})
    outcome, summary = await aevaluate(
        root,
        model="fake",
        graph="direct",
        run_dir=tmp_path / "run",
        answer_fn=fake,
        progress=False,
        options={"api_key": "sk-secretsecret123"},
    )
    rows = read_rows(tmp_path / "run" / "results.jsonl")
    assert len(rows) == 5 and outcome.counts["recorded"] == 5
    assert summary["accuracy"]["value"] == pytest.approx(0.8)
    info = json.loads((tmp_path / "run" / "run.json").read_text())
    assert info["config"]["model"] == "fake" and info["fingerprint"].startswith("sha256:")
    assert "pydantic" in info["versions"] and info["prompt_hashes"] == {"fake": "sha256:abc"}
    assert info["status"] == "complete" and "git_commit" in info
    assert "sk-secret" not in (tmp_path / "run" / "run.json").read_text()
    assert "api_key" not in info["config"]["options"]
    # the call carried ground truth, marks from the first scene and the choices
    call = fake.calls[0]
    assert call["ground_truth"]["scenes"][0]["objects"][0]["label"] == "A"
    assert call["marks"]["A"] == (100.0, 100.0)
    open_row = [r for r in rows if r["id"] == "sl-open-0"][0]
    assert open_row["judge"]["judge"] == "normalized" and open_row["correct"] is True
    assert (tmp_path / "run" / "summary.json").is_file()


async def test_resume_skips_finished_and_refuses_other_settings(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    run = tmp_path / "run"
    fake = fx.FakeAsk()
    await aevaluate(root, model="fake", graph="direct", run_dir=run, answer_fn=fake, limit=10, progress=False)
    assert len(fake.calls) == 10
    with pytest.raises(BenchmarkError, match="already holds results"):
        await aevaluate(root, model="fake", graph="direct", run_dir=run, answer_fn=fake, progress=False)
    fake2 = fx.FakeAsk()
    outcome, _ = await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fake2, resume=True, progress=False
    )
    assert outcome.skipped == 10 and len(fake2.calls) == 38
    ids = _ids(run)
    assert len(ids) == len(set(ids)) == 48
    with pytest.raises(BenchmarkError, match=r"model: 'fake' -> 'other'"):
        await aevaluate(
            root, model="other", graph="direct", run_dir=run, answer_fn=fake2, resume=True, progress=False
        )


async def test_torn_last_line_is_dropped_and_redone(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fx.FakeAsk(), limit=2, progress=False
    )
    with (run / "results.jsonl").open("a") as handle:
        handle.write('{"id": "inc-2", "status": "ok", "gold": "C", "pre')  # killed mid-write
    statuses, _ = scan_results(run / "results.jsonl", repair=False)
    assert "inc-2" not in statuses
    await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fx.FakeAsk(), resume=True, progress=False
    )
    ids = _ids(run)
    assert sorted(ids) == ["inc-0", "inc-1", "inc-2", "inc-3"]
    assert (run / "results.jsonl").read_text().endswith("\n")


async def test_retry_errors_records_each_example_once(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    run = tmp_path / "run"
    fake = fx.FakeAsk(fail={"inc-1", "inc-3"})
    _, summary = await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fake, progress=False
    )
    rows = {r["id"]: r for r in read_rows(run / "results.jsonl")}
    assert rows["inc-1"]["status"] == "error" and rows["inc-1"]["error_type"] == "ModelError"
    assert "sk-THIS" not in (run / "results.jsonl").read_text()  # key-like text redacted
    assert summary["totals"]["errors"] == 2
    fixed = fx.FakeAsk()
    _, summary = await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fixed, retry_errors=True, progress=False
    )
    assert len(fixed.calls) == 2
    ids = _ids(run)
    assert sorted(ids) == ["inc-0", "inc-1", "inc-2", "inc-3"] and summary["totals"]["errors"] == 0


async def test_bad_examples_become_error_rows(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    (root / "images" / "v2a.png").unlink()
    with (root / "manifest.jsonl").open("a") as handle:
        handle.write("{broken\n")
    fake = fx.FakeAsk(delay=0.0)
    _, summary = await aevaluate(
        root, model="fake", graph="direct", run_dir=tmp_path / "run", answer_fn=fake, progress=False
    )
    rows = {r["id"]: r for r in read_rows(tmp_path / "run" / "results.jsonl")}
    assert "missing image" in rows["inc-2"]["error"]
    assert (
        rows["manifest.jsonl:line5"]["error_type"] == "BadLine"
        and ":5:" in rows["manifest.jsonl:line5"]["error"]
    )
    assert summary["totals"]["examples"] == 5 and summary["totals"]["errors"] == 2


async def test_timeout_and_bounded_concurrency(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    in_flight = peak = 0

    async def slow(images, question, **kw):
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        try:
            await asyncio.sleep(0.2 if kw["ground_truth"]["example"]["id"] == "ctr-s0-H-12" else 0.01)
        finally:
            in_flight -= 1
        return {"value": kw["ground_truth"]["example"]["answer"], "text": ""}

    _, summary = await aevaluate(
        root,
        model="fake",
        graph="direct",
        run_dir=tmp_path / "run",
        answer_fn=slow,
        concurrency=3,
        timeout_s=0.1,
        progress=False,
    )
    rows = {r["id"]: r for r in read_rows(tmp_path / "run" / "results.jsonl")}
    assert rows["ctr-s0-H-12"]["error_type"] == "Timeout"
    assert "--timeout" in rows["ctr-s0-H-12"]["error"]  # the row says how to give it more time
    assert peak == 3 and summary["totals"]["errors"] == 1


async def test_cancel_stops_cleanly_and_resumes(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    run = tmp_path / "run"
    fake = fx.FakeAsk(delay=0.02)
    task = asyncio.create_task(
        aevaluate(
            root, model="fake", graph="direct", run_dir=run, answer_fn=fake, concurrency=2, progress=False
        )
    )
    results = run / "results.jsonl"
    for _ in range(2000):  # cancel once some rows are in (a fixed sleep is flaky on a loaded machine)
        if results.exists() and results.read_bytes().count(b"\n") >= 2:
            break
        await asyncio.sleep(0.005)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    info = json.loads((run / "run.json").read_text())
    assert info["status"] == "interrupted"
    done = _ids(run)
    assert 0 < len(done) < 48
    await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fx.FakeAsk(), resume=True, progress=False
    )
    ids = _ids(run)
    assert len(ids) == len(set(ids)) == 48


_KILL_SCRIPT = """
import asyncio, sys
sys.path.insert(0, {tests!r})
import conftest
from spatioxolver.evals.evaluate import aevaluate
asyncio.run(aevaluate({root!r}, model="fake", graph="direct", run_dir={run!r},
                      answer_fn=conftest.FakeAsk(delay=0.01), concurrency=4, progress=False))
"""


@pytest.mark.slow
async def test_sigkill_then_resume_records_every_example_exactly_once(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=4)
    run = tmp_path / "run"
    script = tmp_path / "kill.py"
    script.write_text(_KILL_SCRIPT.format(tests=str(Path(__file__).parent), root=str(root), run=str(run)))
    proc = subprocess.Popen([sys.executable, str(script)], env={**os.environ})
    deadline = time.time() + 20
    while time.time() < deadline:
        if (run / "results.jsonl").exists() and len((run / "results.jsonl").read_bytes().splitlines()) >= 5:
            break
        await asyncio.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = _ids(run)
    assert before, "the child wrote nothing before it was killed"
    total_expected = sum(1 for _ in (root / "manifest.jsonl").open())
    assert len(before) < total_expected, "the child finished before it was killed"
    total = sum(1 for _ in (root / "manifest.jsonl").open())
    await aevaluate(
        root, model="fake", graph="direct", run_dir=run, answer_fn=fx.FakeAsk(), resume=True, progress=False
    )
    ids = _ids(run)
    assert len(ids) == len(set(ids)) == total


def test_redact_removes_env_keys_and_key_patterns(monkeypatch):
    from spatioxolver.evals.results import redact

    monkeypatch.setenv("MYPROVIDER_API_KEY", "plainsecretvalue42")
    text = redact(
        "failed with plainsecretvalue42 and sk-abcdefghijkl and api_key=zzzzzzzzzz1 and Bearer tokentoken9"
    )
    assert "plainsecretvalue42" not in text and "sk-abc" not in text
    assert (
        "zzzzzzzzzz1" not in text and "tokentoken9" not in text and text.startswith("failed with [redacted]")
    )


def test_strict_cli_and_benchmark_listing(tmp_path, fx, capsys):
    from spatioxolver.cli._app import main as cli_main

    root = fx.make_inconsistency(tmp_path / "inc")
    with (root / "manifest.jsonl").open("a") as handle:
        handle.write("{oops\n")
    assert (
        cli_main(["eval", str(root), "--model", "sim/gpt-4o", "--strict", "--run-dir", str(tmp_path / "r")])
        == 2
    )
    assert "manifest.jsonl:5: malformed JSON" in capsys.readouterr().err
    assert cli_main(["benchmarks", "--json"]) == 0
    listing = {b["name"]: b["splits"] for b in json.loads(capsys.readouterr().out)}
    assert (
        "gap" in listing["ctr"]
        and "sequential" in listing["cvt"]
        and "plausibility-pp" in listing["inconsistency"]
    )
