"""The differentiable cycle loss (Theorem 3.9) and its exact gradient, in O(n^3) via BLAS.

``L(f) = C(n,3)^-1 * sum_{i<j<k} C(f_ij, f_jk, f_ik)`` with
``C(a, b, c) = a b (1 - c) + (1 - a)(1 - b) c = a b + c (1 - a - b)``.

Which entries are read: only the strict upper triangle ``f[i, j]``, ``i < j`` (by the
convention ``f[j, i] = 1 - f[i, j]`` the lower triangle carries no extra information).
The diagonal and lower triangle are ignored, and the gradient there is 0 — exactly
what finite differences of :func:`cycle_loss` give.

Range: ``C`` is multilinear, so ``L`` attains its extremes at binary ``f``, where
``L = CTR``. Hence ``0 <= L <= max CTR over tournaments on n items``
(:func:`max_cycle_loss`): 1 for ``n = 3``, 1/2 for ``n = 4, 5``, decreasing to 1/4.
The seed's claim ``L in [0, 1/4]`` is false: a cyclic triple has ``L = 1``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from spatioxolver.errors import InputError

__all__ = ["cycle_loss", "cycle_loss_grad", "max_cycle_loss", "max_cyclic_triples"]


def _upper(f: Any) -> np.ndarray:
    try:
        arr = np.asarray(f, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError("f must be a square numeric matrix") from None
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise InputError(f"f must be a square matrix, got shape {arr.shape}")
    n = arr.shape[0]
    if n < 3:
        raise InputError(f"the cycle loss needs at least 3 items (a triple), got {n}")
    u = np.triu(np.nan_to_num(arr, nan=-1.0), 1)
    iu = np.triu_indices(n, 1)
    vals = arr[iu]
    if not np.all(np.isfinite(vals)) or vals.min() < 0 or vals.max() > 1:
        raise InputError("f[i][j] (i < j) must be probabilities in [0, 1] (no NaN)")
    return u


def cycle_loss(f: Any) -> float:
    """Theorem 3.9's cycle loss of a soft tournament ``f`` (``f[i, j]`` = P(i precedes j)).

    Raises:
        InputError: not square, ``n < 3``, or an upper-triangle entry outside [0, 1].

    Example:
        >>> cycle_loss([[0, 1, 0], [0, 0, 1], [1, 0, 0]])  # the cyclic triple: 1, not <= 1/4
        1.0
    """
    u = _upper(f)
    n = u.shape[0]
    # sum_{i<j<k} f_ij f_jk = sum of (U @ U)
    ab = float((u @ u).sum())
    idx = np.arange(n)
    between = np.maximum(idx[None, :] - idx[:, None] - 1, 0)  # number of j with i < j < k
    c_sum = float((u * between).sum())
    row_cum = np.cumsum(u, axis=1)  # row_cum[i, k] = sum_{j <= k} u[i, j]
    col_cum = np.cumsum(u, axis=0)  # col_cum[i, k] = sum_{j <= i} u[j, k]
    # for each i<k: sum_{i<j<k} (f_ij + f_jk)
    left = np.zeros_like(u)
    left[:, 1:] = row_cum[:, :-1]
    right = col_cum[-1][None, :] - col_cum  # sum_{j > i} u[j, k] (= j < k automatically)
    c_ab = float((u * (left + right)).sum())
    return (ab + c_sum - c_ab) / math.comb(n, 3)


def cycle_loss_grad(f: Any) -> np.ndarray:
    """Exact gradient ``dL/df[i, j]`` for every entry of ``f``, as :func:`cycle_loss` reads it.

    Upper triangle: the sum over the triples containing pair ``(i, j)`` of Eq. (5) /
    App. F (``dC/da = b - c``, ``dC/db = a - c``, ``dC/dc = 1 - a - b``), divided by
    ``C(n, 3)``. Lower triangle and diagonal: 0 (not read).

    Example:
        >>> import numpy as np
        >>> float(np.abs(cycle_loss_grad(np.full((4, 4), 0.5))).max())
        0.0
    """
    u = _upper(f)
    n = u.shape[0]
    row_tot = u.sum(axis=1)  # sum_{k > i} u[i, k]
    col_tot = u.sum(axis=0)  # sum_{i < k} u[i, k]
    row_cum = np.cumsum(u, axis=1)
    col_cum = np.cumsum(u, axis=0)
    idx = np.arange(n)
    a_idx, b_idx = idx[:, None], idx[None, :]
    # role a (pair = (i, j), third item k > j): sum_{k > b} (f_bk - f_ak)
    role_a = row_tot[None, :] - (row_tot[:, None] - row_cum)
    # role b (pair = (j, k), third item i < j): sum_{i < a} (f_ia - f_ib)
    above = np.zeros_like(u)
    above[1:, :] = col_cum[:-1, :]  # sum_{i < a} u[i, b]
    role_b = col_tot[:, None] - above
    # role c (pair = (i, k), middle item a < j < b): sum (1 - f_aj - f_jb)
    left = np.zeros_like(u)
    left[:, 1:] = row_cum[:, :-1]  # sum_{j < b} u[a, j]
    right = col_tot[None, :] - col_cum  # sum_{j > a} u[j, b]
    role_c = np.maximum(b_idx - a_idx - 1, 0) - left - right
    grad = (role_a + role_b + role_c) / math.comb(n, 3)
    return np.triu(grad, 1)


def max_cyclic_triples(n: int) -> int:
    """Most cyclic triples a tournament on ``n`` items can have (Kendall & Babington Smith).

    ``(n^3 - n) / 24`` for odd ``n``, ``(n^3 - 4 n) / 24`` for even ``n``.
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise InputError(f"n must be a non-negative integer, got {n!r}")
    n = int(n)
    return (n**3 - n) // 24 if n % 2 else (n**3 - 4 * n) // 24


def max_cycle_loss(n: int) -> float:
    """The true upper bound of :func:`cycle_loss` on ``n >= 3`` items: the maximum CTR.

    Example:
        >>> max_cycle_loss(3), max_cycle_loss(4)
        (1.0, 0.5)
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 3:
        raise InputError(f"the cycle loss needs n >= 3, got {n!r}")
    return max_cyclic_triples(n) / math.comb(int(n), 3)
