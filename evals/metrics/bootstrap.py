"""Percentile bootstrap confidence intervals for headline numbers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

__all__ = ["bootstrap_ci", "mean_ci", "paired_delta_ci"]


def bootstrap_ci(
    values: Sequence[float],
    stat: Callable[[np.ndarray], float] = np.mean,
    *,
    n_boot: int = 1000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``stat`` over ``values`` (deterministic for a seed).

    Example:
        >>> lo, hi = bootstrap_ci([0, 1] * 50)
        >>> lo < 0.5 < hi
        True
    """
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        return (float("nan"), float("nan"))
    if arr.size == 1:
        return (float(arr[0]), float(arr[0]))
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, arr.size, size=(n_boot, arr.size))
    if stat is np.mean:
        stats = arr[idx].mean(axis=1)
    else:
        stats = np.array([stat(arr[i]) for i in idx])
    alpha = (1 - level) / 2
    return float(np.quantile(stats, alpha)), float(np.quantile(stats, 1 - alpha))


def mean_ci(values: Sequence[float], *, n_boot: int = 1000, seed: int = 0) -> dict[str, Any]:
    """``{"value", "ci": [lo, hi], "n"}`` for the mean of ``values`` (``value`` None when empty)."""
    arr = np.asarray(list(values), dtype=float)
    if arr.size == 0:
        return {"value": None, "ci": [None, None], "n": 0}
    lo, hi = bootstrap_ci(arr, n_boot=n_boot, seed=seed)
    return {"value": float(arr.mean()), "ci": [lo, hi], "n": int(arr.size)}


def paired_delta_ci(
    a: Sequence[float], b: Sequence[float], *, n_boot: int = 1000, seed: int = 0
) -> dict[str, Any]:
    """Mean of ``a - b`` over paired items (same example ids), with a bootstrap interval."""
    diff = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    return mean_ci(diff, n_boot=n_boot, seed=seed)
