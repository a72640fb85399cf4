"""Query-efficient elicitation of an order: merge-insertion (Ford–Johnson) and binary insertion.

Instead of asking all ``C(n, 2)`` pairwise questions, sort the items with a comparison
sort whose comparisons are the questions. Worst cases (comparisons):

* merge-insertion: ``F(n) = sum_{k=1..n} ceil(log2(3k/4))`` — 62 at n = 20
  (the information bound ``ceil(log2 20!)`` is 62 too);
* binary insertion: ``sum_{k=1..n} ceil(log2 k)`` — 69 at n = 20 (the seed's corollary
  says binary insertion reaches ``ceil(log2 n!)``; it does not);
* exhaustive: ``C(n, 2)`` — 190 at n = 20.

The algorithms are written once as generators that yield the pair to ask and receive
the answer, then driven by a synchronous or an asynchronous ``compare``.
"""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import Callable, Generator, Sequence
from typing import Any

from spatioxolver.errors import InputError

__all__ = [
    "elicit_order",
    "aelicit_order",
    "merge_insertion_bound",
    "binary_insertion_bound",
    "information_bound",
    "ELICIT_METHODS",
]

ELICIT_METHODS = ("merge-insertion", "binary-insertion")

# A sorting routine over indices: yields (a, b) and receives True iff a precedes b.
_Sorter = Generator[tuple[int, int], bool, list[int]]


def merge_insertion_bound(n: int) -> int:
    """Worst-case comparisons of merge-insertion: ``sum_{k=1..n} ceil(log2(3k/4))``."""
    # ceil(log2(3k/4)) computed exactly in integers: smallest e with 2^e >= 3k/4, i.e. 4*2^e >= 3k
    total = 0
    for k in range(1, _check_count(n) + 1):
        e = 0
        while 4 * (1 << e) < 3 * k:
            e += 1
        total += e
    return total


def binary_insertion_bound(n: int) -> int:
    """Worst-case comparisons of binary insertion: ``sum_{k=1..n} ceil(log2 k)``."""
    return sum((k - 1).bit_length() for k in range(1, _check_count(n) + 1))


def information_bound(n: int) -> int:
    """``ceil(log2 n!)``: no comparison sort can do better in the worst case."""
    return math.ceil(round(math.lgamma(_check_count(n) + 1) / math.log(2), 9)) if n > 1 else 0


def _check_count(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InputError(f"n must be a non-negative integer, got {n!r}")
    return n


def _binary_insert(chain: list[int], item: int, hi: int) -> Generator[tuple[int, int], bool, None]:
    """Insert ``item`` into ``chain[:hi]`` (sorted) by binary search."""
    lo = 0
    while lo < hi:
        mid = (lo + hi) // 2
        if (yield (item, chain[mid])):
            hi = mid
        else:
            lo = mid + 1
    chain.insert(lo, item)


def _binary_insertion(items: list[int]) -> _Sorter:
    chain: list[int] = []
    for item in items:
        yield from _binary_insert(chain, item, len(chain))
    return chain


def _merge_insertion(items: list[int]) -> _Sorter:
    n = len(items)
    if n <= 1:
        return list(items)
    partner: dict[int, int] = {}  # larger (later) item -> its smaller (earlier) partner
    larger: list[int] = []
    for i in range(0, n - 1, 2):
        a, b = items[i], items[i + 1]
        if (yield (a, b)):
            a, b = b, a  # now b precedes a
        partner[a] = b
        larger.append(a)
    straggler = items[-1] if n % 2 else None
    main = yield from _merge_insertion(larger)
    chain = [partner[main[0]], *main]
    # pending[i] = (item, the main-chain element it must precede, or None for "anywhere")
    pending: list[tuple[int, int | None]] = [(partner[a], a) for a in main[1:]]
    if straggler is not None:
        pending.append((straggler, None))
    # insert in Jacobsthal groups: b_{t_k}, b_{t_k - 1}, ..., b_{t_{k-1} + 1}
    done = 0  # pending items already inserted (a prefix)
    t_prev, t_cur = 1, 1
    while done < len(pending):
        t_prev, t_cur = t_cur, t_cur + 2 * t_prev  # 1, 3, 5, 11, 21, 43, ... (Jacobsthal)
        group_end = min(t_cur - 1, len(pending))  # pending index i holds b_{i+2}
        for idx in range(group_end - 1, done - 1, -1):
            item, bound_item = pending[idx]
            hi = len(chain) if bound_item is None else chain.index(bound_item)
            yield from _binary_insert(chain, item, hi)
        done = group_end
    return chain


def _routine(method: str, n: int) -> _Sorter:
    if method == "merge-insertion":
        return _merge_insertion(list(range(n)))
    if method == "binary-insertion":
        return _binary_insertion(list(range(n)))
    raise InputError(f"unknown elicitation method {method!r}; use one of {', '.join(ELICIT_METHODS)}")


def _as_bool(answer: Any, a: Any, b: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    try:
        import numpy as np

        if isinstance(answer, np.bool_):
            return bool(answer)
    except ImportError:  # pragma: no cover
        pass
    raise InputError(f"compare({a!r}, {b!r}) must return True or False, got {answer!r}")


def elicit_order(
    items: Sequence[Any],
    compare: Callable[[Any, Any], Any],
    method: str = "merge-insertion",
) -> tuple[list[Any], int]:
    """Order ``items`` first to last by asking ``compare`` as few pairwise questions as possible.

    Args:
        items: the items (any objects; they are passed to ``compare`` as given).
        compare: ``compare(a, b)`` returns True iff ``a`` precedes ``b``. It may be a
            coroutine function; then this function runs it with ``asyncio.run`` (inside
            a running event loop use :func:`aelicit_order` instead).
        method: ``"merge-insertion"`` (Ford–Johnson) or ``"binary-insertion"``.

    Returns:
        ``(order, queries_used)``. Each unordered pair is asked at most once; with
        inconsistent answers the order is still a permutation of ``items``.

    Raises:
        InputError: unknown method, a non-boolean answer, or an async ``compare`` called
            from inside a running event loop.

    Example:
        >>> order, used = elicit_order(list(range(20))[::-1], lambda a, b: a < b)
        >>> order == list(range(20)), used <= 62
        (True, True)
    """
    items = list(items)
    routine = _routine(method, len(items))
    if inspect.iscoroutinefunction(compare):
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(_drive_async(items, routine, compare))
        routine.close()
        raise InputError(
            "elicit_order got an async compare inside a running event loop; use 'await aelicit_order(...)'"
        )
    return _drive_sync(items, routine, compare)


async def aelicit_order(
    items: Sequence[Any],
    compare: Callable[[Any, Any], Any],
    method: str = "merge-insertion",
) -> tuple[list[Any], int]:
    """Async :func:`elicit_order`: ``compare`` may be sync or async (awaited when it returns an awaitable)."""
    items = list(items)
    return await _drive_async(items, _routine(method, len(items)), compare)


def _drive_sync(
    items: list[Any], routine: _Sorter, compare: Callable[[Any, Any], Any]
) -> tuple[list[Any], int]:
    used = 0
    try:
        a, b = next(routine)
        while True:
            answer = compare(items[a], items[b])
            if inspect.isawaitable(answer):
                close = getattr(answer, "close", None)
                if close:
                    close()
                raise InputError("compare returned an awaitable; use aelicit_order for async comparisons")
            used += 1
            a, b = routine.send(_as_bool(answer, items[a], items[b]))
    except StopIteration as stop:
        return [items[i] for i in stop.value], used


async def _drive_async(
    items: list[Any], routine: _Sorter, compare: Callable[[Any, Any], Any]
) -> tuple[list[Any], int]:
    used = 0
    try:
        a, b = next(routine)
        while True:
            answer = compare(items[a], items[b])
            if inspect.isawaitable(answer):
                answer = await answer
            used += 1
            a, b = routine.send(_as_bool(answer, items[a], items[b]))
    except StopIteration as stop:
        return [items[i] for i in stop.value], used
