"""CPU-bound perception in a pool of worker processes gives the same scene graphs and the
same eval rows as in this process; the pool starts only when asked for, shuts down at the
end of its block (also on Ctrl-C), stays out of Ray runs and tiny runs; a bad worker count
is one line and exit 2."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from spatioxolver.evals.evaluate import aevaluate, perception_pool_size
from spatioxolver.evals.results import read_rows
from spatioxolver.graphs._cache import cache_clear

from spatioxolver import _pool
from spatioxolver.cli import main as cli_main
from spatioxolver.errors import ConfigError


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """Three generated ctr scenes (made by the scene generator, not by the code under test)."""
    from spatioxolver.scenes import generate

    out = tmp_path_factory.mktemp("pool") / "ctr"
    generate("ctr", out, scenes=3, seed=11, n=5, progress=False, width=200, height=140, workers=1)
    return out


@pytest.fixture()
def pool_on_small_work(monkeypatch) -> None:
    """Send even these small renders to the pool (the thresholds keep tiny work in-process)."""
    monkeypatch.setattr(_pool, "MIN_POOL_PIXELS", 0)
    monkeypatch.setattr(_pool, "MIN_POOL_OBJECTS", 0)
    monkeypatch.setattr(_pool, "MIN_POOL_IMAGES", 0)


def _graph(image: Path, clean: Path, scene: dict[str, Any]) -> dict[str, Any]:
    from spatioxolver.api import build_scene_graph

    marks = {o["label"]: o["label_anchor"] for o in scene["objects"] if o.get("label_anchor")}
    graph = build_scene_graph(str(image), marks=marks, clean_images=[str(clean)], cache=False)
    data = graph.model_dump(mode="json")
    data.pop("provenance", None)  # timings differ run to run
    return data


def test_scene_graphs_are_the_same_with_the_pool(rendered, pool_on_small_work) -> None:
    lines = [json.loads(line) for line in (rendered / "manifest.jsonl").read_text().splitlines()]
    seen, cases = set(), []
    for line in lines:
        if line["images"][0] not in seen:
            seen.add(line["images"][0])
            scene = json.loads((rendered / line["scenes"][0]).read_text())
            image = rendered / line["images"][0]
            clean = image.with_name(image.stem + "_clean.png")
            assert clean.is_file()
            cases.append((image, clean, scene))
    assert len(cases) == 3
    in_process = [_graph(*case) for case in cases]
    before = _pool.pool_stats()["pooled"]
    with _pool.perception_workers(2):
        pooled = [_graph(*case) for case in cases]
    assert _pool.pool_stats()["pooled"] - before >= 3 * 2  # segmentation and attributes per image, at least
    assert pooled == in_process
    assert all(len(g["objects"]) >= 2 for g in pooled)  # a real perception, not an empty one


async def test_eval_rows_are_the_same_with_the_pool(rendered, tmp_path, pool_on_small_work) -> None:
    rows = {}
    for workers in (1, 2):
        cache_clear()
        before = _pool.pool_stats()["pooled"]
        run = tmp_path / f"w{workers}"
        await aevaluate(
            rendered, model="geometric", concurrency=4, workers=workers, run_dir=run, progress=False
        )
        used = _pool.pool_stats()["pooled"] - before
        assert (used > 0) == (workers > 1)
        found = read_rows(run / "results.jsonl")
        rows[workers] = {
            r["id"]: {k: v for k, v in r.items() if k not in ("latency_s", "trace")} for r in found
        }
    assert len(rows[1]) >= 30 and all(r["status"] == "ok" for r in rows[1].values())
    assert rows[2] == rows[1]
    assert _pool.pool_stats()["live"] == 0 and not multiprocessing.active_children()  # shut down at the end


async def test_the_pool_shuts_down_on_ctrl_c() -> None:
    with pytest.raises(KeyboardInterrupt):
        with _pool.perception_workers(2):
            assert await _pool.run_cpu(sum, [1, 2, 3]) == 6
            assert _pool.pool_stats()["live"] == 1 and multiprocessing.active_children()
            raise KeyboardInterrupt
    assert _pool.pool_stats()["live"] == 0
    assert not multiprocessing.active_children()


async def test_one_worker_and_small_work_stay_in_this_process() -> None:
    before = _pool.pool_stats()
    with _pool.perception_workers(1):
        assert await _pool.run_cpu(sum, [1, 2]) == 3
    with _pool.perception_workers(2):
        assert await _pool.run_cpu(sum, [4], small=True) == 4
    after = _pool.pool_stats()
    assert after["pooled"] == before["pooled"] and after["pools_started"] == before["pools_started"]
    assert after["in_process"] == before["in_process"] + 2


@pytest.mark.parametrize(
    ("workers", "concurrency", "executor", "images", "expected"),
    [
        (4, 8, "local", 500, 4),  # the pool, as asked
        (8, 2, "local", 500, 2),  # no more workers than examples in flight
        (8, 1, "local", 500, 1),  # one example at a time: nothing to overlap
        (8, 8, "ray", 500, 1),  # Ray's workers perceive on their own
        (8, 8, "local", 3, 1),  # too few images to pay for starting workers
        (1, 8, "local", 500, 1),  # 1 = in this process
    ],
)
def test_when_a_run_gets_a_pool(workers, concurrency, executor, images, expected) -> None:
    assert perception_pool_size(workers, concurrency, executor, images) == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "must be at least 1"),
        ("-2", "must be at least 1"),
        ("two", "whole number"),
        ("1.5", "whole number"),
        (1.5, "whole number"),
        (True, "whole number"),
        ("", "whole number"),
    ],
)
def test_a_bad_worker_count_is_a_config_error(value, message) -> None:
    with pytest.raises(ConfigError, match=message):
        _pool.parse_workers(value)


def test_worker_count_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv(_pool.ENV_WORKERS, "3")
    assert _pool.default_workers() == 3 and _pool.default_workers(1) == 3
    monkeypatch.delenv(_pool.ENV_WORKERS)
    assert _pool.default_workers(1) == 1
    assert _pool.default_workers() == max((os.cpu_count() or 1) - 1, 1)
    monkeypatch.setenv(_pool.ENV_WORKERS, "many")
    with pytest.raises(ConfigError, match=_pool.ENV_WORKERS):
        _pool.default_workers()


@pytest.mark.parametrize(
    ("argv", "env", "expected"),
    [
        (["--workers", "0"], None, "--workers must be at least 1"),
        (["--workers", "lots"], None, "--workers must be a whole number"),
        ([], "-1", "SPATIOXOLVER_WORKERS must be at least 1"),
    ],
)
def test_bad_workers_at_the_cli_is_one_line_and_exit_2(
    rendered, tmp_path, capsys, monkeypatch, argv, env, expected
) -> None:
    if env is not None:
        monkeypatch.setenv(_pool.ENV_WORKERS, env)
    code = cli_main(["eval", str(rendered), "--model", "geometric", "--run-dir", str(tmp_path / "r"),
                     "--no-progress", *argv])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert expected in err and len(err.splitlines()) == 1
    assert not (tmp_path / "r").exists()  # refused before the run directory is made


def test_importing_the_pool_starts_and_loads_nothing() -> None:
    code = (
        "import sys, multiprocessing as _m; import spatioxolver, spatioxolver._pool;"
        "heavy = [m for m in ('numpy', 'concurrent.futures', 'multiprocessing.pool') if m in sys.modules];"
        "print(heavy, len(_m.active_children()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[] 0"
