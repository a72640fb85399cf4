"""The one call path from an agent or a graph to a model.

:func:`call_model` renders a prompt template, sends it (with the images) through the
client, applies the reply form's parser and records the call in the current trace step:
the model, template and prompt hashes, temperature and max_tokens, tokens, cost, latency, whether it came from the cache, and
the prompt and reply texts (truncated). Usage is recorded also when the call fails or the
reply does not parse (the error carries what was spent). Retries live in the client
(:class:`~spatioxolver.models._litellm.LiteLLMClient`), nowhere else.

The trace step is a plain dict set by :func:`recording` (the graphs' ``node_step`` does
it); outside a step nothing is recorded.

Example:
    >>> import asyncio
    >>> from spatioxolver.testing import ScriptedModel
    >>> step = {}
    >>> async def demo():
    ...     with recording(step):
    ...         return await call_model(ScriptedModel({"direct_open": "Two."}), "direct_open", {"question": "How many?"})
    >>> asyncio.run(demo()).text, step["calls"]
    ('Two.', 1)
"""

from __future__ import annotations

import contextvars
import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from spatioxolver.errors import SpatioxolverError
from spatioxolver.models._types import ModelReply, ModelRequest, Usage

__all__ = [
    "call_model",
    "recording",
    "spending",
    "steps_taken",
    "current_step",
    "add_usage",
    "usage_dict",
    "TEXT_LIMIT",
]

#: Characters of prompt / reply text kept per call in the trace.
TEXT_LIMIT = 4000

_STEP: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "spatioxolver_step", default=None
)


_STEPS: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar(
    "spatioxolver_steps", default=None
)


@contextmanager
def recording(entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Record every :func:`call_model` made inside the block into ``entry``."""
    token = _STEP.set(entry)
    steps = _STEPS.get()
    if steps is not None and not any(step is entry for step in steps):
        steps.append(entry)
    try:
        yield entry
    finally:
        _STEP.reset(token)


@contextmanager
def steps_taken() -> Iterator[list[dict[str, Any]]]:
    """Collect the trace entry of every step recorded inside the block, in the order they
    started, the failing one included: what a run did, even when it fails."""
    steps: list[dict[str, Any]] = []
    token = _STEPS.set(steps)
    try:
        yield steps
    finally:
        _STEPS.reset(token)


_SPENT: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "spatioxolver_spent", default=None
)


@contextmanager
def spending() -> Iterator[dict[str, Any]]:
    """Sum the usage of every :func:`call_model` made inside the block (failed and unparsed
    replies included, whatever the trace keeps): what a whole run spent, even when it fails."""
    total = usage_dict()
    token = _SPENT.set(total)
    try:
        yield total
    finally:
        _SPENT.reset(token)


def _spend(usage: Any) -> None:
    total = _SPENT.get()
    if total is not None and usage is not None:
        total.update(add_usage(total, usage_dict(usage)))


def current_step() -> dict[str, Any] | None:
    """The trace entry calls are recorded into (``None`` outside :func:`recording`)."""
    return _STEP.get()


def usage_dict(usage: Any = None) -> dict[str, Any]:
    """A plain-dict copy of a :class:`Usage` (zeros and unknown cost for ``None``)."""
    if usage is None:
        return {"prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None}
    if isinstance(usage, dict):
        return {
            "prompt_tokens": int(usage.get("prompt_tokens", 0)),
            "completion_tokens": int(usage.get("completion_tokens", 0)),
            "cost_usd": usage.get("cost_usd"),
        }
    return {
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "cost_usd": usage.cost_usd,
    }


def add_usage(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Sum two usage dicts with :class:`Usage`'s ``+`` (cost stays unknown only when both are)."""
    return usage_dict(Usage(**usage_dict(a)) + Usage(**usage_dict(b)))


def _plain(value: Any) -> Any:
    """A JSON-friendly copy of a parsed reply value (pydantic models become dicts)."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _record(
    request: ModelRequest,
    prompt_hash: str,
    usage: Any,
    reply: ModelReply | None,
    error: str | None,
    model: str | None = None,
) -> None:
    _spend(usage)
    entry = current_step()
    if entry is None:
        return
    entry["usage"] = add_usage(entry.get("usage") or usage_dict(), usage_dict(usage))
    entry["calls"] = int(entry.get("calls", 0)) + 1
    if request.template:
        entry.setdefault("templates", {})[request.template] = request.template_hash
    call: dict[str, Any] = {
        "template": request.template,
        "model": model,
        "template_hash": request.template_hash,
        "prompt_hash": prompt_hash,
        "prompt": request.prompt[:TEXT_LIMIT],
        "images": len(request.images),
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
        "usage": usage_dict(usage),
    }
    if reply is not None:
        call.update(
            reply=reply.text[:TEXT_LIMIT],
            latency_s=round(reply.latency_s, 6),
            cached=reply.cached,
            simulated=reply.simulated,
            parsed=_plain(reply.parsed if reply.parsed is not None else reply.value),
        )
        entry["simulated"] = bool(reply.simulated)
    if error is not None:
        call["error"] = error[:500]
    entry.setdefault("model_calls", []).append(call)


async def call_model(
    client: Any,
    template: str,
    fields: dict[str, Any] | None = None,
    *,
    images: list[Any] | tuple[Any, ...] = (),
    task: dict[str, Any] | None = None,
    schema: Any = None,
    parser: Callable[[str], Any] | None = None,
    temperature: float = 0.0,
    max_tokens: int | None = None,
    timeout: float | None = None,
) -> ModelReply:
    """Render ``template`` with ``fields``, ask ``client`` and return the reply.

    Args:
        client: a :class:`~spatioxolver.models.ModelClient`.
        template: prompt template name (``spatioxolver.prompts``).
        fields: the template's fields.
        images: images sent with the prompt.
        task: the gold-free structured task (what a simulated model answers).
        schema: pydantic model class of a structured reply (``reply.value``).
        parser: the reply form's parser; its value is ``reply.parsed``.
        temperature, max_tokens, timeout: decoding and transport settings.

    Raises:
        ModelError: the call failed (after the client's retries).
        NoAnswerError: the model declined to commit (a refusal, a hedge).
        ParseError: the reply is unusable for ``parser`` / ``schema``.
    """
    from spatioxolver.prompts import render, template_hash

    prompt = render(template, **(fields or {}))
    request = ModelRequest(
        prompt=prompt,
        images=list(images),
        output_schema=schema,
        temperature=float(temperature),
        max_tokens=max_tokens,
        timeout=timeout,
        template=template,
        template_hash=template_hash(template),
        task=task,
        parser=parser,
    )
    prompt_hash = hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:12]
    name = getattr(client, "name", None)  # which model answered (agents may have their own)
    try:
        reply = await client.complete(request)
    except SpatioxolverError as exc:
        _record(request, prompt_hash, getattr(exc, "usage", None), None, f"{type(exc).__name__}: {exc}", name)
        raw = getattr(exc, "raw", None)
        step = current_step()
        if raw and step is not None and step.get("model_calls"):  # the reply that did not parse
            step["model_calls"][-1]["reply"] = str(raw)[:TEXT_LIMIT]
        raise
    if parser is not None:
        try:
            parsed = parser(reply.text)
        except SpatioxolverError as exc:
            _record(request, prompt_hash, reply.usage, reply, f"{type(exc).__name__}: {exc}", name)
            exc.usage = reply.usage  # type: ignore[attr-defined]
            raise
        reply = reply.model_copy(update={"parsed": parsed})
    _record(request, prompt_hash, reply.usage, reply, None, name)
    return reply
