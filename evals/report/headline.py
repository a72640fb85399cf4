"""The headline table: agentic, direct and CoT-rank side by side per (benchmark, data, split, model),
with deltas against agentic and paired bootstrap 95% intervals over shared example ids."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from spatioxolver.evals.metrics.bootstrap import mean_ci, paired_delta_ci
from spatioxolver.evals.metrics.summary import latest_rows

__all__ = [
    "GRAPHS",
    "primary_metric",
    "row_value",
    "headline_table",
    "model_label",
    "arm_label",
    "arms_in",
    "pick_run",
]

GRAPHS = ("agentic", "direct", "cot_rank")


def primary_metric(family: str | None) -> str:
    return "F1" if family == "cvt" else "accuracy"


def row_value(row: dict[str, Any], metric: str) -> float:
    if row.get("status") != "ok":
        return 0.0
    if metric == "F1":
        return float(row.get("f1") or 0.0)
    return 1.0 if row.get("correct") is True else 0.0


def model_label(info: dict[str, Any]) -> str:
    """The run's model with its model options, e.g. ``sim/custom {sigma_d=0.5, seed=3}``.

    Example:
        >>> model_label({"model": "sim/custom", "model_options": {"sigma_d": 0.5}})
        'sim/custom {sigma_d=0.5}'
    """
    options = info.get("model_options") or {}
    if not options:
        return str(info.get("model"))
    return f"{info.get('model')} {{{', '.join(f'{k}={v}' for k, v in sorted(options.items()))}}}"


def arm_label(info: dict[str, Any]) -> str:
    """The run's arm: its graph, and for the agentic graph run with an explicitly chosen
    reasoner other than the LLM one (the paper's chain, the default for real models), which.

    Example:
        >>> arm_label({"graph": "agentic", "reasoner": "symbolic"}), arm_label({"graph": "direct"})
        ('agentic (symbolic reasoner)', 'direct')
    """
    graph = str(info.get("graph"))
    reasoner = info.get("reasoner")
    if graph == "agentic" and reasoner and reasoner != "llm":
        return f"agentic ({reasoner} reasoner)"
    return graph


def arms_in(arms: Any) -> list[str]:
    """``arms`` in the report's order: agentic, its other reasoners, direct, cot_rank, the rest.

    Example:
        >>> arms_in(["direct", "agentic (symbolic reasoner)", "agentic"])
        ['agentic', 'agentic (symbolic reasoner)', 'direct']
    """
    order = {"agentic": 0, "direct": 2, "cot_rank": 3}
    return sorted(set(arms), key=lambda a: (order.get(a, 1 if a.startswith("agentic") else 4), a))


def _recency(run: dict[str, Any]) -> tuple[str, int, str]:
    info = run["summary"]["run"]
    when = str(info.get("finished_at") or info.get("started_at") or "")
    try:
        mtime = (Path(str(info.get("dir"))) / "results.jsonl").stat().st_mtime_ns
    except OSError:
        mtime = 0
    return when, mtime, str(info.get("dir"))


def pick_run(candidates: list[dict[str, Any]]) -> dict[str, Any]:
    """Of several runs with the same (benchmark, data, split, model, graph): the one with
    the most examples; ties go to the newest (finish time, then results file time)."""
    return max(candidates, key=lambda r: (len(latest_rows(r["rows"])), _recency(r)))


def headline_table(
    runs: list[dict[str, Any]], *, seed: int = 0, warnings: list[str] | None = None
) -> list[dict[str, Any]]:
    """One entry per (benchmark, data, split, model): per-arm value + CI, and deltas vs agentic.

    An arm is a graph, with the agentic graph's reasoner when one other than the LLM was
    chosen (:func:`arm_label`): ``agentic (symbolic reasoner)`` is the neuro-symbolic arm.

    ``runs`` items carry ``summary`` (with ``run``) and ``rows``. When several runs share
    (benchmark, data, split, model, graph), :func:`pick_run` chooses one and a line naming
    all of them goes to ``warnings``. Each entry's ``run`` maps graph -> the run directory
    used; each delta carries ``n``, the number of example ids both runs share.
    """
    groups: dict[tuple[str, str, str, str], dict[str, list[dict[str, Any]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for run in runs:
        info = run["summary"]["run"]
        dataset = Path(str(info.get("dataset") or "")).name or str(info.get("benchmark"))
        key = (str(info.get("benchmark")), dataset, str(info.get("split") or "all"), model_label(info))
        groups[key][arm_label(info)].append(run)
    table = []
    for (benchmark, dataset, split, model), candidates in sorted(groups.items()):
        by_graph: dict[str, dict[str, Any]] = {}
        for graph, found in candidates.items():
            by_graph[graph] = pick_run(found)
            if len(found) > 1 and warnings is not None:
                listed = ", ".join(
                    f"{r['summary']['run'].get('dir')} ({len(latest_rows(r['rows']))} examples)"
                    for r in found
                )
                warnings.append(
                    f"{len(found)} runs share ({benchmark}, {dataset}, {split}, {model}, {graph}): {listed}; "
                    f"the headline uses {by_graph[graph]['summary']['run'].get('dir')} "
                    "(most examples, then newest)"
                )
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
            "run": {g: r["summary"]["run"].get("dir") for g, r in by_graph.items()},
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
