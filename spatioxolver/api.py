"""Public Python API: ``ask`` / ``aask`` a spatial question, ``build_scene_graph``.

Example:
    >>> import spatioxolver
    >>> answer = spatioxolver.ask("scene.png", "Which object is the leftmost?")  # doctest: +SKIP
    >>> answer.text, answer.value, answer.graph                                   # doctest: +SKIP
    ('red cube', 'red cube', 'agentic')

Options (keyword arguments of ``ask`` / ``aask`` / ``build_scene_graph``):
    ground_truth: ``{"scenes": [scene JSON], "example": {...}}`` — the answer key a
        simulated model (``sim/...``) is bound to (:meth:`SimulatedClient.bind`); it never
        reaches a prompt or a request, and the other models ignore it.
    query: the benchmark's structured query (``{"type": "pairwise", "axis": "H", ...}``) —
        a protocol input that picks the prompt form (pairwise, CVT, MCQ, ...); without it the
        question is parsed.
    labels: every object label of the scene (CoT-rank ranks them all).
    reasoner: the agentic graph's reasoning agent: ``"llm"`` (the model answers from the
        scene graph and the image; the default for real language models, as in the paper's
        chain), ``"symbolic"`` (the rule-based reader only; an unparsed question is an
        ``UnsupportedQuestionError``: the "neuro-symbolic" arm), ``"auto"`` (symbolic when the
        question parses, else the model; the default for simulated models, which answer from
        their answer key rather than from the scene graph).
    refinements: rounds in which the reasoning model checks its answer against the scene
        graph (0-5, default 0; the paper's "iterations for refinement"); each round is one
        more call, and the rounds stop as soon as the answer holds.
    object_dictionary: ``{tag: description}`` — CVT's object dictionary, sent in its prompt.
    <agent>_backend: ``segmentation_backend`` (``geometric``/``sam``/``llm``) and likewise for
        ``attributes``, ``relations``, ``symmetry``, ``transformation``: the agent's backend
        instead of the default (the run's model when it has one, else pixels).
    marks: ``{label: (x, y)}`` (or one dict per image) — the pixel anchor of each drawn
        label (set-of-marks); the geometric pipeline binds labels to segments with it.
        Given, not read by OCR.
    clean_images: overlay-free renders of the same views for the geometric pipeline.
    camera: a calibrated camera ``{"K", "world_to_camera"}`` (scene-JSON format) used to
        place objects on the ground plane (CVT, distances); else the ``world_prior``'s camera;
        else relative positions only (image x and the image's own depth evidence).
    world_prior: the assumed world (:class:`~spatioxolver.world.WorldPrior`: lens, camera
        elevation and distance, object sizes): ``"clevr"``, a dict, a ``WorldPrior`` or a JSON
        file path. Generated data passes its own; a user's image gets none unless given, and
        then sizes and depth come from what the image shows (image area, occlusion, ground
        contact where a ground plane is seen).
    haze: haze over a ground plane (fog, aerial perspective): ``True`` reads it wherever the
        ground's colour moves toward the backdrop's with distance; ``"auto"`` only where it
        veils the solids and their shadows too, not a floor graded toward its horizon, in a
        picture of shaded solids on a ground, not a drawing or a photo (``docs/perception.md``,
        "Haze over a ground plane", "Is it a 3-D scene?"); left out or ``False``, never.
        Found solids are then segmented and named with the haze at their foot undone.
    choices: MCQ options given separately from the question text.
    api_base: base URL of an OpenAI-compatible server (LLM models).
    cache: reuse perception across questions on the same image (default ``True``).
    repair_method: consistency repair, ``auto`` | ``score`` | ``local`` | ``exact``.
    client: a ready :class:`~spatioxolver.models.ModelClient` (instead of building one).
    model_options: extra keyword arguments for :func:`spatioxolver.models.get_model`.
    checkpoint: path of a SQLite file for LangGraph's checkpointer (``thread_id`` option).
    runner: where the graph runs: ``"langgraph"`` (default; its compiled state machine) or
        ``"local"`` (the same nodes, edges and routers stepped in-process without importing
        LangGraph: faster to start, no checkpoints; ``spatioxolver ask`` uses it).
    on_event: callable receiving live per-node events (``{"event", "node", ...}``).
    return_errors: return an ``Answer`` with ``error`` set instead of raising.
    scene_graph: a scene graph to reason over instead of perceiving one: a
        :class:`~spatioxolver.schema.SceneGraph`, its JSON (dict or string), or a
        CLEVR-style scene JSON (objects with ``3d_coords``; read into exact ground-plane
        positions by :func:`scene_graph_from_scene_json`). ``images`` may then be ``[]``.
        The agentic graph skips perception (consistency + reasoning only); the direct
        graph sends the graph as compact JSON in a text-only prompt (or, with the
        ``geometric`` model, reads it with the symbolic reasoner, no repair).
    agent_models: ``{agent: model}`` — agents of the agentic graph that ask their own model
        (segmentation, attributes, relations, symmetry, reasoning); a model string, a mapping
        ``{"model", "api_base", "model_options"}`` or a client (:mod:`spatioxolver.controls`).
    temperature, max_tokens, timeout: decoding settings for every model call of the run,
        overriding the call sites' defaults (``docs/models.md``, "Decoding").
    agents: ``{node: entry-point name}`` — run these ``spatioxolver.agents`` plug-ins instead
        of the built-in nodes of the agentic graph (segmentation, attributes, relations,
        symmetry, transformation, consistency, reasoning); the contract is in
        ``docs/pipeline.md`` ("Agent plug-ins"). Other graphs refuse it (:class:`ConfigError`).
    text_only: ``True`` when ``images=[]`` and the question itself describes the scene
        (CVT's text representation): language models get a text-only prompt; the
        ``geometric`` model cannot read text and raises :class:`ConfigError`.

Inputs without images: ``images=[]`` (or ``None``) needs ``scene_graph=`` or
``text_only=True``; otherwise it is an :class:`InputError`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from spatioxolver._options import check_options
from spatioxolver.answer import Answer
from spatioxolver.controls import agent_model_specs, build_agent_clients
from spatioxolver.errors import ConfigError, InputError, NoAnswerError, SpatioxolverError
from spatioxolver.models._types import Usage
from spatioxolver.schema import SceneGraph

__all__ = [
    "Answer",
    "ask",
    "aask",
    "build_scene_graph",
    "abuild_scene_graph",
    "scene_graph_from_scene_json",
]


def scene_graph_from_scene_json(scene: dict[str, Any]) -> SceneGraph:
    """A :class:`SceneGraph` read from a CLEVR-style scene JSON (exact ground positions).

    Example:
        >>> scene = {"directions": {"right": [1, 0, 0], "behind": [0, 1, 0]},
        ...          "objects": [{"label": "0", "3d_coords": [0, 0, 0]}, {"label": "1", "3d_coords": [1, 0, 0]}]}
        >>> ask([], "If the camera orbits 180 degrees to the left, what is the new spatial "
        ...     "relationship of Tag 1 with respect to Tag 0?", scene_graph=scene_graph_from_scene_json(scene)).value
        ['left']
    """
    from spatioxolver.graphs._given import scene_graph_from_scene_json as convert

    return convert(scene)


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


_COMPILED: dict[tuple[str, str], Any] = {}


def _graph(name: str, checkpointer: Any = None, runner: str = "langgraph") -> Any:
    from spatioxolver.graphs import build_graph

    if checkpointer is not None:
        return build_graph(name, checkpointer=checkpointer)
    if (name, runner) not in _COMPILED:
        _COMPILED[name, runner] = build_graph(name, runner=runner)
    return _COMPILED[name, runner]


def _step_limit(exc: BaseException) -> bool:
    """LangGraph's GraphRecursionError or the local runner's StepLimitError (LangGraph is
    not imported to ask)."""
    from spatioxolver.graphs._local import StepLimitError

    errors = sys.modules.get("langgraph.errors")  # loaded when LangGraph ran the graph
    return isinstance(exc, StepLimitError) or (
        errors is not None and isinstance(exc, errors.GraphRecursionError)
    )


async def _run(
    graph_name: str,
    state: dict[str, Any],
    options: dict[str, Any],
    ctx: Any,
    on_perceived: Callable[[dict[str, Any]], Any] | None = None,
) -> dict[str, Any]:
    """Run a graph; ``on_perceived(state)`` is called once, as soon as the consistency step
    has produced the repaired scene graph (before reasoning)."""
    from spatioxolver.graphs.agentic import RECURSION_LIMIT

    on_event: Callable[[dict[str, Any]], Any] | None = options.get("on_event")
    config: dict[str, Any] = {
        "recursion_limit": RECURSION_LIMIT,
        "configurable": {"thread_id": str(options.get("thread_id") or state["run_id"])},
    }

    pending = [on_perceived] if on_perceived is not None else []

    async def drive(graph: Any) -> dict[str, Any]:
        final: dict[str, Any] = dict(state)
        async for mode, chunk in graph.astream(
            state, config=config, context=ctx, stream_mode=["values", "custom"]
        ):
            if mode == "values":
                final = chunk
                if pending and any(e.get("node") == "consistency" for e in chunk.get("trace") or []):
                    pending.pop()(chunk)
            elif on_event is not None:
                on_event(chunk)
        return final

    try:
        checkpoint = options.get("checkpoint")
        if checkpoint:
            from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

            async with AsyncSqliteSaver.from_conn_string(str(checkpoint)) as saver:
                return await drive(_graph(graph_name, saver))
        from spatioxolver.graphs._spec import normalize_runner

        return await drive(_graph(graph_name, runner=normalize_runner(options.get("runner"))))
    except Exception as exc:
        if not _step_limit(exc):
            raise
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
    no_answer = answer.get("no_answer") or ("no match" if value is None and answer.get("problem") else None)
    return Answer(
        text=str(answer.get("text", "")),
        value=value,
        no_answer=no_answer,
        choice=answer.get("choice"),
        scene_graph=SceneGraph.model_validate(graph_data) if graph_data else None,
        repairs=list(final.get("repairs") or []),
        trace=trace,
        usage=usage,
        model=model,
        graph=graph,
        simulated=simulated,
        prompt_hashes=hashes,
        confidence=answer.get("confidence"),
        abstained=bool(answer.get("abstained", False)),
    )


def _protocol_inputs(truth: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol inputs an answer key implies, for those the caller did not give: the
    example's structured ``query`` and ``choices``, the scene's ``labels``. Never its answer."""
    example = truth.get("example") or {}
    scenes = truth.get("scenes") or []
    found: dict[str, Any] = {}
    if options.get("query") is None and isinstance(example.get("query"), Mapping):
        found["query"] = dict(example["query"])
    if options.get("choices") is None and example.get("choices"):
        found["choices"] = list(example["choices"])
    if options.get("labels") is None and scenes:
        labels = [str(o["label"]) for o in scenes[0].get("objects", []) if o.get("label") is not None]
        if labels:
            found["labels"] = labels
    return found


def _spent(exc: BaseException) -> Usage:
    """What a failed run spent (``aask`` attaches the run's total to the error; a call's own
    error carries that call's usage)."""
    usage = getattr(exc, "usage", None)
    return usage if isinstance(usage, Usage) else Usage()


def _n_frames(ctx: Any) -> int:
    """Frames seen: the images given, else the frames of the supplied scene graph (at least 1)."""
    if ctx.frames or ctx.given_graph is None:
        return len(ctx.frames) or 1
    return max([o.frame for o in ctx.given_graph.objects] + [0]) + 1


def _no_images(images: Any) -> bool:
    return images is None or (isinstance(images, (list, tuple)) and not images)


async def _prepare(
    images: Any, model: str, options: dict[str, Any], *, question: str = "", graph: str = "agentic"
) -> Any:
    from spatioxolver.graphs._agents import load_plugins

    if options.get("agent_models") and graph != "agentic":
        raise ConfigError(f"agent_models= chooses models for the agentic graph's agents, not {graph!r}")
    ctx = await _prepare_inputs(images, model, options, question=question)
    if options.get("agents"):
        if graph != "agentic":
            raise ConfigError(f"agents= plugs agents into the agentic graph only, not {graph!r}")
        ctx.plugins = load_plugins(options["agents"])
    return ctx


async def _prepare_inputs(images: Any, model: str, options: dict[str, Any], *, question: str = "") -> Any:
    from spatioxolver.context import RunContext

    check_options(options)
    given = None
    if options.get("scene_graph") is not None:
        from spatioxolver.graphs._given import coerce_scene_graph

        given = coerce_scene_graph(options["scene_graph"])
    if _no_images(images):
        if given is None and not options.get("text_only"):
            raise InputError(
                "no images given: pass an image (path, bytes, array) or a list of them; without images "
                "pass scene_graph=... or text_only=True when the question itself describes the scene"
            )
        if options.get("clean_images"):
            raise InputError("clean_images were given but no images")
        inputs: list[Any] = []
        frames: list[Any] = []
        clean_frames: list[Any] = []
    else:
        inputs = _as_list(images, "images")
        frames = _load_all(inputs)
        clean = options.get("clean_images")
        clean_frames = _load_all(_as_list(clean, "clean_images")) if clean else frames
        if len(clean_frames) != len(frames):
            raise InputError(
                f"clean_images has {len(clean_frames)} images but {len(frames)} images were given"
            )
        if str(model).strip() == "geometric":  # the pixels' own reading uses both
            _check_against_frames(frames, clean_frames, options.get("marks"))
    client = _client(model, options)
    options = dict(options)
    if options.get("world_prior") is not None:  # plain data: part of the perception cache key
        from spatioxolver.world import coerce_world_prior

        options["world_prior"] = coerce_world_prior(options["world_prior"]).to_dict()
    if options.get("ground_truth") and callable(getattr(client, "bind", None)):
        client = client.bind(options["ground_truth"])  # a simulated model's answer key
        options.update(_protocol_inputs(options["ground_truth"], options))
    specs = agent_model_specs(options.get("agent_models"))
    agent_clients = build_agent_clients(specs, run_client=client, options=options)
    if not frames and given is None and getattr(client, "kind", "geometric") == "geometric":
        raise ConfigError(
            "the geometric model cannot read a scene described in text: pass images or "
            "scene_graph=..., or use a language model (sim/<profile> or provider/model)"
        )
    return RunContext(
        client=client,
        model=model,
        frames=frames,
        clean_frames=clean_frames,
        image_inputs=inputs,
        options=dict(options),
        given_graph=given,
        question=question,
        agent_clients=agent_clients,
    )


def _perception_cache_key(ctx: Any, options: dict[str, Any]) -> str | None:
    """Cache key of the repaired perception of ``ctx``'s images; ``None`` when not cached."""
    if not ctx.frames or ctx.given_graph is not None or not options.get("cache", True):
        return None
    from spatioxolver.graphs._cache import perception_key

    return perception_key(ctx, "repaired")


def _perception_record(final: dict[str, Any]) -> dict[str, Any]:
    """What the perception cache keeps of a run: the repaired graph and the perception trace."""
    return {
        "scene_graph": final.get("scene_graph"),
        "repairs": final.get("repairs") or [],
        "images": final.get("images") or [],
        "trace": [e for e in final.get("trace") or [] if e.get("node") != "reasoning"],
    }


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
        InputError: unreadable image, empty or non-string question. ConfigError: unknown model, graph or
        option. ModelError / ParseError: the model failed or answered unreadably.
        UnsupportedQuestionError: the geometric reasoner cannot parse the question.
    """
    from spatioxolver.graphs import normalize_graph_name

    canon = normalize_graph_name(graph)
    if not isinstance(question, str):
        raise InputError(f"the question must be a string, not {type(question).__name__}")
    if not question.strip():
        raise InputError("the question is empty; ask something about the image")
    try:
        ctx = await _prepare(images, model, options, question=question.strip(), graph=canon)
    except SpatioxolverError as exc:
        if options.get("return_errors"):
            return Answer(model=model, graph=canon, error=f"{type(exc).__name__}: {exc}")
        raise
    import uuid

    from spatioxolver.models import spending, steps_taken

    # Every call's tokens, failed and unparsed replies included; every step's trace entry, so
    # that a failed run still shows what was asked and what came back.
    with spending() as spent, steps_taken() as steps:
        try:
            state: dict[str, Any] = {
                "run_id": uuid.uuid4().hex,
                "question": question.strip(),
                "n_frames": _n_frames(ctx),
                "trace": [],
            }
            if ctx.given_graph is not None:
                state["scene_graph"] = ctx.given_graph.model_dump(mode="json")
                state["given_graph"] = True
            cache_key = _perception_cache_key(ctx, options) if canon == "agentic" else None
            if cache_key is None:
                final = await _run(canon, state, options, ctx)
                return _summarize(final, client=ctx.client, model=model, graph=canon)
            from spatioxolver.graphs._cache import single_flight

            # One perception per image and settings, whatever the concurrency: a run already
            # perceiving this image is waited for, not repeated.
            async with single_flight(cache_key) as flight:
                if flight.cached is not None:
                    cached = flight.cached
                    state.update(
                        scene_graph=cached["scene_graph"],
                        repairs=cached["repairs"],
                        images=cached["images"],
                        from_cache=True,
                    )
                    state["trace"] = [{**e, "from_cache": True} for e in cached["trace"]]
                    final = await _run(canon, state, options, ctx)
                else:
                    final = await _run(
                        canon, state, options, ctx, on_perceived=lambda s: flight.done(_perception_record(s))
                    )
            return _summarize(final, client=ctx.client, model=model, graph=canon)
        except NoAnswerError as exc:  # an agent's model refused (e.g. to list the objects): no answer
            exc.usage = Usage(**spent)  # type: ignore[attr-defined]
            return Answer(
                text=(exc.raw or "").strip()[:2000],
                no_answer=exc.reason,
                model=model,
                graph=canon,
                simulated=bool(getattr(ctx.client, "simulated", False)),
                usage=_spent(exc),
                trace=list(steps),
            )
        except SpatioxolverError as exc:
            exc.usage = Usage(**spent)  # type: ignore[attr-defined]  # what the whole run spent
            exc.trace = list(steps)  # type: ignore[attr-defined]  # the steps taken, the failing one last
            if options.get("return_errors"):
                return Answer(
                    model=model,
                    graph=canon,
                    simulated=bool(getattr(ctx.client, "simulated", False)),
                    usage=_spent(exc),
                    error=f"{type(exc).__name__}: {exc}",
                    trace=list(steps),
                )
            raise


def _check_against_frames(frames: list[Any], clean: list[Any], marks: Any) -> None:
    """A clean render must be the same view (same size) and a mark must lie in its image."""
    for k, (frame, render) in enumerate(zip(frames, clean, strict=True)):
        if render is not frame and render.shape[:2] != frame.shape[:2]:
            h, w = frame.shape[:2]
            raise InputError(
                f"clean_images[{k}] is {render.shape[1]}x{render.shape[0]} pixels but image {k} is {w}x{h}; "
                "give the overlay-free render of the same view, at the same size"
            )
    per_frame = marks if isinstance(marks, (list, tuple)) else [marks]
    for k, frame_marks in enumerate(per_frame):
        if not frame_marks or k >= len(frames):
            continue
        h, w = frames[k].shape[:2]
        for label, point in frame_marks.items():
            x, y = float(point[0]), float(point[1])
            if not (0 <= x <= w and 0 <= y <= h):
                raise InputError(
                    f"mark {label!r} at ({x:g}, {y:g}) lies outside image {k} ({w}x{h} pixels); "
                    "marks are pixel positions in that image"
                )


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
    import uuid

    from spatioxolver.graphs._cache import single_flight

    ctx = await _prepare(images, model, options)
    if not ctx.frames and ctx.given_graph is None:
        raise InputError("build_scene_graph needs images (or scene_graph=... to check and repair)")
    state = {"run_id": uuid.uuid4().hex, "question": "", "n_frames": _n_frames(ctx), "trace": []}
    if ctx.given_graph is not None:
        state.update(scene_graph=ctx.given_graph.model_dump(mode="json"), given_graph=True)
    key = _perception_cache_key(ctx, options)
    if key is None:
        cached = _perception_record(await _run("agentic", state, options, ctx))
    else:
        async with single_flight(key) as flight:
            cached = flight.cached
            if cached is None:
                cached = _perception_record(await _run("agentic", state, options, ctx))
                flight.done(cached)
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
