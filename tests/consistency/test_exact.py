"""Exact OSC (Definition 3.2): bitmask DP and HiGHS ILP against brute force; proof status."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import DP_MAX_N, ILP_MAX_N, Tournament, solve_exact
from spatioxolver.errors import InputError


@st.composite
def soft_partial(draw, min_n=2, max_n=7):
    n = draw(st.integers(min_n, max_n))
    outcomes = {}
    for i in range(n):
        for j in range(i + 1, n):
            kind = draw(st.sampled_from(["missing", "binary", "soft"]))
            if kind == "binary":
                outcomes[(i, j)] = draw(st.booleans())
            elif kind == "soft":
                outcomes[(i, j)] = draw(st.floats(0, 1))
    return Tournament.from_pairs(n, outcomes)


@settings(max_examples=80, deadline=None)
@given(soft_partial())
def test_dp_matches_brute_force_on_soft_partial(helpers, t):
    result = solve_exact(t, "dp")
    assert result.optimal and result.method in ("dp", "trivial")
    assert t.forward_weight(result.order) == pytest.approx(helpers.brute_best(t))
    assert result.bound == pytest.approx(result.agreement)


def test_dp_exhaustive_n5(helpers):
    for m in helpers.matrices(5):
        t = Tournament.from_matrix(m)
        assert t.forward_weight(t.optimal_order("dp")) == helpers.brute_best(t)


@settings(max_examples=15, deadline=None)
@given(st.integers(6, 11), st.integers(0, 2**32 - 1))
def test_ilp_matches_dp(helpers, n, seed):
    rng = np.random.default_rng(seed)
    t = Tournament.from_matrix(helpers.random_matrix(n, rng))
    dp, ilp = solve_exact(t, "dp"), solve_exact(t, "ilp")
    assert ilp.optimal
    assert ilp.agreement == pytest.approx(dp.agreement)
    assert ilp.bound == pytest.approx(dp.agreement)


def test_ilp_soft_partial_matches_dp():
    rng = np.random.default_rng(5)
    n = 9
    outcomes = {(i, j): float(rng.random()) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.7}
    t = Tournament.from_pairs(n, outcomes)
    assert solve_exact(t, "ilp").agreement == pytest.approx(solve_exact(t, "dp").agreement)


def test_ilp_near_transitive_n30_is_proven(helpers):
    rng = np.random.default_rng(1)
    t = Tournament.from_matrix(helpers.near_transitive(30, 0.1, rng))
    result = solve_exact(t, "auto")
    assert result.method == "ilp" and result.optimal
    assert result.agreement >= t.agreement(t.repair("local").order) - 1e-12


@pytest.mark.slow
def test_ilp_time_limit_never_claims_optimality(helpers):
    # a uniformly random tournament at n = 40 takes HiGHS far longer than 0.3 s to prove
    t = Tournament.from_matrix(helpers.random_matrix(40, np.random.default_rng(3)))
    result = solve_exact(t, "ilp", time_limit=0.3)
    assert not result.optimal
    assert result.bound >= result.agreement
    assert result.bound <= 1.0
    # the best order found is at least as good as local search
    assert result.agreement >= t.agreement(t.repair("local").order) - 1e-12
    assert sorted(result.order) == list(range(40))


def test_dp_n16_is_exact_and_quick(helpers):
    import time

    t = Tournament.from_matrix(helpers.random_matrix(16, np.random.default_rng(2)))
    start = time.perf_counter()
    result = solve_exact(t, "dp")
    assert time.perf_counter() - start < 10  # generous: the benchmark measures the real figure
    assert result.optimal
    assert result.agreement >= t.agreement(t.repair("local").order) - 1e-12


def test_transitive_osc_is_one_and_order_recovered():
    order = [5, 3, 0, 1, 4, 2]
    t = Tournament.from_order(order)
    assert t.osc() == 1.0
    assert t.optimal_order() == order


@pytest.mark.parametrize(
    "method, n, message",
    [
        ("dp", DP_MAX_N + 1, "at most"),
        ("ilp", ILP_MAX_N + 1, "at most"),
        ("bogus", 4, "unknown exact method"),
    ],
)
def test_exact_limits(method, n, message):
    t = Tournament.from_order(list(range(n)))
    with pytest.raises(InputError, match=message):
        solve_exact(t, method)


def test_bad_time_limit():
    with pytest.raises(InputError, match="time_limit"):
        solve_exact(Tournament.from_order([0, 1, 2]), time_limit=-1)


def test_trivial_sizes():
    assert solve_exact(Tournament.from_pairs(1, {})).order == [0]
    assert solve_exact(Tournament.from_pairs(2, {(1, 0): True})).order == [1, 0]
