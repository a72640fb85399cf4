"""Query-efficient ordering: merge-insertion meets F(n); binary insertion its own bound."""

from __future__ import annotations

import asyncio
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.consistency import (
    aelicit_order,
    binary_insertion_bound,
    elicit_order,
    information_bound,
    merge_insertion_bound,
)
from spatioxolver.errors import InputError


def counting_compare(rank: dict):
    asked: set = set()

    def compare(a, b):
        key = frozenset((a, b))
        assert a != b, "asked an item against itself"
        assert key not in asked, f"asked the pair {a}, {b} twice"
        asked.add(key)
        return rank[a] < rank[b]

    return compare


def test_bounds_table():
    assert merge_insertion_bound(20) == 62
    assert binary_insertion_bound(20) == 69
    assert information_bound(20) == 62
    assert [merge_insertion_bound(n) for n in range(1, 13)] == [0, 1, 3, 5, 7, 10, 13, 16, 19, 22, 26, 30]
    for n in range(1, 60):
        assert (
            information_bound(n) <= merge_insertion_bound(n) <= binary_insertion_bound(n) <= math.comb(n, 2)
            or n < 3
        )
        assert information_bound(n) == math.ceil(math.log2(math.factorial(n)) - 1e-12)


@pytest.mark.parametrize(
    "method, bound",
    [("merge-insertion", merge_insertion_bound), ("binary-insertion", binary_insertion_bound)],
)
@pytest.mark.parametrize("n", range(1, 8))
def test_worst_case_over_all_permutations_equals_bound(method, bound, n):
    worst = 0
    for perm in itertools.permutations(range(n)):
        rank = {item: r for r, item in enumerate(perm)}
        order, used = elicit_order(list(range(n)), counting_compare(rank), method)
        assert order == list(perm)
        worst = max(worst, used)
    assert worst == bound(n)


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 50), st.randoms(use_true_random=False))
def test_random_orders_within_bound(n, rnd):
    items = [f"obj{k}" for k in range(n)]
    truth = items[:]
    rnd.shuffle(truth)
    rank = {item: r for r, item in enumerate(truth)}
    for method, bound in (
        ("merge-insertion", merge_insertion_bound),
        ("binary-insertion", binary_insertion_bound),
    ):
        order, used = elicit_order(items, counting_compare(rank), method)
        assert order == truth
        assert used <= bound(n)


def test_inconsistent_answers_still_give_a_permutation():
    rng = random.Random(0)
    items = list(range(20))
    order, used = elicit_order(items, lambda a, b: rng.random() < 0.5)
    assert sorted(order) == items and used <= 62


def test_async_compare_sync_entry_point():
    async def compare(a, b):
        await asyncio.sleep(0)
        return a < b

    order, used = elicit_order([3, 1, 2, 0], compare)
    assert order == [0, 1, 2, 3] and 0 < used <= 5


async def test_aelicit_order_accepts_sync_and_async():
    async def acompare(a, b):
        return a > b

    order, used = await aelicit_order(list(range(10)), acompare)
    assert order == list(range(10))[::-1] and used <= merge_insertion_bound(10)
    order, _ = await aelicit_order(list(range(5)), lambda a, b: a < b, "binary-insertion")
    assert order == list(range(5))


async def test_async_compare_inside_loop_needs_aelicit():
    async def acompare(a, b):
        return a < b

    with pytest.raises(InputError, match="aelicit_order"):
        elicit_order([1, 2, 3], acompare)


def test_bad_inputs():
    with pytest.raises(InputError, match="unknown elicitation method"):
        elicit_order([1, 2], lambda a, b: True, "bubble")
    with pytest.raises(InputError, match="True or False"):
        elicit_order([1, 2], lambda a, b: "yes")
    with pytest.raises(InputError):
        merge_insertion_bound(-1)


def test_trivial_sizes():
    assert elicit_order([], lambda a, b: True) == ([], 0)
    assert elicit_order(["x"], lambda a, b: True) == (["x"], 0)
