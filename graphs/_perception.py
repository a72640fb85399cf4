"""Perception steps shared by the graphs: segmentation, attributes, relations, structure, tracking.

Geometric backend: the perception agents' pure functions on the (clean) frames.
Simulated / LLM backend: one ``objects`` call (segmentation + attributes) and one
``relations`` call (all pairs, all axes); symmetry always runs on the geometry of the
boxes. Every function takes the run context and returns plain dicts. Without images
(text-only runs) the two model calls read the scene from the question text instead
(templates ``text_objects`` / ``text_relations``, same probes for simulated models).
"""

from __future__ import annotations

from typing import Any

from spatioxolver.errors import ParseError
from spatioxolver.schema import AXIS_PREDICATES, Relation, SceneGraph, SpatialObject

__all__ = [
    "segment_frames",
    "describe_objects",
    "normalize_object",
    "relate_objects",
    "structure",
    "track_frames",
    "assemble",
    "image_infos",
]

_VOCAB = {
    "color": {"grey": "gray"},
    "shape": {"block": "cube", "ball": "sphere", "box": "cube"},
    "material": {"metallic": "metal", "shiny": "metal", "matte": "rubber"},
    "size": {"big": "large", "tiny": "small"},
}


def image_infos(ctx: Any) -> list[dict[str, Any]]:
    """ImageInfo dicts of the run's frames."""
    from spatioxolver.images import image_sha256

    return [
        {
            "width": int(f.shape[1]),
            "height": int(f.shape[0]),
            "source": _source(ctx, k),
            "sha256": image_sha256(f),
        }
        for k, f in enumerate(ctx.frames)
    ]


def _source(ctx: Any, k: int) -> str | None:
    if k < len(ctx.image_inputs) and isinstance(ctx.image_inputs[k], str):
        return ctx.image_inputs[k]
    return None


def _marks_for(ctx: Any, frame: int) -> dict[str, Any] | None:
    marks = ctx.options.get("marks")
    if not marks:
        return None
    if isinstance(marks, (list, tuple)):
        return marks[frame] if frame < len(marks) else None
    return marks if frame == 0 else None


# ---------------------------------------------------------------- segmentation
async def segment_frames(ctx: Any, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """Objects of every frame (ids unique across frames: ``o1`` in frame 0, ``f1o1`` in frame 1;
    :func:`spatioxolver.agents.segmentation.frame_object_id`)."""
    if ctx.backend == "geometric":
        import asyncio

        # CPU-bound OpenCV work runs in a worker thread so concurrent runs (evals) keep moving.
        return await asyncio.to_thread(_segment_geometric, ctx)
    return await _segment_model(ctx, entry)


def _segment_geometric(ctx: Any) -> list[dict[str, Any]]:
    from spatioxolver.agents.segmentation import bind_marks, frame_object_id, segment

    out: list[dict[str, Any]] = []
    for k, rgb in enumerate(ctx.clean_frames):
        objs = segment(
            rgb,
            backend=ctx.options.get("segmentation_backend", "geometric"),
            options={"frame": k, **(ctx.options.get("segmentation_options") or {})},
        )
        marks = _marks_for(ctx, k)
        if marks:
            objs = bind_marks(objs, marks)
        for obj in objs:
            data = obj.model_dump(mode="json")
            data["frame"] = k
            data["id"] = frame_object_id(k, data["id"])
            out.append(data)
    return out


async def _segment_model(ctx: Any, entry: dict[str, Any]) -> list[dict[str, Any]]:
    from spatioxolver.graphs._calls import call_model

    from spatioxolver.models import parse_json

    if ctx.frames:
        reply = await call_model(ctx, "agentic_objects", {}, {"kind": "objects"}, entry)
    else:
        reply = await call_model(ctx, "text_objects", {"scene": ctx.question}, {"kind": "objects"}, entry)
    value = reply.value if isinstance(reply.value, dict) else None
    if value is None:
        value = parse_json(reply.text)
    items = value.get("objects") if isinstance(value, dict) else value
    if not isinstance(items, list):
        raise ParseError("objects reply has no 'objects' list", raw=reply.text)
    out = []
    for k, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            continue
        bbox = item.get("bbox")
        box = tuple(float(v) for v in bbox) if isinstance(bbox, (list, tuple)) and len(bbox) == 4 else None
        centroid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2) if box else None
        label = item.get("label") if item.get("label") is not None else item.get("id")
        attrs = {
            key: (str(item[key]).lower() if item.get(key) is not None else None)
            for key in ("color", "shape", "size", "material")
        }
        extras: dict[str, Any] = {"model_id": str(item.get("id", k))}
        if isinstance(item.get("ground"), (list, tuple)):
            extras["ground_uw"] = list(item["ground"])
        out.append(
            {
                "id": f"o{k}",
                "label": None if label is None else str(label),
                "frame": 0,
                "attributes": {**attrs, "extras": extras},
                "bbox": box,
                "centroid": centroid,
                "area": (box[2] - box[0]) * (box[3] - box[1]) if box else None,
                "depth": float(item["depth"]) if isinstance(item.get("depth"), (int, float)) else None,
            }
        )
    if ctx.frames and not box_ok(out, ctx.frames[0].shape[1], ctx.frames[0].shape[0]):
        entry["note"] = "some boxes fall outside the image"
    return out


def box_ok(objects: list[dict[str, Any]], width: int, height: int) -> bool:
    """Whether every box lies (roughly) inside the image."""
    for obj in objects:
        b = obj.get("bbox")
        if b and (b[2] < 0 or b[3] < 0 or b[0] > width or b[1] > height):
            return False
    return True


# ---------------------------------------------------------------- attributes
def describe_objects(ctx: Any, objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Geometric attributes of every object, frame by frame."""
    from spatioxolver.agents.attributes import describe

    out: list[dict[str, Any]] = []
    for k, rgb in enumerate(ctx.clean_frames):
        objs = [SpatialObject.model_validate(o) for o in objects if o.get("frame", 0) == k]
        if not objs:
            continue
        done = describe(rgb, objs, backend="geometric", options=ctx.options.get("attributes_options"))
        out.extend(o.model_dump(mode="json") for o in done)
    return out


def normalize_object(obj: dict[str, Any]) -> dict[str, Any]:
    """Map a model's attribute words onto the scene-graph vocabulary (per object)."""
    obj = dict(obj)
    attrs = dict(obj.get("attributes") or {})
    for key, table in _VOCAB.items():
        value = attrs.get(key)
        if isinstance(value, str):
            value = value.strip().lower()
            attrs[key] = table.get(value, value)
    obj["attributes"] = attrs
    return obj


# ---------------------------------------------------------------- relations
async def relate_objects(
    ctx: Any, objects: list[dict[str, Any]], entry: dict[str, Any]
) -> list[dict[str, Any]]:
    """Pairwise relations (H, V, D) among the objects of frame 0."""
    first = [o for o in objects if o.get("frame", 0) == 0]
    if ctx.backend == "geometric":
        from spatioxolver.agents.relations import relate

        h, w = ctx.clean_frames[0].shape[:2]
        rels = relate(
            [SpatialObject.model_validate(o) for o in first],
            image_size=(w, h),
            backend="geometric",
            options=ctx.options.get("relations_options"),
        )
        return [r.model_dump(mode="json") for r in rels]
    return await _relate_model(ctx, first, entry)


async def _relate_model(
    ctx: Any, objects: list[dict[str, Any]], entry: dict[str, Any]
) -> list[dict[str, Any]]:
    from spatioxolver.graphs._calls import call_model, to_json

    from spatioxolver.models import parse_json

    names = {(o.get("label") or o["id"]): o["id"] for o in objects}
    probe = {"kind": "relations", "axes": ["H", "V", "D"], "objects": list(names)}
    if ctx.frames:
        reply = await call_model(ctx, "agentic_relations", {"objects": to_json(list(names))}, probe, entry)
    else:
        fields = {"objects": to_json(list(names)), "scene": ctx.question}
        reply = await call_model(ctx, "text_relations", fields, probe, entry)
    value = reply.value if isinstance(reply.value, dict) else parse_json(reply.text)
    items = value.get("relations") if isinstance(value, dict) else value
    if not isinstance(items, list):
        raise ParseError("relations reply has no 'relations' list", raw=reply.text)
    predicates: dict[str, Any] = {p: axis for axis, pair in AXIS_PREDICATES.items() for p in pair}
    out = []
    seen = set()
    for item in items:
        if not isinstance(item, dict):
            continue
        s, p, o = str(item.get("subject")), str(item.get("predicate", "")).lower(), str(item.get("object"))
        if s not in names or o not in names or p not in predicates or s == o:
            continue
        axis = predicates[p]
        key = (axis, frozenset((s, o)))
        if key in seen:
            continue
        seen.add(key)
        out.append(
            Relation(
                subject=names[s], predicate=p, object=names[o], axis=axis, confidence=1.0, source=ctx.backend
            ).model_dump(mode="json")
        )
    return out


# ---------------------------------------------------------------- structure / tracking
def structure(ctx: Any, objects: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Groups and symmetries of frame 0 from the objects' geometry."""
    try:
        from spatioxolver.agents.symmetry import find_structure
    except ImportError:  # the symmetry agent's functions are not installed
        return [], []
    first = [SpatialObject.model_validate(o) for o in objects if o.get("frame", 0) == 0]
    if not first:
        return [], []
    if not ctx.frames:  # text-only: boxes come from the model; no image frame to measure against
        boxes = [o.bbox for o in first if o.bbox is not None]
        if not boxes:
            return [], []
        w, h = int(max(b[2] for b in boxes)) + 1, int(max(b[3] for b in boxes)) + 1
    else:
        h, w = ctx.frames[0].shape[:2]
    groups, syms = find_structure(first, image_size=(w, h), options=ctx.options.get("symmetry_options"))
    return [g.model_dump(mode="json") for g in groups], [s.model_dump(mode="json") for s in syms]


def track_frames(ctx: Any, objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Transformations between frame 0 and each later frame (geometric backend)."""
    from spatioxolver.agents.transformation import track

    frames = []
    for k, rgb in enumerate(ctx.clean_frames):
        objs = [SpatialObject.model_validate(o) for o in objects if o.get("frame", 0) == k]
        frames.append((rgb, objs))
    return [
        t.model_dump(mode="json") for t in track(frames, options=ctx.options.get("transformation_options"))
    ]


def assemble(state: dict[str, Any], ctx: Any) -> dict[str, Any]:
    """The standardized scene graph (validated) as a dict."""
    objects = state.get("objects") or []
    graph = SceneGraph.model_validate(
        {
            "objects": objects,
            "relations": state.get("relations") or [],
            "groups": state.get("groups") or [],
            "symmetries": state.get("symmetries") or [],
            "transformations": state.get("transformations") or [],
            "images": state.get("images") or [],
            "provenance": {
                "model": ctx.model,
                "backend": ctx.backend,
                **({"camera": ctx.options["camera"]} if ctx.options.get("camera") else {}),
            },
        }
    )
    return graph.model_dump(mode="json")


async def perceive_raw(ctx: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """Geometric perception without consistency repair (the baselines' scene graph), cached."""
    from spatioxolver.graphs._cache import cache_get, cache_put, perception_key

    use_cache = bool(ctx.options.get("cache", True))
    key = perception_key(ctx, "raw") if use_cache else ""
    cached = cache_get(key) if use_cache else None
    if cached is not None:
        entry["cached"] = True
        return cached["scene_graph"]
    objects = await segment_frames(ctx, entry)
    objects = describe_objects(ctx, objects) if objects else objects
    relations = await relate_objects(ctx, objects, entry) if len(objects) > 1 else []
    transformations = track_frames(ctx, objects) if len(ctx.clean_frames) >= 2 else []
    graph = assemble(
        {
            "objects": objects,
            "relations": relations,
            "images": image_infos(ctx),
            "transformations": transformations,
        },
        ctx,
    )
    if use_cache:
        cache_put(key, {"scene_graph": graph})
    return graph
