"""One summary per run: totals, accuracy (overall / per category / subcategory / task
type) and the family metrics (CTR, CVT, inconsistency) that apply to its rows."""

from __future__ import annotations

from typing import Any

import numpy as np
from spatioxolver.evals.metrics.accuracy import accuracy, accuracy_by, chance_of, correct_value
from spatioxolver.evals.metrics.bootstrap import mean_ci

from spatioxolver.costs import format_cost

__all__ = ["summarize", "latest_rows", "free_model", "category_format_table"]


def latest_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Keep the last row per id (a retried example supersedes its error row), sorted by id.

    Sorting makes every bootstrap over the rows independent of completion order, so two
    identical runs give identical confidence intervals.
    """
    last: dict[str, dict[str, Any]] = {}
    for row in rows:
        if "id" in row:
            last.pop(row["id"], None)
            last[row["id"]] = row
    return sorted(last.values(), key=lambda r: str(r["id"]))


def free_model(model: Any) -> bool:
    """``geometric`` and ``sim/...`` models cost nothing: their cost is a known 0, not unknown."""
    name = str(model or "").strip()
    return name == "geometric" or name.startswith("sim/")


def _cost(row: dict[str, Any]) -> float | None:
    cost = (row.get("usage") or {}).get("cost_usd")
    if cost is None and free_model(row.get("model")):
        return 0.0
    return cost


def _totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    prompt = sum(int((r.get("usage") or {}).get("prompt_tokens") or 0) for r in rows)
    completion = sum(int((r.get("usage") or {}).get("completion_tokens") or 0) for r in rows)
    costs = [_cost(r) for r in rows]
    known = [float(c) for c in costs if c is not None]
    judge_costs = [float((r.get("judge") or {}).get("cost_usd") or 0) for r in rows]
    latencies = [float(r["latency_s"]) for r in rows if r.get("latency_s") is not None]
    unknown = sum(1 for c in costs if c is None)
    # Unknown stays unknown: None when no row (and no judge call) had a known cost.
    total = float(sum(known) + sum(judge_costs)) if known or any(judge_costs) or not unknown else None
    return {
        "examples": len(rows),
        "errors": sum(1 for r in rows if r.get("status") != "ok"),
        "unparsed": sum(1 for r in rows if r.get("status") == "ok" and not r.get("parsed", True)),
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "cost_usd": total,
        "cost_unknown_rows": unknown,
        "cost": format_cost(total, unknown=unknown if total is not None else 0, what="examples"),
        "latency_mean_s": float(np.mean(latencies)) if latencies else None,
        "latency_p50_s": float(np.percentile(latencies, 50)) if latencies else None,
        "latency_p95_s": float(np.percentile(latencies, 95)) if latencies else None,
    }


def _repairs(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    before: dict[str, list[float]] = {}
    after: dict[str, list[float]] = {}
    for r in rows:
        for rep in r.get("repairs") or []:
            axis = str(rep.get("axis"))
            if rep.get("ctr_before") is not None:
                before.setdefault(axis, []).append(float(rep["ctr_before"]))
                after.setdefault(axis, []).append(float(rep.get("ctr_after") or 0.0))
    if not before:
        return None
    return {
        axis: {
            "ctr_before": float(np.mean(before[axis])),
            "ctr_after": float(np.mean(after[axis])),
            "graphs": len(before[axis]),
        }
        for axis in sorted(before)
    }


def category_format_table(rows: list[dict[str, Any]], *, seed: int = 0) -> dict[str, dict[str, Any]]:
    """SpatiaLab's category x format table (seed 004, Tables 2-3): accuracy per category for
    ``mcq`` and ``open`` items, and their difference (open - mcq) where both exist."""
    groups: dict[str, dict[str, list[float]]] = {}
    for r in rows:
        kind = (r.get("query") or {}).get("type")
        if r.get("family") != "spatialab" or kind not in ("mcq", "open") or not r.get("category"):
            continue
        groups.setdefault(str(r["category"]), {}).setdefault(kind, []).append(correct_value(r))
    out: dict[str, dict[str, Any]] = {}
    for category, kinds in sorted(groups.items()):
        entry: dict[str, Any] = {k: mean_ci(v, seed=seed) for k, v in sorted(kinds.items())}
        if "mcq" in entry and "open" in entry:
            entry["open_minus_mcq"] = entry["open"]["value"] - entry["mcq"]["value"]
        out[category] = entry
    return out


def summarize(rows: list[dict[str, Any]], *, seed: int = 0) -> dict[str, Any]:
    """Everything the report needs about one run's rows."""
    from spatioxolver.evals.metrics.ctr import ctr_metrics
    from spatioxolver.evals.metrics.cvt import cvt_metrics
    from spatioxolver.evals.metrics.inconsistency import inconsistency_metrics

    rows = latest_rows(rows)
    chance = [c for c in (chance_of(r) for r in rows) if c is not None]
    summary: dict[str, Any] = {
        "totals": _totals(rows),
        "accuracy": accuracy(rows, seed=seed),
        "chance": float(np.mean(chance)) if chance else None,
        "per_category": accuracy_by(rows, lambda r: r.get("category"), seed=seed),
        "per_subcategory": accuracy_by(
            rows,
            lambda r: f"{r.get('category')} / {r.get('subcategory')}" if r.get("subcategory") else None,
            seed=seed,
        ),
        "per_task": accuracy_by(rows, lambda r: (r.get("query") or {}).get("type"), seed=seed),
        "repairs": _repairs(rows),
    }
    families = {r.get("family") for r in rows}
    pairwise = [r for r in rows if (r.get("query") or {}).get("type") == "pairwise"]
    if pairwise:
        summary["ctr"] = ctr_metrics(pairwise, seed=seed)
    cvt = cvt_metrics(rows, seed=seed)
    if cvt:
        summary["cvt"] = cvt
    inc = inconsistency_metrics(rows, seed=seed)
    if inc:
        summary["inconsistency"] = inc
    table = category_format_table(rows, seed=seed)
    if table:
        summary["category_x_format"] = table
    judged = [r for r in rows if r.get("judge")]
    if judged:
        summary["judge"] = {
            "name": judged[0]["judge"].get("judge"),
            "judged": len(judged),
            "unparsed_verdicts": sum(1 for r in judged if r["judge"].get("unparsed")),
        }
    summary["families"] = sorted(f for f in families if f)
    return summary
