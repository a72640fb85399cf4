"""Public Python API: ``ask`` / ``aask`` a spatial question, ``build_scene_graph``.

Example:
    >>> import spatioxolver
    >>> answer = spatioxolver.ask("scene.png", "Which object is the leftmost?")  # doctest: +SKIP
    >>> answer.text, answer.value, answer.graph                                   # doctest: +SKIP
    ('red cube', 'red cube', 'agentic')

Options (keyword arguments of ``ask`` / ``aask`` / ``build_scene_graph``):
    ground_truth: ``{"scenes": [scene JSON], "example": {...}}`` — probe material for
        simulated models (``sim/...``); ignored by the others.
    marks: ``{label: (x, y)}`` (or one dict per image) — the pixel anchor of each drawn
        label (set-of-marks); the geometric pipeline binds labels to segments with it.
        Given, not read by OCR.
    clean_images: overlay-free renders of the same views for the geometric pipeline.
    camera: a calibrated camera ``{"K", "world_to_camera"}`` (scene-JSON format) used to
        place objects on the ground plane (CVT, distances); a CLEVR-like camera is assumed
        otherwise.
    choices: MCQ options given separately from the question text.
    api_base: base URL of an OpenAI-compatible server (LLM models).
    cache: reuse perception across questions on the same image (default ``True``).
    repair_method: consistency repair, ``auto`` | ``score`` | ``local`` | ``exact``.
    client: a ready :class:`~spatioxolver.models.ModelClient` (instead of building one).
    model_options: extra keyword arguments for :func:`spatioxolver.models.get_model`.
    checkpoint: path of a SQLite file for LangGraph's checkpointer (``thread_id`` option).
    on_event: callable receiving live per-node events (``{"event", "node", ...}``).
    return_errors: return an ``Answer`` with ``error`` set instead of raising.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spatioxolver.errors import ConfigError, InputError, SpatioxolverError
from spatioxolver.models._types import Usage
from spatioxolver.schema import SceneGraph

__all__ = ["Answer", "ask", "aask", "build_scene_graph", "abuild_scene_graph"]


class Answer(BaseModel):
    """The answer to one question, with everything that produced it.

    Attributes:
        text: the answer as text.
        value: structured value: label (pairwise), sorted relation list (CVT), letter
            (inconsistency), option number (MCQ), bool (yes/no), int (count), str (open);
            ``None`` when the question names an object that is absent or ambiguous.
        choice: the MCQ option number (1-based) or ``None``.
        scene_graph: the scene graph the answer was read from (``None`` for model-only graphs).
        repairs: consistency records (axis, ctr_before, ctr_after, flipped pairs, ...).
        trace: one entry per graph node (node/agent, backend, seconds, usage, calls, notes).
        usage: tokens and cost summed over every model call.
        model, graph: what answered.
        simulated: whether a simulated model produced it.
        prompt_hashes: template name -> version hash of every prompt used.
        error: the error message when ``return_errors=True`` and the run failed.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    text: str = ""
    value: Any = None
    choice: int | None = None
    scene_graph: SceneGraph | None = None
    repairs: list[dict[str, Any]] = Field(default_factory=list)
    trace: list[dict[str, Any]] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    model: str = ""
    graph: str = ""
    simulated: bool = False
    prompt_hashes: dict[str, str] = Field(default_factory=dict)
    error: str | None = None


_KNOWN_OPTIONS = {
    "ground_truth",
    "marks",
    "clean_images",
    "choices",
    "api_base",
    "cache",
    "repair_method",
    "client",
    "model_options",
    "checkpoint",
    "thread_id",
    "on_event",
    "return_errors",
    "temperature",
    "max_tokens",
    "timeout",
    "segmentation_backend",
    "segmentation_options",
    "attributes_options",
    "relations_options",
    "symmetry_options",
    "transformation_options",
    "camera",
}


def _as_list(images: Any, what: str) -> list[Any]:
    if images is None:
        raise InputError(f"no {what} given: pass an image path, bytes, array or a list of them")
    if isinstance(images, (list, tuple)):
        if not images:
            raise InputError(f"empty list of {what}")
        return list(images)
    return [images]


def _load_all(images: list[Any]) -> list[Any]:
    from spatioxolver.images import load_image

    return [load_image(img) for img in images]


def _client(model: str, options: dict[str, Any]) -> Any:
    client = options.get("client")
    if client is not None:
        return client
    from spatioxolver.models import get_model

    kwargs = dict(options.get("model_options") or {})
    if options.get("api_base"):
        kwargs["api_base"] = options["api_base"]
    return get_model(model, **kwargs)


def _check_options(options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - _KNOWN_OPTIONS)
    if unknown:
        raise ConfigError(
            f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(_KNOWN_OPTIONS))}"
        )


_COMPILED: dict[str, Any] = {}


def _graph(name: str, checkpointer: Any = None) -> Any:
    from spatioxolver.graphs import build_graph

    if checkpointer is not None:
        return build_graph(name, checkpointer=checkpointer)
    if name not in _COMPILED:
        _COMPILED[name] = build_graph(name)
    return _COMPILED[name]


async def _run(graph_name: str, state: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    from langgraph.errors import GraphRecursionError

    from spatioxolver.graphs.agentic import RECURSION_LIMIT

    on_event: Callable[[dict[str, Any]], Any] | None = options.get("on_event")
    config: dict[str, Any] = {
        "recursion_limit": RECURSION_LIMIT,
        "configurable": {"thread_id": str(options.get("thread_id") or state["run_id"])},
    }

    async def drive(graph: Any) -> dict[str, Any]:
        final: dict[str, Any] = dict(state)
        async for mode, chunk in graph.astream(state, config=config, stream_mode=["values", "custom"]):
            if mode == "values":
                final = chunk
            elif on_event is not None:
                on_event(chunk)
        return final

    try:
        checkpoint = options.get("checkpoint")
        if checkpoint:
            from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

            async with AsyncSqliteSaver.from_conn_string(str(checkpoint)) as saver:
                return await drive(_graph(graph_name, saver))
        return await drive(_graph(graph_name))
    except GraphRecursionError as exc:
        raise ConfigError(
            f"graph {graph_name!r} exceeded its recursion limit ({RECURSION_LIMIT}): {exc}"
        ) from None


def _summarize(final: dict[str, Any], *, client: Any, model: str, graph: str) -> Answer:
    trace = list(final.get("trace") or [])
    usage = Usage()
    hashes: dict[str, str] = {}
    simulated = bool(getattr(client, "simulated", False))
    for entry in trace:
        u = entry.get("usage") or {}
        if not entry.get("from_cache"):
            usage = usage + Usage(
                prompt_tokens=int(u.get("prompt_tokens", 0)),
                completion_tokens=int(u.get("completion_tokens", 0)),
                cost_usd=u.get("cost_usd"),
            )
        hashes.update(entry.get("templates") or {})
    answer = dict(final.get("answer") or {})
    graph_data = final.get("scene_graph")
    value = answer.get("value")
    return Answer(
        text=str(answer.get("text", "")),
        value=value,
        choice=answer.get("choice"),
        scene_graph=SceneGraph.model_validate(graph_data) if graph_data else None,
        repairs=list(final.get("repairs") or []),
        trace=trace,
        usage=usage,
        model=model,
        graph=graph,
        simulated=simulated,
        prompt_hashes=hashes,
    )


async def _prepare(images: Any, model: str, options: dict[str, Any]) -> Any:
    from spatioxolver.graphs._context import RunContext

    _check_options(options)
    inputs = _as_list(images, "images")
    frames = _load_all(inputs)
    clean = options.get("clean_images")
    clean_frames = _load_all(_as_list(clean, "clean_images")) if clean else frames
    if len(clean_frames) != len(frames):
        raise InputError(f"clean_images has {len(clean_frames)} images but {len(frames)} images were given")
    client = _client(model, options)
    return RunContext(
        client=client,
        model=model,
        frames=frames,
        clean_frames=clean_frames,
        image_inputs=inputs,
        options=dict(options),
    )


async def aask(
    images: Any, question: str, *, model: str = "geometric", graph: str = "agentic", **options: Any
) -> Answer:
    """Answer ``question`` about ``images`` (one image or a list of views).

    Args:
        images: a path, bytes, numpy array or PIL image, or a list of them (two views for
            the inconsistency task).
        question: the question in natural language.
        model: ``"geometric"`` (default, no network), ``"sim/<profile>"`` or a litellm
            ``"provider/model"`` string.
        graph: ``"agentic"`` (default), ``"direct"`` or ``"cot_rank"`` (``"cot-rank"``).
        **options: see the module docstring.

    Raises:
        InputError: unreadable image, empty question. ConfigError: unknown model, graph or
        option. ModelError / ParseError: the model failed or answered unreadably.
        UnsupportedQuestionError: the geometric reasoner cannot parse the question.
    """
    from spatioxolver.graphs import normalize_graph_name
    from spatioxolver.graphs._context import register, release

    canon = normalize_graph_name(graph)
    if not isinstance(question, str) or not question.strip():
        raise InputError("the question is empty; ask something about the image")
    try:
        ctx = await _prepare(images, model, options)
    except SpatioxolverError as exc:
        if options.get("return_errors"):
            return Answer(model=model, graph=canon, error=f"{type(exc).__name__}: {exc}")
        raise
    run_id = register(ctx)
    try:
        state: dict[str, Any] = {
            "run_id": run_id,
            "question": question.strip(),
            "n_frames": len(ctx.frames),
            "trace": [],
        }
        cache_key = None
        if canon == "agentic" and options.get("cache", True):
            from spatioxolver.graphs._cache import cache_get, perception_key

            cache_key = perception_key(ctx, "repaired")
            cached = cache_get(cache_key)
            if cached is not None:
                state.update(
                    scene_graph=cached["scene_graph"],
                    repairs=cached["repairs"],
                    images=cached["images"],
                    from_cache=True,
                )
                state["trace"] = [{**e, "from_cache": True} for e in cached["trace"]]
        final = await _run(canon, state, options)
        if cache_key is not None and not state.get("from_cache"):
            from spatioxolver.graphs._cache import cache_put

            perception = [e for e in final.get("trace") or [] if e.get("node") != "reasoning"]
            cache_put(
                cache_key,
                {
                    "scene_graph": final.get("scene_graph"),
                    "repairs": final.get("repairs") or [],
                    "images": final.get("images") or [],
                    "trace": perception,
                },
            )
        return _summarize(final, client=ctx.client, model=model, graph=canon)
    except SpatioxolverError as exc:
        if options.get("return_errors"):
            return Answer(
                model=model,
                graph=canon,
                simulated=bool(getattr(ctx.client, "simulated", False)),
                error=f"{type(exc).__name__}: {exc}",
            )
        raise
    finally:
        release(run_id)


def ask(
    images: Any, question: str, *, model: str = "geometric", graph: str = "agentic", **options: Any
) -> Answer:
    """Blocking :func:`aask` (works inside a running event loop too)."""
    from spatioxolver.models import run_sync

    return run_sync(aask(images, question, model=model, graph=graph, **options))


async def abuild_scene_graph(image_or_images: Any, *, model: str = "geometric", **options: Any) -> SceneGraph:
    """Async :func:`build_scene_graph`."""
    return await _scene(image_or_images, model, options)


async def _scene(images: Any, model: str, options: dict[str, Any]) -> SceneGraph:
    from spatioxolver.graphs._cache import cache_get, cache_put, perception_key
    from spatioxolver.graphs._context import register, release

    ctx = await _prepare(images, model, options)
    use_cache = bool(options.get("cache", True))
    key = perception_key(ctx, "repaired")
    cached = cache_get(key) if use_cache else None
    if cached is None:
        run_id = register(ctx)
        try:
            state = {"run_id": run_id, "question": "", "n_frames": len(ctx.frames), "trace": []}
            final = await _run("agentic", state, options)
        finally:
            release(run_id)
        cached = {
            "scene_graph": final["scene_graph"],
            "repairs": final.get("repairs") or [],
            "images": final.get("images") or [],
            "trace": list(final.get("trace") or []),
        }
        if use_cache:
            cache_put(key, cached)
    graph = SceneGraph.model_validate(cached["scene_graph"])
    provenance = dict(graph.provenance)
    provenance["repairs"] = cached["repairs"]
    provenance["trace"] = [
        {k: v for k, v in e.items() if k in ("node", "backend", "seconds", "calls")} for e in cached["trace"]
    ]
    return graph.model_copy(update={"provenance": provenance})


def build_scene_graph(image_or_images: Any, *, model: str = "geometric", **options: Any) -> SceneGraph:
    """Perceive ``image_or_images`` and return the consistency-repaired scene graph.

    ``provenance`` records the model, the repairs (CTR before / after per axis) and the
    per-node timing.
    """
    from spatioxolver.models import run_sync

    return run_sync(_scene(image_or_images, model, options))
