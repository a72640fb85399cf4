"""LangGraph pipelines (shipped as ``spatioxolver.graphs``): ``agentic``, ``direct``, ``cot_rank``.

Example:
    >>> from spatioxolver.graphs import GRAPH_NAMES, normalize_graph_name
    >>> normalize_graph_name("cot-rank")
    'cot_rank'
"""

from __future__ import annotations

from typing import Any

from spatioxolver.errors import ConfigError

__all__ = ["GRAPH_NAMES", "normalize_graph_name", "build_graph"]

GRAPH_NAMES = ("agentic", "direct", "cot_rank")


def normalize_graph_name(name: str) -> str:
    """Canonical graph name (``cot-rank`` -> ``cot_rank``); :class:`ConfigError` when unknown."""
    canon = str(name or "").strip().lower().replace("-", "_")
    if canon not in GRAPH_NAMES:
        raise ConfigError(f"unknown graph {name!r}; use one of agentic, direct, cot-rank")
    return canon


def build_graph(name: str, *, checkpointer: Any = None) -> Any:
    """Compile the graph ``name`` (imports LangGraph lazily)."""
    canon = normalize_graph_name(name)
    if canon == "agentic":
        from spatioxolver.graphs.agentic import build_agentic_graph

        return build_agentic_graph(checkpointer)
    if canon == "direct":
        from spatioxolver.graphs.direct import build_direct_graph

        return build_direct_graph(checkpointer)
    from spatioxolver.graphs.cot_rank import build_cot_rank_graph

    return build_cot_rank_graph(checkpointer)
