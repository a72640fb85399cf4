"""Run a :class:`~spatioxolver.graphs._spec.GraphSpec` in-process, without LangGraph.

The same nodes, edges and routers as the compiled LangGraph graph, stepped one node at a time
(every graph here is a chain: one node runs per step), with the state schema's reducers
(``trace`` appended, ``prompt_hashes`` merged; other keys replaced), the run context as
``runtime.context``, live node events through :func:`spatioxolver.graphs._events.emit`, and the
recursion limit. Its :meth:`LocalGraph.astream` yields what LangGraph's
``astream(stream_mode=["values", "custom"])`` yields: the state after each step and the
nodes' custom events, in order. No checkpoints: a run that asks for one uses LangGraph.

Why it exists: importing LangGraph costs a one-shot ``spatioxolver ask`` about half its CPU
(LangGraph pulls in ``langchain_core``, ``langsmith`` and ``requests``), for a chain that
needs none of its services. Tests hold the two runners to the same final state.

Example:
    >>> import asyncio
    >>> from spatioxolver.graphs._spec import END, START, GraphSpec
    >>> async def hello(state, runtime):
    ...     return {"answer": {"text": f"hi {runtime.context}"}, "trace": [{"node": "hello"}]}
    >>> spec = GraphSpec("t", nodes=(("hello", hello),), edges=((START, "hello"), ("hello", END)))
    >>> asyncio.run(LocalGraph(spec).ainvoke({"trace": []}, context="you"))["answer"]
    {'text': 'hi you'}
"""

from __future__ import annotations

import asyncio
import contextvars
import typing
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spatioxolver.graphs._spec import END, START, GraphSpec

__all__ = ["LocalGraph", "StepLimitError", "current_writer"]

_WRITER: contextvars.ContextVar[Callable[[dict[str, Any]], None] | None] = contextvars.ContextVar(
    "spatioxolver_local_writer", default=None
)


def current_writer() -> Callable[[dict[str, Any]], None] | None:
    """The in-process run's event writer, or ``None`` outside such a run."""
    return _WRITER.get()


class StepLimitError(RuntimeError):
    """The run took more steps than its ``recursion_limit`` (LangGraph's GraphRecursionError)."""


def _emit(event: Any) -> None:
    from spatioxolver.graphs._events import emit

    emit(event)


@dataclass(frozen=True)
class LocalRuntime:
    """What a node (or an agent plug-in) receives as ``runtime``: the run's context, a stream
    writer for custom events, and LangGraph's other runtime fields, empty (no store, no
    previous checkpoint)."""

    context: Any
    store: Any = None
    stream_writer: Callable[[Any], None] = _emit
    previous: Any = None


def _reducers() -> dict[str, Callable[[Any, Any], Any]]:
    from spatioxolver.graphs._state import PipelineState

    hints = typing.get_type_hints(PipelineState, include_extras=True)
    out = {}
    for key, hint in hints.items():
        meta = getattr(hint, "__metadata__", ())
        if meta and callable(meta[0]):
            out[key] = meta[0]
    return out


class LocalGraph:
    """A graph spec run in-process (see the module docstring)."""

    def __init__(self, spec: GraphSpec) -> None:
        self.spec = spec
        self._reduce = _reducers()

    def _apply(self, state: dict[str, Any], update: dict[str, Any] | None, where: str) -> None:
        if update is None:
            return
        if not isinstance(update, dict):
            raise TypeError(f"node {where!r} returned {type(update).__name__}, expected a dict update")
        for key, value in update.items():
            reducer = self._reduce.get(key)
            state[key] = reducer(state[key], value) if reducer and key in state else value

    async def _next(self, source: str, state: dict[str, Any]) -> str:
        router = self.spec.router(source)
        if router is not None:
            return await router(dict(state))
        targets = self.spec.successors(source)
        if len(targets) != 1:
            raise ValueError(f"graph {self.spec.name!r}: node {source!r} has {len(targets)} fixed successors")
        return targets[0]

    async def astream(
        self,
        state: dict[str, Any],
        config: dict[str, Any] | None = None,
        context: Any = None,
        stream_mode: Sequence[str] = ("values",),
    ) -> AsyncIterator[tuple[str, dict[str, Any]]]:
        """Yield ``("values", state)`` after each step and ``("custom", event)`` as nodes emit."""
        limit = int((config or {}).get("recursion_limit", 25))
        runtime = LocalRuntime(context)
        current: dict[str, Any] = {}
        self._apply(current, dict(state), START)
        want_values, want_custom = "values" in stream_mode, "custom" in stream_mode
        if want_values:
            yield "values", dict(current)
        node, steps = await self._next(START, current), 0
        loop = asyncio.get_running_loop()
        while node != END:
            steps += 1
            if steps > limit:
                raise StepLimitError(f"recursion limit of {limit} reached without hitting a stop condition")
            events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

            def write(event: dict[str, Any], events: asyncio.Queue = events) -> None:
                loop.call_soon_threadsafe(events.put_nowait, event)

            token = _WRITER.set(write)
            try:
                task = asyncio.ensure_future(self.spec.node(node)(dict(current), runtime))
            finally:
                _WRITER.reset(token)
            async for event in _drain(task, events):
                if want_custom:
                    yield "custom", event
            self._apply(current, task.result(), node)
            if want_values:
                yield "values", dict(current)
            node = await self._next(node, current)

    async def ainvoke(
        self, state: dict[str, Any], config: dict[str, Any] | None = None, context: Any = None
    ) -> dict[str, Any]:
        """The final state."""
        final: dict[str, Any] = dict(state)
        async for _mode, chunk in self.astream(
            state, config=config, context=context, stream_mode=("values",)
        ):
            final = chunk
        return final


async def _drain(task: asyncio.Future, events: asyncio.Queue) -> AsyncIterator[dict[str, Any]]:
    """The node's events as they come, then the rest once it is done (its error re-raised by
    ``task.result()`` in the caller)."""
    try:
        while not task.done():
            getter = asyncio.ensure_future(events.get())
            done, _ = await asyncio.wait({task, getter}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                yield getter.result()
            else:
                getter.cancel()
        await asyncio.sleep(0)  # let writes scheduled from worker threads land
        while not events.empty():
            yield events.get_nowait()
    finally:
        if not task.done():
            task.cancel()
