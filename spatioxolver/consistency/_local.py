"""Local search for a near-optimal order of a tournament: KwikSort starts, insertion sifting.

The building block of the ``local`` repair and the ILP's incumbent; it depends on nothing
but numpy, so the exact solvers and the repair can both use it without importing each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from spatioxolver.consistency._tournament import Tournament

__all__ = ["default_restarts", "local_order", "sift", "kwiksort"]

_EPS = 1e-12


def default_restarts(n: int) -> int:
    """KwikSort restarts used by ``"local"`` when none are given."""
    return 16 if n <= 64 else 4 if n <= 400 else 1


def local_order(t: Tournament, *, seed: int = 0, restarts: int | None = None) -> list[int]:
    """Score order + sifting, and ``restarts`` seeded KwikSort orders + sifting; the best."""
    if restarts is None:
        restarts = default_restarts(t.n)
    w = np.asarray(t.weights, dtype=np.float64)
    best = sift(w, t.score_order())
    best_value = _value(w, best)
    # No order keeps more than the larger weight of every pair: an order that does is
    # optimal, and no restart could replace it (a restart must be strictly better).
    ceiling = float(np.triu(np.maximum(w, w.T), 1).sum())
    rng = np.random.default_rng(seed)
    for _ in range(restarts):
        if best_value >= ceiling - _EPS:
            break
        candidate = sift(w, kwiksort(w, rng))
        value = _value(w, candidate)
        if value > best_value + _EPS:
            best, best_value = candidate, value
    return best


def _value(w: np.ndarray, order: list[int]) -> float:
    idx = np.asarray(order)
    return float(np.triu(w[np.ix_(idx, idx)], 1).sum())


def sift(w: np.ndarray, order: list[int]) -> list[int]:
    """Insertion local search: move single items to their best position until none helps.

    ``w[i, j]`` is the weight kept when ``i`` precedes ``j``. Each move strictly
    increases the forward weight, so the loop terminates.
    """
    n = len(order)
    if n < 3:
        if n == 2 and w[order[1], order[0]] > w[order[0], order[1]] + _EPS:
            return [order[1], order[0]]
        return list(order)
    current = list(order)
    improved = True
    while improved:
        improved = False
        for v in list(current):
            p = current.index(v)
            rest = current[:p] + current[p + 1 :]
            before = w[rest, v]  # kept if u stays before v
            after = w[v, rest]  # kept if v goes before u
            value = np.empty(n)
            value[0] = 0.0
            np.cumsum(before, out=value[1:])
            tail = np.empty(n)
            tail[-1] = 0.0
            tail[:-1] = np.cumsum(after[::-1])[::-1]
            value += tail
            q = int(np.argmax(value))
            if value[q] > value[p] + 1e-9:
                rest.insert(q, v)
                current = rest
                improved = True
    return current


def kwiksort(w: np.ndarray, rng: np.random.Generator) -> list[int]:
    """Random-pivot quicksort on pairwise answers (Ailon, Charikar & Newman's KwikSort)."""
    n = w.shape[0]
    out: list[int] = []
    stack: list[np.ndarray] = [np.arange(n)]
    while stack:
        items = stack.pop()
        if items.size <= 1:
            out.extend(int(x) for x in items)
            continue
        pivot = items[rng.integers(items.size)]
        others = items[items != pivot]
        first = w[others, pivot] > w[pivot, others]
        # processed last-in first-out: push the later part first
        stack.append(others[~first])
        stack.append(np.array([pivot]))
        stack.append(others[first])
    return out
