"""The headline table: agentic, direct and CoT-rank side by side per (benchmark, model),
with deltas against agentic and paired bootstrap 95% intervals over shared example ids."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from spatioxolver.evals.metrics.bootstrap import mean_ci, paired_delta_ci
from spatioxolver.evals.metrics.summary import latest_rows

__all__ = ["GRAPHS", "primary_metric", "row_value", "headline_table"]

GRAPHS = ("agentic", "direct", "cot_rank")


def primary_metric(family: str | None) -> str:
    return "F1" if family == "cvt" else "accuracy"


def row_value(row: dict[str, Any], metric: str) -> float:
    if row.get("status") != "ok":
        return 0.0
    if metric == "F1":
        return float(row.get("f1") or 0.0)
    return 1.0 if row.get("correct") is True else 0.0


def headline_table(runs: list[dict[str, Any]], *, seed: int = 0) -> list[dict[str, Any]]:
    """One entry per (benchmark, split, model): per-graph value + CI, and deltas vs agentic.

    ``runs`` items carry ``summary`` (with ``run``) and ``rows``.
    """
    groups: dict[tuple[str, str, str, str], dict[str, dict[str, Any]]] = defaultdict(dict)
    for run in runs:
        info = run["summary"]["run"]
        dataset = Path(str(info.get("dataset") or "")).name or str(info.get("benchmark"))
        key = (str(info.get("benchmark")), dataset, str(info.get("split") or "all"), str(info.get("model")))
        groups[key][str(info.get("graph"))] = run
    table = []
    for (benchmark, dataset, split, model), by_graph in sorted(groups.items()):
        any_run = next(iter(by_graph.values()))
        family = next((r.get("family") for r in any_run["rows"] if r.get("family")), None)
        metric = primary_metric(family)
        entry: dict[str, Any] = {
            "benchmark": benchmark,
            "dataset": dataset,
            "split": split,
            "model": model,
            "metric": metric,
            "simulated": any(r["summary"]["run"].get("simulated") for r in by_graph.values()),
            "graphs": {},
            "deltas": {},
            "cost_usd": {},
        }
        values: dict[str, dict[str, float]] = {}
        for graph, run in by_graph.items():
            rows = latest_rows(run["rows"])
            values[graph] = {r["id"]: row_value(r, metric) for r in rows}
            entry["graphs"][graph] = mean_ci(list(values[graph].values()), seed=seed)
            entry["cost_usd"][graph] = run["summary"]["totals"]["cost_usd"]
        if "agentic" in values:
            for other in values:
                if other == "agentic":
                    continue
                shared = sorted(set(values["agentic"]) & set(values[other]))
                if shared:
                    entry["deltas"][f"agentic-{other}"] = paired_delta_ci(
                        [values["agentic"][i] for i in shared], [values[other][i] for i in shared], seed=seed
                    )
        ctr = {g: run["summary"].get("ctr") for g, run in by_graph.items() if run["summary"].get("ctr")}
        if ctr:
            entry["ctr_D"] = {g: _mean_ctr(c, "D") for g, c in ctr.items()}
        table.append(entry)
    return table


def _mean_ctr(ctr: dict[str, Any], axis: str) -> float | None:
    vals = [
        e["ctr"]["value"]
        for e in ctr.get("per_n_axis", [])
        if e["axis"] == axis and e["ctr"]["value"] is not None
    ]
    return sum(vals) / len(vals) if vals else None
