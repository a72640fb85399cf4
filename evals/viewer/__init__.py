"""``spatioxolver view``: a static per-example viewer of run directories (question, gold,
images with the scene-graph overlay, every graph's answer, the agent trace step by step,
repaired cycles), with filters; works from file:// offline and can be served on 127.0.0.1."""

from __future__ import annotations

from typing import Any

__all__ = ["write_viewer", "viewer_server"]


def write_viewer(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """See :func:`spatioxolver.evals.viewer._site.write_viewer`."""
    from spatioxolver.evals.viewer._site import write_viewer as _write

    return _write(*args, **kwargs)


def viewer_server(*args: Any, **kwargs: Any) -> Any:
    """See :func:`spatioxolver.evals.viewer._serve.viewer_server`."""
    from spatioxolver.evals.viewer._serve import viewer_server as _server

    return _server(*args, **kwargs)
