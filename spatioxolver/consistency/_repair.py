"""Repair: the transitive tournament (total order) closest to the answers.

Methods:
    * ``"score"`` — sort by score (Theorem 3.6).
    * ``"local"`` — the score order improved by *sifting* (move one item to its best
      position while any single move helps), plus seeded KwikSort (random pivot)
      restarts, each sifted; the best order wins. Deterministic for a given seed.
    * ``"exact"`` — a proven optimum (bitmask DP, or ILP; see :mod:`._exact`).
    * ``"auto"`` — exact by DP when ``n <= AUTO_EXACT_MAX_N`` (cheap), otherwise local.

``optimal`` is True only when optimality was proven: by an exact solver, or because the
order keeps every answered pair (agreement 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from spatioxolver.errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from spatioxolver.consistency._tournament import Tournament

__all__ = ["Repair", "repair", "AUTO_EXACT_MAX_N", "METHODS"]

#: ``method="auto"`` solves exactly (DP) up to this many items.
AUTO_EXACT_MAX_N = 16
METHODS = ("score", "local", "exact", "auto")
_EPS = 1e-12


@dataclass(frozen=True)
class Repair:
    """A repaired (transitive) version of a tournament.

    Attributes:
        order: items first to last.
        tournament: the transitive tournament of ``order``.
        flipped: answered pairs ``(i, j)`` with confidence > 1/2 that ``i`` precedes ``j``
            which the repair reverses (``j`` now precedes ``i``), sorted.
        agreement: ``OSC(T, order)`` against the original answers.
        optimal: True only if ``order`` is proven to maximise the agreement.
        method: the method that produced ``order`` (``"score"``, ``"local"``, ``"dp"``,
            ``"ilp"``, ``"trivial"``).
        bound: a proven upper bound on ``OSC(T)`` (1.0 when nothing better is known).
    """

    order: list[int]
    tournament: Tournament
    flipped: list[tuple[int, int]]
    agreement: float
    optimal: bool
    method: str
    bound: float = 1.0


def repair(
    t: Tournament,
    method: str = "auto",
    *,
    seed: int = 0,
    restarts: int | None = None,
    time_limit: float | None = None,
) -> Repair:
    """Repair ``t`` into a total order.

    Args:
        t: the tournament.
        method: ``"score"``, ``"local"``, ``"exact"`` or ``"auto"``.
        seed: seed of the KwikSort restarts (``"local"``).
        restarts: number of KwikSort restarts (``"local"``); default 16 up to 64 items,
            4 up to 400, 1 beyond (each restart costs one sifting run, O(n^2) per pass).
        time_limit: seconds for the ILP (``"exact"`` above the DP limit); when it stops
            the solver early the best order is returned with ``optimal=False``.

    Raises:
        InputError: unknown method or bad options.

    Example:
        >>> from spatioxolver.consistency import Tournament
        >>> r = repair(Tournament.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]]), "exact")
        >>> r.agreement, r.optimal, len(r.flipped)
        (0.6666666666666666, True, 1)
    """
    from spatioxolver.consistency._exact import DP_MAX_N, solve_exact
    from spatioxolver.consistency._local import default_restarts, local_order

    if method not in METHODS:
        raise InputError(f"unknown repair method {method!r}; use one of {', '.join(METHODS)}")
    if restarts is None:
        restarts = default_restarts(t.n)
    if isinstance(restarts, bool) or not isinstance(restarts, int) or restarts < 0:
        raise InputError(f"restarts must be a non-negative integer, got {restarts!r}")
    n = t.n
    bound = 1.0
    optimal = False
    if method == "auto":
        method = "exact" if n <= AUTO_EXACT_MAX_N else "local"
    if method == "score":
        order, used = t.score_order(), "score"
    elif method == "local":
        order, used = local_order(t, seed=seed, restarts=restarts), "local"
    else:
        exact_method = "dp" if n <= DP_MAX_N else "ilp"
        result = solve_exact(t, exact_method, time_limit=time_limit)
        order, used, optimal, bound = result.order, result.method, result.optimal, result.bound
    agreement = t.agreement(order)
    if agreement >= 1.0 - _EPS:
        optimal, bound = True, 1.0
    pos = np.empty(n, dtype=np.int64)
    pos[np.asarray(order, dtype=np.int64)] = np.arange(n)
    wrong = (t.weights > 0.5 + 1e-9) & (pos[:, None] > pos[None, :])
    flipped = [(int(i), int(j)) for i, j in np.argwhere(wrong)]
    return Repair(
        order=[int(v) for v in order],
        tournament=type(t).from_order(order),
        flipped=flipped,
        agreement=agreement,
        optimal=bool(optimal),
        method=used,
        bound=float(max(bound, agreement)),
    )
