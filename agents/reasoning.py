"""The reasoning agent: a symbolic reasoner over the scene graph, and an LLM reasoner.

* ``symbolic`` (the geometric backend) parses the question into one of the supported
  forms (see :mod:`spatioxolver.agents._reasoning._parse`) and answers it from the
  (consistency-repaired) scene graph. A name matching no object, or an MCQ answer matching
  no option, is answered with ``value=None`` and a text saying so. A question it cannot parse raises
  :class:`~spatioxolver.errors.UnsupportedQuestionError` ("unsupported by the geometric
  reasoner — use an LLM model"); it never guesses.
* ``llm`` sends the standardized scene graph JSON (and optionally the image) with the
  question to a model, prompt ``prompts/reasoning.txt``.

Example:
    >>> from spatioxolver.schema import SceneGraph, SpatialObject, Relation
    >>> g = SceneGraph(objects=[SpatialObject(id="o1", label="1"), SpatialObject(id="o2", label="2")],
    ...                relations=[Relation(subject="o1", predicate="closer_than", object="o2", axis="D")])
    >>> reason_symbolic("Which object is further: 1 or 2?", g).value
    '2'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from spatioxolver.agents._reasoning import SymbolicAnswer, answer_query, parse_question
from spatioxolver.agents._reasoning._forms import answer_fields, form_of, format_instruction, reply_parser

from spatioxolver.schema import SceneGraph

__all__ = [
    "ReasoningAgent",
    "reason_symbolic",
    "reason_llm",
    "compact_scene_graph",
    "protocol_query",
    "task_for",
    "choices_of",
    "reasoner_of",
    "REASONERS",
    "ask_in_form",
    "parse_reply",
]


def reason_symbolic(
    question: str, graph: SceneGraph, *, n_images: int = 1, choices: list[str] | None = None
) -> SymbolicAnswer:
    """Parse ``question`` and answer it from ``graph`` (see the module docstring)."""
    query = parse_question(question, n_images=n_images, choices=choices)
    return answer_query(query, graph)


def compact_scene_graph(graph: SceneGraph) -> dict[str, Any]:
    """The standardized scene graph as the reasoning model reads it.

    Only what the model needs leaves the machine: objects by their name (the drawn label,
    else a neutral ``object N``), attributes, boxes, depth cue and frame; each axis whose
    relations form one complete order as that order (``orders``: linear in the number of
    objects), other relations as triples; groups, symmetries and transformations by name. No masks, file paths, image hashes,
    internal ids, provenance or feature extras.
    """
    names: dict[str, str] = {}
    for k, obj in enumerate(graph.objects, start=1):
        names[obj.id] = str(obj.label) if obj.label is not None else f"object {k}"

    def name(i: Any) -> Any:
        return names.get(str(i), i)

    objects = []
    for obj in graph.objects:
        item: dict[str, Any] = {"name": names[obj.id]}
        attrs = {a: getattr(obj.attributes, a) for a in ("color", "shape", "size", "material")}
        item.update({k: v for k, v in attrs.items() if v})
        if obj.bbox is not None:
            item["bbox"] = [round(float(v)) for v in obj.bbox]
        if obj.depth is not None:
            item["depth"] = round(float(obj.depth), 4)
        if obj.frame:
            item["frame"] = obj.frame
        objects.append(item)
    orders, rest = _axis_orders(graph.relations, name)
    relations = [
        {"subject": name(r.subject), "predicate": r.predicate, "object": name(r.object), "axis": r.axis,
         "confidence": round(float(r.confidence), 3)}
        for r in rest
    ]  # fmt: skip
    groups = [{"kind": g.kind, "members": [name(m) for m in g.members]} for g in graph.groups]
    symmetries = [
        {"kind": s.kind, "axis": s.axis, "pairs": [[name(a), name(b)] for a, b in s.pairs]}
        for s in graph.symmetries
    ]
    transformations = [
        {k: v for k, v in {"object": name(t.object) if t.object else None, "kind": t.kind,
                            "inconsistent": t.inconsistent or None}.items() if v is not None}
        for t in graph.transformations
    ]  # fmt: skip
    return {
        "objects": objects,
        "orders": orders,
        "relations": relations,
        "groups": groups,
        "symmetries": symmetries,
        "transformations": transformations,
    }


_ORDER_NAMES = {"H": "H (left to right)", "V": "V (top to bottom)", "D": "D (closest to furthest)"}


def _axis_orders(relations: list[Any], name: Any) -> tuple[dict[str, list[Any]], list[Any]]:
    """Each axis whose relations order every related object completely and without a cycle, written as that order
    (a list linear in the number of objects, instead of one relation per pair); the
    relations of the other axes as they are."""
    import networkx as nx

    involved = {i for r in relations for i in (r.subject, r.object)}
    by_axis: dict[str, list[Any]] = {}
    for r in relations:
        by_axis.setdefault(r.axis, []).append(r)
    orders: dict[str, list[Any]] = {}
    rest: list[Any] = []
    for axis, rels in by_axis.items():
        from spatioxolver.schema import AXIS_PREDICATES

        first = AXIS_PREDICATES.get(axis, ("",))[0]
        g = nx.DiGraph()
        for r in rels:
            a, b = (r.subject, r.object) if r.predicate == first else (r.object, r.subject)
            g.add_edge(a, b)
        n = g.number_of_nodes()
        pairs = {frozenset((r.subject, r.object)) for r in rels}
        if (
            axis in _ORDER_NAMES
            and set(g.nodes) == involved
            and len(pairs) == len(rels) == n * (n - 1) // 2
            and nx.is_directed_acyclic_graph(g)
        ):
            orders[_ORDER_NAMES[axis]] = [name(i) for i in nx.topological_sort(g)]
        else:
            rest.extend(rels)
    return orders, rest


def protocol_query(ctx: Any, question: str, n_frames: int) -> dict[str, Any] | None:
    """What the question asks, structured: the benchmark's query when the run was given one
    (``query=`` option: a protocol input, never gold), else the parsed question, else ``None``."""
    from spatioxolver.errors import UnsupportedQuestionError

    given = ctx.options.get("query")
    if isinstance(given, Mapping) and given.get("type"):
        return dict(given)
    try:
        return parse_question(question, n_images=n_frames, choices=ctx.options.get("choices"))
    except UnsupportedQuestionError:
        return None


def task_for(query: Mapping[str, Any] | None) -> dict[str, Any]:
    """The gold-free task of a question (what a simulated model answers), from its query."""
    q = dict(query or {})
    kind = q.get("type", "open")
    if kind == "pairwise":
        objects = q.get("objects") or []
        objects = [o.get("label") or o.get("text") if isinstance(o, dict) else o for o in objects]
        return {"kind": "pairwise", "axis": q.get("axis"), "objects": objects, "asks": q.get("asks")}
    if kind in ("orbit", "top_down"):
        return {"kind": "cvt"}
    if kind == "inconsistent_object":
        return {"kind": "inconsistency"}
    if kind == "mcq":
        return {"kind": "mcq"}
    return {"kind": "open"}


def choices_of(ctx: Any, query: Mapping[str, Any] | None) -> list[str]:
    """The MCQ options: the run's ``choices``, else the ones parsed from the question."""
    return list(ctx.options.get("choices") or (query or {}).get("options") or [])


async def reason_llm(
    ctx: Any,
    question: str,
    graph: SceneGraph,
    *,
    query: Mapping[str, Any] | None = None,
    with_image: bool = True,
) -> dict[str, Any]:
    """Ask the run's model to answer from the scene graph; returns the answer dict.

    The reply is read by the question's answer form (:mod:`._reasoning._forms`); a reply
    that declines gives ``value=None`` and a ``no_answer`` reason, and is not cached.
    """
    query = ctx.options.get("query") or query
    task = task_for(query)
    choices = choices_of(ctx, query)
    compact = compact_scene_graph(graph)
    form = "pairwise" if task["kind"] == "pairwise" else form_of(query)
    lettered = any(o.label and len(o.label.strip()) == 1 and o.label.strip().isalpha() for o in graph.objects)
    lettered = lettered or "letter" in question.lower()
    if form == "inconsistency" and not (query or {}).get("labels") and not lettered:
        form = "object"  # "which object was moved?" without letters: answered by name
    labels = (
        [str(o) for o in task["objects"]] if form == "pairwise" else [o["name"] for o in compact["objects"]]
    )
    options = "".join(f"{i}. {c}\n" for i, c in enumerate(choices, start=1))
    fields = {
        "scene_graph": json.dumps(compact, sort_keys=True),
        "question": question,
        "options": ("Options:\n" + options) if options else "",
        "answer_format": format_instruction(form),
    }
    ask = {
        "task": task, "form": form, "labels": labels, "n_options": len(choices) or 4, "choices": choices,
        "images": with_image and bool(ctx.frames), "agent": "reasoning", "reasoner": "llm",
    }  # fmt: skip
    answer = await ask_in_form(ctx, "reasoning", fields, **ask)
    rounds = refinements_of(ctx)
    for k in range(rounds):
        if answer.get("value") is None:
            break  # nothing to check
        checked = await ask_in_form(ctx, "reasoning_refine", {**fields, "previous": answer["text"]}, **ask)
        changed = checked.get("value") is not None and checked["value"] != answer["value"]
        answer["refinements"] = [*answer.get("refinements", []), {"round": k + 1, "text": checked["text"],
                                 "changed": changed}]  # fmt: skip
        _record_refinements(answer["refinements"])
        if not changed:
            break  # the answer held
        answer = {**checked, "refinements": answer["refinements"]}
    return answer


def _record_refinements(rounds: list[dict[str, Any]]) -> None:
    from spatioxolver.models import current_step

    step = current_step()
    if step is not None:
        step["refinements"] = list(rounds)


def refinements_of(ctx: Any) -> int:
    """The reasoning agent's refinement rounds (``refinements`` option, default 0): after
    answering, the model checks its answer against the scene graph up to this many times,
    stopping when the answer holds.

    Raises:
        ConfigError: not a whole number from 0 to 5.
    """
    from spatioxolver.errors import ConfigError

    raw = ctx.options.get("refinements", 0)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= 5:
        raise ConfigError(f"refinements={raw!r}: give a whole number of rounds from 0 to 5")
    return raw


async def ask_in_form(
    ctx: Any,
    template: str,
    fields: dict[str, Any],
    *,
    task: Mapping[str, Any],
    form: str,
    labels: list[str] | tuple[str, ...] = (),
    n_options: int = 4,
    choices: list[str] | tuple[str, ...] = (),
    images: bool = True,
    agent: str | None = None,
    reasoner: str,
    decoding: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One model call whose reply is read in ``form``; returns the answer dict
    (``text``, ``value``, ``choice``, ``rationale``, ``reasoner`` and, when the model
    declined, ``no_answer``). ``decoding``: the protocol's defaults (the run's options win)."""
    from spatioxolver.errors import NoAnswerError
    from spatioxolver.replies import no_answer

    parser = reply_parser(form, labels=labels, n_options=n_options, choices=choices)
    try:
        reply = await ctx.call(
            template, fields, task=dict(task), parser=parser, images=images, agent=agent,
            decoding=dict(decoding) if decoding else None,
        )  # fmt: skip
    except NoAnswerError as exc:
        return {**no_answer(exc.raw, exc), "rationale": "", "reasoner": reasoner}
    return {**answer_fields(form, reply.parsed), "rationale": "", "reasoner": reasoner}


def parse_reply(reply: Any, task: Mapping[str, Any], choices: list[str]) -> dict[str, Any]:
    """A model reply -> the answer dict, read in the form of the task's kind.

    A reply that declines to answer gives ``value=None`` and a ``no_answer`` reason
    (:func:`spatioxolver.replies.no_answer`); garbled text raises ``ParseError``.
    """
    from spatioxolver.errors import NoAnswerError
    from spatioxolver.replies import no_answer

    form = task["kind"]
    parser = reply_parser(
        form, labels=[str(o) for o in task.get("objects") or []], n_options=len(choices) or 4, choices=choices
    )
    try:
        value = parser(reply.text)
    except NoAnswerError as exc:
        return {**no_answer(reply.text, exc), "rationale": "", "reasoner": "llm"}
    return {**answer_fields(form, value), "rationale": "", "reasoner": "llm"}


class ReasoningAgent:
    """Answers the question from the (repaired) scene graph.

    Without a model: the symbolic reasoner (an unsupported question raises
    :class:`~spatioxolver.errors.UnsupportedQuestionError`). With a model: the symbolic
    reasoner when the question parses and its answer is usable, else the model reasons over
    the scene graph JSON (and the image), prompt ``prompts/reasoning.txt``.
    Returns ``{"answer": {...}}``.
    """

    name = "reasoning"
    description = "symbolic reasoner over the scene graph; LLM reasoner over its JSON"
    backends: tuple[str, ...] = ("symbolic", "llm")

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        from spatioxolver.agents._reasoning import query_nouns

        from spatioxolver.errors import UnsupportedQuestionError

        from ._vision.state import note

        ctx = runtime.context
        question = str(state.get("question") or "")
        graph = SceneGraph.model_validate(state["scene_graph"])
        prior = ctx.options.get("world_prior")
        if prior and not graph.provenance.get("world_prior"):  # a given graph: the run's prior
            graph = graph.model_copy(update={"provenance": {**graph.provenance, "world_prior": prior}})
        n_frames = int(state.get("n_frames", 1))
        query = None
        mode = reasoner_of(ctx)
        if mode == "llm":
            _set_reasoner("llm")
            query = protocol_query(ctx, question, n_frames)
            answer = await reason_llm(ctx, question, graph, query=query)
            answer["query"] = query
            return {"answer": answer}
        try:
            query = parse_question(question, n_images=n_frames, choices=ctx.options.get("choices"))
            auto = mode == "auto"
            needs_model = (
                auto
                and query["type"] == "inconsistent_object"
                and not any(t.get("inconsistent") for t in state["scene_graph"].get("transformations", []))
            )
            ans = None if needs_model else answer_query(query, graph)
            if ans is not None and ans.problem and auto and (ans.no_option or query_nouns(query)):
                # A noun outside the shape vocabulary matched nothing in the graph, or the derived
                # MCQ answer is none of the options: a language model may still know the object
                # under another name or pick an option, so it reasons instead.
                note(f"symbolic: {ans.problem}; asked the LLM reasoner")
                ans = None
            if ans is not None:
                _set_reasoner("symbolic")
                return {"answer": {**ans.as_answer(), "query": query}}
        except UnsupportedQuestionError:
            if mode != "auto":
                raise
        _set_reasoner("llm")
        answer = await reason_llm(ctx, question, graph, query=query)
        answer["query"] = query
        return {"answer": answer}


REASONERS = ("auto", "llm", "symbolic")


def reasoner_of(ctx: Any) -> str:
    """The run's reasoner: the ``reasoner`` option, else ``llm`` for a real language model
    (the paper's chain: the reasoning agent is the model), ``auto`` for a simulated one (it
    answers from its answer key, not from the scene graph, so the symbolic reader answers
    what it can parse) and ``symbolic`` without a model.

    Raises:
        ConfigError: an unknown reasoner, or ``llm`` in a run without a model.
    """
    from spatioxolver.errors import ConfigError

    chosen = ctx.options.get("reasoner")
    if chosen is None:
        return {"llm": "llm", "sim": "auto"}.get(ctx.backend, "symbolic")
    chosen = str(chosen).strip().lower()
    if chosen not in REASONERS:
        raise ConfigError(f"unknown reasoner {chosen!r}; use one of {', '.join(REASONERS)}")
    if chosen == "llm" and not ctx.uses_model:
        raise ConfigError("reasoner='llm' needs a language model; the run's model is 'geometric'")
    return chosen if ctx.uses_model else "symbolic"


def _set_reasoner(name: str) -> None:
    from spatioxolver.models import current_step

    step = current_step()
    if step is not None:
        step["reasoner"] = name
