"""Answering one example's call in another process: a Ray worker or a local worker process.

The runner builds each example's ``aask`` call in the main process (:func:`~spatioxolver.evals.runner.build_call`)
and, when the example is answered elsewhere, sends the call here. The worker builds the run's
model client once (from the run's plain settings, never from the driver's live objects), binds it
to the example's answer key when the model is simulated, exactly as the local runner does, and
answers with the same :func:`spatioxolver.api.aask`. Both executors that answer elsewhere use
these functions: :mod:`spatioxolver.evals.ray_executor` (a Ray cluster) and
:mod:`spatioxolver.evals.processes` (worker processes of this machine).

Example:
    >>> answer_in_worker  # doctest: +ELLIPSIS
    <function answer_in_worker at ...>
"""

from __future__ import annotations

import functools
import json
from typing import Any

__all__ = ["answer_in_worker", "compact_answer", "load_graph", "warm_worker"]


@functools.lru_cache(maxsize=4)
def _client(settings_json: str) -> Any:
    """The run's model client in this worker process, built once per run."""
    from spatioxolver.evals.runinfo import RunConfig
    from spatioxolver.evals.runner import model_client

    return model_client(RunConfig.model_validate_json(settings_json))


_LOOP: list[Any] = []  # this worker's event loop, kept between examples (one per process)


def _run(coro: Any) -> Any:
    """Run ``coro`` on this worker's own event loop (made once), or through ``run_sync`` when a
    loop already runs in this thread (an async Ray actor)."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        if not _LOOP:
            _LOOP.append(asyncio.new_event_loop())
        return _LOOP[0].run_until_complete(coro)
    from spatioxolver.models import run_sync

    return run_sync(coro)


def load_graph(settings: dict[str, Any]) -> str:
    """Build the run's graph once per process (on the LangGraph runner: import LangGraph and
    compile it); returns its name. Loads no OpenCV and starts no thread, so a process may still
    fork after it (its children then start with the graph built)."""
    from spatioxolver.graphs import normalize_graph_name
    from spatioxolver.graphs._spec import normalize_runner

    from spatioxolver import api

    graph = normalize_graph_name(str(settings.get("graph") or "agentic"))
    api._graph(graph, runner=normalize_runner((settings.get("options") or {}).get("runner")))
    return graph


def warm_worker(settings: dict[str, Any]) -> bool:
    """Load what answering needs (the API, the run's client, the compiled graph and, for the
    geometric backend, the perception modules, by answering a question about a tiny drawn image
    that is not cached) before the first example, so a worker asks for work only once it is ready."""
    from spatioxolver import api

    client = _client(json.dumps(settings, sort_keys=True))
    graph = load_graph(settings)
    if str(settings.get("model")).strip() == "geometric":
        import numpy as np

        from spatioxolver.errors import SpatioxolverError

        image = np.full((64, 96, 3), 120, np.uint8)
        image[20:44, 8:32], image[14:38, 60:84] = (210, 40, 40), (40, 60, 200)
        try:
            _run(api.aask(image, "Which object is the leftmost?", graph=graph, client=client, cache=False))
        except SpatioxolverError:
            pass  # only loading mattered
    return True


def answer_in_worker(
    settings: dict[str, Any], call: dict[str, Any], *, timeout_s: float | None = None, compact: bool = False
) -> Any:
    """Answer one example's ``aask`` call with the run's client (in a worker process).

    Args:
        settings: the run's :class:`~spatioxolver.evals.runinfo.RunConfig` as plain data.
        call: the keyword arguments of ``aask`` (``ground_truth`` binds a simulated model).
        timeout_s: give up on the example after this long (the worker is then free for the next one).
        compact: return only what a results row reads (:func:`compact_answer`) instead of the
            whole answer (less to send back).

    Raises:
        Whatever ``aask`` raises (the runner turns it into the example's error row).
    """
    import asyncio

    from spatioxolver.api import aask

    client = _client(json.dumps(settings, sort_keys=True))
    call = dict(call)
    key = call.pop("ground_truth", None)
    bind = getattr(client, "bind", None)
    call["client"] = bind(key) if callable(bind) and key else client
    coro = aask(**call) if timeout_s is None else asyncio.wait_for(aask(**call), timeout=timeout_s)
    answer = _run(coro)
    return compact_answer(answer, settings) if compact else answer


def compact_answer(answer: Any, settings: dict[str, Any]) -> dict[str, Any]:
    """What the runner reads of ``answer`` (:func:`~spatioxolver.evals.answers.answer_fields`),
    without the trace and scene graph when the run keeps neither (``traces``, ``log_samples``)."""
    from spatioxolver.evals.answers import answer_fields

    fields = answer_fields(answer)
    if not settings.get("traces"):
        fields["scene_graph"] = None
        if not settings.get("log_samples"):
            fields["trace"] = []
    return fields
