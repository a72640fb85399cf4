"""Report plots over many runs: no layout warnings (warnings are errors), split in the labels."""

from __future__ import annotations

import warnings

import pytest


def _summary(k: int, benchmark: str, split: str | None) -> dict:
    ci = lambda v: {"value": v, "ci": [v, v], "n": 10}  # noqa: E731
    s: dict = {
        "run": {
            "benchmark": benchmark,
            "model": f"sim/model-with-a-long-name-{k % 4}",
            "graph": ("direct", "agentic", "cot_rank")[k % 3],
            "split": split,
            "simulated": True,
        },
        "totals": {"examples": 10, "cost_usd": 0.0},
        "accuracy": ci(0.5 + 0.01 * k),
        "repairs": {a: {"ctr_before": 0.1, "ctr_after": 0.0} for a in "HVD"},
    }
    if benchmark == "spatialab":
        s["per_category"] = {c: ci(0.4) for c in ("3D Geometry", "Depth & Occlusion", "Orientation", "Size")}
    if benchmark == "ctr":
        s["ctr"] = {
            "per_n_axis": [
                {"N": n, "axis": a, "ctr": ci(0.01 * n), "theory_ctr": 0.02 * n}
                for n in (3, 5, 8)
                for a in "HVD"
            ],
            "gap_set": {
                "per_gap": [{"gap": g, "p_cycle": ci(0.1), "theory_fitted": 0.1} for g in (0.1, 1.0)],
                "sigma_hat": 0.5,
            },
        }
    if benchmark == "cvt":
        s["cvt"] = {
            "per_view": {v: {"f1": ci(0.9)} for v in ("0", "45", "90", "top-down")},
            "survival": {"t": [1, 2, 3], "peak": [1.0, 0.9, 0.8], "from_start": [1.0, 0.8, 0.7]},
            "protocol": "sequential" if split == "sequential" else "episodic",
        }
    return s


def test_many_runs_plot_without_warnings(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    from spatioxolver.evals.report.plots import make_plots

    splits = (None, "text", "scene-graph", "sequential")
    summaries = [
        _summary(k, bench, splits[k % 4] if bench == "cvt" else None)
        for bench in ("ctr", "ctr-gap", "cvt", "inconsistency", "spatialab")
        for k in range(12)
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made = make_plots(summaries, tmp_path)
    assert set(made) == {
        "per_benchmark",
        "ctr_vs_n",
        "gap_set",
        "f1_vs_angle",
        "survival",
        "repairs",
        "accuracy_vs_cost",
    }
    from PIL import Image

    # One panel per benchmark (five here, three per row): the figure grows with the panels.
    width, height = Image.open(made["per_benchmark"]).size
    assert width > 15 * 90 and height > 6 * 90


def test_run_label_carries_the_split() -> None:
    from spatioxolver.evals.report.plots import run_label

    a = run_label({"run": {"model": "geometric", "graph": "agentic", "split": "scene-graph"}})
    b = run_label({"run": {"model": "geometric", "graph": "agentic", "split": None}})
    assert a == "geometric · agentic · scene-graph" and b == "geometric · agentic"
