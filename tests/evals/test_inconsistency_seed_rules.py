"""Seed 002: dataset-wide tertile buckets (App. C.1) and the selection-rule measurements (§2)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
from PIL import Image
from spatioxolver.evals.benchmarks.inconsistency import tertile_labels
from spatioxolver.evals.evaluate import load_examples, resolve_benchmark

from spatioxolver.scenes import generate


def test_tertile_labels_are_three_equal_bins_by_rank():
    values = [5.0, 1.0, 9.0, 3.0, 7.0, 2.0]
    assert tertile_labels(values, ("a", "b", "c")) == ["b", "a", "c", "b", "c", "a"]


def test_generated_items_get_dataset_tertiles_and_selection_measurements(tmp_path):
    manifest = generate(
        "inconsistency", tmp_path, scenes=6, seed=4, workers=1, progress=False, width=240, height=160
    )
    raw = [json.loads(x) for x in manifest.read_text().splitlines()]
    bench = resolve_benchmark(tmp_path, "inconsistency")
    examples, _ = load_examples(bench, tmp_path)
    assert Counter(e.meta["depth_bucket"] for e in examples) == {"close": 2, "medium": 2, "far": 2}
    assert Counter(e.meta["lighting_bucket"] for e in examples) == {"dark": 2, "medium": 2, "bright": 2}
    order = {"close": 0, "medium": 1, "far": 2}
    ranked = sorted(examples, key=lambda e: e.meta["object_depth"])
    assert [order[e.meta["depth_bucket"]] for e in ranked] == sorted(
        order[e.meta["depth_bucket"]] for e in ranked
    )
    assert all(e.meta["depth_bucket_scene"] in ("low", "medium", "high") for e in examples)
    for line in raw:
        meta = line["meta"]
        sid = meta["scene_id"]
        mask = np.asarray(Image.open(tmp_path / "masks" / f"{sid}-v2.png"))
        area = float((mask == meta["moved_object_index"] + 1).sum()) / mask.size
        assert abs(meta["object_area_fraction"] - area) < 0.002  # O's share of V2, from the mask file
        ok = 0.05 <= area <= 0.10 and max(meta["object_overlap_12"], meta["object_overlap_23"]) <= 0.75
        ok = ok and meta["reprojection_ratio"] >= 0.4
        assert meta["seed_selection"] == ok
    kept = [e for e in examples if "seed-selection" in e.tags]
    assert len(kept) == sum(line["meta"]["seed_selection"] for line in raw)
