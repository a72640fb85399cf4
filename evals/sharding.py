"""Which lane answers which example of a run: one image's examples together, its perception shared.

A run answered by several *lanes* (this process and worker processes,
:mod:`spatioxolver.evals.processes`) hands its examples out through a :class:`LanePicker`:

* **Images first.** A lane keeps taking the examples of its current image (group) and claims
  the next unclaimed group, in run order, when it runs out; so every image is perceived once,
  by the lane that claimed it, while the other lanes perceive other images.
* **Then the rest of an image is shared.** When no group is left to claim, an idle lane takes
  examples of the group with the most left that is already perceived. The perception travels
  with them: the lane that perceived an image hands its perception record (the repaired scene
  graph, the repairs and the perception trace: the perception cache's entries,
  :func:`spatioxolver.graphs._cache.recording`) back with that answer, and a lane that takes
  an example of an image its process has not perceived gets the record first
  (:func:`carrying`). So an image is still perceived once, and a run whose images have many
  questions each (a few large groups) no longer waits on the one lane holding the last group.
* **Never a second perception.** While an image's first example is being answered (its
  perception running), the other lanes wait for it rather than perceive it again; a group whose
  perception failed (no record) goes on as in one process: its next example perceives again.

With one lane the examples come in run order (as a plain queue), nothing is recorded or shipped.

Example:
    >>> picker = LanePicker(["a", "b"], 1)
    >>> picker.take(0), picker.take(0), picker.take(0)
    ('a', 'b', None)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LanePicker", "Carry", "carrying", "current_carry", "group_key", "sharing_stats", "WAIT"]

_STATS = {"records_shipped": 0}


def sharing_stats() -> dict[str, int]:
    """Counters of this process: perception records handed to a lane that had not perceived the image."""
    return dict(_STATS)


#: :meth:`LanePicker.take`'s answer while the only examples left wait for an image being perceived.
WAIT: Any = type("Wait", (), {"__repr__": lambda self: "WAIT"})()


def group_key(unit: Any) -> Any:
    """The images a unit shows (the clean renders when given); a unit without images is its own group."""
    examples = getattr(unit, "examples", None) or [unit]
    keys = tuple(
        tuple(getattr(e, "clean_images", None) or getattr(e, "images", None) or ()) for e in examples
    )
    return keys if any(keys) else ("unit", id(unit))


class LanePicker:
    """Hands out a run's units (examples, batches, bad lines) to lanes; see the module docstring.

    Args:
        units: the run's pending units, in run order.
        lanes: how many lanes take from it (lane ``0`` .. ``lanes - 1``).
        share: let idle lanes take the rest of a perceived image (records are shipped); with
            ``wait_for_records`` False (a run that caches no perception: every example perceives
            anyway) any group with examples left is shared at once.
    """

    def __init__(
        self, units: list[Any], lanes: int, *, share: bool = True, wait_for_records: bool = True
    ) -> None:
        self._unclaimed: OrderedDict[Any, deque[Any]] = OrderedDict()
        if lanes == 1:
            self._unclaimed["all"] = deque(units)
        else:
            for unit in units:
                self._unclaimed.setdefault(group_key(unit), deque()).append(unit)
        self._single = lanes == 1
        self._share, self._wait = share and lanes > 1, wait_for_records
        self._open: dict[Any, deque[Any]] = {}  # claimed groups with units left
        self._flying: dict[Any, int] = {}  # units of a group handed out and not yet done
        self._records: dict[Any, dict[str, Any]] = {}  # a perceived group's perception record
        self._holds: list[set[Any]] = [set() for _ in range(lanes)]  # records each lane's process has
        self._current: list[Any] = [None] * lanes
        self._changed = asyncio.Event()
        self.drained = asyncio.Event()  # nothing left to hand out: a lane still starting need not start
        self._check_drained()

    # -- handing out -------------------------------------------------------------------------

    def take(self, lane: int) -> Any:
        """The next unit for ``lane``: a unit, :data:`WAIT` (the units left wait for a perception
        in flight: see :meth:`next`) or ``None`` when nothing is left."""
        if self._single:
            queue = self._unclaimed.get("all")
            unit = queue.popleft() if queue else None
            if not queue:
                self.drained.set()
            return unit
        key = self._current[lane]
        if key is not None and self._open.get(key):
            return self._hand(lane, key)
        for key, queue in self._open.items():  # a lost lane's units (no lane answers them): first
            if queue and not self._flying.get(key) and key not in self._current:
                return self._hand(lane, key)
        while self._unclaimed:
            key, queue = self._unclaimed.popitem(last=False)
            if queue:
                self._open.setdefault(key, deque()).extend(queue)
                return self._hand(lane, key)
        if self._share:
            ready = [k for k, q in self._open.items() if q and (not self._wait or self._perceived(k, lane))]
            if ready:  # the rest of a perceived image: the one with the most left
                return self._hand(lane, max(ready, key=lambda k: len(self._open[k])))
        return WAIT if any(self._open.values()) else None

    async def next(self, lane: int) -> Any:
        """:meth:`take`, waiting while the only units left wait for an image being perceived."""
        while True:
            unit = self.take(lane)
            if unit is not WAIT:
                return unit
            self._changed.clear()
            await self._changed.wait()

    def seed_for(self, lane: int, unit: Any) -> dict[str, Any] | None:
        """The perception record ``lane``'s process needs before it answers ``unit`` (an image
        another lane perceived), or ``None``; from then on the lane's process holds it."""
        if self._single:
            return None
        key = group_key(unit)
        record = self._records.get(key)
        if record is None or key in self._holds[lane]:
            return None
        self._holds[lane].add(key)
        _STATS["records_shipped"] += 1
        return record

    def done(self, lane: int, unit: Any, record: dict[str, Any] | None = None) -> None:
        """``unit`` was answered by ``lane``; ``record`` is the perception it stored (if any)."""
        if self._single:
            return
        key = group_key(unit)
        self._flying[key] = max(self._flying.get(key, 1) - 1, 0)
        if record:
            self._records[key] = {**self._records.get(key, {}), **record}
            self._holds[lane].add(key)
        if not self._open.get(key) and not self._flying[key]:  # the image is finished: forget it
            self._open.pop(key, None)
            self._records.pop(key, None)
            self._flying.pop(key, None)
        self._changed.set()
        self._check_drained()

    def give_back(self, unit: Any, lane: int) -> None:
        """``lane`` was lost (its worker process died) while answering ``unit``: the unit goes first
        in line again for the other lanes (the rest of its image stays where it is)."""
        if self._single:
            self._unclaimed.setdefault("all", deque()).appendleft(unit)
        else:
            key = group_key(unit)
            self._flying[key] = max(self._flying.get(key, 1) - 1, 0)
            self._open.setdefault(key, deque()).appendleft(unit)
            self._current[lane] = None
            self._holds[lane].clear()
        self.drained.clear()
        self._changed.set()

    # -- internals ---------------------------------------------------------------------------

    def _hand(self, lane: int, key: Any) -> Any:
        queue = self._open[key]
        unit = queue.popleft()
        self._current[lane] = key
        self._flying[key] = self._flying.get(key, 0) + 1
        self._check_drained()
        return unit

    def _perceived(self, key: Any, lane: int) -> bool:
        return key in self._records or key in self._holds[lane]

    def _check_drained(self) -> None:
        if not any(self._unclaimed.values()) and not any(self._open.values()):
            self.drained.set()


@dataclass
class Carry:
    """What travels with one unit answered in a worker process: ``seed`` (perception records to
    store there first) and, back, ``found`` (the records the worker stored while answering)."""

    seed: dict[str, Any] | None = None
    found: dict[str, Any] = field(default_factory=dict)


_CARRY: ContextVar[Carry | None] = ContextVar("lane_carry", default=None)


def current_carry() -> Carry | None:
    """The :class:`Carry` of the unit this task answers (read by a worker lane's answer function)."""
    return _CARRY.get()


@contextlib.contextmanager
def carrying(seed: dict[str, Any] | None, *, here: bool) -> Iterator[dict[str, Any]]:
    """Around answering one unit: yields the dict that receives the perception records the
    answer stored. ``here``: the unit is answered in this process (``seed`` goes into this
    process's perception cache, what it stores is recorded); else a worker lane's answer
    function ships ``seed`` and fills the dict (:func:`current_carry`)."""
    if here:
        from spatioxolver.graphs._cache import cache_seed, recording

        if seed:
            cache_seed(seed)
        with recording() as found:
            yield found
        return
    carry = Carry(seed)
    token = _CARRY.set(carry)
    try:
        yield carry.found
    finally:
        _CARRY.reset(token)
