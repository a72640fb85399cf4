"""Accuracy overall and per group (category, subcategory, bucket...) with bootstrap CIs.

An error row counts as wrong: a run is scored over every example it was asked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from spatioxolver.evals.metrics.bootstrap import mean_ci

__all__ = ["correct_value", "accuracy", "accuracy_by", "chance_of"]


def correct_value(row: dict[str, Any]) -> float:
    return 1.0 if row.get("status") == "ok" and row.get("correct") is True else 0.0


def accuracy(rows: Iterable[dict[str, Any]], *, seed: int = 0) -> dict[str, Any]:
    return mean_ci([correct_value(r) for r in rows], seed=seed)


def accuracy_by(
    rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], Any], *, seed: int = 0
) -> dict[str, Any]:
    groups: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        k = key(row)
        if k is None or k == "":
            continue
        groups[str(k)].append(correct_value(row))
    return {k: mean_ci(v, seed=seed) for k, v in sorted(groups.items())}


def chance_of(row: dict[str, Any]) -> float | None:
    """Chance accuracy of one item: 1/num labels, 1/num options, 1/2 for pairwise and yes/no."""
    query = row.get("query") or {}
    kind = query.get("type")
    if kind == "inconsistent_object":
        n = (row.get("meta") or {}).get("num_labels") or len(query.get("labels") or [])
        return 1.0 / n if n else None
    if kind == "mcq":
        n = row.get("n_choices")
        return 1.0 / n if n else None
    if kind in ("pairwise", "yes_no"):
        return 0.5
    return None
