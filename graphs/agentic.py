"""The agentic graph: the SpatioXolver agent chain as a LangGraph state machine.

``segmentation -> attributes (per-object fan-out with Send for model backends) ->
relations -> symmetry -> transformation (only with two or more frames) -> scene_graph ->
consistency -> reasoning``. A cached perception skips straight to ``reasoning``; a scene
graph supplied by the caller (``scene_graph=``) skips perception and starts at
``consistency``. A node named in the ``agents`` option (``{node: entry-point name}``)
runs that plug-in's ``run(state, config)`` instead (:mod:`spatioxolver.graphs._plugins`).
Without images (text-only runs) model backends perceive the scene
from the question text (templates ``text_objects`` / ``text_relations``). Nodes
that call models carry a :class:`RetryPolicy` (retrying :class:`ModelError` only).

Example:
    >>> graph = build_agentic_graph()
    >>> "consistency" in graph.get_graph().nodes
    True
"""

from __future__ import annotations

from typing import Any

from spatioxolver.graphs._context import get_context
from spatioxolver.graphs._events import node_step
from spatioxolver.graphs._plugins import run_plugin
from spatioxolver.graphs._state import ObjectTask, PipelineState

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["build_agentic_graph", "RECURSION_LIMIT", "reason_node_answer"]

#: Explicit recursion limit (the chain has 9 nodes; a fan-out counts as one step).
RECURSION_LIMIT = 40


async def segmentation_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import image_infos, segment_frames

    ctx = get_context(state["run_id"])
    with node_step("segmentation", _backend(ctx, "segmentation", ctx.backend)) as entry:
        if "segmentation" in ctx.plugins:
            objects = (await run_plugin("segmentation", state, ctx, entry)).get("objects", [])
        else:
            objects = await segment_frames(ctx, entry)
        entry["objects"] = len(objects)
    return {"objects": objects, "images": image_infos(ctx), "trace": [entry]}


def _backend(ctx: Any, node: str, default: str) -> str:
    """The trace's backend of ``node``: ``plugin:<name>`` when a plug-in replaces it."""
    return f"plugin:{ctx.options['agents'][node]}" if node in ctx.plugins else default


def fan_out_attributes(state: PipelineState) -> Any:
    """Geometric: one batch node. Model backends: one ``Send`` per object."""
    from langgraph.types import Send

    ctx = get_context(state["run_id"])
    objects = state.get("objects") or []
    if ctx.backend == "geometric" or not objects or "attributes" in ctx.plugins:
        return "attributes"
    return [
        Send("attribute_object", ObjectTask(run_id=state["run_id"], index=i, object=o))
        for i, o in enumerate(objects)
    ]


async def attributes_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import describe_objects

    ctx = get_context(state["run_id"])
    with node_step("attributes", _backend(ctx, "attributes", ctx.backend)) as entry:
        objects = state.get("objects") or []
        if "attributes" in ctx.plugins:
            objects = (await run_plugin("attributes", state, ctx, entry)).get("objects", objects)
        elif ctx.backend == "geometric" and objects:
            import asyncio

            objects = await asyncio.to_thread(describe_objects, ctx, objects)
    return {"objects": objects, "trace": [entry]}


async def attribute_object_node(task: ObjectTask) -> dict[str, Any]:
    from spatioxolver.graphs._perception import normalize_object

    ctx = get_context(task["run_id"])
    with node_step("attribute_object", ctx.backend, object=task["object"]["id"]) as entry:
        obj = normalize_object(task["object"])
    return {"described": [{"index": task["index"], "object": obj}], "trace": [entry]}


async def relations_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import relate_objects

    ctx = get_context(state["run_id"])
    objects = state.get("objects") or []
    described = state.get("described") or []
    if described:
        objects = [d["object"] for d in sorted(described, key=lambda d: d["index"])]
    with node_step("relations", _backend(ctx, "relations", ctx.backend)) as entry:
        if "relations" in ctx.plugins:
            update = await run_plugin("relations", {**state, "objects": objects, "described": []}, ctx, entry)
            relations = update.get("relations", [])
        else:
            relations = await relate_objects(ctx, objects, entry) if len(objects) > 1 else []
        entry["relations"] = len(relations)
    return {"objects": objects, "relations": relations, "trace": [entry]}


async def symmetry_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import structure

    ctx = get_context(state["run_id"])
    with node_step("symmetry", _backend(ctx, "symmetry", "geometric")) as entry:
        if "symmetry" in ctx.plugins:
            update = await run_plugin("symmetry", state, ctx, entry)
            groups, symmetries = update.get("groups", []), update.get("symmetries", [])
        else:
            groups, symmetries = structure(ctx, state.get("objects") or [])
        entry["groups"], entry["symmetries"] = len(groups), len(symmetries)
    return {"groups": groups, "symmetries": symmetries, "trace": [entry]}


def after_symmetry(state: PipelineState) -> str:
    """Transformation tracking only runs with two or more frames."""
    return "transformation" if int(state.get("n_frames", 1)) >= 2 else "scene_graph"


async def transformation_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import track_frames

    ctx = get_context(state["run_id"])
    with node_step("transformation", _backend(ctx, "transformation", ctx.backend)) as entry:
        if "transformation" in ctx.plugins:
            update = await run_plugin("transformation", state, ctx, entry)
            transformations = update.get("transformations", [])
        elif ctx.backend == "geometric":
            transformations = track_frames(ctx, state.get("objects") or [])
        else:
            # Model backends perceive frame 0 only; the LLM reasoner compares the views.
            transformations = []
            entry["note"] = "model backend: the reasoning agent compares the frames"
        entry["transformations"] = len(transformations)
    return {"transformations": transformations, "trace": [entry]}


async def scene_graph_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.graphs._perception import assemble

    ctx = get_context(state["run_id"])
    with node_step("scene_graph", "standardize") as entry:
        graph = assemble(dict(state), ctx)
        entry["objects"] = len(graph["objects"])
    return {"scene_graph": graph, "trace": [entry]}


async def consistency_node(state: PipelineState) -> dict[str, Any]:
    from spatioxolver.agents.consistency import ConsistencyAgent

    ctx = get_context(state["run_id"])
    method = str(ctx.options.get("repair_method") or "auto")
    with node_step("consistency", _backend(ctx, "consistency", method)) as entry:
        if "consistency" in ctx.plugins:
            update = await run_plugin("consistency", state, ctx, entry)
            update = {"scene_graph": state["scene_graph"], "repairs": [], **update}
        else:
            update = await ConsistencyAgent().run(state, {"repair_method": method})
        for key in ("ctr_before", "ctr_after", "flipped"):
            entry[key] = {r.get("axis"): r.get(key) for r in update["repairs"]}
    return {**update, "trace": [entry]}


async def reason_node_answer(state: PipelineState, ctx: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """Symbolic answer when the question parses, else the LLM reasoner (model backends)."""
    from spatioxolver.agents._reasoning import answer_query, parse_question, query_nouns
    from spatioxolver.agents.reasoning import reason_llm

    from spatioxolver.schema import SceneGraph

    graph = SceneGraph.model_validate(state["scene_graph"])
    n_frames = int(state.get("n_frames", 1))
    query = None
    try:
        query = parse_question(state["question"], n_images=n_frames, choices=ctx.options.get("choices"))
        needs_llm = (
            ctx.backend != "geometric"
            and query["type"] == "inconsistent_object"
            and not any(t.get("inconsistent") for t in state["scene_graph"].get("transformations", []))
        )
        ans = None if needs_llm else answer_query(query, graph)
        if (
            ans is not None
            and ans.problem
            and ctx.backend != "geometric"
            and (ans.no_option or query_nouns(query))
        ):
            # A noun outside the shape vocabulary matched nothing in the graph, or the derived
            # MCQ answer is none of the options: a language model may still know the object
            # under another name or pick an option, so it reasons instead.
            entry["note"] = f"symbolic: {ans.problem}; asked the LLM reasoner"
            ans = None
        if ans is not None:
            entry["reasoner"] = "symbolic"
            return {**ans.as_answer(), "query": query}
    except UnsupportedQuestionError:
        if ctx.backend == "geometric":
            raise
    entry["reasoner"] = "llm"
    answer = await reason_llm(ctx, state["question"], graph, entry, query=query)
    answer["query"] = query
    return answer


async def reasoning_node(state: PipelineState) -> dict[str, Any]:
    ctx = get_context(state["run_id"])
    default = "symbolic" if ctx.backend == "geometric" else ctx.backend
    with node_step("reasoning", _backend(ctx, "reasoning", default)) as entry:
        if "reasoning" in ctx.plugins:
            answer = (await run_plugin("reasoning", state, ctx, entry))["answer"]
        else:
            answer = await reason_node_answer(state, ctx, entry)
    return {"answer": answer, "trace": [entry]}


def after_consistency(state: PipelineState) -> str:
    """``build_scene_graph`` stops after the consistency check (no question)."""
    from langgraph.graph import END

    return "reasoning" if state.get("question") else END


def start_route(state: PipelineState) -> str:
    """A cached scene graph skips perception; a supplied one is checked for consistency first."""
    if state.get("given_graph"):
        return "consistency"
    return "reasoning" if state.get("scene_graph") else "segmentation"


def build_agentic_graph(checkpointer: Any = None) -> Any:
    """Compile the agentic graph (optionally with a LangGraph checkpointer)."""
    from langgraph.graph import END, START, StateGraph
    from spatioxolver.graphs._calls import model_retry_policy

    g = StateGraph(PipelineState)
    g.add_node("segmentation", segmentation_node, retry_policy=model_retry_policy())
    g.add_node("attributes", attributes_node)
    g.add_node("attribute_object", attribute_object_node)  # type: ignore[arg-type]  # Send payload, not the state
    g.add_node("relations", relations_node, retry_policy=model_retry_policy())
    g.add_node("symmetry", symmetry_node)
    g.add_node("transformation", transformation_node)
    g.add_node("scene_graph", scene_graph_node)
    g.add_node("consistency", consistency_node)
    g.add_node("reasoning", reasoning_node, retry_policy=model_retry_policy())
    g.add_conditional_edges(START, start_route, ["segmentation", "consistency", "reasoning"])
    g.add_conditional_edges("segmentation", fan_out_attributes, ["attributes", "attribute_object"])
    g.add_edge("attributes", "relations")
    g.add_edge("attribute_object", "relations")
    g.add_edge("relations", "symmetry")
    g.add_conditional_edges("symmetry", after_symmetry, ["transformation", "scene_graph"])
    g.add_edge("transformation", "scene_graph")
    g.add_edge("scene_graph", "consistency")
    g.add_conditional_edges("consistency", after_consistency, ["reasoning", END])
    g.add_edge("reasoning", END)
    return g.compile(checkpointer=checkpointer)
