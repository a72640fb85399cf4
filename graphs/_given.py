"""Scene graphs supplied by the caller instead of perceived from images.

``ask(..., scene_graph=...)`` accepts a :class:`~spatioxolver.schema.SceneGraph`, its JSON
(dict or string), or a CLEVR-style scene JSON (objects with ``3d_coords``, the scene's
``directions`` / ``camera``), which :func:`scene_graph_from_scene_json` turns into a
scene graph whose objects carry their exact ground-plane positions
(``attributes.extras["ground_uw"]``, in the observed view's frame) so the symbolic
reasoner answers CVT orbit / top-down questions exactly (CLEVR's margin 0.2, recorded as
``provenance["ground_eps"]``).

Example:
    >>> scene = {"directions": {"right": [1, 0, 0], "behind": [0, 1, 0]},
    ...          "objects": [{"label": "0", "3d_coords": [0, 0, 0]}, {"label": "1", "3d_coords": [1, 0, 0]}]}
    >>> g = scene_graph_from_scene_json(scene)
    >>> [o.attributes.extras["ground_uw"] for o in g.objects]
    [[0.0, 0.0], [1.0, 0.0]]
"""

from __future__ import annotations

import json
import math
from typing import Any

from spatioxolver.errors import InputError
from spatioxolver.schema import AXIS_PREDICATES, Relation, SceneGraph

__all__ = ["coerce_scene_graph", "scene_graph_from_scene_json", "scene_graph_prompt", "CLEVR_EPS"]

#: CLEVR's relation margin in world units (``relationships`` and the CVT gold use it).
CLEVR_EPS = 0.2
_ATTRS = ("color", "shape", "size", "material")


def coerce_scene_graph(value: Any) -> SceneGraph:
    """A :class:`SceneGraph` from a SceneGraph, its JSON (dict / str) or a CLEVR scene JSON.

    Raises:
        InputError: the value is none of these (one line saying what was wrong).
    """
    if isinstance(value, SceneGraph):
        return value
    if isinstance(value, (str, bytes)):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise InputError(f"scene_graph is not valid JSON: {exc.msg} at position {exc.pos}") from None
    if not isinstance(value, dict):
        raise InputError(
            f"scene_graph must be a SceneGraph, a dict or a JSON string, not {type(value).__name__}"
        )
    objects = value.get("objects")
    if not isinstance(objects, list):
        raise InputError("scene_graph has no 'objects' list")
    if any(isinstance(o, dict) and "3d_coords" in o for o in objects):
        return scene_graph_from_scene_json(value)
    from pydantic import ValidationError

    try:
        return SceneGraph.model_validate(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise InputError(f"scene_graph is not a valid SceneGraph: {where}: {first.get('msg')}") from None


def _ground_axes(scene: dict[str, Any]) -> tuple[list[float], list[float]]:
    """The observed view's ``right`` and ``behind`` ground directions (world frame)."""
    dirs = scene.get("directions") or {}
    right, behind = dirs.get("right"), dirs.get("behind")
    if right is not None and behind is not None:
        return [float(x) for x in right[:3]], [float(x) for x in behind[:3]]
    camera = scene.get("camera") or {}
    r = camera.get("world_to_camera")
    if r is None:
        raise InputError("scene JSON has neither 'directions' nor a camera 'world_to_camera'")

    def flat(v: list[float]) -> list[float]:
        n = math.hypot(float(v[0]), float(v[1]))
        if n < 1e-9:
            raise InputError("scene camera looks straight down or sideways: give the scene's 'directions'")
        return [float(v[0]) / n, float(v[1]) / n, 0.0]

    return flat(r[0][:3]), flat(r[2][:3])


def _box(obj: dict[str, Any]) -> tuple[float, float, float, float] | None:
    bbox = obj.get("bbox")
    if isinstance(bbox, (list, tuple)) and len(bbox) == 4:
        x0, y0, x1, y1 = (float(v) for v in bbox)
        return (x0, y0, x1, y1) if x1 >= x0 and y1 >= y0 else None
    return None


def scene_graph_from_scene_json(scene: dict[str, Any], *, eps: float = CLEVR_EPS) -> SceneGraph:
    """A scene graph read from a CLEVR-style scene JSON (ground truth, no perception).

    Objects get ids ``o1, o2, ...`` in scene order, their ``label`` (the drawn tag; ``None``
    when untagged), CLEVR attributes, ``extras["ground_uw"]`` = (right, behind) coordinates
    of ``3d_coords`` in the observed view's ground frame, box / centroid / depth from the
    per-view fields when present. Relations: one per pair and axis, H and D from the ground
    coordinates (left_of / closer_than precede), V from the image y of ``pixel_coords``.

    Raises:
        InputError: an object without usable ``3d_coords``.
    """
    right, behind = _ground_axes(scene)
    objects: list[dict[str, Any]] = []
    keys: dict[str, dict[str, float]] = {}
    for k, obj in enumerate(scene.get("objects") or [], start=1):
        coords = obj.get("3d_coords")
        if not isinstance(coords, (list, tuple)) or len(coords) < 2:
            raise InputError(f"scene object {k} has no 3d_coords")
        p = [float(c) for c in coords[:3]] + [0.0] * (3 - len(coords[:3]))
        u = sum(a * b for a, b in zip(p, right, strict=True))
        w = sum(a * b for a, b in zip(p, behind, strict=True))
        pix = obj.get("pixel_coords")
        has_pix = isinstance(pix, (list, tuple)) and len(pix) >= 2
        oid = f"o{k}"
        keys[oid] = {"H": u, "D": w, "V": float(pix[1]) if has_pix else -p[2]}
        label = obj.get("label")
        objects.append(
            {
                "id": oid,
                "label": None if label is None else str(label),
                "attributes": {
                    **{a: (str(obj[a]).lower() if obj.get(a) is not None else None) for a in _ATTRS},
                    "extras": {"ground_uw": [round(u, 6), round(w, 6)], "3d_coords": p},
                },
                "bbox": _box(obj),
                "centroid": (float(pix[0]), float(pix[1])) if has_pix else None,
                "depth": float(pix[2]) if has_pix and len(pix) >= 3 else None,
            }
        )
    relations = []
    ids = list(keys)
    for axis in ("H", "V", "D"):
        first, second = AXIS_PREDICATES[axis]
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                gap = keys[b][axis] - keys[a][axis]
                relations.append(
                    Relation(
                        subject=a,
                        predicate=first if gap >= 0 else second,
                        object=b,
                        axis=axis,  # type: ignore[arg-type]
                        # CLEVR's margin: pairs closer than eps are near-ties (0.5 = no preference).
                        confidence=1.0 if axis == "V" or abs(gap) > eps else 0.5,
                        source="scene_json",
                    )
                )
    camera = scene.get("camera") or {}
    images = []
    if camera.get("width") and camera.get("height"):
        images.append({"width": int(camera["width"]), "height": int(camera["height"]),
                       "source": scene.get("image_filename")})  # fmt: skip
    provenance: dict[str, Any] = {"source": "scene_json", "ground_eps": eps}
    if camera.get("K") is not None and camera.get("world_to_camera") is not None:
        provenance["camera"] = {"K": camera["K"], "world_to_camera": camera["world_to_camera"]}
    return SceneGraph.model_validate(
        {"objects": objects, "relations": relations, "images": images, "provenance": provenance}
    )


def scene_graph_prompt(graph: SceneGraph) -> str:
    """Compact JSON of a supplied scene graph for text-only prompts.

    Objects (id, label, description, box) and the relations that hold beyond the margin
    (``[subject, predicate, object]``), as seed 003's scene-graph mode gives a model the
    0° relational graph; masks, confidences and ground positions stay out of the prompt.

    Example:
        >>> scene_graph_prompt(SceneGraph())
        '{"objects":[],"relations":[]}'
    """
    objects = []
    for obj in graph.objects:
        item: dict[str, Any] = {"id": obj.id}
        if obj.label is not None:
            item["label"] = obj.label
        words = " ".join(str(getattr(obj.attributes, a)) for a in ("size", "color", "material", "shape")
                         if getattr(obj.attributes, a))  # fmt: skip
        if words:
            item["description"] = words
        if obj.bbox is not None:
            item["bbox"] = [round(float(v), 1) for v in obj.bbox]
        if obj.frame:
            item["frame"] = obj.frame
        objects.append(item)
    relations = [
        [r.subject, r.predicate, r.object] for r in graph.relations if r.confidence > 0.5 or r.axis is None
    ]
    return json.dumps({"objects": objects, "relations": relations}, separators=(",", ":"))
