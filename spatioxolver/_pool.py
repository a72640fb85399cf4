"""One seam for CPU-bound perception: a process pool sized to the cores, or a thread.

The geometric perception functions (segmentation, pixel attributes, relations, symmetry)
are pure numpy/OpenCV functions that hold the GIL for most of their time, so threads of one
process do not add up to more than one core. :func:`run_cpu` runs such a function in a
process pool when one is in effect (:func:`perception_workers`, which ``evaluate`` opens
around a run) and the work is big enough to pay for the round trip; otherwise in a thread
of this process, exactly as before. The function and its arguments must be picklable
(module-level functions, numpy arrays, pydantic objects); results are the same either way.

Nothing starts at import: the pool is made on first use inside :func:`perception_workers`
and shut down when that block ends (a normal end, an error or Ctrl-C). Workers are
*spawned* (never forked from a process with threads), ignore Ctrl-C (the parent stops them)
and use one BLAS thread each. ``SPATIOXOLVER_WORKERS`` gives the default size (else
``os.cpu_count() - 1`` for the CLI, 1 for the API); ``1`` keeps everything in this process.
As with any spawned process in Python, a script that asks for ``workers > 1`` must start
its run under ``if __name__ == "__main__":`` (a worker imports the main script).

Example:
    >>> import asyncio
    >>> asyncio.run(run_cpu(sum, [1, 2, 3]))
    6
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from spatioxolver.errors import ConfigError

__all__ = [
    "usable_cores",
    "ENV_WORKERS",
    "MIN_POOL_PIXELS",
    "MIN_POOL_OBJECTS",
    "MIN_POOL_IMAGES",
    "parse_workers",
    "default_workers",
    "perception_workers",
    "pool_size",
    "run_cpu",
    "pool_stats",
]

T = TypeVar("T")

#: Environment variable with the default number of perception worker processes.
ENV_WORKERS = "SPATIOXOLVER_WORKERS"
#: Pixel work below this many pixels (all frames) stays in this process: segmenting a
#: 96x64 image takes about as long as a round trip to a worker (benchmarks/bench_throughput.py).
MIN_POOL_PIXELS = 120_000
#: Object-level work (relations, symmetry) on fewer objects stays in this process: at 20
#: objects it takes under 2 ms, less than sending it to a worker.
MIN_POOL_OBJECTS = 40

#: A run perceiving fewer distinct images keeps perception in this process: starting the
#: workers (about 0.5-0.8 s on 2 cores) costs more than they save on so few images.
MIN_POOL_IMAGES = 32

_WORKERS: contextvars.ContextVar[int] = contextvars.ContextVar("spatioxolver_pool_workers", default=1)
_LOCK = threading.Lock()
_POOLS: dict[int, Any] = {}  # size -> ProcessPoolExecutor (at most one live at a time in practice)
_USERS: dict[int, int] = {}  # size -> open perception_workers blocks using it
_STATS = {"pooled": 0, "in_process": 0, "pools_started": 0}


def parse_workers(value: Any, where: str = "--workers") -> int:
    """``value`` as a worker count (a whole number >= 1).

    Raises:
        ConfigError: not a whole number from 1 up (the message names ``where``).

    Example:
        >>> parse_workers("2")
        2
    """
    text = str(value).strip()
    try:
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise ValueError
        n = int(text) if not isinstance(value, (int, float)) else int(value)
    except (TypeError, ValueError):
        raise ConfigError(
            f"{where} must be a whole number of worker processes (1 = in this process), not {value!r}"
        ) from None
    if n < 1:
        raise ConfigError(f"{where} must be at least 1 (1 = in this process), not {n}")
    return n


def default_workers(fallback: int | None = None) -> int:
    """``SPATIOXOLVER_WORKERS`` when set, else ``fallback``, else the number of cores - 1.

    Raises:
        ConfigError: ``SPATIOXOLVER_WORKERS`` is set to something other than a whole number >= 1.
    """
    raw = os.environ.get(ENV_WORKERS, "").strip()
    if raw:
        return parse_workers(raw, ENV_WORKERS)
    if fallback is not None:
        return fallback
    # The main process keeps a core for everything else an example needs (answering,
    # scoring, writing rows): on 2 cores that means no pool, where threads measured faster
    # (benchmarks/bench_throughput.py section 6).
    return max(usable_cores() - 1, 1)


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity: a container or ``taskset`` may
    allow fewer than the machine has), else the machine's count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this platform (macOS, Windows)
        return os.cpu_count() or 1


def pool_size() -> int:
    """Worker processes in effect here (1: no pool, everything in this process)."""
    return _WORKERS.get()


@contextlib.contextmanager
def perception_workers(workers: int | None = None) -> Iterator[int]:
    """Run CPU-bound perception inside this block on ``workers`` processes.

    ``None`` takes :func:`default_workers`; the pool is started lazily by the first
    :func:`run_cpu` that needs it and shut down when the block ends (cancelled work is
    dropped, running work finishes). Yields the size in effect.

    Raises:
        ConfigError: ``workers`` is not a whole number >= 1.
    """
    import multiprocessing

    n = default_workers() if workers is None else parse_workers(workers, "workers")
    if multiprocessing.parent_process() is not None:
        n = 1  # already a worker process (of this pool or another): never a pool inside a pool
    token = _WORKERS.set(n)
    with _LOCK:
        _USERS[n] = _USERS.get(n, 0) + 1
    try:
        yield n
    finally:
        _WORKERS.reset(token)
        with _LOCK:
            _USERS[n] -= 1
            pool = _POOLS.pop(n, None) if _USERS[n] == 0 else None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _init_worker() -> None:
    """In each worker: leave Ctrl-C to the parent, one BLAS/OpenMP thread (the pool is the parallelism)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"


def _pool(n: int) -> Any:
    with _LOCK:
        pool = _POOLS.get(n)
        if pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            pool = ProcessPoolExecutor(
                max_workers=n, mp_context=multiprocessing.get_context("spawn"), initializer=_init_worker
            )
            _POOLS[n] = pool
            _STATS["pools_started"] += 1
        return pool


async def run_cpu(fn: Callable[..., T], /, *args: Any, small: bool = False, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in the process pool in effect, else in a thread of this process.

    Args:
        fn: a picklable (module-level) pure function.
        *args: its arguments (picklable when a pool may be used).
        small: the caller's judgement that this call is too little work for a round trip to
            a worker (see :data:`MIN_POOL_PIXELS`, :data:`MIN_POOL_OBJECTS`).
        **kwargs: its keyword arguments.

    Returns:
        What ``fn`` returns (a copy made by pickling when it ran in a worker).
    """
    import asyncio
    import functools

    n = _WORKERS.get()
    if n <= 1 or small:
        _STATS["in_process"] += 1
        return await asyncio.to_thread(fn, *args, **kwargs)
    _STATS["pooled"] += 1
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool(n), functools.partial(fn, *args, **kwargs))


def pool_stats() -> dict[str, int]:
    """Counters: calls run ``pooled`` / ``in_process``, ``pools_started``, ``live`` pools now."""
    with _LOCK:
        return {**_STATS, "live": len(_POOLS)}
