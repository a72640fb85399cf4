"""Differentiable cycle loss (Theorem 3.9): values, the true range, and the exact gradient."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import Tournament, cycle_loss, cycle_loss_grad, max_cycle_loss
from spatioxolver.errors import InputError


def brute_loss(f: np.ndarray) -> float:
    n = f.shape[0]
    total = 0.0
    for i, j, k in itertools.combinations(range(n), 3):
        a, b, c = f[i, j], f[j, k], f[i, k]
        total += a * b * (1 - c) + (1 - a) * (1 - b) * c
    return total / math.comb(n, 3)


def soft(n: int, rng: np.random.Generator) -> np.ndarray:
    f = np.triu(rng.random((n, n)), 1)
    return f + np.tril(1 - f.T, -1)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 9), st.integers(0, 2**32 - 1))
def test_loss_matches_brute_force(n, seed):
    f = soft(n, np.random.default_rng(seed))
    assert cycle_loss(f) == pytest.approx(brute_loss(f), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_loss_equals_ctr_on_binary_f(helpers, n, seed, p):
    m = helpers.random_matrix(n, np.random.default_rng(seed), p)
    t = Tournament.from_matrix(m)
    assert cycle_loss(m) == pytest.approx(t.ctr(), abs=1e-12)
    assert (cycle_loss(m) == 0) == (t.ctr() == 0)


def test_loss_at_half_is_one_quarter():
    for n in (3, 4, 10):
        assert cycle_loss(np.full((n, n), 0.5)) == pytest.approx(0.25)


def test_seed_range_claim_is_false_for_a_cyclic_triple():
    # Theorem 3.9(a) claims L in [0, 1/4]; the cyclic triple gives 1
    assert cycle_loss([[0, 1, 0], [0, 0, 1], [1, 0, 0]]) == 1.0


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_true_upper_bound_is_max_ctr_and_is_attained(helpers, n):
    # L is multilinear, so its maximum over [0, 1]^pairs sits at a binary f: the max CTR
    best = max(cycle_loss(m) for m in helpers.matrices(n))
    assert best == pytest.approx(max_cycle_loss(n))
    rng = np.random.default_rng(n)
    for _ in range(200):
        assert cycle_loss(soft(n, rng)) <= max_cycle_loss(n) + 1e-12


def test_max_cycle_loss_values():
    assert max_cycle_loss(3) == 1.0
    assert max_cycle_loss(4) == 0.5 and max_cycle_loss(5) == 0.5
    assert max_cycle_loss(101) == pytest.approx(0.25 * 102 / 99)  # (n + 1) / (4 (n - 2)) for odd n
    assert max_cycle_loss(1000) > 0.25


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 8), st.integers(0, 2**32 - 1), st.booleans())
def test_gradient_matches_finite_differences_for_every_entry(n, seed, complementary):
    rng = np.random.default_rng(seed)
    f = soft(n, rng) if complementary else rng.random((n, n))
    f = np.clip(f, 1e-3, 1 - 1e-3)
    grad = cycle_loss_grad(f)
    assert grad.shape == (n, n)
    eps = 1e-6
    for a in range(n):
        for b in range(n):
            plus, minus = f.copy(), f.copy()
            plus[a, b] += eps
            minus[a, b] -= eps
            numeric = (cycle_loss(plus) - cycle_loss(minus)) / (2 * eps)
            assert grad[a, b] == pytest.approx(numeric, abs=1e-7)


def test_gradient_is_zero_at_half_and_on_lower_triangle():
    g = cycle_loss_grad(np.full((5, 5), 0.5))
    assert np.allclose(g, 0)
    g = cycle_loss_grad(soft(6, np.random.default_rng(0)))
    assert np.all(np.tril(g) == 0) and np.any(np.triu(g, 1) != 0)


def test_gradient_descent_removes_a_cycle():
    f = np.array([[0, 0.9, 0.2], [0.1, 0, 0.9], [0.8, 0.1, 0]])
    start = cycle_loss(f)
    for _ in range(200):
        f = np.clip(f - 0.5 * cycle_loss_grad(f), 0, 1)
    assert cycle_loss(f) < 0.2 * start


@pytest.mark.parametrize(
    "f, message",
    [
        (np.zeros((2, 2)), "at least 3"),
        (np.zeros((3, 4)), "square"),
        (np.full((3, 3), 1.5), r"\[0, 1\]"),
        (np.full((3, 3), np.nan), r"\[0, 1\]"),
        ([["a"]], "numeric"),
    ],
)
def test_loss_rejects_bad_input(f, message):
    with pytest.raises(InputError, match=message):
        cycle_loss(f)
    with pytest.raises(InputError, match=message):
        cycle_loss_grad(f)
