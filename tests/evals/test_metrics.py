"""Metrics: CTR/OSC from grouped pairwise rows, gap set and σ̂, CVT survival and 0=360, buckets, CIs."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spatioxolver.evals.metrics.bootstrap import bootstrap_ci, mean_ci
from spatioxolver.evals.metrics.ctr import ctr_metrics, scene_tournaments
from spatioxolver.evals.metrics.cvt import cvt_metrics, survival_curves
from spatioxolver.evals.metrics.inconsistency import inconsistency_metrics
from spatioxolver.evals.metrics.summary import latest_rows, summarize

from spatioxolver.models import SIM_PROFILES


def _pair_row(scene, axis, a, b, pred, asks="left", gold=None, meta=None, model="m"):
    return {
        "id": f"{scene}-{axis}-{a}{b}",
        "status": "ok",
        "family": "ctr",
        "scene_key": scene,
        "query": {"type": "pairwise", "axis": axis, "objects": [a, b], "asks": asks},
        "pred": pred,
        "gold": gold if gold is not None else pred,
        "correct": gold is None or pred == gold,
        "meta": meta or {"N": 3},
        "model": model,
    }


def test_cyclic_answers_give_ctr_one_and_transitive_zero():
    cyc = [
        _pair_row("s", "H", "1", "2", "1"),
        _pair_row("s", "H", "2", "3", "2"),
        _pair_row("s", "H", "1", "3", "3"),
    ]
    (rec,) = scene_tournaments(cyc)
    assert rec["tournament"].ctr() == 1.0
    ok = [
        _pair_row("t", "H", "1", "2", "1"),
        _pair_row("t", "H", "2", "3", "2"),
        _pair_row("t", "H", "1", "3", "1"),
    ]
    assert scene_tournaments(ok)[0]["tournament"].ctr() == 0.0
    table = ctr_metrics(cyc + ok)["per_n_axis"]
    assert table[0]["ctr"]["value"] == pytest.approx(0.5) and table[0]["scenes"] == 2


def test_further_questions_reverse_precedence():
    # "which is further": chosen object FOLLOWS (near -> far). 3 further than 2 further than 1, and 1 further than 3.
    rows = [
        _pair_row("s", "D", "1", "2", "2", asks="further"),
        _pair_row("s", "D", "2", "3", "3", asks="further"),
        _pair_row("s", "D", "1", "3", "1", asks="further"),
    ]
    t = scene_tournaments(rows)[0]["tournament"]
    assert t.ctr() == 1.0
    rows[2] = _pair_row("s", "D", "1", "3", "3", asks="further")
    t = scene_tournaments(rows)[0]["tournament"]
    assert t.ctr() == 0.0 and t.score_order() == [0, 1, 2]


def test_unanswered_pairs_leave_a_partial_tournament():
    rows = [_pair_row("s", "H", "1", "2", "1"), _pair_row("s", "H", "2", "3", None)]
    rows[1]["status"] = "error"
    rec = scene_tournaments(rows)[0]
    assert rec["tournament"].n_observed_pairs == 1


def test_gap_set_sigma_recovered_from_simulated_answers():
    """Answers drawn from the Thm 3.7 noise model: σ̂ (Cor. 3.8) lands near the true σ."""
    rng = np.random.default_rng(0)
    sigma, rows = 0.8, []
    for s in range(400):
        gap = [0.3, 1.0, 3.0][s % 3]
        depth = {"1": 5.0, "2": 5.0 + gap, "3": 5.0 + 2 * gap}
        meta = {"N": 3, "set": "gap", "delta": gap, "object_depths": depth}
        for a, b in itertools.combinations("123", 2):
            further = b if depth[b] - depth[a] + rng.normal(0, sigma) > 0 else a
            gold = b if depth[b] > depth[a] else a
            rows.append(_pair_row(f"g{s}", "D", a, b, further, asks="further", gold=gold, meta=meta))
    gap_set = ctr_metrics(rows)["gap_set"]
    assert gap_set["sigma_hat"] == pytest.approx(sigma, rel=0.25)
    # Exp. 7's "direct" sigma through Phi^-1(accuracy): pooled MLE and per Delta.
    assert gap_set["sigma_direct"] == pytest.approx(sigma, rel=0.15)
    per = {e["gap"]: e for e in gap_set["per_gap"]}
    assert per[1.0]["sigma_direct"] == pytest.approx(sigma, rel=0.3)
    assert per[0.3]["p_cycle"]["value"] > per[3.0]["p_cycle"]["value"]
    assert gap_set["max_residual"] < 0.1


def test_theory_uses_the_simulators_image_plane_coordinates_for_h_and_v():
    meta = {
        "N": 3,
        "object_camera_coords": {"1": [0, 0, 1], "2": [1, 0, 2], "3": [2, 0, 3]},
        "object_plane_coords": {"1": [0, 0, 1], "2": [1, 0, 2], "3": [1.3, 0, 3]},
    }
    rows = [_pair_row("s", "H", a, b, a, meta=meta) for a, b in itertools.combinations("123", 2)]
    assert scene_tournaments(rows)[0]["coords"] == [0.0, 1.0, 1.3]


def test_sim_model_gets_theory_curve():
    meta = {"N": 3, "object_camera_coords": {"1": [0, 0, 1], "2": [1, 0, 2], "3": [2, 0, 3]}}
    rows = [
        _pair_row("s", "D", a, b, b, asks="further", meta=meta, model="sim/gpt-4o")
        for a, b in itertools.combinations("123", 2)
    ]
    entry = ctr_metrics(rows)["per_n_axis"][0]
    assert 0 < entry["theory_ctr"] < 0.25 and entry["theory_sigma"] == pytest.approx(
        SIM_PROFILES["gpt-4o"].sigma_d
    )
    assert entry["theory_tau"] == pytest.approx(SIM_PROFILES["gpt-4o"].tau_d)


def test_survival_curves_from_start_and_peak():
    curves = survival_curves([[True, True, False, True], [False, True, True, True], [True] * 4])
    assert curves["from_start"] == pytest.approx([2 / 3, 2 / 3, 1 / 3, 1 / 3])
    assert curves["peak"] == pytest.approx([1, 1, 2 / 3, 1 / 3])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=1, max_size=10), min_size=1, max_size=20))
def test_survival_is_monotone_and_peak_dominates(seqs):
    c = survival_curves(seqs)
    assert all(a >= b for a, b in zip(c["from_start"], c["from_start"][1:], strict=False))
    assert all(p >= f for p, f in zip(c["peak"], c["from_start"], strict=True))


def _cvt_row(scene, theta, pred, gold, source=None, tracked=True, track=0):
    kind = "top_down" if theta == "top" else "orbit"
    query = {"type": kind, "subject": "1", "reference": "2"} | ({} if theta == "top" else {"theta": theta})
    from spatioxolver.evals.metrics.scoring import set_prf

    p, r, f = set_prf(pred, gold)
    return {
        "id": f"{scene}-{theta}-{source}",
        "status": "ok",
        "scene_key": scene,
        "query": query,
        "pred": pred,
        "gold": gold,
        "correct": pred == gold,
        "precision": p,
        "recall": r,
        "f1": f,
        "meta": {
            "tracked": tracked,
            "track_id": track,
            "source_id": source,
            "paraphrase": source is not None,
        },
    }


def test_cvt_metrics_per_view_consistency_and_survival():
    rows = [
        _cvt_row("a", 0, ["left"], ["left"]),
        _cvt_row("a", 90, ["left"], ["front"]),
        _cvt_row("a", 360, ["left"], ["left"]),
        _cvt_row("a", "top", ["north"], ["north"]),
        _cvt_row("b", 0, ["left"], ["left"]),
        _cvt_row("b", 90, ["front"], ["front"]),
        _cvt_row("b", 360, ["right"], ["left"]),
        _cvt_row("b", "top", ["north"], ["north"]),
    ]
    m = cvt_metrics(rows)
    assert list(m["per_view"]) == ["0", "90", "360", "top-down"]
    assert m["per_view"]["90"]["f1"]["value"] == pytest.approx(0.5)
    assert m["consistency_0_360"]["value"] == pytest.approx(0.5)
    assert m["n_sequences"] == 2 and m["survival"]["from_start"][0] == 1.0
    assert m["survival"]["peak"][-1] == 0.0 and m["survival"]["peak"][1] == pytest.approx(1.0)


def test_inconsistency_buckets_and_chance():
    rows = []
    for i, (bucket, ok, n) in enumerate([("low", True, 4), ("low", False, 4), ("high", True, 10)]):
        rows.append(
            {
                "id": str(i),
                "status": "ok",
                "correct": ok,
                "query": {"type": "inconsistent_object", "labels": list("ABCDEFGHIJ"[:n])},
                "meta": {"num_labels": n, "depth_bucket": bucket},
            }
        )
    m = inconsistency_metrics(rows)
    assert m["chance"] == pytest.approx((0.25 + 0.25 + 0.1) / 3)
    assert m["per_bucket"]["depth"]["low"]["accuracy"]["value"] == 0.5
    assert m["per_bucket"]["depth"]["high"]["chance"] == pytest.approx(0.1)


def test_bootstrap_interval_contains_mean_and_shrinks():
    small = bootstrap_ci([0, 1] * 10)
    large = bootstrap_ci([0, 1] * 500)
    assert small[0] < 0.5 < small[1] and (large[1] - large[0]) < (small[1] - small[0])
    assert mean_ci([])["value"] is None


def test_latest_row_wins_and_errors_count_as_wrong():
    rows = [
        {"id": "a", "status": "error", "correct": False},
        {"id": "a", "status": "ok", "correct": True},
        {"id": "b", "status": "error", "error": "x"},
    ]
    assert [r["status"] for r in latest_rows(rows)] == ["ok", "error"]
    s = summarize(rows)
    assert s["accuracy"]["value"] == 0.5 and s["totals"]["errors"] == 1


def test_cvt_uses_source_ids_and_track_ids():
    rows = [
        _cvt_row("a", 0, ["left"], ["left"], track=0),
        _cvt_row("a", 90, ["front"], ["front"], track=0),
        _cvt_row("a", 360, ["left"], ["left"], track=0),
    ]
    rows[0]["id"] = "q0"
    rows.append(_cvt_row("a", 360, ["right"], ["left"], source="q0", tracked=False))
    m = cvt_metrics(rows)
    assert m["consistency_0_360"]["value"] == 0.0  # the paraphrase disagrees with its source
    assert m["n_sequences"] == 1 and m["survival"]["from_start"] == [1.0, 1.0, 1.0]
