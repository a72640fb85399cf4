"""The direct graph: one model call with the seed's prompt for the protocol at hand.

The papers' baseline. The protocol (pairwise, CVT, inconsistency, MCQ, open) comes from
the benchmark's structured query when the run was given one (``query=``), else from parsing the
question. With the ``geometric`` model (no language model) the baseline is the raw
geometric perception read directly, without consistency repair (or the caller's
``scene_graph=``, read as given). Without images the prompt is text-only
(``direct_text``): the question, which carries the scene, plus the supplied scene graph
as compact JSON when there is one.

Seed 003's concatenated sequential form (query type ``cvt_batch``): the question holds many
scenes' blocks and questions, ``query["items"]`` names each question (scene, ``q_<n>``); one
call with ``direct_cvt_batch`` asks for one JSON object of all answers. The reply is checked to
be such a table (:func:`spatioxolver.replies.parse_answer_table`) and returned as ``text``
(``value`` stays ``None``: the caller reads each entry, see :mod:`spatioxolver.evals.batch`).

Example:
    >>> sorted(build_direct_graph().get_graph().nodes)
    ['__end__', '__start__', 'direct']
"""

from __future__ import annotations

from typing import Any

from spatioxolver.graphs._events import node_step
from spatioxolver.graphs._spec import END, START, GraphSpec
from spatioxolver.graphs._state import PipelineState

from spatioxolver.controls import PROTOCOL_DECODING

__all__ = ["direct_spec", "build_direct_graph", "direct_answer", "MCQ_DECODING", "OPEN_DECODING"]

#: SpatiaLab's answer-model settings (seed 004, appendix D.1 / D.2); run options override them.
MCQ_DECODING = PROTOCOL_DECODING["direct_mcq"]
OPEN_DECODING = PROTOCOL_DECODING["direct_open"]


def _label(ref: Any) -> str:
    if isinstance(ref, dict):
        return str(ref.get("label") or ref.get("text"))
    return str(ref)


def _object_dictionary(ctx: Any) -> str:
    """CVT's object dictionary (tag -> description), a protocol input given by the benchmark."""
    import json

    table = ctx.options.get("object_dictionary")
    if not table:
        return "(see the tags in the image)"
    return json.dumps({str(k): str(v) for k, v in dict(table).items()})


async def direct_answer(ctx: Any, question: str, n_frames: int) -> dict[str, Any]:
    """One model call with the protocol's prompt; returns the answer dict (a reply that
    declines gives ``value=None`` and a ``no_answer`` reason)."""
    from spatioxolver.agents.reasoning import ask_in_form, choices_of, protocol_query

    query = protocol_query(ctx, question, n_frames) or {}
    kind = query.get("type", "open")
    if kind == "cvt_batch":
        return await _batch_answer(ctx, question, query)
    if ctx.text_only:
        return await _text_answer(ctx, question, query)
    labels: list[str] = []
    n_options = 4
    choices: list[str] = []
    if kind == "pairwise":
        labels = [_label(o) for o in query["objects"]]
        task = {"kind": "pairwise", "axis": query["axis"], "objects": labels, "asks": query["asks"]}
        form, template, fields = "pairwise", "direct_pairwise", {"question": question}
    elif kind in ("orbit", "top_down"):
        task, form, template = {"kind": "cvt"}, "cvt", "direct_cvt"
        fields = {"question": question, "objects": _object_dictionary(ctx)}
    elif kind == "inconsistent_object" and (
        query.get("labels") or ctx.marks_for(0) or "letter" in question.lower()
    ):  # seed 002's protocol: letters mark the objects
        task, form, template = {"kind": "inconsistency"}, "inconsistency", "direct_inconsistency"
        fields = {"question": question}
    elif kind == "mcq":
        from spatioxolver.agents._reasoning import split_options

        choices = choices_of(ctx, query)
        n_options = len(choices) or 4
        stem, inline = split_options(question)
        options = "\n".join(f"{i}. {c}" for i, c in enumerate(choices, start=1))
        task, form, template = {"kind": "mcq"}, "mcq", "direct_mcq"
        fields = {"question": stem if inline else question, "options": options}
    else:
        task, form, template, fields = {"kind": "open"}, "open", "direct_open", {"question": question}
    decoding = {"mcq": MCQ_DECODING, "open": OPEN_DECODING}.get(form)
    answer = await ask_in_form(
        ctx, template, fields, task=task, form=form, labels=labels, n_options=n_options, reasoner="direct",
        choices=choices if kind == "mcq" else (),
        decoding=decoding,
    )  # fmt: skip
    return {**answer, "query": query}


async def _batch_answer(ctx: Any, question: str, query: dict[str, Any]) -> dict[str, Any]:
    """Seed 003's one call per batch: every scene block and question in one prompt, one JSON table back."""
    from spatioxolver.replies import parse_answer_table

    items = [{"scene": str(i["scene"]), "qid": str(i["qid"])} for i in query.get("items") or []]
    what = "scene descriptions" if ctx.text_only else "images"
    reply = await ctx.call(
        "direct_cvt_batch", {"what": what, "scenes": question}, task={"kind": "cvt_batch", "items": items},
        parser=parse_answer_table,
    )  # fmt: skip
    return {"text": reply.text, "value": None, "choice": None, "rationale": "", "reasoner": "direct (batch)",
            "query": query}  # fmt: skip


async def _text_answer(ctx: Any, question: str, query: dict[str, Any]) -> dict[str, Any]:
    """One text-only call (no image): the question, plus the supplied scene graph if any."""
    from spatioxolver.agents._reasoning._forms import format_instruction
    from spatioxolver.agents.reasoning import ask_in_form, choices_of, task_for
    from spatioxolver.graphs._given import scene_graph_prompt

    task = task_for(query)
    choices = choices_of(ctx, query)
    stem = question
    if task["kind"] == "mcq":
        from spatioxolver.agents._reasoning import split_options

        head, inline = split_options(question)
        stem = head if inline else question
    graph = ctx.given_graph
    fields = {
        "what": " and a scene graph" if graph is not None else " in the question",
        "scene": f"\nScene graph (JSON):\n{scene_graph_prompt(graph)}\n" if graph is not None else "",
        "question": stem,
        "options": "".join(f"{i}. {c}\n" for i, c in enumerate(choices, start=1)),
        "answer_format": format_instruction(task["kind"]),
    }
    labels = [str(o) for o in task.get("objects") or []]
    answer = await ask_in_form(
        ctx, "direct_text", fields, task=task, form=task["kind"], labels=labels, n_options=len(choices) or 4,
        choices=choices,
        reasoner="direct (text)",
    )  # fmt: skip
    return {**answer, "query": query}


async def direct_node(state: PipelineState, runtime: Any) -> dict[str, Any]:
    ctx = runtime.context
    n_frames = int(state.get("n_frames", 1))
    with node_step("direct", ctx.backend) as entry:
        if not ctx.uses_model:
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
            # the whole typed answer: an abstention or "cannot tell" stays one in this graph too
            answer = {**ans.as_answer(), "reasoner": "symbolic (raw relations)"}
            return {"answer": answer, "scene_graph": graph, "trace": [entry]}
        answer = await direct_answer(ctx, state["question"], n_frames)
    return {"answer": answer, "trace": [entry]}


def direct_spec() -> GraphSpec:
    """START -> direct -> END, as data."""
    return GraphSpec("direct", nodes=(("direct", direct_node),), edges=((START, "direct"), ("direct", END)))


def build_direct_graph(checkpointer: Any = None) -> Any:
    """Compile the direct graph: START -> direct -> END."""
    return direct_spec().compile(checkpointer)
