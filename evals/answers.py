"""Reading an answer into a results row: its plain fields, the scene graph a viewer draws,
and the per-call samples of ``--log-samples`` (which model answered, with which decoding).

Example:
    >>> answer_fields({"value": "1", "text": "1"})["value"]
    '1'
    >>> log_samples([{"node": "direct", "model_calls": [{"template": "direct_mcq", "model": "m", "reply": "2"}]}])
    [{'node': 'direct', 'template': 'direct_mcq', 'model': 'm', 'reply': '2'}]
"""

from __future__ import annotations

from typing import Any

__all__ = ["answer_fields", "failed_steps", "log_samples"]


def answer_fields(answer: Any) -> dict[str, Any]:
    """Read an ``Answer`` (or a dict / namespace with the same fields) into plain data."""

    def get(name: str, default: Any = None) -> Any:
        if isinstance(answer, dict):
            return answer.get(name, default)
        return getattr(answer, name, default)

    usage = get("usage")
    if usage is not None and not isinstance(usage, dict):
        usage = {k: getattr(usage, k, None) for k in ("prompt_tokens", "completion_tokens", "cost_usd")}
    return {
        "value": get("value"),
        "no_answer": get("no_answer"),
        "text": get("text") or "",
        "usage": usage or {},
        "model": get("model"),
        "graph": get("graph"),
        "simulated": bool(get("simulated", False)),
        "repairs": get("repairs") or [],
        "trace": get("trace") or [],
        "prompt_hashes": get("prompt_hashes") or {},
        "error": get("error"),
        "scene_graph": _overlay_graph(get("scene_graph")),
    }


def _overlay_graph(graph: Any) -> dict[str, Any] | None:
    """What a viewer needs to draw a scene graph over its images: frame sizes, and per object
    its id, label, frame, box and mask (RLE); ``None`` for graphs that built no scene graph."""
    if graph is None:
        return None
    data = graph.model_dump(mode="json") if hasattr(graph, "model_dump") else graph
    if not isinstance(data, dict):
        return None
    keep = ("id", "label", "frame", "bbox", "mask")
    return {
        "images": [{k: i.get(k) for k in ("width", "height")} for i in data.get("images") or []],
        "objects": [{k: o.get(k) for k in keep} for o in data.get("objects") or [] if isinstance(o, dict)],
    }


def log_samples(trace: list[Any]) -> list[dict[str, Any]]:
    """Per model call of every trace step: node, template, rendered prompt, raw reply, parsed
    value (and the error of a failed call), from the steps' ``model_calls`` records."""
    out = []
    for entry in trace:
        if not isinstance(entry, dict):
            continue
        for call in entry.get("model_calls") or []:
            sample = {"node": entry.get("node") or entry.get("agent")}
            keep = ("template", "model", "temperature", "max_tokens", "prompt", "reply", "parsed", "usage")
            sample.update({k: call.get(k) for k in keep if k in call})
            if call.get("error"):
                sample["error"] = call["error"]
            out.append(sample)
    return out


def failed_steps(question: str, trace: Any, log_samples_on: bool, traces_on: bool) -> dict[str, Any]:
    """The fields that keep, in a failed example's row, what was asked and what came back:
    ``input`` and ``samples`` (``--log-samples``), ``trace`` (``--traces``)."""
    if not trace:
        return {}
    out: dict[str, Any] = {}
    if log_samples_on:
        out["input"] = question
        out["samples"] = log_samples(trace)
    if traces_on:
        out["trace"] = trace
    return out
