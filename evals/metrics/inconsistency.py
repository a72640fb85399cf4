"""Spatial-inconsistency metrics (seed 002 §3, App. C.1): accuracy overall and per
grouping of the public release (depth / lighting / plausibility bucket, num_labels,
object_class, scene_class), each next to its chance level (mean 1/num labels)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
from spatioxolver.evals.benchmarks._buckets import GROUPING_KINDS, groupings_of
from spatioxolver.evals.metrics.accuracy import accuracy, chance_of, correct_value
from spatioxolver.evals.metrics.bootstrap import mean_ci

__all__ = ["inconsistency_metrics"]


def inconsistency_metrics(rows: list[dict[str, Any]], *, seed: int = 0) -> dict[str, Any]:
    rows = [r for r in rows if (r.get("query") or {}).get("type") == "inconsistent_object"]
    if not rows:
        return {}
    chance = [c for c in (chance_of(r) for r in rows) if c is not None]
    groups: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        for kind, value in groupings_of(r.get("meta") or {}).items():
            groups[kind][value].append(r)
    per_bucket = {}
    for kind in [k for k in GROUPING_KINDS if k in groups]:
        values = groups[kind]
        per_bucket[kind] = {}
        for value, members in sorted(values.items(), key=lambda kv: _order(kind, kv[0])):
            ch = [c for c in (chance_of(r) for r in members) if c is not None]
            per_bucket[kind][value] = {
                "accuracy": mean_ci([correct_value(r) for r in members], seed=seed),
                "chance": float(np.mean(ch)) if ch else None,
            }
    return {
        "accuracy": accuracy(rows, seed=seed),
        "chance": float(np.mean(chance)) if chance else None,
        "per_bucket": per_bucket,
    }


def _order(kind: str, value: str) -> tuple[int, float, str]:
    """Buckets in their natural order (low < medium < high), num_labels numerically."""
    natural = ["low", "close", "dark", "medium", "high", "far", "bright", "pi", "pp"]
    if kind == "num_labels":
        try:
            return (0, float(value), value)
        except ValueError:
            return (1, 0.0, value)
    return (natural.index(value), 0.0, value) if value in natural else (len(natural), 0.0, value)
