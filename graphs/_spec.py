"""One definition per graph: its nodes, edges and routers as data, compiled on demand.

A :class:`GraphSpec` is what ``agentic``, ``direct`` and ``cot_rank`` declare. It compiles to a
LangGraph ``StateGraph`` (:meth:`GraphSpec.compile`: the runner of every API call and eval,
with checkpoints and streaming) or runs in-process on :class:`~spatioxolver.graphs._local.LocalGraph`
(the same nodes, edges, routers and state reducers, without importing LangGraph: what
``spatioxolver ask`` uses to start fast). ``START`` and ``END`` are LangGraph's own names.

Example:
    >>> async def node(state, runtime):
    ...     return {"answer": {"text": "ok"}}
    >>> spec = GraphSpec("tiny", nodes=(("n", node),), edges=((START, "n"), ("n", END)))
    >>> spec.successors("n")
    ('__end__',)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["START", "END", "GraphSpec", "RUNNERS", "normalize_runner"]

#: LangGraph's names for the entry and exit of a graph (``langgraph.graph.START`` / ``END``).
START = "__start__"
END = "__end__"

#: Where a graph runs: ``langgraph`` (compiled StateGraph) or ``local`` (in-process, same spec).
RUNNERS = ("langgraph", "local")

Node = Callable[[Any, Any], Awaitable[dict[str, Any]]]
Router = Callable[[Any], Awaitable[str]]


def normalize_runner(runner: Any) -> str:
    """The canonical runner name; :class:`~spatioxolver.errors.ConfigError` when unknown."""
    from spatioxolver.errors import ConfigError

    canon = str(runner or "langgraph").strip().lower()
    if canon not in RUNNERS:
        raise ConfigError(f"unknown runner {runner!r}; use langgraph (default) or local")
    return canon


@dataclass(frozen=True)
class GraphSpec:
    """A graph as data.

    Attributes:
        name: the graph's name (``agentic``, ``direct``, ``cot_rank``).
        nodes: ``(name, async node(state, runtime))`` pairs; a node returns a state update.
        edges: fixed ``(source, target)`` edges (``START`` / ``END`` allowed).
        routes: ``(source, async router(state) -> target, possible targets)``: conditional edges.
    """

    name: str
    nodes: tuple[tuple[str, Node], ...]
    edges: tuple[tuple[str, str], ...] = ()
    routes: tuple[tuple[str, Router, tuple[str, ...]], ...] = field(default=())

    def node(self, name: str) -> Node:
        """The node function called ``name``."""
        return dict(self.nodes)[name]

    def successors(self, source: str) -> tuple[str, ...]:
        """The fixed targets of ``source`` (none when a router decides)."""
        return tuple(t for s, t in self.edges if s == source)

    def router(self, source: str) -> Router | None:
        """The router deciding where ``source`` goes, if any."""
        return next((r for s, r, _ in self.routes if s == source), None)

    def compile(self, checkpointer: Any = None) -> Any:
        """A compiled LangGraph ``StateGraph`` (imports LangGraph)."""
        from langgraph.graph import StateGraph
        from spatioxolver.graphs._state import PipelineState

        from spatioxolver.context import RunContext

        g = StateGraph(PipelineState, context_schema=RunContext)
        for name, fn in self.nodes:
            g.add_node(name, fn)
        for source, target in self.edges:
            g.add_edge(source, target)
        for source, router, targets in self.routes:
            g.add_conditional_edges(source, router, list(targets))
        return g.compile(checkpointer=checkpointer)
