"""Work an eval used to repeat for every row is done once per run or per scene, with the same
result: a generated ctr set's examples on one scene carry that scene's object coordinates
(computed once, each example its own copy, equal to computing them for that example alone) and
resolved paths; rows are redacted of the environment's key-like values read once per run (in
their JSON-escaped form too), in answers and in error rows alike."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from spatioxolver.evals.evaluate import load_examples, resolve_benchmark
from spatioxolver.evals.results import read_rows
from spatioxolver.evals.runner import RunConfig, run_examples


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    from spatioxolver.scenes import generate

    out = tmp_path_factory.mktemp("once") / "ctr"
    generate("ctr", out, scenes=2, seed=4, n=3, progress=False, width=120, height=90, workers=1)
    return out


def test_examples_of_one_scene_get_its_coordinates_each_in_their_own_copy(generated) -> None:
    from spatioxolver.evals.benchmarks._generated import load_scene
    from spatioxolver.evals.benchmarks.ctr import _object_coordinates

    examples, _ = load_examples(resolve_benchmark(generated), generated)
    by_scene: dict[str, list[Any]] = {}
    for example in examples:
        by_scene.setdefault(example.scenes[0], []).append(example)
    assert len(by_scene) == 2 and all(len(v) > 1 for v in by_scene.values())
    for scene, group in by_scene.items():
        expected = _object_coordinates(load_scene(scene))
        assert expected["object_plane_coords"]  # the generator's scenes have a camera
        for example in group:
            assert {k: example.meta[k] for k in expected} == expected
        first, second = group[0].meta, group[1].meta
        label = next(iter(first["object_plane_coords"]))
        assert first["object_plane_coords"] is not second["object_plane_coords"]
        assert first["object_plane_coords"][label] is not second["object_plane_coords"][label]
        first["object_plane_coords"][label][0] += 1.0  # a change to one example's copy
        assert second["object_plane_coords"][label] == expected["object_plane_coords"][label]
    manifest = [json.loads(line) for line in (generated / "manifest.jsonl").read_text().splitlines()]
    for record, example in zip(manifest, examples, strict=True):
        assert example.images == [str((generated / p).resolve()) for p in record["images"]]
        assert example.scenes == [str((generated / p).resolve()) for p in record["scenes"]]


def test_rows_are_redacted_of_the_runs_keys_in_answers_and_errors(generated, tmp_path, monkeypatch) -> None:
    from spatioxolver.errors import ModelError

    secret = 'kq"7\\xYzsecretvalue'  # a quote and a backslash: JSON escapes them in the row
    monkeypatch.setenv("SOMEPROVIDER_API_KEY", secret)
    examples, _ = load_examples(resolve_benchmark(generated), generated)

    async def leaky(**call: Any) -> dict[str, Any]:
        if call["question"] == examples[1].question:
            raise ModelError(f"the provider said: bad key {secret}")
        return {"value": None, "text": f"my key is {secret}, sorry", "usage": {"note": secret}}

    config = RunConfig(dataset=str(generated), benchmark="ctr", model="fake")
    outcome = asyncio.run(
        run_examples(config, examples[:3], tmp_path / "r", answer_fn=leaky, progress=False, fsync=False)
    )
    assert outcome.counts["recorded"] == 3
    text = (tmp_path / "r" / "results.jsonl").read_text()
    escaped = json.dumps(secret)[1:-1]
    assert secret not in text and escaped not in text and "secretvalue" not in text
    rows = {r["id"]: r for r in read_rows(tmp_path / "r" / "results.jsonl")}
    assert rows[examples[0].id]["text"] == "my key is [redacted], sorry"
    assert rows[examples[1].id]["status"] == "error" and "[redacted]" in rows[examples[1].id]["error"]
