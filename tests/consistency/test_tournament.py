"""Tournament construction, validation, CTR (Definition 3.1), agreement and score order."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import Tournament
from spatioxolver.errors import InputError

CYCLE = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]


@st.composite
def complete_matrices(draw, min_n=1, max_n=12):
    n = draw(st.integers(min_n, max_n))
    bits = draw(st.lists(st.booleans(), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))
    m = np.zeros((n, n), dtype=int)
    iu, ju = np.triu_indices(n, 1)
    b = np.array(bits, dtype=int)
    m[iu, ju] = b
    m[ju, iu] = 1 - b
    return m


@st.composite
def partial_outcomes(draw, max_n=9):
    n = draw(st.integers(3, max_n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    outcomes = {}
    for i, j in chosen:
        value = draw(st.one_of(st.booleans(), st.floats(0, 1)))
        if draw(st.booleans()):
            outcomes[(i, j)] = value
        else:
            outcomes[(j, i)] = (not value) if isinstance(value, bool) else 1.0 - value
    return n, outcomes


# ---------------------------------------------------------------------- CTR
@settings(max_examples=150, deadline=None)
@given(complete_matrices(min_n=3))
def test_ctr_closed_form_equals_brute_force(helpers, m):
    t = Tournament.from_matrix(m)
    assert t.cyclic_triples() == helpers.brute_cyclic(m)
    assert t.ctr() == pytest.approx(helpers.brute_cyclic(m) / math.comb(len(m), 3))


@settings(max_examples=100, deadline=None)
@given(partial_outcomes())
def test_partial_ctr_counts_only_fully_observed_triples(case):
    n, outcomes = case
    t = Tournament.from_pairs(n, outcomes)
    m, obs = t.matrix, t.observed
    cyc = full = 0
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                if obs[i, j] and obs[j, k] and obs[i, k]:
                    full += 1
                    cyc += bool((m[i, j] and m[j, k] and m[k, i]) or (m[j, i] and m[k, j] and m[i, k]))
    assert t.cyclic_triples() == cyc
    assert t.observed_triples() == full
    assert t.coverage()["triples"] == pytest.approx(full / math.comb(n, 3))
    if full:
        assert t.ctr() == pytest.approx(cyc / full)
    else:
        with pytest.raises(InputError, match="no triple"):
            t.ctr()


def test_cycle_and_transitive_examples():
    assert Tournament.from_matrix(CYCLE).ctr() == 1.0
    assert Tournament.from_order([3, 1, 0, 2]).ctr() == 0.0
    # regular tournament on 5 items: i beats i+1, i+2 (mod 5): the most cycles possible (5 of 10)
    m = np.zeros((5, 5), dtype=int)
    for i in range(5):
        m[i, (i + 1) % 5] = m[i, (i + 2) % 5] = 1
    assert Tournament.from_matrix(m).cyclic_triples() == 5


def test_ctr_fast_at_large_n(helpers):
    t = Tournament.from_matrix(helpers.random_matrix(400, np.random.default_rng(0)))
    s = t.scores()
    assert t.cyclic_triples() == math.comb(400, 3) - int((s * (s - 1) // 2).sum())


# ---------------------------------------------------------------------- construction
def test_matrix_is_read_only_and_scores():
    t = Tournament.from_matrix(CYCLE)
    assert t.n == 3 and t.is_complete and not t.is_soft
    assert t.scores().tolist() == [1, 1, 1]
    with pytest.raises(ValueError):
        t.matrix[0, 1] = 0


def test_from_pairs_soft_and_partial():
    t = Tournament.from_pairs(4, {(0, 1): 0.9, (2, 1): True, (3, 0): 0.2})
    assert t.is_soft and not t.is_complete
    assert t.matrix[0, 1] == 1 and t.matrix[2, 1] == 1 and t.matrix[0, 3] == 1
    assert t.matrix[0, 2] == 0 and t.matrix[2, 0] == 0  # missing both ways
    assert t.weights[1, 0] == pytest.approx(0.1)
    assert t.coverage()["pairs"] == pytest.approx(3 / 6)
    # a pair given both ways must agree
    assert Tournament.from_pairs(2, {(0, 1): 0.7, (1, 0): 0.3}).weights[0, 1] == pytest.approx(0.7)


def test_half_confidence_goes_to_lower_index():
    t = Tournament.from_pairs(2, {(1, 0): 0.5})
    assert t.matrix.tolist() == [[0, 1], [0, 0]]


def test_from_probabilities_with_missing():
    f = [[0, 0.8, np.nan], [0.2, 0, 0.6], [np.nan, np.nan, 0]]
    t = Tournament.from_probabilities(f)
    assert t.weights[2, 1] == pytest.approx(0.4)
    assert not t.observed[0, 2]
    assert t.n_observed_pairs == 2


@pytest.mark.parametrize(
    "matrix, message",
    [
        ([[0, 1, 0], [0, 0, 1]], "square"),  # not square
        ([[0, 1], [1, 0]], "antisymmetric"),  # both directions
        ([[1, 1], [0, 0]], "self-loop"),  # diagonal
        ([[0, 0], [0, 0]], "no answer"),  # missing pair without allow_missing
        ([[0, 2], [0, 0]], "0 or 1"),  # not binary
        ([[0, float("nan")], [1, 0]], "0 or 1"),  # NaN
        ([[0, "x"], [1, 0]], "square numeric"),  # non-numeric
        ([[0, 1], [0]], "square numeric"),  # ragged
        ([], "non-empty square"),  # empty
    ],
)
def test_from_matrix_rejects_bad_input(matrix, message):
    with pytest.raises(InputError, match=message):
        Tournament.from_matrix(matrix)


def test_from_matrix_allow_missing():
    t = Tournament.from_matrix([[0, 0, 1], [0, 0, 0], [0, 1, 0]], allow_missing=True)
    assert t.n_observed_pairs == 2


@pytest.mark.parametrize(
    "n, outcomes, message",
    [
        (3, {(0, 3): True}, "unknown item 3"),  # out of range
        (3, {(-1, 0): True}, "unknown item"),  # negative
        (3, {(1, 1): True}, "self-pair"),  # self-loop
        (3, {(0, 1): float("nan")}, r"\[0, 1\]"),  # NaN confidence
        (3, {(0, 1): 1.5}, r"\[0, 1\]"),  # out of range confidence
        (3, {(0, 1): -0.1}, r"\[0, 1\]"),
        (3, {(0, 1): "yes"}, "bool or a probability"),
        (3, {(0, 1): 0.7, (1, 0): 0.7}, "contradictory"),
        (3, {(0, "b"): True}, "integer item indices"),
        (3, {0: True}, "tuple"),
        (0, {}, "positive integer"),
        (2.5, {}, "positive integer"),
    ],
)
def test_from_pairs_rejects_bad_input(n, outcomes, message):
    with pytest.raises(InputError, match=message):
        Tournament.from_pairs(n, outcomes)


@pytest.mark.parametrize(
    "f, message",
    [
        ([[0, 1.2], [-0.2, 0]], r"outside \[0, 1\]"),
        ([[0, 0.7], [0.7, 0]], "not complementary"),
        ([[0, np.inf], [0, 0]], r"outside \[0, 1\]"),
    ],
)
def test_from_probabilities_rejects_bad_input(f, message):
    with pytest.raises(InputError, match=message):
        Tournament.from_probabilities(f)


def test_ctr_needs_three_items():
    with pytest.raises(InputError, match="at least 3"):
        Tournament.from_matrix([[0, 1], [0, 0]]).ctr()


# ---------------------------------------------------------------------- agreement / score order
@settings(max_examples=100, deadline=None)
@given(complete_matrices(min_n=2, max_n=10), st.randoms(use_true_random=False))
def test_agreement_counts_forward_edges_and_reversal_sums_to_one(m, rnd):
    t = Tournament.from_matrix(m)
    order = list(range(len(m)))
    rnd.shuffle(order)
    forward = sum(m[order[a], order[b]] for a in range(len(m)) for b in range(a + 1, len(m)))
    assert t.agreement(order) == pytest.approx(forward / math.comb(len(m), 2))
    assert t.agreement(order) + t.agreement(order[::-1]) == pytest.approx(1.0)


@pytest.mark.parametrize("order", [[0, 1], [0, 1, 1], [0, 1, 3], [0.0, 1.0, 2.0], "abc", [[0], [1], [2]]])
def test_agreement_rejects_non_permutations(order):
    with pytest.raises(InputError, match="order"):
        Tournament.from_matrix(CYCLE).agreement(order)


@settings(max_examples=150, deadline=None)
@given(complete_matrices(min_n=3, max_n=14))
def test_score_order_bound_of_theorem_3_6(m):
    # with the recursive tie-breaking, OSC(T, score order) >= 1/2 + Var(s) / (N (N - 1)) (Eq. 3)
    t = Tournament.from_matrix(m)
    n = len(m)
    s = t.scores()
    order = t.score_order()
    assert sorted(order) == list(range(n))
    assert all(s[order[k]] >= s[order[k + 1]] for k in range(n - 1))  # a score ordering
    assert t.agreement(order) >= 0.5 + s.var() / (n * (n - 1)) - 1e-12
    assert order == t.score_order()  # deterministic


def test_score_order_on_transitive_recovers_order():
    assert Tournament.from_order([4, 2, 0, 1, 3]).score_order() == [4, 2, 0, 1, 3]


def test_score_order_three_cycle_keeps_two_thirds():
    t = Tournament.from_matrix([[0, 0, 1], [1, 0, 0], [0, 1, 0]])  # index order keeps 1/3
    assert t.agreement(t.score_order()) == pytest.approx(2 / 3)


def test_equality_and_repr():
    a = Tournament.from_matrix(CYCLE)
    assert a == Tournament.from_pairs(3, {(0, 1): True, (1, 2): True, (2, 0): True})
    assert a != Tournament.from_order([0, 1, 2])
    assert "n=3" in repr(a)
