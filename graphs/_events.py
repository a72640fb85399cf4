"""Per-node events and trace entries: timing, backend, usage; streamed live when asked.

Every node body runs inside :func:`node_step`, which emits ``{"event": "start"|"end",
"node", ...}`` through the runner's stream writer (LangGraph's ``stream_mode="custom"``, or
the in-process runner's) and returns the trace entry the node appends to the state.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from spatioxolver.graphs._local import current_writer

from spatioxolver.models._seam import add_usage, recording, usage_dict

__all__ = ["node_step", "emit", "usage_dict", "add_usage"]


def emit(event: dict[str, Any]) -> None:
    """Send ``event`` to the custom stream (a no-op outside a streaming run).

    The in-process runner's writer when one is set; else LangGraph's, if LangGraph is loaded
    (a LangGraph run has loaded it; nothing here imports it).
    """
    writer = current_writer()
    if writer is None:
        if "langgraph.config" not in sys.modules:
            return
        try:
            writer = sys.modules["langgraph.config"].get_stream_writer()
        except Exception:  # not inside a graph run (e.g. a unit test calling a node directly)
            return
    try:
        writer(event)
    except Exception:
        return


@contextmanager
def node_step(node: str, backend: str, **extra: Any) -> Iterator[dict[str, Any]]:
    """Time a node; yields its trace entry. Model calls made inside are recorded into it
    (:func:`spatioxolver.models.recording`): ``usage``, ``calls``, ``templates``, ``model_calls``."""
    entry: dict[str, Any] = {
        "node": node,
        "agent": node,
        "backend": backend,
        "seconds": 0.0,
        "usage": usage_dict(),
        "calls": 0,
        **extra,
    }
    emit({"event": "start", "node": node, "backend": backend})
    start = time.perf_counter()
    try:
        with recording(entry):
            yield entry
    except Exception as exc:
        entry["seconds"] = round(time.perf_counter() - start, 6)
        entry.setdefault("error", f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:500])
        emit({"event": "error", "node": node, "error": f"{type(exc).__name__}: {exc}"})
        raise
    entry["seconds"] = round(time.perf_counter() - start, 6)
    emit({"event": "end", **{k: v for k, v in entry.items() if k != "node"}, "node": node})
