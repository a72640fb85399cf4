"""In-process LRU cache of perception results, keyed by image content and settings.

Many questions about one image cost one perception pass (and one set of model calls):
the key is the SHA-256 of every frame the perception sees plus the model, the repair
method, the marks, the per-agent options and models and the client's ``cache_identity`` (a simulated
model's bound answer key). Values are plain dicts (deep-copied on the way in and out).

A perception made in one process can be handed to another (an eval's worker processes split
one image's questions): :func:`recording` collects what is stored while it is open (in this
task and the tasks it starts), and :func:`cache_seed` stores such entries elsewhere.
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from typing import Any

__all__ = [
    "perception_key",
    "cache_get",
    "cache_put",
    "cache_clear",
    "cache_info",
    "cache_seed",
    "recording",
    "single_flight",
    "Flight",
    "MAX_ENTRIES",
    "PERCEPTION_OPTIONS",
]

MAX_ENTRIES = 128
_LOCK = threading.Lock()
_STORE: OrderedDict[str, dict[str, Any]] = OrderedDict()
_STATS = {"hits": 0, "misses": 0, "waits": 0}
#: In-flight computations per event loop: ``{loop: {key: Future}}`` (single flight).
_FLIGHTS: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()
#: Where :func:`cache_put` also notes what it stores (see :func:`recording`).
_RECORDER: ContextVar[dict[str, dict[str, Any]] | None] = ContextVar("perception_recorder", default=None)
#: The ``ask`` options that change what perception produces (so they are part of the key).
PERCEPTION_OPTIONS: tuple[str, ...] = (
    "marks",
    "repair_method",
    "segmentation_backend",
    "segmentation_options",
    "attributes_options",
    "relations_options",
    "symmetry_options",
    "transformation_options",
    "symmetry_backend",
    "attributes_backend",
    "relations_backend",
    "transformation_backend",
    "agents",
    "agent_models",
    "temperature",  # the perception agents' decoding (a run's settings override their defaults)
    "max_tokens",
    "world_prior",  # the assumed world (lens, elevation, sizes); none for a user's image unless asked
    "haze",  # read haze over a ground: True / False, or None (the default: none)
)


def perception_key(ctx: Any, stage: str) -> str:
    """Cache key of the perception of ``ctx``'s frames at ``stage`` (``"repaired"`` / ``"raw"``)."""
    frames = ctx.clean_frames if ctx.backend == "geometric" else ctx.frames
    settings = {k: ctx.options.get(k) for k in PERCEPTION_OPTIONS}
    if settings.get("agent_models"):  # the perception agents' own models, as plain data
        from spatioxolver.controls import agent_models_key

        settings["agent_models"] = agent_models_key(ctx.agent_clients, ctx.options)
    parts: dict[str, Any] = {
        "stage": stage,
        "model": ctx.model,
        "frames": [ctx.frame_sha256(f) for f in frames],
        "settings": settings,
    }
    identity = getattr(ctx.client, "cache_identity", None)
    if identity is not None:  # a simulated model bound to an answer key answers from it
        parts["client"] = identity
    blob = json.dumps(parts, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()


def _copy(value: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of plain data: a pickle round trip (about 5x faster than
    ``copy.deepcopy`` on a perception record, same types), deepcopy for anything pickle refuses."""
    import pickle

    try:
        return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # an unpicklable value (a plug-in's own object): copy it the slow way
        return copy.deepcopy(value)


def cache_get(key: str) -> dict[str, Any] | None:
    """A deep copy of the cached value, or ``None``."""
    with _LOCK:
        value = _STORE.get(key)
        if value is None:
            _STATS["misses"] += 1
            return None
        _STORE.move_to_end(key)
        _STATS["hits"] += 1
    return _copy(value)


def cache_put(key: str, value: dict[str, Any]) -> None:
    """Store a deep copy of ``value``; evicts the least recently used entry beyond the limit."""
    stored = _copy(value)
    _store(key, stored)
    recorder = _RECORDER.get()
    if recorder is not None:
        recorder[key] = stored  # never changed in place: readers get copies


def _store(key: str, stored: dict[str, Any]) -> None:
    with _LOCK:
        _STORE[key] = stored
        _STORE.move_to_end(key)
        while len(_STORE) > MAX_ENTRIES:
            _STORE.popitem(last=False)


def cache_seed(entries: dict[str, dict[str, Any]]) -> None:
    """Store perceptions made elsewhere (``{key: value}`` from :func:`recording`), as they are:
    the caller hands them over (a fresh unpickled copy) and keeps no reference."""
    for key, value in entries.items():
        _store(key, value)


@contextmanager
def recording() -> Iterator[dict[str, dict[str, Any]]]:
    """Collect ``{key: value}`` of every perception stored while the block runs, in this task and
    the tasks it starts (a :class:`~contextvars.ContextVar`: concurrent callers each get their own).

    The values are the cache's own records: read them (pickle them to another process), never
    change them.
    """
    found: dict[str, dict[str, Any]] = {}
    token = _RECORDER.set(found)
    try:
        yield found
    finally:
        _RECORDER.reset(token)


def cache_clear() -> None:
    """Forget every cached perception."""
    with _LOCK:
        _STORE.clear()
        _STATS.update(hits=0, misses=0, waits=0)


class Flight:
    """One claim on a key: ``cached`` holds the value when it was ready (or became ready
    while this caller waited); otherwise this caller computes it and calls :meth:`done`."""

    def __init__(self, key: str, cached: dict[str, Any] | None, future: Any = None) -> None:
        self.key, self.cached, self._future = key, cached, future

    def done(self, value: dict[str, Any]) -> None:
        """Store ``value`` and release every caller waiting for this key."""
        cache_put(self.key, value)
        if self._future is not None and not self._future.done():
            self._future.set_result(True)


@asynccontextmanager
async def single_flight(key: str) -> AsyncIterator[Flight]:
    """Concurrent callers asking for one key: the first computes, the others wait for it.

    Inside ``async with single_flight(key) as flight``: ``flight.cached`` is the value when
    it is (or became) available; else compute it and call ``flight.done(value)``. If the
    computing caller fails, a waiting one computes in its turn.
    """
    import asyncio

    loop = asyncio.get_running_loop()
    flights = _FLIGHTS.setdefault(loop, {})
    while True:
        cached = cache_get(key)
        if cached is not None:
            yield Flight(key, cached)
            return
        pending = flights.get(key)
        if pending is None:
            break
        with _LOCK:
            _STATS["waits"] += 1
        await asyncio.shield(pending)
    future = loop.create_future()
    flights[key] = future
    try:
        yield Flight(key, None, future)
    finally:
        if flights.get(key) is future:
            del flights[key]
        if not future.done():
            future.set_result(False)


def cache_info() -> dict[str, int]:
    """``{"entries", "hits", "misses", "waits"}`` (waits: callers that waited for an in-flight
    computation instead of repeating it)."""
    with _LOCK:
        return {"entries": len(_STORE), **_STATS}
