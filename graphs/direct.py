"""The direct graph: one model call with the seed's prompt for the protocol at hand.

The papers' baseline. The protocol (pairwise, CVT, inconsistency, MCQ, open) comes from
the example's structured query when the run has ground truth, else from parsing the
question. With the ``geometric`` model (no language model) the baseline is the raw
geometric perception read directly, without consistency repair (or the caller's
``scene_graph=``, read as given). Without images the prompt is text-only
(``direct_text``): the question, which carries the scene, plus the supplied scene graph
as compact JSON when there is one.

Example:
    >>> sorted(build_direct_graph().get_graph().nodes)
    ['__end__', '__start__', 'direct']
"""

from __future__ import annotations

from typing import Any

from spatioxolver.graphs._context import get_context
from spatioxolver.graphs._events import node_step
from spatioxolver.graphs._state import PipelineState

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["build_direct_graph", "direct_answer", "protocol_query"]


def protocol_query(ctx: Any, question: str, n_frames: int) -> dict[str, Any] | None:
    """The structured query: the example's (simulated models) or the parsed question, else None."""
    from spatioxolver.agents._reasoning import parse_question

    example = (ctx.ground_truth or {}).get("example") or {}
    if ctx.backend == "sim" and isinstance(example.get("query"), dict):
        return dict(example["query"])
    try:
        return parse_question(question, n_images=n_frames, choices=ctx.options.get("choices"))
    except UnsupportedQuestionError:
        return None


def _label(ref: Any) -> str:
    if isinstance(ref, dict):
        return str(ref.get("label") or ref.get("text"))
    return str(ref)


def _object_dictionary(ctx: Any) -> str:
    import json

    scenes = (ctx.ground_truth or {}).get("scenes") or []
    if not scenes:
        return "(see the tags in the image)"
    out = {}
    for obj in scenes[0].get("objects", []):
        if obj.get("label") is None:
            continue
        out[str(obj["label"])] = " ".join(
            str(obj.get(k)) for k in ("size", "color", "material", "shape") if obj.get(k)
        )
    return json.dumps(out)


async def direct_answer(ctx: Any, question: str, n_frames: int, entry: dict[str, Any]) -> dict[str, Any]:
    """One model call with the protocol's prompt; returns the answer dict."""
    from spatioxolver.graphs._calls import (
        call_model,
        parse_label,
        parse_letter,
        parse_option,
        parse_relation_set,
    )

    query = protocol_query(ctx, question, n_frames) or {}
    kind = query.get("type", "open")
    example = (ctx.ground_truth or {}).get("example") or {}
    if ctx.text_only:
        return await _text_answer(ctx, question, query, entry)
    if kind == "pairwise":
        objects = [_label(o) for o in query["objects"]]
        probe = {"kind": "pairwise", "axis": query["axis"], "objects": objects, "asks": query["asks"]}
        reply = await call_model(ctx, "direct_pairwise", {"question": question}, probe, entry)
        value = parse_label(reply.text, objects)
        return {"text": value, "value": value, "choice": None, "reasoner": "direct", "query": query}
    if kind in ("orbit", "top_down"):
        reply = await call_model(
            ctx,
            "direct_cvt",
            {"question": question, "objects": _object_dictionary(ctx)},
            {"kind": "cvt"},
            entry,
        )
        value = reply.value if isinstance(reply.value, list) else parse_relation_set(reply.text)
        value = sorted(str(v) for v in value)
        return {
            "text": ", ".join(value) or "none",
            "value": value,
            "choice": None,
            "reasoner": "direct",
            "query": query,
        }
    if kind == "inconsistent_object":
        reply = await call_model(
            ctx, "direct_inconsistency", {"question": question}, {"kind": "inconsistency"}, entry
        )
        value = parse_letter(reply.text)
        return {"text": value, "value": value, "choice": None, "reasoner": "direct", "query": query}
    if kind == "mcq":
        choices = list(
            example.get("choices") or (query or {}).get("options") or ctx.options.get("choices") or []
        )
        from spatioxolver.agents._reasoning import split_options

        stem, inline = split_options(question)
        stem = stem if inline else question
        options = "\n".join(f"{i}. {c}" for i, c in enumerate(choices, start=1))
        reply = await call_model(
            ctx, "direct_mcq", {"question": stem, "options": options}, {"kind": "mcq"}, entry
        )
        value = reply.value if isinstance(reply.value, int) else parse_option(reply.text, len(choices) or 4)
        return {"text": str(value), "value": value, "choice": value, "reasoner": "direct", "query": query}
    reply = await call_model(ctx, "direct_open", {"question": question}, {"kind": "open"}, entry)
    text = reply.text.strip()
    return {"text": text, "value": text, "choice": None, "reasoner": "direct", "query": query}


async def _text_answer(
    ctx: Any, question: str, query: dict[str, Any], entry: dict[str, Any]
) -> dict[str, Any]:
    """One text-only call (no image): the question, plus the supplied scene graph if any."""
    from spatioxolver.agents.reasoning import parse_reply, probe_for, reply_format
    from spatioxolver.graphs._calls import call_model
    from spatioxolver.graphs._given import scene_graph_prompt

    example = (ctx.ground_truth or {}).get("example")
    probe = probe_for(example, query)
    choices = list((example or {}).get("choices") or query.get("options") or ctx.options.get("choices") or [])
    stem = question
    if probe["kind"] == "mcq":
        from spatioxolver.agents._reasoning import split_options

        head, inline = split_options(question)
        stem = head if inline else question
    graph = ctx.given_graph
    fields = {
        "what": " and a scene graph" if graph is not None else " in the question",
        "scene": f"\nScene graph (JSON):\n{scene_graph_prompt(graph)}\n" if graph is not None else "",
        "question": stem,
        "options": "".join(f"{i}. {c}\n" for i, c in enumerate(choices, start=1)),
        "answer_format": reply_format(probe["kind"]),
    }
    reply = await call_model(ctx, "direct_text", fields, probe, entry)
    answer = parse_reply(reply, probe, choices)
    answer.update(reasoner="direct (text)", query=query)
    return answer


async def direct_node(state: PipelineState) -> dict[str, Any]:
    ctx = get_context(state["run_id"])
    n_frames = int(state.get("n_frames", 1))
    with node_step("direct", ctx.backend) as entry:
        if ctx.backend == "geometric":
            from spatioxolver.agents.reasoning import reason_symbolic
            from spatioxolver.graphs._perception import perceive_raw

            from spatioxolver.schema import SceneGraph

            if ctx.given_graph is not None:
                graph = ctx.given_graph.model_dump(mode="json")
                entry["note"] = "scene graph supplied by the caller (read as given, no repair)"
            else:
                graph = await perceive_raw(ctx, entry)
            ans = reason_symbolic(
                state["question"],
                SceneGraph.model_validate(graph),
                n_images=n_frames,
                choices=ctx.options.get("choices"),
            )
            answer = {
                "text": ans.text,
                "value": ans.value,
                "choice": ans.choice,
                "rationale": ans.rationale,
                "reasoner": "symbolic (raw relations)",
                "problem": ans.problem,
            }
            return {"answer": answer, "scene_graph": graph, "trace": [entry]}
        answer = await direct_answer(ctx, state["question"], n_frames, entry)
    return {"answer": answer, "trace": [entry]}


def build_direct_graph(checkpointer: Any = None) -> Any:
    """Compile the direct graph: START -> direct -> END."""
    from langgraph.graph import END, START, StateGraph
    from spatioxolver.graphs._calls import model_retry_policy

    g = StateGraph(PipelineState)
    g.add_node("direct", direct_node, retry_policy=model_retry_policy())
    g.add_edge(START, "direct")
    g.add_edge("direct", END)
    return g.compile(checkpointer=checkpointer)
