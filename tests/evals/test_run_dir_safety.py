"""A run directory nothing can corrupt: one writer at a time, SIGTERM like Ctrl-C, a full disk
in one line, damaged lines re-run, no API key in anything written, loud failures."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys

import pytest
from spatioxolver.evals.results import ResultsFile, read_rows, scan_results
from spatioxolver.evals.rundir import RunLock

from spatioxolver.cli import main as cli_main
from spatioxolver.errors import BenchmarkError
from spatioxolver.testing import LocalServer
from spatioxolver.testing.releases import write_spatial_incon, write_spatialab_parquet

KEY = "sk-echo-0123456789abcdefXYZ"


def _repo(tmp_path):
    return write_spatial_incon(tmp_path / "repo")


def _eval(run, *args):
    return cli_main(["eval", *args, "--run-dir", str(run), "--no-progress"])


def test_second_writer_gets_one_line_and_exit_2(tmp_path, capsys):
    repo, run = _repo(tmp_path), tmp_path / "run"
    run.mkdir()
    with RunLock(run):
        code = _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "in use by another eval" in err
    assert not (run / "results.jsonl").exists()


def test_lock_is_released_and_a_second_process_is_refused(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from spatioxolver.evals.rundir import RunLock\nimport time\nwith RunLock({str(run)!r}):\n print('held', flush=True); time.sleep(30)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(BenchmarkError, match=f"pid {holder.pid}"):
            RunLock(run).__enter__()
    finally:
        holder.kill()
        holder.wait()
    with RunLock(run):  # the kernel dropped the dead holder's lock
        pass


def test_sigterm_stops_like_ctrl_c(tmp_path):
    repo, run = _repo(tmp_path), tmp_path / "run"
    code = (
        "import asyncio, sys\n"
        "from spatioxolver.cli import main\n"
        "import spatioxolver.evals.runner as r\n"
        "async def slow(**kw):\n"
        "    print('started', flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "orig = r.run_examples\n"
        "async def patched(*a, **kw):\n"
        "    kw['answer_fn'] = slow\n"
        "    return await orig(*a, **kw)\n"
        "r.run_examples = patched\n"
        "import spatioxolver.evals.evaluate\n"
        "sys.modules['spatioxolver.evals.evaluate'].run_examples = patched\n"
        f"sys.exit(main(['eval', {str(repo)!r}, '--model', 'sim/gpt-4o', '--graph', 'direct', '--run-dir', {str(run)!r}, '--no-progress']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "started"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    info = json.loads((run / "run.json").read_text())
    assert info["status"] == "interrupted" and info["finished_at"]
    assert not list(run.glob("*.tmp"))


def test_disk_full_is_one_line_exit_2_and_a_consistent_run_json(tmp_path, capsys, monkeypatch):
    repo, run = _repo(tmp_path), tmp_path / "run"
    original = ResultsFile.append
    calls = []

    def full_after_two(self, row):
        calls.append(row["id"])
        if len(calls) > 2:
            os.write(self._fd, b'{"id": "partial')  # a partial write before the error
            raise OSError(errno.ENOSPC, "No space left on device")
        original(self, row)

    monkeypatch.setattr(ResultsFile, "append", full_after_two)
    code = _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct", "--concurrency", "1")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "no space left" in err and "--resume" in err
    info = json.loads((run / "run.json").read_text())
    assert info["status"] == "failed" and "no space left" in info["error"]
    assert not list(run.glob("*.tmp"))
    monkeypatch.setattr(ResultsFile, "append", original)
    # the partial write is not a row; resume records every example exactly once
    assert _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct", "--resume") == 0
    ids = [r["id"] for r in read_rows(run / "results.jsonl")]
    assert len(ids) == len(set(ids)) == 6


def test_run_json_write_failure_leaves_no_tmp(tmp_path, monkeypatch):
    from spatioxolver.evals import runinfo

    target = tmp_path / "run.json"
    target.write_text('{"status": "running"}\n')

    def failing_fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(runinfo.os, "fsync", failing_fsync)
    with pytest.raises(OSError):
        runinfo.write_json_atomic(target, {"status": "complete"})
    assert json.loads(target.read_text()) == {"status": "running"}
    assert not list(tmp_path.glob("*.tmp"))


def test_corrupt_middle_line_is_rerun_on_resume(tmp_path, capsys):
    repo, run = _repo(tmp_path), tmp_path / "run"
    assert _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct") == 0
    path = run / "results.jsonl"
    lines = path.read_bytes().split(b"\n")
    victim = json.loads(lines[2])["id"]
    lines[2] = lines[2][: len(lines[2]) // 2]  # a line cut in the middle, still followed by others
    path.write_bytes(b"\n".join(lines))
    statuses, _ = scan_results(path, repair=False)
    assert victim not in statuses
    capsys.readouterr()
    assert _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct", "--resume") == 0
    assert "1 resumed" not in capsys.readouterr().out
    ids = [r["id"] for r in read_rows(path)]
    assert sorted(ids) == sorted(set(ids)) and victim in ids and len(ids) == 6
    assert (run / "results.corrupt.jsonl").read_bytes().startswith(b'{"id": ')


def test_echoed_key_is_in_no_file_and_no_output(tmp_path, capsys, monkeypatch):
    pytest.importorskip("pyarrow", reason="parquet needs pyarrow (dev extra)")
    data, run = write_spatialab_parquet(tmp_path / "sl" / "test.parquet"), tmp_path / "run"
    cache = tmp_path / "cache.sqlite"
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("SPATIOXOLVER_CACHE", str(cache))
    with LocalServer(default=f"3. The chair, and my key is {KEY}") as srv:
        code = _eval(
            run,
            str(data),
            "--benchmark",
            "spatialab-release",
            "--model",
            "openai/local-model",
            "--api-base",
            srv.url,
            "--graph",
            "direct",
            "--traces",
            "--max-error-rate",
            "1",
        )
    out = capsys.readouterr()
    assert code == 0, out.err
    rows = read_rows(run / "results.jsonl")
    opened = [r for r in rows if r["id"].endswith(":open")]
    assert opened and all(r["status"] == "ok" for r in rows)
    assert "[redacted]" in opened[0]["value"] and "[redacted]" in opened[0]["pred"]  # the reply reached both
    for path in [*run.iterdir(), cache]:
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in out.out + out.err


def test_rejected_key_stops_the_run_at_once(tmp_path, capsys, monkeypatch):
    repo, run = _repo(tmp_path), tmp_path / "run"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong-key-000000")
    with LocalServer(require_key="the-right-key") as srv:
        code = _eval(
            run,
            str(repo),
            "--model",
            "openai/local-model",
            "--api-base",
            srv.url,
            "--graph",
            "direct",
            "--concurrency",
            "1",
            "--no-cache",
        )
        sent = len(srv.requests)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "rejected the API key" in err
    assert sent <= 2  # not one request per example
    info = json.loads((run / "run.json").read_text())
    assert info["status"] == "failed"
    assert "sk-wrong-key-000000" not in err


def test_error_rate_above_threshold_exits_1_with_top_errors(tmp_path, capsys):
    repo, run = _repo(tmp_path), tmp_path / "run"
    for image in sorted((repo / "data" / "benchmark").glob("*/A.jpg"))[:4]:
        image.unlink()
    code = _eval(run, str(repo), "--model", "sim/gpt-4o", "--graph", "direct")
    err = capsys.readouterr().err
    assert code == 1 and "4 of 6 rows are errors" in err and "4 x missing image" in err
    run2 = tmp_path / "run2"
    assert (
        _eval(run2, str(repo), "--model", "sim/gpt-4o", "--graph", "direct", "--max-error-rate", "0.9") == 0
    )
    assert _eval(tmp_path / "r3", str(repo), "--model", "sim/gpt-4o", "--max-error-rate", "2") == 2
