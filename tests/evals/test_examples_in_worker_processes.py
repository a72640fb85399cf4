"""A geometric run's examples answered in worker processes, sharded by image, give the same rows
as in this process (answers, scores, error rows); resume works; a worker that dies or cannot
start leaves the run to the other lanes; Ctrl-C leaves no child process; tiny runs, model
backends and Ray runs keep everything in this process; a bad worker count is exit 2."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from spatioxolver.evals import processes
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.processes import LanePicker, example_processes
from spatioxolver.evals.results import read_rows
from spatioxolver.graphs._cache import cache_clear

from spatioxolver.cli import main as cli_main


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """Three generated ctr scenes (made by the scene generator, not by the code under test), plus
    one example the geometric reasoner cannot parse (an error row)."""
    from spatioxolver.scenes import generate

    out = tmp_path_factory.mktemp("lanes") / "ctr"
    generate("ctr", out, scenes=3, seed=12, n=5, progress=False, width=200, height=140, workers=1)
    manifest = out / "manifest.jsonl"
    lines = manifest.read_text().splitlines()
    odd = json.loads(lines[0])
    odd.update(id="odd-one", question="How many shades of blue would a poet see here?")
    manifest.write_text("\n".join([*lines, json.dumps(odd)]) + "\n")
    return out


@pytest.fixture()
def always_processes(monkeypatch) -> None:
    """Start worker processes even for this small set (the threshold keeps small runs in-process)."""
    if (os.cpu_count() or 1) < 2:
        pytest.skip("worker processes need two cores")
    monkeypatch.setattr(processes, "MIN_PROCESS_SECONDS", 0.0)
    monkeypatch.setattr(
        processes, "MIN_SPARE_CORES", float(os.environ.get("T_SPARE", "-1e9"))
    )  # even when other work keeps the cores busy


def _rows(run: Path) -> dict[str, Any]:
    return {
        r["id"]: {k: v for k, v in r.items() if k not in ("latency_s", "trace")}
        for r in read_rows(run / "results.jsonl")
    }


async def _evaluate(root: Path, run: Path, workers: Any, concurrency: int = 2, **kw: Any) -> Any:
    cache_clear()
    return await aevaluate(
        root, model="geometric", concurrency=concurrency, workers=workers, run_dir=run, progress=False, **kw
    )


def _no_children() -> bool:
    return not multiprocessing.active_children()


async def test_rows_are_the_same_when_workers_answer_everything(
    rendered, tmp_path, always_processes, monkeypatch
) -> None:
    monkeypatch.setattr(processes, "_HOME_WIDTH", 0)  # this process answers nothing itself
    await _evaluate(rendered, tmp_path / "here", 1, concurrency=1)
    before = processes.worker_stats()
    await _evaluate(rendered, tmp_path / "workers", 3)
    after = processes.worker_stats()
    here, there = _rows(tmp_path / "here"), _rows(tmp_path / "workers")
    assert len(here) >= 60 and here == there
    assert after["workers_started"] - before["workers_started"] == 1  # concurrency 2: this process + 1
    assert after["answered_in_workers"] - before["answered_in_workers"] == len(there)
    odd = there["odd-one"]  # the reasoner's refusal travelled back as the same error row
    assert odd["status"] == "error" and odd["error_type"] == "UnsupportedQuestionError"
    assert _no_children()


async def test_rows_are_the_same_with_this_process_and_a_worker_sharing(
    rendered, tmp_path, always_processes
) -> None:
    await _evaluate(rendered, tmp_path / "here", 1, concurrency=1)
    await _evaluate(rendered, tmp_path / "shared", "auto", concurrency=8)
    assert _rows(tmp_path / "shared") == _rows(tmp_path / "here")
    assert _no_children()


async def test_resume_with_workers_completes_without_repeats(
    rendered, tmp_path, always_processes, monkeypatch
) -> None:
    monkeypatch.setattr(processes, "_HOME_WIDTH", 0)
    await _evaluate(rendered, tmp_path / "here", 1, concurrency=1)
    run = tmp_path / "resumed"
    await _evaluate(rendered, run, 2, limit=25)
    assert len(read_rows(run / "results.jsonl")) == 25
    await _evaluate(rendered, run, 2, resume=True)
    lines = read_rows(run / "results.jsonl")
    assert len(lines) == len({r["id"] for r in lines})  # nothing written twice
    assert _rows(run) == _rows(tmp_path / "here")


async def test_a_worker_that_dies_leaves_its_examples_to_this_process(
    rendered, tmp_path, always_processes, monkeypatch
) -> None:
    """The worker is killed after its first answer; this process waits for that answer before it
    starts, so the worker surely has work when it dies."""
    import spatioxolver.api as api

    first_answer = asyncio.Event()
    real_aask, real_lane = api.aask, processes._worker_lane

    async def home_aask(*args: Any, **kwargs: Any) -> Any:
        await first_answer.wait()
        return await real_aask(*args, **kwargs)

    def lane_that_dies(*args: Any, **kwargs: Any) -> Any:
        lane, worker = real_lane(*args, **kwargs)
        answer = lane.answer_fn

        async def answer_then_die(**call: Any) -> Any:
            out = await answer(**call)
            if not first_answer.is_set():
                os.kill(worker.process.pid, signal.SIGKILL)
                first_answer.set()
            return out

        lane.answer_fn = answer_then_die
        return lane, worker

    monkeypatch.setattr(api, "aask", home_aask)
    monkeypatch.setattr(processes, "_worker_lane", lane_that_dies)
    before = processes.worker_stats()["workers_lost"]
    outcome, _ = await _evaluate(rendered, tmp_path / "r", 2)
    monkeypatch.setattr(api, "aask", real_aask)
    await _evaluate(rendered, tmp_path / "here", 1, concurrency=1)
    assert processes.worker_stats()["workers_lost"] == before + 1
    assert outcome.counts["recorded"] == outcome.counts["total"]
    assert _rows(tmp_path / "r") == _rows(tmp_path / "here")
    assert _no_children()


async def test_a_worker_that_cannot_start_leaves_the_run_to_this_process(
    rendered, tmp_path, always_processes, monkeypatch
) -> None:
    real = processes._Worker.__init__

    def start_then_die(self: Any, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        os.kill(self.process.pid, signal.SIGKILL)

    monkeypatch.setattr(processes._Worker, "__init__", start_then_die)
    outcome, _ = await _evaluate(rendered, tmp_path / "r", 2)
    assert outcome.counts["recorded"] == outcome.counts["total"] and outcome.counts["errors"] == 1
    assert _no_children()


_CTRL_C_SCRIPT = """
import asyncio, sys
from spatioxolver import api
from spatioxolver.evals import processes
from spatioxolver.evals.evaluate import aevaluate

_answer = api.aask


async def _slow_answer(*args, **kwargs):
    # An answer from a cached perception takes about a millisecond: without a pause the 91
    # examples can all be done before the signal is sent (0.05 s each still let a loaded
    # machine finish the run between the check and the signal). Forked workers inherit this.
    await asyncio.sleep(0.2)
    return await _answer(*args, **kwargs)


api.aask = _slow_answer

if __name__ == "__main__":
    processes.MIN_PROCESS_SECONDS = 0.0
    processes.MIN_SPARE_CORES = -1e9
    processes._HOME_WIDTH = 0
    asyncio.run(aevaluate(sys.argv[1], model="geometric", concurrency=2, workers=2, run_dir=sys.argv[2],
                          progress=False))
"""


def _children_of(pid: int) -> set[int]:
    found = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in text:
            found.add(int(status.parent.name))
    return found


def _as_from_a_terminal() -> None:
    """In the child before exec: Ctrl-C delivered and handled by default, as a shell starts a
    command (a test runner's own process may have it ignored or blocked, and a child inherits
    that)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _signal_masks(pid: int) -> str:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "gone"
    return " ".join(line for line in text.splitlines() if line.startswith(("SigBlk", "SigIgn", "SigCgt")))


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for init to reap it has ended)."""
    try:
        return "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc (Linux) to find child processes"
)
def test_ctrl_c_stops_the_run_and_leaves_no_child(rendered, tmp_path) -> None:
    """A real SIGINT to a run whose examples are answered by a worker process."""
    import subprocess
    import sys
    import time

    if (os.cpu_count() or 1) < 2:
        pytest.skip("worker processes need two cores")
    script, run = tmp_path / "run_eval.py", tmp_path / "r"
    script.write_text(_CTRL_C_SCRIPT)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(rendered), str(run)],
        stderr=subprocess.PIPE,
        preexec_fn=_as_from_a_terminal,
    )
    results, deadline, children = run / "results.jsonl", time.monotonic() + 120, set()
    while time.monotonic() < deadline and proc.poll() is None:
        children |= _children_of(proc.pid)
        if results.exists() and len(results.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
    assert children  # the worker process was running
    ignored = _signal_masks(proc.pid)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    assert proc.returncode != 0, ignored
    assert json.loads((run / "run.json").read_text())["status"] == "interrupted"
    time.sleep(0.5)  # the resource tracker notices its parent is gone
    assert not [pid for pid in children if _alive(pid)]  # no child left running
    rows = read_rows(run / "results.jsonl")
    assert 3 <= len(rows) < 91 and len(rows) == len({r["id"] for r in rows})


@pytest.mark.parametrize(
    ("model", "options", "concurrency", "workers", "groups", "examples", "spare", "expected"),
    [
        ("geometric", {}, 2, 2, 48, 600, None, 2),  # a real run: this process + one worker
        ("geometric", {}, 8, 64, 48, 600, None, min(os.cpu_count() or 1, 8)),  # at most the cores
        ("geometric", {}, 8, 64, 48, 600, 0.9, min(os.cpu_count() or 1, 2)),  # one idle core: one worker
        ("geometric", {}, 2, 2, 48, 600, 0.2, 1),  # others keep the cores busy: a worker would only compete
        ("geometric", {}, 1, 2, 48, 600, None, 1),  # one example at a time: nothing side by side
        ("geometric", {}, 2, 1, 48, 600, None, 1),  # --workers 1: all in this process
        ("geometric", {}, 2, 2, 2, 6, None, 1),  # tiny: starting a worker costs more than it saves
        ("geometric", {}, 2, 2, 1, 900, None, 1),  # one image: one perception, one process
        ("sim/exact", {}, 2, 2, 48, 600, None, 1),  # a model backend waits on I/O: async in this process
        ("geometric", {"agent_models": {"reasoning": "openai/x"}}, 2, 2, 48, 600, None, 1),
    ],
)
def test_when_a_run_gets_worker_processes(
    model, options, concurrency, workers, groups, examples, spare, expected
) -> None:
    if (os.cpu_count() or 1) < 2 and expected > 1:
        pytest.skip("needs two cores")
    got = example_processes(
        model,
        options,
        concurrency=concurrency,
        workers=workers,
        groups=groups,
        examples=examples,
        spare=spare,
    )
    assert got == expected


def test_spare_cores_counts_other_work_only() -> None:
    from spatioxolver.evals.processes import CpuSample, spare_cores

    # 2 s, the machine busy for 3.0 CPU-s of which 2.0 were this process: others used half a core
    assert spare_cores(CpuSample(0.0, 100.0, 5.0), CpuSample(2.0, 103.0, 7.0), cores=2) == 0.5
    assert spare_cores(CpuSample(0.0, 100.0, 5.0), CpuSample(2.0, 104.0, 6.0), cores=2) == -0.5
    assert spare_cores(CpuSample(0.0, None, 5.0), CpuSample(2.0, None, 6.0), cores=2) is None  # no /proc/stat
    assert (
        spare_cores(CpuSample(0.0, 1.0, 5.0), CpuSample(0.01, 1.0, 5.0), cores=2) is None
    )  # too short to tell


def test_lanes_take_whole_images_and_one_lane_keeps_run_order() -> None:
    class Ex:
        def __init__(self, name: str, image: str) -> None:
            self.name, self.images, self.clean_images = name, [image], []

    units = [Ex("a1", "A"), Ex("b1", "B"), Ex("a2", "A"), Ex("c1", "C"), Ex("b2", "B")]
    one = LanePicker(units, 1)
    assert [one.take(0).name for _ in units] == ["a1", "b1", "a2", "c1", "b2"] and one.take(0) is None
    two = LanePicker(units, 2)
    got = [two.take(0).name, two.take(1).name, two.take(1).name, two.take(0).name, two.take(0).name]
    assert got == ["a1", "b1", "b2", "a2", "c1"]  # lane 1 finishes image B before claiming another
    assert two.take(0) is None and two.take(1) is None
    assert LanePicker([], 1).take(0) is None and LanePicker([], 2).take(1) is None  # nothing left to do
    three = LanePicker(units, 2)
    assert three.take(0).name == "a1" and three.take(1).name == "b1"
    three.give_back(units[1], 1)  # lane 1 is lost: its example and the rest of image B come next
    assert [three.take(0).name for _ in range(4)] == ["a2", "b1", "b2", "c1"]


async def test_ray_and_injected_answer_functions_stay_in_this_process(
    rendered, tmp_path, always_processes
) -> None:
    async def fake(images: Any, question: str, **kw: Any) -> dict[str, Any]:
        return {"value": "1", "text": "1"}

    before = processes.worker_stats()["workers_started"]
    await _evaluate(rendered, tmp_path / "r", 4, answer_fn=fake)
    assert processes.worker_stats()["workers_started"] == before


@pytest.mark.parametrize("value", ["0", "-2", "many", "1.5"])
def test_bad_workers_at_the_cli_is_one_line_and_exit_2(rendered, tmp_path, capsys, value) -> None:
    code = cli_main(["eval", str(rendered), "--model", "geometric", "--run-dir", str(tmp_path / "r"),
                     "--no-progress", "--workers", value])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error:") and len(err.splitlines()) == 1
    assert not (tmp_path / "r").exists()


async def test_timed_out_examples_retire_their_worker_and_the_run_completes(
    rendered, tmp_path, always_processes
) -> None:
    outcome, _ = await _evaluate(rendered, tmp_path / "r", 2, timeout_s=0.001, limit=30)
    rows = read_rows(tmp_path / "r" / "results.jsonl")
    assert outcome.counts["recorded"] == 30 and len({r["id"] for r in rows}) == 30
    assert all(r["error_type"] == "Timeout" for r in rows)  # as in this process: a timeout row each
    assert _no_children()


def test_cores_are_those_this_process_may_run_on(monkeypatch) -> None:
    import os

    from spatioxolver._pool import usable_cores

    if hasattr(os, "sched_getaffinity"):
        assert usable_cores() == len(os.sched_getaffinity(0))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert usable_cores() == 2  # e.g. `taskset -c 0,1` on a 16-core machine
