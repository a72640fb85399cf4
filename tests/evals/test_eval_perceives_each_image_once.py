"""An eval at concurrency 16 asks the model to perceive each image as often as at
concurrency 1: once (questions about one image wait for its first perception)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spatioxolver.evals.results import read_rows

from spatioxolver.cli import main as cli_main
from spatioxolver.testing import LocalServer

OBJECTS = {"objects": [{"label": str(k), "color": "red", "shape": "cube", "bbox": [10 + 30 * k, 10, 30 + 30 * k, 30]}
                       for k in range(1, 4)]}  # fmt: skip
RULES = [
    (r"^You are the object segmentation agent", json.dumps(OBJECTS)),
    (r"^You are the spatial relation agent", '{"relations": []}'),
    (r"^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
    (r"^You are the reasoning agent", lambda request: _first_named(request)),
]


def _first_named(request: dict) -> str:
    """The first object the question names ('... the other: 2 or 1?' -> '2')."""
    import re

    text = json.dumps(request)
    found = re.search(r"the other: (\w+) or", text)
    return found.group(1) if found else "I cannot tell."


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "ctr"
    argv = ["generate", "ctr", "--out", str(out), "--scenes", "2", "--n", "3", "--width", "120",
            "--height", "90", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0
    return out


@pytest.mark.parametrize("concurrency", [1, 16])
def test_segmentation_calls_equal_the_number_of_images(generated, tmp_path, monkeypatch, concurrency) -> None:
    from spatioxolver.graphs._cache import cache_clear

    cache_clear()  # the in-process perception store outlives one eval; start each case cold
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    run = tmp_path / f"run{concurrency}"
    with LocalServer(rules=RULES, latency=0.02) as srv:
        code = cli_main(["eval", str(generated), "--model", "openai/local-model", "--api-base", srv.url,
                         "--graph", "agentic", "--concurrency", str(concurrency), "--no-cache",
                         "--run-dir", str(run), "--no-progress"])  # fmt: skip
        texts = [json.dumps(r) for r in srv.requests]
    assert code == 0
    rows = read_rows(run / "results.jsonl")
    scenes = {r["id"].rsplit("-", 1)[0] for r in rows}  # ctr-00000-H000 -> ctr-00000 (one image each)
    segmentation = sum("object segmentation agent" in t for t in texts)
    reasoning = sum("You are the reasoning agent" in t for t in texts)
    assert len(rows) == 18 and len(scenes) == 2 and all(r["status"] == "ok" for r in rows)
    assert reasoning == 18  # every question is answered by the model
    assert segmentation == len(scenes)  # one perception per image, not one per question
