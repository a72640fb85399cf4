"""One image's questions split between this process and a worker process: the image is perceived
once (its perception record travels with the questions), the rows are those of a run in one
process, and a worker that dies in the middle of an image leaves its questions to this process
without a second perception. The lane picker's rules are tested on their own below."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from spatioxolver.evals import processes
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.results import read_rows
from spatioxolver.evals.sharding import WAIT, LanePicker
from spatioxolver.graphs._cache import cache_clear


@pytest.fixture(scope="module")
def one_image(tmp_path_factory) -> Path:
    """The questions of one generated ctr scene (the scene generator's, not the code under test's),
    plus one question the geometric reasoner cannot parse (an error row after perception)."""
    from spatioxolver.scenes import generate

    out = tmp_path_factory.mktemp("split") / "ctr"
    generate("ctr", out, scenes=1, seed=31, n=5, progress=False, width=200, height=140, workers=1)
    manifest = out / "manifest.jsonl"
    lines = manifest.read_text().splitlines()
    odd = json.loads(lines[5])
    odd.update(id="odd-one", question="Which of these would a painter call the loneliest?")
    manifest.write_text("\n".join([*lines[:12], json.dumps(odd), *lines[12:]]) + "\n")
    return out


@pytest.fixture()
def two_lanes(monkeypatch) -> None:
    """This process plus one worker process, even for one image (a run would keep it in one)."""
    if (os.cpu_count() or 1) < 2:
        pytest.skip("worker processes need two cores")
    monkeypatch.setattr(processes, "example_processes", lambda *args, **kwargs: 2)


async def _evaluate(root: Path, run: Path, concurrency: int, **kw: Any) -> Any:
    cache_clear()
    return await aevaluate(
        root, model="geometric", concurrency=concurrency, workers=2, run_dir=run, progress=False,
        traces=True, **kw,
    )  # fmt: skip


def _rows(run: Path) -> dict[str, Any]:
    return {
        r["id"]: {k: v for k, v in r.items() if k not in ("latency_s", "trace")}
        for r in read_rows(run / "results.jsonl")
    }


def _perceptions(run: Path) -> int:
    """Rows whose trace shows a segmentation step that ran (not read from a cached perception)."""
    return sum(
        any(e.get("node") == "segmentation" and not e.get("from_cache") for e in r.get("trace") or [])
        for r in read_rows(run / "results.jsonl")
    )


def _sharing_lanes(monkeypatch, *, kill_after_first: bool = False) -> dict[str, int]:
    """This process answers its first question (it perceives the image), then waits until the
    worker has answered one, so the worker surely takes questions of an image it did not perceive.
    With ``kill_after_first`` the worker is killed after that answer (its other questions in flight
    come back to this process)."""
    import spatioxolver.api as api

    parent, seen = os.getpid(), {"home": 0, "worker": 0}
    worker_answered = asyncio.Event()
    real_aask, real_lane = api.aask, processes._worker_lane

    async def home_aask(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() == parent and seen["home"]:
            await asyncio.wait_for(worker_answered.wait(), 120)
        seen["home"] += os.getpid() == parent
        return await real_aask(*args, **kwargs)

    def reporting_lane(*args: Any, **kwargs: Any) -> Any:
        lane, worker = real_lane(*args, **kwargs)
        answer = lane.answer_fn

        async def answer_and_report(**call: Any) -> Any:
            try:
                return await answer(**call)
            finally:
                seen["worker"] += 1
                if kill_after_first and not worker_answered.is_set():
                    os.kill(worker.process.pid, signal.SIGKILL)
                worker_answered.set()

        lane.answer_fn = answer_and_report
        return lane, worker

    monkeypatch.setattr(api, "aask", home_aask)
    monkeypatch.setattr(processes, "_worker_lane", reporting_lane)
    return seen


async def test_one_images_questions_split_between_processes_are_perceived_once(
    one_image, tmp_path, two_lanes, monkeypatch
) -> None:
    await _evaluate(one_image, tmp_path / "one", 1)  # one process, one lane: no splitting
    seen = _sharing_lanes(monkeypatch)
    before = processes.worker_stats()
    outcome, _ = await _evaluate(one_image, tmp_path / "split", 2)
    after = processes.worker_stats()
    assert outcome.counts["recorded"] == outcome.counts["total"] == 31
    assert seen["home"] >= 2 and seen["worker"] >= 1  # both processes answered questions of the image
    assert after["records_shipped"] > before["records_shipped"]  # the perception travelled
    assert after["answered_in_workers"] - before["answered_in_workers"] == seen["worker"]
    assert _perceptions(tmp_path / "one") == _perceptions(tmp_path / "split") == 1
    split, one = _rows(tmp_path / "split"), _rows(tmp_path / "one")
    assert split == one and sorted(split) == sorted(one)
    assert (
        split["odd-one"]["status"] == "error" and split["odd-one"]["error_type"] == "UnsupportedQuestionError"
    )
    assert not __import__("multiprocessing").active_children()


async def test_a_worker_dying_in_the_middle_of_an_image_leaves_no_second_perception(
    one_image, tmp_path, two_lanes, monkeypatch
) -> None:
    await _evaluate(one_image, tmp_path / "one", 1)
    _sharing_lanes(monkeypatch, kill_after_first=True)
    lost = processes.worker_stats()["workers_lost"]
    outcome, _ = await _evaluate(one_image, tmp_path / "r", 2)
    assert processes.worker_stats()["workers_lost"] == lost + 1
    assert outcome.counts["recorded"] == outcome.counts["total"] == 31
    rows = read_rows(tmp_path / "r" / "results.jsonl")
    assert len({r["id"] for r in rows}) == len(rows)  # nothing written twice
    assert _rows(tmp_path / "r") == _rows(tmp_path / "one")
    assert _perceptions(tmp_path / "r") == 1  # the questions that came back used this process's perception


async def test_resuming_a_split_run_completes_it_without_repeats(one_image, tmp_path, two_lanes) -> None:
    await _evaluate(one_image, tmp_path / "one", 1)
    run = tmp_path / "resumed"
    await _evaluate(one_image, run, 2, limit=10)
    await _evaluate(one_image, run, 2, resume=True)
    rows = read_rows(run / "results.jsonl")
    assert len(rows) == len({r["id"] for r in rows}) == 31
    assert _rows(run) == _rows(tmp_path / "one")


# -- the picker's rules, on plain units --------------------------------------------------------


class Ex:
    def __init__(self, name: str, image: str) -> None:
        self.name, self.images, self.clean_images = name, [image], []

    def __repr__(self) -> str:
        return self.name


def _names(units: list[Any]) -> list[str]:
    return [u.name if u not in (None, WAIT) else u for u in units]


async def test_an_idle_lane_waits_for_the_perception_then_gets_it_with_the_rest_of_the_image() -> None:
    units = [Ex(f"a{k}", "A") for k in range(4)]
    picker = LanePicker(units, 2)
    first = picker.take(0)
    assert first.name == "a0" and picker.seed_for(0, first) is None  # lane 0 perceives image A
    assert picker.take(1) is WAIT  # image A is being perceived: no second perception
    waiting = asyncio.ensure_future(picker.next(1))
    await asyncio.sleep(0)
    assert not waiting.done()
    picker.done(0, first, {"key-of-A": {"scene_graph": {"objects": []}}})
    got = await asyncio.wait_for(waiting, 1)
    assert got.name == "a1"
    assert picker.seed_for(1, got) == {"key-of-A": {"scene_graph": {"objects": []}}}  # shipped once
    second = picker.take(1)
    assert second.name == "a2" and picker.seed_for(1, second) is None  # lane 1's process holds it now
    assert picker.take(0).name == "a3" and picker.seed_for(0, units[3]) is None  # lane 0 perceived it


async def test_a_failed_perception_is_retried_by_its_lane_not_raced_by_another() -> None:
    units = [Ex(f"a{k}", "A") for k in range(3)]
    picker = LanePicker(units, 2)
    first = picker.take(0)
    picker.done(0, first, {})  # the perception failed: nothing recorded
    assert picker.take(0).name == "a1"  # lane 0 goes on (and perceives again, as in one process)
    assert picker.take(1) is WAIT


def test_idle_lanes_first_claim_new_images_then_share_the_largest_perceived_rest() -> None:
    units = [
        Ex("a0", "A"),
        Ex("b0", "B"),
        *(Ex(f"a{k}", "A") for k in range(1, 4)),
        Ex("b1", "B"),
        Ex("c0", "C"),
    ]
    picker = LanePicker(units, 3)
    a0, b0 = picker.take(0), picker.take(1)
    assert _names([a0, b0, picker.take(2)]) == ["a0", "b0", "c0"]  # every lane its own image
    picker.done(0, a0, {"ka": {}})
    picker.done(1, b0, {"kb": {}})
    stolen = picker.take(2)
    assert stolen.name == "a1" and picker.seed_for(2, stolen) == {"ka": {}}  # A has the most left
    assert _names([picker.take(1), picker.take(1), picker.take(0), picker.take(0)]) == [
        "b1",
        "a2",
        "a3",
        None,
    ]


def test_a_lost_lanes_question_is_first_in_line_and_its_image_perceived_again_only_if_unrecorded() -> None:
    units = [Ex("a0", "A"), Ex("a1", "A"), Ex("b0", "B")]
    picker = LanePicker(units, 2)
    a0, b0 = picker.take(0), picker.take(1)
    picker.give_back(a0, 0)  # lane 0 died while perceiving A
    assert picker.take(1).name == "a0"  # nobody answers A now: lane 1 takes it (and perceives A)
    assert picker.seed_for(1, a0) is None
    picker.done(1, b0, {"kb": {}})
    picker.done(1, a0, {"ka": {}})
    assert picker.take(1).name == "a1" and picker.take(1) is None and picker.drained.is_set()


def test_without_cached_perception_images_are_shared_at_once() -> None:
    units = [Ex("a0", "A"), Ex("a1", "A")]
    picker = LanePicker(units, 2, wait_for_records=False)  # every question perceives anyway
    assert _names([picker.take(0), picker.take(1), picker.take(0)]) == ["a0", "a1", None]


def test_one_lane_keeps_run_order_and_ships_nothing() -> None:
    units = [Ex("a0", "A"), Ex("b0", "B"), Ex("a1", "A")]
    picker = LanePicker(units, 1)
    got = [picker.take(0) for _ in range(4)]
    assert _names(got) == ["a0", "b0", "a1", None]
    assert picker.seed_for(0, units[2]) is None and picker.drained.is_set()


_FORKED_SCRIPT = """
import asyncio, json, sys
from spatioxolver.evals import processes
from spatioxolver.evals.evaluate import aevaluate

if __name__ == "__main__":
    processes.example_processes = lambda *args, **kwargs: 2
    processes._HOME_WIDTH = 0  # the worker answers every question
    methods, real = [], processes._start_method
    processes._start_method = lambda: methods.append(real()) or methods[-1]
    asyncio.run(aevaluate(sys.argv[1], model="geometric", concurrency=2, workers=2, run_dir=sys.argv[2],
                          progress=False, traces=True))
    print(json.dumps({"methods": methods, **processes.worker_stats()}))
"""


def test_a_worker_forked_after_the_graph_is_loaded_answers_as_this_process(one_image, tmp_path) -> None:
    """As `spatioxolver eval` runs: a fresh process (no OpenCV loaded yet) loads LangGraph and the
    compiled graph once, then forks its worker, which starts with them."""
    import subprocess
    import sys

    if (os.cpu_count() or 1) < 2:
        pytest.skip("worker processes need two cores")
    asyncio.run(_evaluate(one_image, tmp_path / "one", 1))
    script = tmp_path / "forked.py"
    script.write_text(_FORKED_SCRIPT)
    out = subprocess.run(
        [sys.executable, str(script), str(one_image), str(tmp_path / "forked")],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    assert stats["methods"] and set(stats["methods"]) == {"fork"}
    assert stats["workers_started"] == 1 and stats["answered_in_workers"] == 31
    assert _rows(tmp_path / "forked") == _rows(tmp_path / "one")
    assert _perceptions(tmp_path / "forked") == 1
