"""Reading the pipeline state an agent receives (plain data) into typed values.

The agentic graph passes ``state`` (images, scene graph dict, options) and ``config``
(the chosen backend, model and per-agent options). These helpers accept the keys the
graphs use and a few aliases, so each agent's ``run`` stays a thin adapter over its
pure function.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from spatioxolver.schema import SpatialObject

__all__ = ["agent_options", "agent_backend", "state_images", "state_objects", "image_size_of"]


def agent_options(state: Mapping[str, Any], config: Mapping[str, Any] | None, agent: str) -> dict[str, Any]:
    """Options for ``agent``: state options, then config options, then per-agent options."""
    config = config or {}
    if "configurable" in config and isinstance(config["configurable"], Mapping):
        config = {**config, **config["configurable"]}
    merged: dict[str, Any] = {}
    merged.update(state.get("options") or {})
    merged.update(config.get("options") or {})
    per_agent = (config.get("agents") or {}).get(agent) or {}
    merged.update(per_agent.get("options") or {})
    for key in ("model", "ground_truth", "marks", "usage_log"):
        if key in config and key not in merged:
            merged[key] = config[key]
    return merged


def agent_backend(
    config: Mapping[str, Any] | None, options: Mapping[str, Any], agent: str, default: str = "geometric"
) -> str:
    """The backend chosen for ``agent`` (per-agent setting, then config, then options)."""
    config = config or {}
    if "configurable" in config and isinstance(config["configurable"], Mapping):
        config = {**config, **config["configurable"]}
    per_agent = (config.get("agents") or {}).get(agent) or {}
    return str(per_agent.get("backend") or config.get("backend") or options.get("backend") or default)


def state_images(state: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> list[np.ndarray]:
    """The frames as RGB arrays (``clean_images`` preferred for pixel work when given)."""
    from spatioxolver.images import load_image

    options = options or {}
    sources = options.get("clean_images") or state.get("clean_images") or state.get("images") or []
    if not isinstance(sources, (list, tuple)):
        sources = [sources]
    return [load_image(s) for s in sources]


def state_objects(state: Mapping[str, Any]) -> list[SpatialObject]:
    """Objects of the state's scene graph (or its ``objects`` key)."""
    graph = state.get("scene_graph") or {}
    if hasattr(graph, "objects"):
        raw = graph.objects
    else:
        raw = graph.get("objects") if isinstance(graph, Mapping) else None
    if raw is None:
        raw = state.get("objects") or []
    return [o if isinstance(o, SpatialObject) else SpatialObject.model_validate(o) for o in raw]


def image_size_of(state: Mapping[str, Any], images: list[np.ndarray] | None = None) -> tuple[int, int]:
    """``(width, height)`` of the first frame."""
    if images:
        h, w = images[0].shape[:2]
        return int(w), int(h)
    graph = state.get("scene_graph") or {}
    infos = graph.get("images") if isinstance(graph, Mapping) else None
    if infos:
        return int(infos[0]["width"]), int(infos[0]["height"])
    size = state.get("image_size")
    if size:
        return int(size[0]), int(size[1])
    return 0, 0
