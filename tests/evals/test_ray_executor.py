"""The Ray executor: a local Ray with 2 workers answers an eval; same rows as the local
executor, one results file, resume unchanged. Skipped (with the reason) without the ``ray``
extra; the runner's hook is also checked without Ray."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.results import read_rows

from spatioxolver.errors import ConfigError

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="optional extra 'ray' not installed (pip install '.[ray]')",
)

_VOLATILE = ("latency_s", "trace")


def _rows(run_dir: Path) -> dict[str, dict]:
    return {
        r["id"]: {k: v for k, v in r.items() if k not in _VOLATILE}
        for r in read_rows(run_dir / "results.jsonl")
    }


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    from spatioxolver.scenes import generate

    root = tmp_path_factory.mktemp("ctr")
    generate(
        "ctr",
        root,
        scenes=2,
        seed=4,
        n=5,
        overwrite=True,
        progress=False,
        width=160,
        height=120,
        supersample=1,
    )
    return root


@pytest.fixture(scope="module")
def local_ray():
    if importlib.util.find_spec("ray") is None:
        pytest.skip("optional extra 'ray' not installed (pip install '.[ray]')")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")
    yield ray
    ray.shutdown()


@needs_ray
async def test_ray_rows_equal_local_rows_and_resume_works(dataset: Path, tmp_path: Path, local_ray) -> None:
    common = {"model": "sim/exact", "graph": "direct", "progress": False, "concurrency": 4}
    local, _ = await aevaluate(dataset, run_dir=tmp_path / "local", **common)
    first, _ = await aevaluate(dataset, run_dir=tmp_path / "ray", executor="ray", limit=7, **common)
    assert first.counts["recorded"] == 7
    resumed, _ = await aevaluate(dataset, run_dir=tmp_path / "ray", executor="ray", resume=True, **common)
    assert resumed.skipped == 7 and resumed.counts["recorded"] == local.counts["recorded"]
    ids = [r["id"] for r in read_rows(tmp_path / "ray" / "results.jsonl")]
    assert len(ids) == len(set(ids)) == local.counts["total"]  # each example once, one file
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "local")
    assert local.counts["ok"] == local.counts["total"] and local.counts["correct"] > 0
    # the answers came from the 2 Ray workers: this process never built the run's client there
    from spatioxolver.evals import ray_executor

    assert ray_executor._client.cache_info().currsize == 0
    assert sum(n["Resources"].get("CPU", 0) for n in local_ray.nodes()) == 2


async def test_unknown_executor_is_a_config_error(dataset: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="executor"):
        await aevaluate(dataset, model="sim/exact", run_dir=tmp_path / "r", executor="spark", progress=False)


async def test_ray_missing_is_one_clear_error(dataset: Path, tmp_path: Path, monkeypatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(ConfigError, match=r"pip install 'spatioxolver\[ray\]'"):
        await aevaluate(dataset, model="sim/exact", run_dir=tmp_path / "r", executor="ray", progress=False)
    assert not (tmp_path / "r" / "results.jsonl").exists()
