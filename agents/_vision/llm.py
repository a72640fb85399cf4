"""The LLM seam of the perception agents: prompt, schema, probe, call, usage record.

Every model call of a perception agent goes through :func:`call_model`: it renders the
agent's template from ``spatioxolver.prompts``, attaches the template's version hash,
builds the structured ``probe`` a simulated model needs from ``options["ground_truth"]``
and appends a record of the call (usage, latency, template hash) to
``options["usage_log"]`` when the caller passes a list there.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spatioxolver.errors import ConfigError, ParseError

__all__ = [
    "ObjectEntry",
    "ObjectList",
    "RelationEntry",
    "RelationList",
    "StructureReply",
    "build_probe",
    "call_model",
]


class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ObjectEntry(_Loose):
    """One object as an LLM (or the simulated MLLM) reports it."""

    id: str
    label: str | None = None
    color: str | None = None
    shape: str | None = None
    size: str | None = None
    material: str | None = None
    bbox: list[float] | None = None
    description: str | None = None


class ObjectList(_Loose):
    """Reply schema of the segmentation and attributes prompts."""

    objects: list[ObjectEntry] = Field(default_factory=list)


class RelationEntry(_Loose):
    """One ``(subject, predicate, object)`` triple with its axis."""

    subject: str
    predicate: str
    object: str
    axis: str | None = None


class RelationList(_Loose):
    """Reply schema of the relations prompt."""

    relations: list[RelationEntry] = Field(default_factory=list)


class StructureReply(_Loose):
    """Reply schema of the symmetry prompt: groups and symmetries."""

    groups: list[dict[str, Any]] = Field(default_factory=list)
    symmetries: list[dict[str, Any]] = Field(default_factory=list)


def build_probe(kind: str, options: dict[str, Any], **fields: Any) -> dict[str, Any] | None:
    """The ``probe`` dict for a simulated model, or ``None`` without ground truth.

    ``options["ground_truth"]`` is ``{"scenes": [...], "example": {...}}``; with
    ``options["frame"] = k`` only scene ``k`` is sent (the view being perceived).
    """
    truth = options.get("ground_truth")
    if not truth:
        return None
    scenes = list(truth.get("scenes") or [])
    frame = options.get("frame")
    if frame is not None and 0 <= int(frame) < len(scenes) and len(scenes) > 1:
        scenes = [scenes[int(frame)]]
    probe: dict[str, Any] = {"kind": kind, "scenes": scenes, **fields}
    if truth.get("example") is not None:
        probe["example"] = truth["example"]
    return probe


def call_model(
    agent: str,
    template: str,
    schema: type[BaseModel],
    options: dict[str, Any],
    *,
    images: list[Any] | None = None,
    probe: dict[str, Any] | None = None,
    **fields: Any,
) -> Any:
    """Render ``template``, call ``options["model"]`` and return the parsed ``schema`` value.

    Raises:
        ConfigError: no ``model`` option, or a simulated model without ground truth.
        ParseError: the reply is not valid JSON for ``schema``.
    """
    from spatioxolver.prompts import render, template_hash

    from spatioxolver.models import ModelRequest, get_model

    model = options.get("model")
    if not model:
        raise ConfigError(f"the {agent} agent's 'llm' backend needs options['model'] (e.g. 'openai/gpt-4o')")
    client = (
        model
        if hasattr(model, "complete_sync")
        else get_model(str(model), **dict(options.get("model_options") or {}))
    )
    if getattr(client, "simulated", False) and probe is None:
        raise ConfigError(
            f"the {agent} agent was given simulated model {client.name!r} but no options['ground_truth']"
        )
    prompt = render(template, **fields)
    request = ModelRequest(
        prompt=prompt,
        images=list(images or []),
        output_schema=schema,
        temperature=float(options.get("temperature", 0.0)),
        template=template,
        template_hash=template_hash(template),
        probe=probe,
    )
    reply = client.complete_sync(request)
    log = options.get("usage_log")
    if isinstance(log, list):
        log.append(
            {
                "agent": agent,
                "template": template,
                "template_hash": request.template_hash,
                "usage": reply.usage,
                "latency_s": reply.latency_s,
                "model": reply.model,
                "simulated": reply.simulated,
                "cached": reply.cached,
            }
        )
    value = reply.value
    if isinstance(value, schema):
        return value
    try:
        data = value if isinstance(value, (dict, list)) else _parse_json(reply.text)
        if isinstance(data, list):
            key = next(iter(schema.model_fields))
            data = {key: data}
        return schema.model_validate(data)
    except ParseError:
        raise
    except Exception as exc:
        raise ParseError(
            f"{agent}: model reply does not match {schema.__name__} ({exc})", raw=reply.text
        ) from None


def _parse_json(text: str) -> Any:
    """JSON from model text: code fences and prose around the JSON are tolerated."""
    import json
    import re

    try:
        from spatioxolver.models import parse_json  # the shared parser when present
    except ImportError:
        parse_json = None
    if parse_json is not None:
        return parse_json(text)
    body = re.sub(r"```(?:json)?", "", text or "").strip()
    starts = [i for i in (body.find("{"), body.find("[")) if i >= 0]
    if not starts:
        raise ParseError("model reply contains no JSON", raw=text or "")
    start = min(starts)
    closer = "}" if body[start] == "{" else "]"
    end = body.rfind(closer)
    chunk = re.sub(r",\s*([}\]])", r"\1", body[start : end + 1])
    try:
        return json.loads(chunk)
    except json.JSONDecodeError as exc:
        raise ParseError(f"model reply is not valid JSON ({exc.msg})", raw=text or "") from None
