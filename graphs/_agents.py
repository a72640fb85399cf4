"""The agents of the agentic graph: one contract for built-ins and plug-ins.

Each node of the agentic graph runs ``await agent.run(state, runtime)``: the built-in agent
registered under the node's name, or the plug-in named for that node in the ``agents``
option (``{node: entry-point name}``). ``state`` is the plain-data pipeline state and
``runtime.context`` the :class:`~spatioxolver.context.RunContext`. What an agent returns is
checked here (:data:`NODE_OUTPUTS`: the state keys a node owns, validated against the scene
graph schema); any other key goes to the node's trace entry as ``output``.

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
from functools import cache
from typing import Any

from spatioxolver.errors import ConfigError, SpatioxolverError

__all__ = ["PLUGGABLE_NODES", "NODE_OUTPUTS", "check_agents", "load_plugins", "builtin_agent", "run_agent"]

#: Node -> the state keys its agent may return (validated; any other key goes to the trace).
NODE_OUTPUTS: dict[str, tuple[str, ...]] = {
    "segmentation": ("objects", "images"),
    "attributes": ("objects",),
    "relations": ("relations",),
    "symmetry": ("groups", "symmetries"),
    "transformation": ("transformations",),
    "consistency": ("scene_graph", "repairs"),
    "reasoning": ("answer",),
}
PLUGGABLE_NODES = tuple(NODE_OUTPUTS)


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
    """``{node: agent instance}`` of the plug-ins named in ``agents``; :class:`ConfigError`
    listing the known agents on an unknown name."""
    from spatioxolver.plugins import load_agent

    loaded: dict[str, Any] = {}
    for node, name in check_agents(agents).items():
        agent = load_agent(name)
        if not callable(getattr(agent, "run", None)):
            raise ConfigError(f"agent plug-in {name!r} has no run(state, runtime) method")
        loaded[node] = agent
    return loaded


def _validated(node: str, key: str, value: Any, name: str) -> Any:
    from pydantic import BaseModel, ValidationError

    from spatioxolver.schema import (
        Group,
        ImageInfo,
        Relation,
        SceneGraph,
        SpatialObject,
        Symmetry,
        Transformation,
    )

    models: dict[str, type[BaseModel]] = {
        "objects": SpatialObject,
        "images": ImageInfo,
        "relations": Relation,
        "groups": Group,
        "symmetries": Symmetry,
        "transformations": Transformation,
    }
    where = f"agent {name!r} (node {node!r}) returned"
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


@cache
def builtin_agent(node: str) -> Any:
    """The built-in agent of ``node`` (loaded once through its entry point)."""
    from spatioxolver.plugins import load_agent

    return load_agent(node)


async def run_agent(
    node: str, state: Mapping[str, Any], runtime: Any, entry: dict[str, Any]
) -> dict[str, Any]:
    """Run ``node``'s agent (plug-in or built-in); returns the checked state update."""
    ctx = runtime.context
    plugin = ctx.plugins.get(node)
    agent = plugin if plugin is not None else builtin_agent(node)
    name = str(ctx.options["agents"][node]) if plugin is not None else node
    if plugin is not None:
        entry["plugin"] = name
    try:
        result = agent.run(state, runtime)
        if inspect.isawaitable(result):
            result = await result
    except SpatioxolverError:
        raise
    except Exception as exc:
        if plugin is None:
            raise
        raise ConfigError(
            f"agent plug-in {name!r} (node {node!r}) failed: {type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(result, Mapping):
        raise ConfigError(f"agent {name!r} (node {node!r}) returned {type(result).__name__}, not a dict")
    owned = NODE_OUTPUTS[node]
    update = {k: _validated(node, k, result[k], name) for k in owned if k in result}
    if node == "reasoning" and "answer" not in update:
        raise ConfigError(f"agent {name!r} (node 'reasoning') returned no 'answer'")
    extra = {k: v for k, v in result.items() if k not in owned}
    if extra:
        entry["output"] = _plain(extra)
    return update
