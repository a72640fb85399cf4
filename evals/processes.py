"""A CPU-bound local run's examples answered in worker processes, sharded by image.

On the geometric backend an example is CPU work that holds the GIL (perception on a new
image; decoding, the graph and reasoning on a perceived one), so the examples a thread pool
runs side by side do not add up to more than one core. Here the run's examples are spread over
*lanes*: this process is one (it answers in-process, as before) and each further lane is one
spawned worker process that answers with the same :func:`spatioxolver.api.aask`
(:func:`spatioxolver.evals.remote.answer_in_worker`, the seam the Ray executor uses too).

* **Sharded by image, then split.** A lane takes the pending examples of one image (one group)
  before it claims the next group, so each image is perceived once, in one process; groups go
  to whichever lane is free first. When no group is left to claim, an idle lane takes the rest of
  a perceived image, and the image's perception record travels with those examples (the worker
  sends it back with the answer that perceived it): see :mod:`spatioxolver.evals.sharding`.
* **The runner stays the only writer.** Calls are built, answers scored and rows appended to
  ``results.jsonl`` in this process, row by row as each answer comes back, so resume, retry of
  errors, progress/ETA, error rows and the report are unchanged, and rows are the same as
  in-process (their order in the file aside, as with any concurrency).
* **Start-up is hidden.** Workers are forked when this process runs a single thread (they
  start with what it has imported), else spawned (about 1 s on 2 busy cores). A worker warms
  up (imports, the compiled graph) while this process already answers, and takes a group only
  once it is ready. Runs too small to pay for a worker stay in this process
  (:func:`example_processes`).
* **Stopping.** Workers ignore Ctrl-C (the terminal sends it to the whole group): the runner
  stops, and the workers are shut down when the run ends (a normal end, an error, Ctrl-C or
  SIGTERM); the example a worker is answering then finishes first (at most the run's timeout).
  A worker that dies (killed, out of memory) loses its lane: its example goes back to the
  queue and the other lanes finish the run.

Example:
    >>> example_processes("geometric", {}, concurrency=1, workers=2, groups=50, examples=500)
    1
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from spatioxolver.evals.sharding import LanePicker, current_carry

__all__ = [
    "Lane",
    "LanePicker",
    "WorkerLost",
    "example_processes",
    "process_lanes",
    "worker_stats",
    "MIN_PROCESS_SECONDS",
    "MIN_SPARE_CORES",
    "CpuSample",
    "cpu_sample",
    "spare_cores",
]

#: Start worker processes only for runs estimated to keep one core busy at least this long
#: (a worker's start costs about 1 s of a core; measured on this 2-core machine).
MIN_PROCESS_SECONDS = 3.0
#: A worker that is not ready this long after it started is given up (the run goes on without it).
READY_TIMEOUT_S = 120.0
#: Start worker processes only when at least this much of a core is idle beside this process.
MIN_SPARE_CORES = 0.5
#: Rough costs (2-core machine, 480x320 renders): a first example on an image (perception)
#: and each further example on a perceived image. Only the threshold above uses them.
_SECONDS_PER_IMAGE = 0.06
_SECONDS_PER_EXAMPLE = 0.008
#: Examples sent to a worker ahead of its answers, so it never waits for this process.
_WORKER_WIDTH = 3
#: Examples this process answers side by side beside its workers (one: it holds the GIL anyway).
_HOME_WIDTH = 1
_STATS = {"workers_started": 0, "answered_in_workers": 0, "workers_lost": 0}


def worker_stats() -> dict[str, int]:
    """Counters of this process: worker processes started, examples they answered (an error row's
    too), workers lost, perception records shipped to a lane that had not perceived the image."""
    from spatioxolver.evals.sharding import sharing_stats

    return {**_STATS, **sharing_stats()}


class WorkerLost(RuntimeError):
    """The worker process of a lane died: its example goes back to the queue, the lane ends."""


@dataclass
class Lane:
    """Where examples are answered: this process (``client`` set) or one worker process.

    ``width`` examples are sent side by side (a worker answers one at a time; a second one
    waits in its pipe so the worker never idles between examples); ``ready`` is awaited before
    the lane takes its first example (a worker process starting)."""

    answer_fn: Callable[..., Any]
    width: int
    client: Any = None
    agent_clients: dict[str, Any] = field(default_factory=dict)
    ready: Callable[[], Any] | None = None


def _cpu_bound(model: str, options: dict[str, Any]) -> bool:
    """Whether every example of the run is CPU work in this process (the geometric backend,
    no per-agent model that would call a server)."""
    return model.strip() == "geometric" and not options.get("agent_models")


@dataclass(frozen=True)
class CpuSample:
    """CPU time of the machine (busy, seconds, every core) and of this process, at one moment."""

    wall: float
    busy: float | None
    own: float


def cpu_sample() -> CpuSample:
    """Now: the machine's busy CPU seconds (``/proc/stat``; ``None`` where there is none) and this
    process's own."""
    import time

    busy = None
    with contextlib.suppress(OSError, ValueError, IndexError):
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
        busy = (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")  # minus idle, iowait
    own = os.times()
    return CpuSample(time.perf_counter(), busy, own.user + own.system)


def spare_cores(before: CpuSample, after: CpuSample, cores: int) -> float | None:
    """Cores nobody used between the two samples, besides the one this process needs for its own
    lane (``None`` when unknown: no ``/proc/stat``, or too short a window).

    Example:
        >>> spare_cores(CpuSample(0.0, 10.0, 1.0), CpuSample(1.0, 11.2, 2.0), cores=2)  # others: 0.2 core
        0.8
    """
    wall = after.wall - before.wall
    if before.busy is None or after.busy is None or wall < 0.05:
        return None
    others = max((after.busy - before.busy) - (after.own - before.own), 0.0) / wall
    return round(cores - others - 1, 3)


def example_processes(
    model: str,
    options: dict[str, Any],
    *,
    concurrency: int,
    workers: int,
    groups: int,
    examples: int,
    spare: float | None = None,
) -> int:
    """How many processes (this one included) answer a local run's examples (1: this one only).

    Worker processes pay only for a CPU-bound run (:func:`_cpu_bound`) with examples side by
    side (``concurrency`` > 1), more than one core and image group, enough work to hide a
    worker's start (:data:`MIN_PROCESS_SECONDS`), and a core to run on: on a machine whose other
    work leaves less than :data:`MIN_SPARE_CORES` idle (``spare``, see :func:`spare_cores`) a
    worker only takes CPU from this process and the run is slower than in threads. At most
    ``workers``, ``concurrency``, the cores and the groups; with ``spare`` known, at most one
    more than the spare cores.

    Example:
        >>> example_processes("geometric", {}, concurrency=8, workers=2, groups=50, examples=500)
        2
    """
    if workers <= 1 or concurrency <= 1 or groups <= 1 or not _cpu_bound(model, options):
        return 1
    estimate = groups * _SECONDS_PER_IMAGE + examples * _SECONDS_PER_EXAMPLE
    if estimate < MIN_PROCESS_SECONDS or (spare is not None and spare < MIN_SPARE_CORES):
        return 1
    from spatioxolver._pool import usable_cores

    most = min(workers, concurrency, usable_cores(), groups)
    if spare is not None:
        most = min(most, 1 + int(min(spare + 1 - MIN_SPARE_CORES, 1024)))
    return max(1, most)


def _serve(conn: Any, settings: dict[str, Any], timeout_s: float) -> None:
    """A worker process: answer each call that comes through ``conn``, in order, and send back
    ``(job, True, answer)`` or ``(job, False, exception)``; stop at ``None`` or a closed pipe."""
    import pickle
    import signal
    import sys

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal's Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker: not the parent's run-stopping handler
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)  # nor the parent's event-loop wake-up socket (a signal here is ours)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"  # one BLAS thread: the lanes are the parallelism
    if "cv2" not in sys.modules:  # never forked after OpenCV started its threads (_start_method)
        with contextlib.suppress(ImportError):
            import cv2

            cv2.setNumThreads(1)
    from spatioxolver.evals.remote import answer_in_worker, warm_worker
    from spatioxolver.graphs._cache import cache_seed, recording

    try:
        conn.send((0, True, warm_worker(settings), None))
    except Exception as exc:  # noqa: BLE001 - told to the parent, which runs without this lane
        conn.send((0, False, RuntimeError(f"{type(exc).__name__}: {exc}"), None))
        return
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job, call, seed = message
        if seed:  # the perception of an image another process perceived: not perceived again here
            cache_seed(seed)
        with recording() as found:  # a perception made here goes back with the answer
            try:
                reply = (
                    job,
                    True,
                    answer_in_worker(settings, call, timeout_s=timeout_s, compact=True),
                    found,
                )
            except BaseException as exc:  # noqa: BLE001 - the example's error, re-raised by the parent
                try:
                    pickle.dumps(exc)
                except Exception:  # noqa: BLE001 - an exception pickle refuses: send its words
                    exc = RuntimeError(f"{type(exc).__name__}: {exc}")
                reply = (job, False, exc, found)
        conn.send(reply)


class _Worker:
    """One spawned worker process and the pipe to it, driven from the event loop's thread
    (no helper threads: an answer is read as soon as the loop sees the pipe readable)."""

    def __init__(self, settings: dict[str, Any], timeout_s: float) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context(_start_method())
        self._conn, child = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=_serve, args=(child, settings, timeout_s), daemon=True)
        self.process.start()
        _STATS["workers_started"] += 1
        child.close()
        self._loop = asyncio.get_running_loop()
        self._waiting: dict[int, asyncio.Future[Any]] = {0: self._loop.create_future()}
        self._next = 1
        self._loop.add_reader(self._conn.fileno(), self._on_readable)

    def _on_readable(self) -> None:
        try:
            while self._conn.poll():
                job, ok, value, found = self._conn.recv()
                future = self._waiting.pop(job, None)
                if job:
                    _STATS["answered_in_workers"] += 1
                if future is not None and not future.done():
                    future.set_result((ok, value, found))
        except (EOFError, OSError):
            self._lost("a worker process stopped")

    def _lost(self, why: str) -> None:
        if self._waiting and why != "the run ended":
            _STATS["workers_lost"] += 1
        with contextlib.suppress(Exception):
            self._loop.remove_reader(self._conn.fileno())
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(WorkerLost(why))

    async def ready(self) -> None:
        future = self._waiting.get(0)
        if future is not None:
            try:
                ok, value, _ = await asyncio.wait_for(asyncio.shield(future), READY_TIMEOUT_S)
            except asyncio.TimeoutError:
                self.kill("a worker process did not start in time")
                raise WorkerLost("a worker process did not start in time") from None
            if not ok:
                raise value

    def kill(self, why: str) -> None:
        """End the worker now (it overran: stuck, or its example timed out); what it still had
        to answer goes back to the queue."""
        with contextlib.suppress(Exception):
            self.process.kill()
        self._lost(why)

    async def answer(self, call: dict[str, Any]) -> Any:
        """Answer ``call`` in the worker; the perception records of the unit's :class:`Carry`
        (:func:`~spatioxolver.evals.sharding.current_carry`) go with it, and those the worker
        stored come back into it."""
        if self._conn.closed or (not self._waiting and not self.process.is_alive()):
            raise WorkerLost("a worker process stopped")
        carry = current_carry()
        job, self._next = self._next, self._next + 1
        future = self._loop.create_future()
        self._waiting[job] = future
        try:
            self._conn.send((job, call, carry.seed if carry is not None else None))
        except (OSError, ValueError):
            self._lost("a worker process stopped")
        try:
            ok, value, found = await future
        except asyncio.CancelledError:
            if not future.done():  # the example timed out (or the run stops): the worker is
                self.kill("a worker process overran an example")  # busy with it, so it is retired
            raise
        if found and carry is not None:
            carry.found.update(found)
        if not ok:
            raise value
        return value

    def close(self, grace_s: float = 2.0) -> None:
        """Stop the worker: it finishes the example it is on (up to ``grace_s``), else is terminated
        (at once when it never got ready: nothing of the run is in it)."""
        started = 0 not in self._waiting
        with contextlib.suppress(Exception):
            self._loop.remove_reader(self._conn.fileno())
        with contextlib.suppress(Exception):
            self._conn.send(None)
        self.process.join(grace_s if started else 0.05)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(5)
        self._conn.close()
        self._lost("the run ended")


#: Libraries whose own thread pools do not survive a fork (OpenCV's pool, once used, hangs a
#: forked child that reconfigures it: seen here with ``cv2.setNumThreads`` after a fork).
_NATIVE_THREAD_POOLS = ("cv2", "torch", "onnxruntime")


def _start_method() -> str:
    """``fork`` where there is one and this process runs a single thread and no native thread
    pool (the worker starts at once with the API and LangGraph this process imported), else
    ``spawn`` (a fresh interpreter: forking a process with threads can copy a lock some thread
    holds)."""
    import multiprocessing
    import sys
    import threading

    pools = [m for m in _NATIVE_THREAD_POOLS if m in sys.modules]
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 and not pools:
        return "fork"
    return "spawn"


def _worker_lane(settings: dict[str, Any], timeout_s: float, binds: bool) -> tuple[Lane, _Worker]:
    """A lane answered by one spawned worker process."""
    worker = _Worker(settings, timeout_s)

    async def answer(**call: Any) -> Any:
        if not binds:  # the geometric client takes no answer key: do not send the scenes
            call.pop("ground_truth", None)
        return await worker.answer(call)

    return Lane(answer_fn=answer, width=_WORKER_WIDTH, ready=worker.ready), worker


@contextlib.contextmanager
def process_lanes(processes: int, config: Any, home: Lane) -> Iterator[list[Lane]]:
    """``home`` (this process, width 1) plus ``processes - 1`` worker lanes, for one run; the
    workers are shut down when the block ends (waiting for the example each one is answering).

    Must be entered inside the run's event loop.
    """
    settings = config.model_dump(mode="json")
    binds = callable(getattr(home.client, "bind", None))
    lanes, workers = [Lane(home.answer_fn, _HOME_WIDTH, home.client, home.agent_clients)], []
    if processes > 1 and _start_method() == "fork":
        # What this process's first answer loads anyway (LangGraph, the compiled graph): loaded
        # once, before the fork, instead of once more in every worker (about 0.5 s of a core each).
        from spatioxolver.evals.remote import load_graph

        with contextlib.suppress(Exception):  # a failure shows in the examples' rows, as without it
            load_graph(settings)
    threads = None
    try:
        for _ in range(processes - 1):
            lane, worker = _worker_lane(settings, float(config.timeout_s), binds)
            lanes.append(lane)
            workers.append(worker)
        if workers:
            threads = _one_opencv_thread()
        yield lanes
    finally:
        for worker in workers:
            worker.close()
        if threads is not None:
            import cv2

            cv2.setNumThreads(threads)


def _one_opencv_thread() -> int | None:
    """Give this process one OpenCV thread while worker processes run beside it (each worker
    has one): at concurrency 1 OpenCV's own threads keep both cores of a 2-core machine busy,
    and a second thread per process would only contend. Returns the previous count, to
    restore; ``None`` when OpenCV is not installed. Called after the workers are forked."""
    try:
        import cv2
    except ImportError:
        return None
    previous = int(cv2.getNumThreads())
    cv2.setNumThreads(1)
    return previous
