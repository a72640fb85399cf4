"""The Gaussian depth-noise model: P(cycle) (Eq. 4, Theorem 3.7) and the implied-noise fit (Cor. 3.8).

Model: a pairwise judge says ``o_i`` is in front of ``o_j`` iff ``eps_ij < d_j - d_i`` with
``eps_ij ~ N(0, sigma^2)`` independent per pair. For ``d_i < d_j < d_k`` with
``alpha = Phi(D_ij / sigma)``, ``beta = Phi(D_jk / sigma)``, ``gamma = Phi(D_ik / sigma)``::

    P(cycle) = alpha * beta * (1 - gamma) + (1 - alpha) * (1 - beta) * gamma        (4)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from spatioxolver.errors import InputError

__all__ = [
    "cycle_probability",
    "depth_cycle_probability",
    "fit_noise_sigma",
    "pairwise_accuracy",
    "sigma_from_accuracy",
]


def _normal_cdf(x: np.ndarray) -> np.ndarray:
    from scipy.special import ndtr

    return ndtr(x)


def _probabilities(value: Any, name: str) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number or array of numbers, got {value!r}") from None
    if not np.all(np.isfinite(arr)) or np.any((arr < 0) | (arr > 1)):
        raise InputError(f"{name} must lie in [0, 1] (no NaN), got {value!r}")
    return arr


def _out(arr: np.ndarray) -> float | np.ndarray:
    return float(arr) if arr.ndim == 0 else arr


def cycle_probability(alpha: Any, beta: Any, gamma: Any) -> float | np.ndarray:
    """Eq. (4): probability that a triple with edge probabilities alpha, beta, gamma is cyclic.

    ``alpha`` = P(i -> j), ``beta`` = P(j -> k), ``gamma`` = P(i -> k), independent.
    Broadcasts over arrays (returns an array then, else a float).

    Raises:
        InputError: a value outside [0, 1] or NaN.

    Example:
        >>> cycle_probability(0.5, 0.5, 0.5)
        0.25
    """
    a = _probabilities(alpha, "alpha")
    b = _probabilities(beta, "beta")
    c = _probabilities(gamma, "gamma")
    return _out(a * b * (1 - c) + (1 - a) * (1 - b) * c)


def _check_sigma(sigma: Any) -> np.ndarray:
    try:
        s = np.asarray(sigma, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"sigma must be a positive number, got {sigma!r}") from None
    if not np.all(np.isfinite(s)) or np.any(s <= 0):
        raise InputError(f"sigma must be a positive finite number, got {sigma!r}")
    return s


def _depths(value: Any, name: str) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number or array of numbers, got {value!r}") from None
    if not np.all(np.isfinite(arr)):
        raise InputError(f"{name} must be finite (no NaN or inf)")
    return arr


def depth_cycle_probability(d_i: Any, d_j: Any, d_k: Any, sigma: Any) -> float | np.ndarray:
    """Theorem 3.7: P(cycle) for three objects at depths ``d_i, d_j, d_k`` under noise ``sigma``.

    The depths may come in any order (the cycle event does not depend on labels; they
    are sorted first). Equal depths give edge probability 1/2. Broadcasts over arrays.

    Raises:
        InputError: non-finite depths, or ``sigma`` not positive and finite.

    Example:
        >>> round(depth_cycle_probability(0.0, 1.0, 2.0, 1e9), 6)
        0.25
    """
    d = np.stack(np.broadcast_arrays(_depths(d_i, "d_i"), _depths(d_j, "d_j"), _depths(d_k, "d_k")), axis=-1)
    s = _check_sigma(sigma)
    d = np.sort(d, axis=-1)
    lo, mid, hi = d[..., 0], d[..., 1], d[..., 2]
    alpha = _normal_cdf((mid - lo) / s)
    beta = _normal_cdf((hi - mid) / s)
    gamma = _normal_cdf((hi - lo) / s)
    return _out(np.asarray(alpha * beta * (1 - gamma) + (1 - alpha) * (1 - beta) * gamma))


def fit_noise_sigma(
    depth_triples: Any,
    cyclic: Any,
    *,
    weights: Any = None,
    method: str = "least_squares",
    bounds: tuple[float, float] = (1e-4, 1e4),
) -> float:
    """Corollary 3.8: the noise ``sigma`` whose Eq. (4) predictions best fit observed cycles.

    Args:
        depth_triples: ``(K, 3)`` depths of the objects of ``K`` triples.
        cyclic: ``(K,)`` booleans (this triple came out cyclic) or observed cycle rates.
        weights: optional ``(K,)`` non-negative weights (e.g. trials behind each rate).
        method: ``"least_squares"`` (the paper's ``sum_k w_k (P_k(sigma) - p_k)^2``) or
            ``"mle"`` (Bernoulli log-likelihood; rates are treated as fractional outcomes).
        bounds: search interval for sigma (same unit as the depths).

    Returns:
        The fitted sigma (a global grid search on log sigma, then bounded refinement).

    Raises:
        InputError: wrong shapes, NaN, rates outside [0, 1], negative weights,
            fewer than one triple, or an unknown method.

    Example:
        >>> import numpy as np
        >>> rng = np.random.default_rng(0)
        >>> d = rng.uniform(0, 10, size=(20000, 3))
        >>> y = rng.random(20000) < depth_cycle_probability(d[:, 0], d[:, 1], d[:, 2], 0.7)
        >>> abs(fit_noise_sigma(d, y) - 0.7) < 0.05
        True
    """
    from scipy.optimize import minimize_scalar

    if method not in ("least_squares", "mle"):
        raise InputError(f"unknown fit method {method!r}; use 'least_squares' or 'mle'")
    d = _depths(depth_triples, "depth_triples")
    if d.ndim != 2 or d.shape[1] != 3 or d.shape[0] < 1:
        raise InputError(f"depth_triples must have shape (K, 3) with K >= 1, got {d.shape}")
    p = _probabilities(
        np.asarray(cyclic, dtype=np.float64) if np.asarray(cyclic).dtype == bool else cyclic, "cyclic"
    )
    if p.shape != (d.shape[0],):
        raise InputError(f"cyclic must have shape ({d.shape[0]},) to match depth_triples, got {p.shape}")
    if weights is None:
        wts = np.ones_like(p)
    else:
        wts = _depths(weights, "weights")
        if wts.shape != p.shape or np.any(wts < 0) or wts.sum() <= 0:
            raise InputError("weights must be non-negative, not all zero, and match cyclic's shape")
    lo, hi = bounds
    if not (0 < lo < hi and math.isfinite(hi)):
        raise InputError(f"bounds must satisfy 0 < low < high, got {bounds!r}")
    d = np.sort(d, axis=1)
    gaps = np.stack([d[:, 1] - d[:, 0], d[:, 2] - d[:, 1], d[:, 2] - d[:, 0]], axis=1)

    def predict(log_sigma: float) -> np.ndarray:
        a, b, c = _normal_cdf(gaps / math.exp(log_sigma)).T
        return a * b * (1 - c) + (1 - a) * (1 - b) * c

    def objective(log_sigma: float) -> float:
        q = predict(log_sigma)
        if method == "least_squares":
            return float((wts * (q - p) ** 2).sum())
        q = np.clip(q, 1e-12, 1 - 1e-12)
        return float(-(wts * (p * np.log(q) + (1 - p) * np.log1p(-q))).sum())

    grid = np.linspace(math.log(lo), math.log(hi), 121)
    values = [objective(g) for g in grid]
    i = int(np.argmin(values))
    left, right = grid[max(i - 1, 0)], grid[min(i + 1, grid.size - 1)]
    if right <= left:
        return float(math.exp(grid[i]))
    res = minimize_scalar(objective, bounds=(left, right), method="bounded", options={"xatol": 1e-7})
    best = res.x if res.fun <= values[i] else grid[i]
    return float(math.exp(best))


def pairwise_accuracy(sigma: Any, gaps: Any) -> float:
    """Expected share of correct pairwise depth answers, ``mean Phi(|gap| / sigma)``.

    Example:
        >>> round(pairwise_accuracy(1.0, [0.0]), 3)
        0.5
    """
    s = _check_sigma(sigma)
    g = np.abs(_depths(gaps, "gaps"))
    return float(np.mean(_normal_cdf(g / s)))


def sigma_from_accuracy(accuracy: float, gap: float) -> float:
    """The sigma at which a single depth gap ``gap`` is judged correctly with probability ``accuracy``.

    ``sigma = gap / Phi^{-1}(accuracy)`` — the "direct" estimate the seed compares to.

    Raises:
        InputError: accuracy not in (0.5, 1) or gap not positive.
    """
    from scipy.special import ndtri

    if not (0.5 < float(accuracy) < 1.0):
        raise InputError(f"accuracy must lie in (0.5, 1) for a finite positive sigma, got {accuracy!r}")
    if not (float(gap) > 0 and math.isfinite(gap)):
        raise InputError(f"gap must be a positive number, got {gap!r}")
    return float(gap / ndtri(float(accuracy)))
