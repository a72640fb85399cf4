"""Repair: score / local / exact / auto, flipped pairs, determinism, quality against OSC."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import Tournament, repair
from spatioxolver.errors import InputError


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(0, 2**32 - 1), st.floats(0.0, 0.5))
def test_repair_invariants(helpers, n, seed, flip):
    rng = np.random.default_rng(seed)
    t = Tournament.from_matrix(helpers.near_transitive(n, flip, rng))
    osc = t.osc()
    results = {m: t.repair(m) for m in ("score", "local", "exact", "auto")}
    for r in results.values():
        assert sorted(r.order) == list(range(n))
        assert r.tournament.ctr() == 0.0 and r.tournament.is_complete
        assert r.tournament.score_order() == r.order
        assert r.agreement == pytest.approx(t.agreement(r.order))
        assert 0.5 - 1e-12 <= r.agreement <= osc + 1e-12
        # flipped = answered pairs the repair reverses; agreement = 1 - flipped / C(n, 2)
        assert r.agreement == pytest.approx(1 - len(r.flipped) / (n * (n - 1) / 2))
        pos = {v: k for k, v in enumerate(r.order)}
        assert all(t.matrix[i, j] == 1 and pos[j] < pos[i] for i, j in r.flipped)
        if r.optimal:
            assert r.agreement == pytest.approx(osc)
        assert r.bound >= r.agreement - 1e-12
    assert results["exact"].optimal and results["exact"].agreement == pytest.approx(osc)
    assert results["local"].agreement >= results["score"].agreement - 1e-12
    # OSC = 1 iff CTR = 0
    assert (osc == pytest.approx(1.0)) == (t.ctr() == 0.0)


def test_local_is_deterministic_per_seed(helpers):
    t = Tournament.from_matrix(helpers.random_matrix(40, np.random.default_rng(9)))
    a, b = t.repair("local", seed=3), t.repair("local", seed=3)
    assert a.order == b.order and a.flipped == b.flipped


def test_local_quality_on_random_tournaments(helpers):
    rng = np.random.default_rng(11)
    ratios = []
    for _ in range(60):
        t = Tournament.from_matrix(helpers.random_matrix(12, rng))
        ratios.append(t.repair("local").agreement / t.osc())
    assert np.mean(ratios) >= 0.99 and min(ratios) >= 0.97


def test_local_beats_score_on_average(helpers):
    rng = np.random.default_rng(12)
    gains = []
    for _ in range(30):
        t = Tournament.from_matrix(helpers.random_matrix(10, rng))
        gains.append(t.repair("local").agreement - t.repair("score").agreement)
    assert min(gains) >= -1e-12 and np.mean(gains) > 0.01


def test_auto_is_exact_small_and_local_large(helpers):
    rng = np.random.default_rng(4)
    small = Tournament.from_matrix(helpers.random_matrix(8, rng))
    assert small.repair().method == "dp" and small.repair().optimal
    large = Tournament.from_matrix(helpers.random_matrix(30, rng))
    r = large.repair()
    assert r.method == "local" and not r.optimal


def test_transitive_input_is_proven_optimal_by_any_method():
    t = Tournament.from_order(list(range(25))[::-1])
    for method in ("score", "local", "auto"):
        r = t.repair(method)
        assert r.optimal and r.agreement == 1.0 and r.flipped == []


def test_partial_repair_orders_every_item():
    t = Tournament.from_pairs(5, {(0, 1): True, (1, 2): True, (2, 0): True, (3, 4): 0.8})
    r = t.repair("exact")
    assert sorted(r.order) == [0, 1, 2, 3, 4]
    assert len(r.flipped) == 1 and r.flipped[0] in [(0, 1), (1, 2), (2, 0)]
    assert r.order.index(3) < r.order.index(4)


def test_soft_repair_maximises_confidence():
    # 0->1 (0.6), 1->2 (0.6), 2->0 (0.9): cheapest to reverse a 0.6 pair, keeping 2 before 0
    t = Tournament.from_pairs(3, {(0, 1): 0.6, (1, 2): 0.6, (2, 0): 0.9})
    r = t.repair("exact")
    assert r.order.index(2) < r.order.index(0)
    assert r.agreement == pytest.approx((0.6 + 0.9 + 0.4) / 3)


def test_large_local_repair_runs(helpers):
    t = Tournament.from_matrix(helpers.near_transitive(300, 0.15, np.random.default_rng(0)))
    r = t.repair("local")
    assert r.agreement > t.agreement(t.score_order()) - 1e-12


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"method": "magic"}, "unknown repair method"),
        ({"restarts": -1}, "restarts"),
        ({"restarts": 1.5}, "restarts"),
    ],
)
def test_repair_bad_options(kwargs, message):
    with pytest.raises(InputError, match=message):
        repair(Tournament.from_order([0, 1, 2]), **kwargs)


def test_local_skips_restarts_once_every_pair_is_kept(monkeypatch):
    from spatioxolver.consistency import _local

    def no_restart(*args, **kwargs):
        raise AssertionError("a restart cannot beat an order that keeps every pair")

    shuffled = Tournament.from_order([3, 0, 4, 1, 2] + list(range(5, 40)))
    monkeypatch.setattr(_local, "kwiksort", no_restart)
    r = shuffled.repair("local")
    assert r.optimal and r.order == [3, 0, 4, 1, 2] + list(range(5, 40))
    cyclic = Tournament.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    with pytest.raises(AssertionError, match="restart"):
        cyclic.repair("local")
