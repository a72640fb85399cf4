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

from spatioxolver.schema import SceneGraph

__all__ = [
    "ReasoningAgent",
    "reason_symbolic",
    "reason_llm",
    "compact_scene_graph",
    "probe_for",
    "reply_format",
    "parse_reply",
]

_FORMATS = {
    "pairwise": "Answer with just the object name (its label).",
    "cvt": 'Answer with a JSON list of relations, e.g. ["left", "front"].',
    "inconsistency": "Reply exactly as 'Final Answer: <LETTER>' with one capital letter.",
    "mcq": "Reply with the number of the correct option only.",
    "open": "Answer concisely in one or two sentences.",
}


def reason_symbolic(
    question: str, graph: SceneGraph, *, n_images: int = 1, choices: list[str] | None = None
) -> SymbolicAnswer:
    """Parse ``question`` and answer it from ``graph`` (see the module docstring)."""
    query = parse_question(question, n_images=n_images, choices=choices)
    return answer_query(query, graph)


def compact_scene_graph(graph: SceneGraph) -> dict[str, Any]:
    """The standardized scene graph without masks (what the LLM reasoner reads)."""
    data = graph.model_dump(mode="json")
    for obj in data["objects"]:
        obj.pop("mask", None)
    return data


def probe_for(example: Mapping[str, Any] | None, query: Mapping[str, Any] | None) -> dict[str, Any]:
    """The simulated-model probe for a question: from the example's query type, else the parse."""
    q = dict((example or {}).get("query") or query or {})
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


async def reason_llm(
    ctx: Any,
    question: str,
    graph: SceneGraph,
    entry: dict[str, Any],
    *,
    query: Mapping[str, Any] | None = None,
    with_image: bool = True,
) -> dict[str, Any]:
    """Ask the run's model to answer from the scene graph; returns the answer dict."""
    from spatioxolver.graphs._calls import call_model

    example = (ctx.ground_truth or {}).get("example")
    probe = probe_for(example, query)
    kind = probe["kind"]
    choices = list((example or {}).get("choices") or []) or list((query or {}).get("options") or [])
    options = "".join(f"{i}. {c}\n" for i, c in enumerate(choices, start=1))
    fields = {
        "scene_graph": json.dumps(compact_scene_graph(graph), sort_keys=True),
        "question": question,
        "options": ("Options:\n" + options) if options else "",
        "answer_format": _FORMATS[kind],
    }
    reply = await call_model(ctx, "reasoning", fields, probe, entry, images=with_image and bool(ctx.frames))
    return parse_reply(reply, probe, choices)


def reply_format(kind: str) -> str:
    """The answer-format instruction of a probe kind (pairwise, cvt, inconsistency, mcq, open)."""
    return _FORMATS[kind]


def parse_reply(reply: Any, probe: Mapping[str, Any], choices: list[str]) -> dict[str, Any]:
    """A model reply -> the answer dict (value parsed by the probe's kind)."""
    from spatioxolver.graphs._calls import parse_label, parse_letter, parse_option, parse_relation_set

    kind = probe["kind"]
    text = reply.text.strip()
    if kind == "pairwise":
        value = parse_label(text, [str(o) for o in probe["objects"]])
    elif kind == "cvt":
        value = reply.value if isinstance(reply.value, list) else parse_relation_set(text)
        value = sorted(str(v) for v in value)
    elif kind == "inconsistency":
        value = parse_letter(text)
    elif kind == "mcq":
        value = reply.value if isinstance(reply.value, int) else parse_option(text, len(choices) or 4)
    else:
        value = text
    return {
        "text": text if kind == "open" else _text(value),
        "value": value,
        "choice": value if kind == "mcq" else None,
        "rationale": "",
        "reasoner": "llm",
    }


def _text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value) if value else "none"
    return str(value)


class ReasoningAgent:
    """Agent wrapper around the symbolic reasoner (``state["scene_graph"]``, ``state["question"]``)."""

    name = "reasoning"
    description = "symbolic reasoner over the scene graph; LLM reasoner over its JSON"
    backends: tuple[str, ...] = ("symbolic", "llm")

    async def run(self, state: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
        """Answer ``state["question"]`` symbolically; raises UnsupportedQuestionError when it cannot."""
        graph = SceneGraph.model_validate(state["scene_graph"])
        ans = reason_symbolic(
            state["question"], graph, n_images=int(state.get("n_frames", 1)), choices=config.get("choices")
        )
        return {"answer": ans.as_answer()}
