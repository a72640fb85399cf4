"""CVT metrics of seed 003: ten-view survival, occlusion breakdown, L/R vs F/B asymmetry, drift."""

from __future__ import annotations

import pytest
from spatioxolver.evals.metrics.cvt import axis_asymmetry, cvt_metrics

VIEWS = [0, 45, 90, 135, 180, 225, 270, 315, 360, "top"]


def _row(i, view, gold, pred, *, occ="none", tracked=False, paraphrase=False, source=None, position=None):  # noqa: ANN001, ANN202
    query = (
        {"type": "top_down", "subject": "0", "reference": "1"}
        if view == "top"
        else {"type": "orbit", "subject": "0", "reference": "1", "theta": view, "direction": "right"}
    )
    meta = {"tracked": tracked, "track_id": 0 if tracked else None, "paraphrase": paraphrase, "source_id": source,
            "occlusion": {"kind": occ}}  # fmt: skip
    if position:
        meta["batch_position"] = position
    correct = sorted(pred) == sorted(gold)
    tp = len(set(pred) & set(gold))
    f1 = 1.0 if not pred and not gold else (2 * tp / (len(pred) + len(gold)) if pred or gold else 0.0)
    return {"id": f"q{i}", "scene_key": "s", "status": "ok", "query": query, "meta": meta, "gold": gold,
            "pred": sorted(pred), "correct": correct, "f1": f1, "precision": f1, "recall": f1}  # fmt: skip


def test_tracked_relations_survive_over_the_seeds_ten_views():
    rows = [
        _row(k, v, ["left"], ["left"] if k < 7 else ["right"], tracked=True, paraphrase=v == 360)
        for k, v in enumerate(VIEWS)
    ]
    m = cvt_metrics(rows)
    assert m["survival"]["t"] == list(range(1, 11))
    assert m["survival"]["from_start"][6] == 1.0 and m["survival"]["from_start"][7] == 0.0


def test_occlusion_breakdown_separates_anchor_and_rotation():
    rows = [
        _row(0, 0, ["left"], ["left"], occ="none"),
        _row(1, 0, ["left"], ["right"], occ="subject"),
        _row(2, 90, ["front"], ["front"], occ="both"),
        _row(3, 90, ["front"], ["behind"], occ="none"),
    ]
    occ = cvt_metrics(rows)["f1_by_occlusion"]
    assert occ["anchor"]["visible"]["value"] == 1.0 and occ["anchor"]["occluded"]["value"] == 0.0
    assert occ["anchor"]["subject"]["value"] == 0.0
    assert occ["rotation"]["visible"]["value"] == 0.0 and occ["rotation"]["both"]["value"] == 1.0


def test_axis_asymmetry_counts_lateral_and_depth_separately_with_inversions():
    rows = [
        _row(0, 0, ["front", "left"], ["behind", "left"]),  # lateral right, depth inverted
        _row(1, 90, ["behind", "right"], ["behind", "right"]),
        _row(2, "top", ["north", "left"], ["left"]),  # depth missed, not inverted
        _row(3, 45, ["right"], ["left", "front"]),  # lateral inverted; depth: gold none, pred front -> wrong
    ]
    a = axis_asymmetry(rows)["all"]
    assert a["lateral"]["accuracy"] == pytest.approx(3 / 4) and a["lateral"][
        "inversion_rate"
    ] == pytest.approx(1 / 4)
    assert a["depth"]["accuracy"] == pytest.approx(1 / 4) and a["depth"]["inversion_rate"] == pytest.approx(
        1 / 4
    )
    assert a["gap"] == pytest.approx(0.5)
    assert axis_asymmetry(rows)["anchor"]["lateral"]["n"] == 1


def test_zero_360_consistency_by_prompt_depth():
    rows = [
        _row(0, 0, ["left"], ["left"], position=1),
        _row(1, 360, ["left"], ["left"], paraphrase=True, source="q0", position=1),
        _row(2, 0, ["left"], ["left"], position=5),
        _row(3, 360, ["left"], ["right"], paraphrase=True, source="q2", position=5),
    ]
    drift = cvt_metrics(rows)["consistency_by_batch_position"]
    assert drift == {"1": 1.0, "5": 0.0}
