"""The seed's theorems as tests: 3.3 (random baseline), 3.4 (redundancy), 3.7 / Eq. 4, Corollary 3.8."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import (
    Tournament,
    cycle_probability,
    depth_cycle_probability,
    fit_noise_sigma,
    pairwise_accuracy,
    redundancy,
    sigma_from_accuracy,
)
from spatioxolver.errors import InputError


# ---------------------------------------------------------------------- Theorem 3.3
def test_random_model_has_expected_ctr_one_quarter(helpers):
    rng = np.random.default_rng(2024)
    n, trials = 12, 600
    values = np.array([Tournament.from_matrix(helpers.random_matrix(n, rng)).ctr() for _ in range(trials)])
    stderr = values.std(ddof=1) / math.sqrt(trials)
    assert abs(values.mean() - 0.25) < 4 * stderr


def test_osc_at_least_half_exhaustive_n5(helpers):
    for m in helpers.matrices(5):
        t = Tournament.from_matrix(m)
        assert t.osc() >= 0.5


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10), st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_osc_bounds_and_osc_one_iff_ctr_zero(helpers, n, seed, p):
    t = Tournament.from_matrix(helpers.random_matrix(n, np.random.default_rng(seed), p))
    osc = t.osc()
    assert 0.5 <= osc <= 1.0
    assert (osc == 1.0) == (t.ctr() == 0.0)


# ---------------------------------------------------------------------- Theorem 3.4
@pytest.mark.parametrize("n", [2, 5, 20, 50])
def test_redundancy(n):
    r = redundancy(n)
    assert r["total_bits"] == math.comb(n, 2)
    assert r["information_bits"] == pytest.approx(math.log2(math.factorial(n)))
    assert r["redundant_bits"] == pytest.approx(r["total_bits"] - r["information_bits"])
    assert 0 <= r["redundant_fraction"] < 1


def test_redundancy_fraction_grows_to_one():
    fractions = [redundancy(n)["redundant_fraction"] for n in (5, 20, 100, 1000, 10000)]
    assert fractions == sorted(fractions) and fractions[-1] > 0.99
    assert redundancy(20)["redundant_bits"] == pytest.approx(128.9, abs=0.05)  # App. B's N = 20 figure
    assert redundancy(0)["redundant_fraction"] == 0.0


@pytest.mark.parametrize("n", [-1, 2.0, True, "5"])
def test_redundancy_bad_n(n):
    with pytest.raises(InputError):
        redundancy(n)


# ---------------------------------------------------------------------- Eq. (4) / Theorem 3.7
def test_cycle_probability_limits_and_corners():
    assert cycle_probability(0.5, 0.5, 0.5) == 0.25
    assert cycle_probability(1, 1, 0) == 1.0 and cycle_probability(0, 0, 1) == 1.0
    assert cycle_probability(1, 1, 1) == 0.0
    got = cycle_probability(np.array([0.5, 1.0]), 0.5, np.array([0.5, 1.0]))
    assert isinstance(got, np.ndarray) and got.tolist() == [0.25, 0.0]


@pytest.mark.parametrize(
    "args", [(1.1, 0.5, 0.5), (0.5, -0.1, 0.5), (0.5, 0.5, float("nan")), ("a", 0.5, 0.5)]
)
def test_cycle_probability_rejects_bad_input(args):
    with pytest.raises(InputError):
        cycle_probability(*args)


@pytest.mark.parametrize(
    "gaps, sigma", [((0.3, 0.5), 0.4), ((1.0, 2.0), 1.0), ((0.1, 0.1), 2.0), ((2.0, 0.5), 0.7)]
)
def test_eq4_matches_monte_carlo_of_gaussian_noise(gaps, sigma):
    rng = np.random.default_rng(7)
    d = np.array([0.0, gaps[0], gaps[0] + gaps[1]])
    k = 200_000
    # the judge says i precedes j iff eps_ij < d_j - d_i, independent per pair
    ij = rng.normal(0, sigma, k) < d[1] - d[0]
    jk = rng.normal(0, sigma, k) < d[2] - d[1]
    ik = rng.normal(0, sigma, k) < d[2] - d[0]
    cyclic = (ij & jk & ~ik) | (~ij & ~jk & ik)
    p_hat = cyclic.mean()
    se = math.sqrt(p_hat * (1 - p_hat) / k)
    predicted = depth_cycle_probability(*d, sigma)
    assert abs(p_hat - predicted) < 3 * se
    # order of the arguments does not matter
    assert depth_cycle_probability(d[2], d[0], d[1], sigma) == pytest.approx(predicted)


def test_depth_cycle_probability_limits():
    assert depth_cycle_probability(0, 1, 2, 1e-6) == pytest.approx(0.0, abs=1e-12)
    assert depth_cycle_probability(0, 1, 2, 1e6) == pytest.approx(0.25, abs=1e-6)
    assert depth_cycle_probability(1, 1, 1, 0.5) == pytest.approx(0.25)
    # below 1/4 for any finite sigma with distinct depths (App. E)
    sig = np.geomspace(0.01, 100, 50)
    assert np.all(depth_cycle_probability(0, 0.7, 3.0, sig) < 0.25)


@pytest.mark.parametrize(
    "args", [(0, 1, 2, 0), (0, 1, 2, -1), (0, 1, 2, float("inf")), (0, float("nan"), 2, 1)]
)
def test_depth_cycle_probability_rejects_bad_input(args):
    with pytest.raises(InputError):
        depth_cycle_probability(*args)


# ---------------------------------------------------------------------- Corollary 3.8
@pytest.mark.parametrize("sigma", [0.3, 0.71, 1.82])
def test_fit_noise_sigma_recovers_sigma_within_5_percent(sigma):
    rng = np.random.default_rng(int(sigma * 100))
    k = 60_000
    d = rng.uniform(0, 10, size=(k, 3))
    cyclic = rng.random(k) < depth_cycle_probability(d[:, 0], d[:, 1], d[:, 2], sigma)
    for method in ("least_squares", "mle"):
        assert fit_noise_sigma(d, cyclic, method=method) == pytest.approx(sigma, rel=0.05)


def test_fit_noise_sigma_from_rates_at_controlled_gaps():
    # the seed's protocol: N = 3 scenes at controlled separations, one cycle rate per separation
    gaps = np.array([0.1, 0.3, 0.5, 0.8, 1.0, 1.5])
    d = np.stack([np.zeros_like(gaps), gaps, 2 * gaps], axis=1)
    rates = depth_cycle_probability(d[:, 0], d[:, 1], d[:, 2], 0.84)
    assert fit_noise_sigma(d, rates) == pytest.approx(0.84, rel=1e-4)
    assert fit_noise_sigma(d, rates, weights=np.full(6, 1000.0)) == pytest.approx(0.84, rel=1e-4)


@pytest.mark.parametrize(
    "d, y, kwargs, message",
    [
        (np.zeros((3, 2)), np.zeros(3), {}, "shape"),
        (np.zeros((3, 3)), np.zeros(4), {}, "shape"),
        (np.zeros((3, 3)), np.full(3, 1.5), {}, r"\[0, 1\]"),
        (np.full((3, 3), np.nan), np.zeros(3), {}, "finite"),
        (np.zeros((3, 3)), np.zeros(3), {"method": "magic"}, "unknown fit method"),
        (np.zeros((3, 3)), np.zeros(3), {"weights": -np.ones(3)}, "weights"),
        (np.zeros((3, 3)), np.zeros(3), {"bounds": (1.0, 0.5)}, "bounds"),
    ],
)
def test_fit_noise_sigma_rejects_bad_input(d, y, kwargs, message):
    with pytest.raises(InputError, match=message):
        fit_noise_sigma(d, y, **kwargs)


def test_table1_sigma_implies_high_accuracy_not_71_percent():
    # seed 000, Table 1: GPT-4o depth accuracy 71.2% with sigma_D = 0.71 m in a 10 m cube.
    # Under its own noise model, objects uniform in [0, 10] m give ~95% pairwise accuracy.
    rng = np.random.default_rng(0)
    d = rng.uniform(0, 10, size=(200_000, 2))
    acc = pairwise_accuracy(0.71, d[:, 0] - d[:, 1])
    assert 0.93 < acc < 0.97
    assert sigma_from_accuracy(0.8413447460685429, 1.0) == pytest.approx(1.0)
    with pytest.raises(InputError):
        sigma_from_accuracy(0.4, 1.0)
