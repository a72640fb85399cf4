"""Exact OSC: bitmask dynamic programming for small ``n``, an ILP on HiGHS beyond.

Maximising :meth:`Tournament.agreement` is the (weighted) minimum feedback arc set
problem, NP-hard (Theorem 3.5). Two exact solvers:

* ``"dp"`` — Held–Karp style DP over subsets: ``best(S)`` is the largest forward weight
  of an order of ``S`` placed first; adding ``v`` last gains ``sum_{u in S} w[u, v]``.
  Layers of equal popcount are processed as numpy arrays (``O(2^n n)`` work, gains from
  per-byte subset-sum tables, no BLAS; ``2^n`` int32 (integral weights) or float64 +
  ``2^n`` int8 memory plus chunked layer buffers). ``n <= DP_MAX_N``.
* ``"ilp"`` — 0/1 variables ``x_ij`` (``i`` before ``j``) for ``i < j`` with the triangle
  constraints ``0 <= x_ij + x_jk - x_ik <= 1`` (transitivity), solved by HiGHS through
  ``scipy.optimize.milp`` with an optional time limit. When the limit stops it, the
  best order seen (ILP incumbent or the local-search order) is returned with the
  solver's bound and ``optimal=False``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from spatioxolver.errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from spatioxolver.consistency._tournament import Tournament

__all__ = ["ExactResult", "solve_exact", "DP_MAX_N", "AUTO_DP_MAX_N", "ILP_MAX_N"]

#: Largest ``n`` the bitmask DP accepts (2^22 states: ~120 MB of arrays, 5-10 s).
DP_MAX_N = 22
#: ``method="auto"`` uses the DP up to this ``n`` (well under a second) and the ILP beyond.
AUTO_DP_MAX_N = 18
#: Largest ``n`` the ILP accepts (C(n, 3) triangle constraints: ~1.1 M rows at 150 for one pair).
ILP_MAX_N = 150
_CHUNK = 1 << 16


@dataclass(frozen=True)
class ExactResult:
    """Outcome of an exact OSC solve.

    Attributes:
        order: best order found, first to last.
        agreement: ``OSC(T, order)``.
        bound: proven upper bound on ``OSC(T)`` (equals ``agreement`` when optimal).
        optimal: True only when the solver proved ``order`` optimal.
        method: ``"dp"`` or ``"ilp"`` (``"trivial"`` for n <= 2).
        seconds: wall time of the solve.
        status: solver message.
    """

    order: list[int]
    agreement: float
    bound: float
    optimal: bool
    method: str
    seconds: float = 0.0
    status: str = ""
    details: dict = field(default_factory=dict)


def solve_exact(t: Tournament, method: str = "auto", *, time_limit: float | None = None) -> ExactResult:
    """Maximise the agreement of an order with ``t`` exactly (or as far as the time limit lets).

    Args:
        t: the tournament (complete, partial or soft).
        method: ``"dp"``, ``"ilp"`` or ``"auto"`` (DP up to ``AUTO_DP_MAX_N`` items).
        time_limit: seconds for the ILP, counted from this call: importing the solver and
            building the model are included (``None`` = until proven). The DP ignores it.

    Raises:
        InputError: unknown method, or ``n`` above the method's limit.

    Example:
        >>> from spatioxolver.consistency import Tournament
        >>> r = solve_exact(Tournament.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]]))
        >>> r.agreement, r.optimal
        (0.6666666666666666, True)
    """
    import time

    if method not in ("auto", "dp", "ilp"):
        raise InputError(f"unknown exact method {method!r}; use 'dp', 'ilp' or 'auto'")
    if time_limit is not None and not (time_limit > 0 and math.isfinite(time_limit)):
        raise InputError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    start = time.perf_counter()
    n = t.n
    if n <= 2:
        order = list(range(n)) if n < 2 or t.weights[0, 1] >= t.weights[1, 0] else [1, 0]
        a = t.agreement(order)
        return ExactResult(order, a, a, True, "trivial", time.perf_counter() - start, "trivial")
    if method == "auto":
        method = "dp" if n <= AUTO_DP_MAX_N else "ilp"
    if method == "dp":
        if n > DP_MAX_N:
            raise InputError(f"the bitmask DP handles at most {DP_MAX_N} items, got {n}; use method='ilp'")
        order = _dp_order(np.asarray(t.weights, dtype=np.float64))
        a = t.agreement(order)
        return ExactResult(order, a, a, True, "dp", time.perf_counter() - start, "optimal")
    if n > ILP_MAX_N:
        raise InputError(f"the ILP handles at most {ILP_MAX_N} items, got {n}; use repair(method='local')")
    deadline = None if time_limit is None else start + float(time_limit)
    return _ilp(t, deadline, start)


# ---------------------------------------------------------------------- bitmask DP
def _dp_order(w: np.ndarray) -> list[int]:
    """Held–Karp DP by popcount layers; returns an optimal order (ties: first maximiser).

    ``gain(T, v) = sum_{u in T} w[u, v]`` is read from per-byte tables (the sum over the
    set bits of each 8-bit block of ``T``, built once by the lowest-set-bit recurrence)
    instead of a float matmul per layer: no BLAS call, so no BLAS threads competing for the
    cores. Integral weights (answers 0/1, vote counts) run in int32 arithmetic, exactly.
    """
    n = w.shape[0]
    size = 1 << n
    integral = bool(np.all(w == np.round(w)) and np.abs(w).max(initial=0.0) * n * n < 2**30)
    dtype = np.int32 if integral else np.float64
    unset = np.iinfo(np.int32).min // 2 if integral else -np.inf  # best[] of states not reached yet
    best = np.full(size, unset, dtype=dtype)
    best[0] = 0
    last = np.zeros(size, dtype=np.int8)
    tables = [_subset_sums(w[lo : lo + 8].astype(dtype)) for lo in range(0, n, 8)]
    states = np.arange(size, dtype=np.int32)  # n <= DP_MAX_N < 31, so int32 holds every subset
    popcount = np.zeros(size, dtype=np.int8)
    for b in range(n):
        popcount += ((states >> b) & 1).astype(np.int8)
    by_layer = np.argsort(popcount, kind="stable").astype(np.int32)
    bounds = np.searchsorted(popcount[by_layer], np.arange(n + 2))
    bits = (np.int32(1) << np.arange(n, dtype=np.int32))[None, :]
    for k in range(1, n + 1):
        layer = by_layer[bounds[k] : bounds[k + 1]]
        for lo in range(0, layer.size, _CHUNK):
            chunk = layer[lo : lo + _CHUNK]
            # best[T ^ bit v] is unset when v is not in T (that state has popcount k+1)
            cand = best[chunk[:, None] ^ bits]
            # gain[T, v] = sum_{u in T} w[u, v]: weight of pairs v keeps when placed last in T
            for b, table in enumerate(tables):
                cand += table[(chunk >> (8 * b)) & 0xFF]
            choice = np.argmax(cand, axis=1)
            best[chunk] = cand[np.arange(chunk.size), choice]
            last[chunk] = choice
    order = []
    state = size - 1
    while state:
        v = int(last[state])
        order.append(v)
        state ^= 1 << v
    order.reverse()
    return order


def _subset_sums(rows: np.ndarray) -> np.ndarray:
    """``out[s] = sum of rows[u] for the bits u set in s``, for every ``s < 2^len(rows)``."""
    out = np.zeros((1 << rows.shape[0], rows.shape[1]), dtype=rows.dtype)
    for s in range(1, out.shape[0]):
        low = s & -s
        out[s] = out[s ^ low] + rows[low.bit_length() - 1]
    return out


# ---------------------------------------------------------------------- ILP
@dataclass
class _NotSolved:
    """Stands for ``milp``'s result when the time limit left nothing for the solver."""

    x: None = None
    status: int = 1
    message: str = "time limit reached while building the model; best local-search order returned"
    mip_dual_bound: None = None
    mip_gap: None = None


#: Seconds HiGHS spends per constraint-matrix nonzero receiving the model before its own
#: clock starts (measured ~0.35 s for the 1.65 M nonzeros of n = 150 on 2 cores).
_HANDOFF_S_PER_NONZERO = 2e-7


def _ilp(t: Tournament, deadline: float | None, start: float) -> ExactResult:
    """The triangle ILP; ``deadline`` (``time.perf_counter()`` value) covers importing the
    solver, building the model, handing it over and solving, not only HiGHS's own run."""
    import time

    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    from spatioxolver.consistency._local import local_order

    n = t.n
    w = np.asarray(t.weights)
    iu, ju = np.triu_indices(n, 1)
    var = np.full((n, n), -1, dtype=np.int64)
    var[iu, ju] = np.arange(iu.size)
    # objective: maximise sum_{i<j} w_ij x_ij + w_ji (1 - x_ij)
    gain = w[iu, ju] - w[ju, iu]
    constant = float(w[ju, iu].sum())
    triples = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), 3)), dtype=np.int64
    ).reshape(-1, 3)
    i, j, k = triples.T
    rows = np.repeat(np.arange(triples.shape[0]), 3)
    cols = np.stack([var[i, j], var[j, k], var[i, k]], axis=1).ravel()
    vals = np.tile(np.array([1.0, 1.0, -1.0]), triples.shape[0])
    a = coo_matrix((vals, (rows, cols)), shape=(triples.shape[0], iu.size)).tocsr()
    options: dict[str, object] = {"disp": False}
    res = None
    if deadline is not None:
        left = deadline - time.perf_counter() - _HANDOFF_S_PER_NONZERO * a.nnz
        if left > 0:
            options["time_limit"] = left
    if deadline is None or "time_limit" in options:
        res = milp(
            -gain,
            integrality=np.ones(iu.size),
            bounds=Bounds(0, 1),
            constraints=[LinearConstraint(a, 0, 1)],
            options=options,
        )
    if res is None:  # the limit ran out while building the model: no solver run at all
        res = _NotSolved()
    pairs = max(t.n_observed_pairs, 1)
    candidates: list[list[int]] = []
    if res.x is not None:
        x = np.round(res.x)
        before = np.zeros((n, n))
        before[iu, ju] = x
        before[ju, iu] = 1 - x
        # transitive x: item's position = number of items placed before it
        candidates.append([int(v) for v in np.argsort(before.sum(axis=0), kind="stable")])
    proven = res.status == 0 and res.x is not None
    if not proven:
        candidates.append(local_order(t, seed=0))
    order = max(candidates, key=t.forward_weight)
    agreement = t.agreement(order)
    bound = 1.0
    dual = getattr(res, "mip_dual_bound", None)
    if dual is not None and np.isfinite(dual):
        bound = min(1.0, (constant - float(dual)) / pairs + 1e-12)
    if proven:
        bound = agreement
    bound = max(bound, agreement)
    return ExactResult(
        order,
        agreement,
        bound,
        bool(proven),
        "ilp",
        time.perf_counter() - start,
        str(res.message),
        {"mip_gap": getattr(res, "mip_gap", None), "status": int(res.status)},
    )
