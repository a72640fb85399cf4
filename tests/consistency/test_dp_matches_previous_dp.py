"""The table-driven DP finds the same optimum as the previous float-matmul DP.

Integral weights (0/1 answers, vote counts) give exact sums in both, so the orders are
identical too (same first-maximiser tie rule); soft weights may break exact ties apart
by a rounding step, so there only the optimum value is compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.consistency import Tournament
from spatioxolver.consistency._exact import _dp_order


@pytest.mark.parametrize("n", [3, 5, 8, 9, 12, 16])
def test_integral_weights_same_order(helpers, previous, n: int) -> None:
    rng = np.random.default_rng(n)
    for trial in range(6):
        if trial % 2:
            w = helpers.near_transitive(n, 0.2, rng).astype(float)
        else:
            w = helpers.random_matrix(n, rng).astype(float)
        if trial == 4:  # vote counts: three answers per pair
            votes = rng.integers(0, 4, size=(n, n))
            w = (np.triu(votes, 1) + np.triu(3 - votes, 1).T).astype(float)
        assert _dp_order(w) == previous.dp_order_matmul(w)


@pytest.mark.parametrize("n", [4, 7, 11, 17])
def test_soft_partial_weights_same_optimum(helpers, previous, n: int) -> None:
    rng = np.random.default_rng(100 + n)
    for _ in range(4):
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.7]
        t = Tournament.from_pairs(n, {pair: float(rng.uniform(0, 1)) for pair in pairs})
        weights = np.asarray(t.weights, dtype=float)
        new, old = _dp_order(weights), previous.dp_order_matmul(weights)
        assert sorted(new) == list(range(n))
        assert t.forward_weight(new) == pytest.approx(t.forward_weight(old), abs=1e-9)
        if n <= 7:
            assert t.forward_weight(new) == pytest.approx(helpers.brute_best(t), abs=1e-9)
