"""Standardization of the agents' parts into one scene graph, and the baselines' raw perception.

:func:`assemble` is the agentic graph's ``scene_graph`` step. :func:`perceive_raw` runs
the built-in perception agents in order without the consistency check (what the
``direct`` and ``cot_rank`` baselines read with the ``geometric`` model), cached per image.
"""

from __future__ import annotations

from typing import Any

from spatioxolver.schema import SceneGraph

__all__ = ["assemble", "perceive_raw"]


def assemble(state: dict[str, Any], ctx: Any) -> dict[str, Any]:
    """The standardized scene graph (validated) as a dict."""
    graph = SceneGraph.model_validate(
        {
            "objects": state.get("objects") or [],
            "relations": state.get("relations") or [],
            "groups": state.get("groups") or [],
            "symmetries": state.get("symmetries") or [],
            "transformations": state.get("transformations") or [],
            "images": state.get("images") or [],
            "provenance": {
                "model": ctx.model,
                "backend": ctx.backend,
                **({"camera": ctx.options["camera"]} if ctx.options.get("camera") else {}),
                **({"world_prior": ctx.options["world_prior"]} if ctx.options.get("world_prior") else {}),
            },
        }
    )
    return graph.model_dump(mode="json")


async def perceive_raw(ctx: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """Perception without consistency repair (the baselines' scene graph), cached per image."""
    from spatioxolver.graphs._agents import builtin_agent
    from spatioxolver.graphs._cache import perception_key, single_flight
    from spatioxolver.graphs._local import LocalRuntime

    async def perceive() -> dict[str, Any]:
        runtime = LocalRuntime(context=ctx)
        state: dict[str, Any] = {"question": ctx.question, "n_frames": len(ctx.frames) or 1}
        for node in ("segmentation", "attributes", "relations", "transformation"):
            state.update(await builtin_agent(node).run(state, runtime))
        return assemble(state, ctx)

    if not ctx.options.get("cache", True):
        return await perceive()
    async with single_flight(perception_key(ctx, "raw")) as flight:
        if flight.cached is not None:
            entry["cached"] = True
            return flight.cached["scene_graph"]
        graph = await perceive()
        flight.done({"scene_graph": graph})
        return graph
