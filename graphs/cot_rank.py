"""The CoT-rank graph (seed 000, Exp. 3): a holistic ranking first, pairwise answers read from it.

``rank`` asks the model to order every labelled object along the question's axis
(left to right, top to bottom, near to far) in one reply; ``read_pairwise`` answers the
pairwise question from the positions in that ranking, so answers read from one ranking
can never form a cycle. The ranking is cached per image, axis and label set (like
perception), so every pairwise question about one image reads the same ranking. With the ``geometric`` model the ranking is the score order of
the raw geometric relations. A question that is not pairwise is answered with the
direct protocol (recorded in the trace).

Example:
    >>> sorted(build_cot_rank_graph().get_graph().nodes)
    ['__end__', '__start__', 'rank', 'read_pairwise']
"""

from __future__ import annotations

from typing import Any

from spatioxolver.graphs._events import node_step
from spatioxolver.graphs._spec import END, START, GraphSpec
from spatioxolver.graphs._state import PipelineState

from spatioxolver.errors import ParseError

__all__ = ["cot_rank_spec", "build_cot_rank_graph", "ORDER_WORDS"]

ORDER_WORDS = {
    "H": "from left to right",
    "V": "from top to bottom",
    "D": "from closest to the camera to furthest from the camera",
}
_FIRST = {"left": True, "above": True, "closer": True, "right": False, "below": False, "further": False}


def _labels(ctx: Any, query: dict[str, Any]) -> list[str]:
    """Every label to rank: the benchmark's object labels (``labels=``), else the marks, plus
    the two the question names."""
    from spatioxolver.graphs.direct import _label

    labels = [str(x) for x in ctx.options.get("labels") or []]
    marks = ctx.options.get("marks")
    if not labels and isinstance(marks, dict):
        labels = [str(k) for k in marks]
    for ref in query["objects"]:
        if _label(ref) not in labels:
            labels.append(_label(ref))
    return labels


async def rank_node(state: PipelineState, runtime: Any) -> dict[str, Any]:
    from spatioxolver.agents.reasoning import protocol_query
    from spatioxolver.graphs.direct import direct_answer

    ctx = runtime.context
    n_frames = int(state.get("n_frames", 1))
    with node_step("rank", ctx.backend) as entry:
        query = protocol_query(ctx, state["question"], n_frames)
        if not query or query.get("type") != "pairwise":
            entry["note"] = "not a pairwise question: answered with the direct protocol"
            if not ctx.uses_model:
                from spatioxolver.graphs.direct import direct_node

                update = await direct_node(state, runtime)
                return {**update, "trace": update["trace"] + [entry]}
            answer = await direct_answer(ctx, state["question"], n_frames)
            return {"answer": answer, "trace": [entry]}
        axis = query["axis"]
        if not ctx.uses_model:
            ranking, graph = await _geometric_ranking(ctx, axis, entry)
            return {"ranking": ranking, "scene_graph": graph, "answer": {"query": query}, "trace": [entry]}
        from spatioxolver.graphs._cache import perception_key, single_flight

        from spatioxolver.errors import NoAnswerError
        from spatioxolver.replies import no_answer

        labels = _labels(ctx, query)
        # One holistic ranking per image, axis and label set answers every pairwise question on it.
        stage = f"ranking:{axis}:{','.join(labels)}"
        if ctx.text_only:  # no image to key on: the scene text / supplied graph is the content
            import hashlib

            given = ctx.given_graph.model_dump_json() if ctx.given_graph is not None else ""
            stage += ":" + hashlib.sha256((ctx.question + given).encode()).hexdigest()[:16]
        try:
            if not ctx.options.get("cache", True):
                ranking = await _ask_ranking(ctx, labels, axis)
            else:
                async with single_flight(perception_key(ctx, stage)) as flight:
                    if flight.cached is not None:
                        entry["cached"] = True
                        ranking = flight.cached["ranking"]
                    else:
                        ranking = await _ask_ranking(ctx, labels, axis)
                        flight.done({"ranking": ranking})
        except NoAnswerError as exc:  # no ranking to answer from, and none cached
            answer = {**no_answer(exc.raw, exc), "reasoner": "cot_rank", "query": query}
            return {"answer": answer, "trace": [entry]}
        entry["ranking"] = ranking
    return {"ranking": ranking, "answer": {"query": query}, "trace": [entry]}


async def _ask_ranking(ctx: Any, labels: list[str], axis: str) -> list[str]:
    """One holistic ranking of ``labels`` along ``axis`` from the run's model."""
    from spatioxolver.replies import parse_ranking

    fields = {"labels": ", ".join(labels), "order": ORDER_WORDS[axis]}
    if ctx.text_only:  # the scene is the question's text (or the supplied graph)
        from spatioxolver.graphs._given import scene_graph_prompt

        scene = ctx.question if ctx.given_graph is None else scene_graph_prompt(ctx.given_graph)
        template, fields = "text_cot_rank", {**fields, "scene": scene}
    else:
        template = "cot_rank"
    task = {"kind": "ranking", "axis": axis, "objects": labels}
    reply = await ctx.call(template, fields, task=task, parser=lambda text: parse_ranking(text, labels))
    return list(reply.parsed)


async def _geometric_ranking(ctx: Any, axis: str, entry: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    from spatioxolver.agents._reasoning._names import display_name
    from spatioxolver.agents._reasoning._order import _axis_order
    from spatioxolver.graphs._perception import perceive_raw

    from spatioxolver.schema import SceneGraph

    if ctx.given_graph is not None:
        graph = ctx.given_graph.model_dump(mode="json")
    else:
        graph = await perceive_raw(ctx, entry)
    sg = SceneGraph.model_validate(graph)
    order = _axis_order(sg, axis, [o for o in sg.objects if o.frame == 0])
    ranking = [display_name(o) for o in order]
    entry["ranking"] = ranking
    return ranking, graph


async def read_pairwise_node(state: PipelineState, runtime: Any) -> dict[str, Any]:
    from spatioxolver.graphs.direct import _label

    ctx = runtime.context
    answer = dict(state.get("answer") or {})
    with node_step("read_pairwise", "ranking") as entry:
        if "text" in answer:  # answered by the direct fallback
            return {"trace": [entry]}
        query = answer["query"]
        ranking = [str(r).upper() for r in state.get("ranking") or []]
        a, b = (_label(o) for o in query["objects"])
        if not ctx.uses_model and state.get("scene_graph"):
            bound = _bind_geometric(state["scene_graph"], query["objects"], query["axis"])
            if isinstance(bound, str):  # a name matching no object (or several): say so
                answer.update(text=bound, value=None, choice=None, reasoner="cot_rank", problem=bound)
                answer.update(_unseen(state["scene_graph"], query["objects"]))
                return {"answer": answer, "trace": [entry]}
            (pos_a, a), (pos_b, b) = bound
            a_first = pos_a < pos_b
        else:
            missing = [x for x in (a, b) if x.upper() not in ranking]
            if missing:
                raise ParseError(f"the ranking omits {', '.join(missing)}", raw=str(state.get("ranking")))
            a_first = ranking.index(a.upper()) < ranking.index(b.upper())
        value = a if a_first == _FIRST[query["asks"]] else b
        answer.update(
            text=value,
            value=value,
            choice=None,
            reasoner="cot_rank",
            rationale=f"ranking {ORDER_WORDS[query['axis']]}: {', '.join(state['ranking'])}",
        )
        entry["backend"] = ctx.backend
    return {"answer": answer, "trace": [entry]}


def _bind_geometric(graph: dict[str, Any], refs: list[Any], axis: str) -> str | list[tuple[int, str]]:
    """Each reference's position in the geometric ranking and its answer name, or the
    reasoner's sentence when a name matches no object (or several, or both name one)."""
    from spatioxolver.agents._reasoning._names import bind_reference
    from spatioxolver.agents._reasoning._order import _axis_order

    from spatioxolver.schema import SceneGraph

    sg = SceneGraph.model_validate(graph)
    order = [o.id for o in _axis_order(sg, axis, [o for o in sg.objects if o.frame == 0])]
    out, texts = [], []
    for ref in refs:
        ref = ref if isinstance(ref, dict) else {"label": str(ref), "text": str(ref)}
        obj, problem, name = bind_reference(ref, sg)
        if obj is None:
            return str(problem)
        out.append((order.index(obj.id), name))
        texts.append(ref.get("text") or name)
    if out[0][0] == out[1][0]:
        return f"{texts[0]!r} and {texts[1]!r} name the same object."
    return out


def _unseen(graph: dict[str, Any], refs: list[Any]) -> dict[str, Any]:
    """The "Cannot tell" fields when a name outside the vocabulary matched nothing (as the
    symbolic reasoner answers), else nothing."""
    from spatioxolver.agents._reasoning._names import unseen_nouns, unseen_reason

    from spatioxolver.schema import SceneGraph

    nouns = unseen_nouns([r for r in refs if isinstance(r, dict)], SceneGraph.model_validate(graph))
    if not nouns:
        return {}
    return {"text": f"Cannot tell: {unseen_reason(nouns)}.", "no_answer": "cannot tell"}


def cot_rank_spec() -> GraphSpec:
    """START -> rank -> read_pairwise -> END, as data."""
    return GraphSpec(
        "cot_rank",
        nodes=(("rank", rank_node), ("read_pairwise", read_pairwise_node)),
        edges=((START, "rank"), ("rank", "read_pairwise"), ("read_pairwise", END)),
    )


def build_cot_rank_graph(checkpointer: Any = None) -> Any:
    """Compile the CoT-rank graph: START -> rank -> read_pairwise -> END."""
    return cot_rank_spec().compile(checkpointer)
