"""Prediction redundancy (Theorem 3.4): how many of the C(n, 2) pairwise bits transitivity fixes."""

from __future__ import annotations

import math
from typing import Any

from spatioxolver.errors import InputError

__all__ = ["redundancy"]


def redundancy(n: int) -> dict[str, Any]:
    """Bits in a consistent set of ``C(n, 2)`` pairwise answers (Theorem 3.4).

    Returns:
        ``{"n", "total_bits": C(n, 2), "information_bits": log2 n!,
        "redundant_bits": C(n, 2) - log2 n!, "redundant_fraction"}``
        (``redundant_fraction`` is 0 for ``n < 2``).

    Raises:
        InputError: ``n`` not a non-negative integer.

    Example:
        >>> r = redundancy(20)
        >>> r["total_bits"], round(r["information_bits"], 1), round(r["redundant_fraction"], 3)
        (190, 61.1, 0.679)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InputError(f"n must be a non-negative integer, got {n!r}")
    total = n * (n - 1) // 2
    info = math.lgamma(n + 1) / math.log(2) if n > 1 else 0.0
    return {
        "n": n,
        "total_bits": total,
        "information_bits": info,
        "redundant_bits": total - info,
        "redundant_fraction": (total - info) / total if total else 0.0,
    }
