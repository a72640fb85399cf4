"""Seed 000/001 figures that the mathematics contradicts (docs/consistency.md, "Where the seeds are wrong").

Each test recomputes the seed's number with this package and, independently, by brute force.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from spatioxolver.consistency import Tournament, information_bound, merge_insertion_bound, redundancy


def _regular_tournaments(n: int):  # noqa: ANN202
    """Every labelled regular tournament on n (odd) items, by backtracking."""
    m = (n - 1) // 2
    pairs = list(itertools.combinations(range(n), 2))
    out, inn = [0] * n, [0] * n
    mat = np.zeros((n, n), dtype=int)

    def rec(k: int):  # noqa: ANN202
        if k == len(pairs):
            yield mat.copy()
            return
        i, j = pairs[k]
        for a, b in ((i, j), (j, i)):
            if out[a] < m and inn[b] < m:
                out[a] += 1
                inn[b] += 1
                mat[a, b] = 1
                yield from rec(k + 1)
                out[a] -= 1
                inn[b] -= 1
                mat[a, b] = 0

    yield from rec(0)


def _brute_osc(mat: np.ndarray) -> Fraction:
    n = len(mat)
    best = max(
        sum(mat[p[i], p[j]] for i in range(n) for j in range(i + 1, n))
        for p in itertools.permutations(range(n))
    )
    return Fraction(int(best), math.comb(n, 2))


def _circulant(n: int) -> np.ndarray:
    mat = np.zeros((n, n), dtype=int)
    for i in range(n):
        for k in range(1, (n - 1) // 2 + 1):
            mat[i, (i + k) % n] = 1
    return mat


@pytest.mark.parametrize(
    ("n", "osc"), [(3, Fraction(2, 3)), (5, Fraction(7, 10)), (7, Fraction(15, 21)), (9, Fraction(26, 36))]
)
def test_appendix_a_regular_tournaments_do_not_attain_one_half(n, osc):
    # App. A (seed 001): "The bound OSC = 1/2 is achieved by any regular tournament". The rotational
    # regular tournament has OSC 0.667, 0.700, 0.714, 0.722 at N = 3, 5, 7, 9.
    mat = _circulant(n)
    assert Tournament.from_matrix(mat).osc() == pytest.approx(float(osc), abs=1e-12)
    if n <= 7:
        assert _brute_osc(mat) == osc


@pytest.mark.parametrize(
    ("n", "values"), [(3, {Fraction(2, 3)}), (5, {Fraction(7, 10)}), (7, {Fraction(2, 3), Fraction(5, 7)})]
)
def test_every_regular_tournament_stays_above_one_half(n, values):
    seen = {}
    for mat in _regular_tournaments(n):
        osc = Fraction(round(Tournament.from_matrix(mat).osc() * math.comb(n, 2)), math.comb(n, 2))
        seen[osc] = seen.get(osc, 0) + 1
    assert set(seen) == values  # N = 7: two classes (e.g. Paley) keep 2/3, the rotational one 5/7
    assert min(seen) > Fraction(1, 2)
    assert sum(seen.values()) == {3: 2, 5: 24, 7: 2640}[n]


def test_190_queries_reduce_to_62_not_61():
    # Seed 000 §4.9: "For N = 20, this reduces 190 queries to 61" with ceil(log2 N!) queries.
    assert math.comb(20, 2) == 190
    assert math.ceil(math.log2(math.factorial(20))) == 62 == information_bound(20)
    assert merge_insertion_bound(20) == 62  # and Ford-Johnson attains it


def test_redundancy_at_25_is_72_1_percent_not_73():
    # Seed 000 §4.9: "grows from 0% at N = 2 to 73% at N = 25".
    exact = 1 - math.log2(math.factorial(25)) / math.comb(25, 2)
    assert redundancy(25)["redundant_fraction"] == pytest.approx(exact, abs=1e-12)
    assert round(100 * exact, 1) == 72.1
    assert redundancy(2)["redundant_fraction"] == pytest.approx(0.0, abs=1e-12)


def test_spearman_minus_0_98_is_not_a_possible_value_for_five_models():
    # Seed 000 Exp. 4: rho = -0.98, -0.97, -0.98, -0.97 over five models. With five distinct
    # CTRs, rho can only be -1, -0.975 (a tie among the accuracies), -0.949, -0.9, ... near -1.
    from scipy.stats import rankdata

    possible = set()
    for y in itertools.product(range(5), repeat=5):
        ranks = rankdata(y)
        if len(set(ranks)) > 1:
            possible.add(round(float(np.corrcoef(np.arange(5), ranks)[0, 1]), 4))
    near = sorted(v for v in possible if v < -0.93)
    assert near == [-1.0, -0.9747, -0.9487]
    assert all(abs(v - (-0.98)) >= 0.005 for v in possible)  # no value rounds to -0.98
