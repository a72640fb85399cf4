"""The simulator against the real generators of ``spatioxolver.scenes``: sigma 0 gives every gold answer."""

from __future__ import annotations

import json

import pytest
from sxmodels_scenes import sim_ask

from spatioxolver.models import get_model

scenes_pkg = pytest.importorskip("spatioxolver.scenes")

KIND = {
    "pairwise": "pairwise",
    "orbit": "cvt",
    "top_down": "cvt",
    "inconsistent_object": "inconsistency",
    "mcq": "mcq",
    "open": "open",
}


def _probe(row: dict, root) -> dict:
    query = row["query"]
    probe = {
        "kind": KIND[query["type"]],
        "scenes": [json.loads((root / s).read_text()) for s in row["scenes"]],
        "example": {k: row.get(k) for k in ("id", "query", "answer", "choices", "meta")},
    }
    if query["type"] == "pairwise":
        probe.update(axis=query["axis"], objects=query["objects"], asks=query["asks"])
    return probe


def _same(kind: str, value, gold) -> bool:
    if kind == "cvt":
        return sorted(value) == sorted(gold)
    return str(value).strip().lower() == str(gold).strip().lower()


@pytest.mark.parametrize("family", ["ctr", "cvt", "spatialab"])
def test_exact_sim_reproduces_generated_gold(family, tmp_path):
    root = tmp_path / family
    scenes_pkg.generate(family, root, scenes=1, seed=3, workers=1)
    rows = [json.loads(line) for line in (root / "manifest.jsonl").read_text().splitlines() if line.strip()]
    assert rows
    exact = get_model("sim/custom")
    for row in rows:
        probe = _probe(row, root)
        reply = sim_ask(exact, probe, prompt=row["question"])
        assert _same(probe["kind"], reply.value, row["answer"]), (row["query"], row["answer"], reply.value)


def test_noisy_sim_makes_some_depth_errors_on_generated_ctr(tmp_path):
    root = tmp_path / "ctr"
    scenes_pkg.generate("ctr", root, scenes=3, seed=4, workers=1)
    rows = [json.loads(line) for line in (root / "manifest.jsonl").read_text().splitlines() if line.strip()]
    noisy = get_model("sim/custom", sigma_d=50.0)
    depth = [r for r in rows if r["query"]["axis"] == "D"]
    wrong = sum(sim_ask(noisy, _probe(r, root), prompt="").value != r["answer"] for r in depth)
    assert depth and 0 < wrong < len(depth)
