"""The pipelines (shipped as ``spatioxolver.graphs``): ``agentic``, ``direct``, ``cot_rank``.

Each is declared once as a :class:`~spatioxolver.graphs._spec.GraphSpec` and compiled to a
LangGraph state machine (the default runner), or run in-process by the local runner (no
LangGraph import, no checkpoints; what ``spatioxolver ask`` uses unless ``--checkpoint``).

Example:
    >>> from spatioxolver.graphs import GRAPH_NAMES, normalize_graph_name
    >>> normalize_graph_name("cot-rank")
    'cot_rank'
"""

from __future__ import annotations

from typing import Any

from spatioxolver.errors import ConfigError

__all__ = ["GRAPH_NAMES", "normalize_graph_name", "graph_spec", "build_graph"]

GRAPH_NAMES = ("agentic", "direct", "cot_rank")


def normalize_graph_name(name: str) -> str:
    """Canonical graph name (``cot-rank`` -> ``cot_rank``); :class:`ConfigError` when unknown."""
    canon = str(name or "").strip().lower().replace("-", "_")
    if canon not in GRAPH_NAMES:
        raise ConfigError(f"unknown graph {name!r}; use one of agentic, direct, cot-rank")
    return canon


def graph_spec(name: str) -> Any:
    """The :class:`~spatioxolver.graphs._spec.GraphSpec` of graph ``name`` (nothing compiled)."""
    canon = normalize_graph_name(name)
    if canon == "agentic":
        from spatioxolver.graphs.agentic import agentic_spec

        return agentic_spec()
    if canon == "direct":
        from spatioxolver.graphs.direct import direct_spec

        return direct_spec()
    from spatioxolver.graphs.cot_rank import cot_rank_spec

    return cot_rank_spec()


def build_graph(name: str, *, checkpointer: Any = None, runner: str = "langgraph") -> Any:
    """Graph ``name`` ready to run: compiled by LangGraph (imported lazily; the default), or
    ``runner="local"``: the same spec run in-process (no checkpoints)."""
    from spatioxolver.graphs._spec import normalize_runner

    spec = graph_spec(name)
    if normalize_runner(runner) == "local":
        if checkpointer is not None:
            raise ConfigError(
                "the local runner keeps no checkpoints; use runner='langgraph' with checkpoint="
            )
        from spatioxolver.graphs._local import LocalGraph

        return LocalGraph(spec)
    return spec.compile(checkpointer)
