"""Seed 003 keeps near-threshold and empty-answer CVT queries; the filter is an option."""

from __future__ import annotations

import json

import numpy as np

from spatioxolver.scenes import generate


def _lines(tmp_path, **opts):  # noqa: ANN001, ANN202
    manifest = generate(
        "cvt", tmp_path, scenes=6, seed=3, workers=1, progress=False, width=160, height=120, **opts
    )
    return [json.loads(line) for line in manifest.read_text().splitlines()]


def _dots(tmp_path, line):  # noqa: ANN001, ANN202
    """CLEVR dot products at 0 degrees, recomputed from the scene JSON's own directions."""
    scene = json.loads((tmp_path / line["scenes"][0]).read_text())
    by_label = {o.get("label"): o for o in scene["objects"]}
    delta = np.subtract(
        by_label[line["query"]["subject"]]["3d_coords"], by_label[line["query"]["reference"]]["3d_coords"]
    )
    return {
        k: float(delta @ np.asarray(scene["directions"][k])) for k in ("left", "right", "front", "behind")
    }


def test_ambiguous_queries_are_kept_by_default_and_filtered_on_request(tmp_path):
    kept = _lines(tmp_path / "kept")
    flagged = [line for line in kept if line["meta"]["ambiguous"]]
    assert flagged, "six scenes should contain near-threshold or empty-answer queries"
    for line in kept:
        meta = line["meta"]
        assert meta["ambiguous"] == (meta["near_threshold"] or meta["empty_answer"])
        assert meta["empty_answer"] == (line["answer"] == [])
        if meta["view"] == "0":
            dots = _dots(tmp_path / "kept", line)
            assert line["answer"] == sorted(k for k, v in dots.items() if v > 0.2)
            assert meta["near_threshold"] == (min(abs(v - 0.2) for v in dots.values()) < 0.05)
    filtered = _lines(tmp_path / "filtered", filter_ambiguous=True)
    assert filtered and not any(line["meta"]["ambiguous"] for line in filtered)
