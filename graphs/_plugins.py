"""Agent plug-ins in the agentic graph: ``agents={node: entry_point_name}``.

A node named in ``agents`` calls ``load_agent(name).run(state, config)`` instead of its
built-in step; the others keep their direct path. :func:`plugin_state` and
:func:`plugin_config` build what a plug-in receives (plain data, plus the model client),
:func:`apply_output` checks what it returns (see ``docs/pipeline.md``, "Agent plug-ins").

Example:
    >>> check_agents(None)
    {}
    >>> check_agents({"wrong": "x"})
    Traceback (most recent call last):
    ...
    spatioxolver.errors.ConfigError: agents: unknown node 'wrong'; pluggable nodes: segmentation, attributes, relations, symmetry, transformation, consistency, reasoning
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from typing import Any

from spatioxolver.errors import ConfigError, SpatioxolverError

__all__ = ["PLUGGABLE_NODES", "NODE_OUTPUTS", "check_agents", "load_plugins", "run_plugin"]

#: Node -> the state keys its plug-in may return (validated; any other key goes to the trace).
NODE_OUTPUTS: dict[str, tuple[str, ...]] = {
    "segmentation": ("objects",),
    "attributes": ("objects",),
    "relations": ("relations",),
    "symmetry": ("groups", "symmetries"),
    "transformation": ("transformations",),
    "consistency": ("scene_graph", "repairs"),
    "reasoning": ("answer",),
}
PLUGGABLE_NODES = tuple(NODE_OUTPUTS)

#: Options that are live objects or inputs given elsewhere; not copied into ``state["options"]``.
_NOT_PLAIN = {"client", "on_event", "clean_images", "scene_graph", "checkpoint", "model_options", "agents"}


def check_agents(agents: Any) -> dict[str, str]:
    """Validate the ``agents`` option's shape: ``{node: plug-in name}`` (names checked on load)."""
    if agents is None:
        return {}
    if not isinstance(agents, Mapping):
        raise ConfigError(f"agents must be a mapping {{node: agent name}}, not {type(agents).__name__}")
    out: dict[str, str] = {}
    for node, name in agents.items():
        if node not in NODE_OUTPUTS:
            raise ConfigError(f"agents: unknown node {node!r}; pluggable nodes: {', '.join(PLUGGABLE_NODES)}")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"agents: the agent for node {node!r} must be an entry-point name (a string)")
        out[str(node)] = name.strip()
    return out


def load_plugins(agents: Any) -> dict[str, Any]:
    """``{node: agent instance}``; :class:`ConfigError` listing the known agents on an unknown name."""
    from spatioxolver.plugins import load_agent

    loaded: dict[str, Any] = {}
    for node, name in check_agents(agents).items():
        agent = load_agent(name)
        if not callable(getattr(agent, "run", None)):
            raise ConfigError(f"agent plug-in {name!r} has no run(state, config) method")
        loaded[node] = agent
    return loaded


def _graph_so_far(state: Mapping[str, Any]) -> dict[str, Any]:
    if state.get("scene_graph"):
        return dict(state["scene_graph"])
    objects = list(state.get("objects") or [])
    described = state.get("described") or []
    if described:
        objects = [d["object"] for d in sorted(described, key=lambda d: d["index"])]
    return {
        "objects": objects,
        "relations": list(state.get("relations") or []),
        "groups": list(state.get("groups") or []),
        "symmetries": list(state.get("symmetries") or []),
        "transformations": list(state.get("transformations") or []),
        "images": list(state.get("images") or []),
    }


def plugin_state(node: str, state: Mapping[str, Any], ctx: Any) -> dict[str, Any]:
    """What a plug-in's ``run`` gets as ``state`` (see ``docs/pipeline.md``)."""
    from spatioxolver.graphs._perception import image_infos

    graph = _graph_so_far(state)
    if ctx.frames and not graph.get("images"):
        graph["images"] = image_infos(ctx)
    return {
        "node": node,
        "question": str(state.get("question") or ""),
        "n_frames": int(state.get("n_frames", 1)),
        "images": list(ctx.frames),
        "clean_images": list(ctx.clean_frames),
        "image_info": list(graph.get("images") or []),
        "scene_graph": graph,
        "objects": list(graph.get("objects") or []),
        "repairs": list(state.get("repairs") or []),
        "options": {k: v for k, v in ctx.options.items() if k not in _NOT_PLAIN},
    }


def plugin_config(node: str, name: str, ctx: Any) -> dict[str, Any]:
    """What a plug-in's ``run`` gets as ``config``."""
    opts = ctx.options
    return {
        "node": node,
        "agent": name,
        "backend": ctx.backend,
        "model": ctx.model,
        "client": ctx.client,
        "options": dict(opts.get(f"{node}_options") or {}),
        "ground_truth": opts.get("ground_truth"),
        "marks": opts.get("marks"),
        "choices": opts.get("choices"),
        "repair_method": str(opts.get("repair_method") or "auto"),
    }


def _validated(node: str, key: str, value: Any, name: str) -> Any:
    from pydantic import BaseModel, ValidationError

    from spatioxolver.schema import Group, Relation, SceneGraph, SpatialObject, Symmetry, Transformation

    models: dict[str, type[BaseModel]] = {
        "objects": SpatialObject,
        "relations": Relation,
        "groups": Group,
        "symmetries": Symmetry,
        "transformations": Transformation,
    }
    where = f"agent plug-in {name!r} (node {node!r}) returned"
    try:
        if key in models:
            if not isinstance(value, list):
                raise ConfigError(f"{where} {key!r} as {type(value).__name__}, not a list")
            return [models[key].model_validate(v).model_dump(mode="json") for v in value]
        if key == "scene_graph":
            return SceneGraph.model_validate(value).model_dump(mode="json")
        if key == "repairs":
            if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
                raise ConfigError(f"{where} 'repairs' that is not a list of dicts")
            return list(value)
        if not isinstance(value, Mapping) or not isinstance(value.get("text"), str):
            raise ConfigError(f"{where} an 'answer' without a 'text' string")
        return {"value": None, "choice": None, **dict(value)}
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ()))
        raise ConfigError(f"{where} an invalid {key!r}: {loc}: {first.get('msg')}") from None


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=repr))


async def run_plugin(node: str, state: Mapping[str, Any], ctx: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """Run the plug-in of ``node``; returns the checked state update (its owned keys only)."""
    agent = ctx.plugins[node]
    name = str(ctx.options["agents"][node])
    entry["plugin"] = name
    try:
        result = agent.run(plugin_state(node, state, ctx), plugin_config(node, name, ctx))
        if inspect.isawaitable(result):
            result = await result
    except SpatioxolverError:
        raise
    except Exception as exc:
        raise ConfigError(
            f"agent plug-in {name!r} (node {node!r}) failed: {type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(result, Mapping):
        raise ConfigError(
            f"agent plug-in {name!r} (node {node!r}) returned {type(result).__name__}, not a dict"
        )
    owned = NODE_OUTPUTS[node]
    update = {k: _validated(node, k, result[k], name) for k in owned if k in result}
    if node == "reasoning" and "answer" not in update:
        raise ConfigError(f"agent plug-in {name!r} (node 'reasoning') returned no 'answer'")
    extra = {k: v for k, v in result.items() if k not in owned}
    if extra:
        entry["output"] = _plain(extra)
    return update
