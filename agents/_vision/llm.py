"""What the perception agents ask a model for, and how its structured replies are read.

The calls themselves go through the run context (:meth:`spatioxolver.context.RunContext.call`,
the one model seam); this module holds the reply schemas, the gold-free tasks a simulated
model answers, and the pure converters from a reply to scene-graph parts.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spatioxolver.errors import ParseError

__all__ = [
    "ObjectEntry",
    "ObjectList",
    "RelationEntry",
    "RelationList",
    "OrderingsReply",
    "StructureReply",
    "reply_as",
    "objects_from_reply",
    "scale_boxes",
    "unique_labels",
]


class _Loose(BaseModel):
    # Models write ids as numbers as often as strings ("id": 1), and add fields of their own.
    model_config = ConfigDict(extra="ignore", coerce_numbers_to_str=True)


class ObjectEntry(_Loose):
    """One object as a model reports it (``id`` optional: the label, else its position)."""

    id: str | None = None
    label: str | None = None
    color: str | None = None
    shape: str | None = None
    size: str | None = None
    material: str | None = None
    bbox: list[float] | None = None
    description: str | None = None
    depth: float | None = None
    ground: list[float] | None = None


class ObjectList(_Loose):
    """Reply schema of the segmentation and attributes prompts."""

    # Required, as for relations: {"answer": ...} is not "no objects".
    objects: list[ObjectEntry]


class RelationEntry(_Loose):
    """One ``(subject, predicate, object)`` triple with its axis."""

    subject: str
    predicate: str
    object: str
    axis: str | None = None


class RelationList(_Loose):
    """Reply schema of the relations prompt."""

    # Required: a reply without a "relations" list (e.g. {"answer": ...}) is unreadable, not
    # "no relations" (an explicit [] is an answer).
    relations: list[RelationEntry]


_AXIS_KEYS = {
    "h": "H", "horizontal": "H", "x": "H", "left_to_right": "H", "left-to-right": "H",
    "v": "V", "vertical": "V", "y": "V", "top_to_bottom": "V", "top-to-bottom": "V",
    "d": "D", "depth": "D", "z": "D", "distance": "D", "near_to_far": "D", "closest_to_furthest": "D",
}  # fmt: skip


class OrderingsReply(_Loose):
    """Reply schema of the relation-orderings prompt: one list of names per axis.

    Axis keys are read loosely (``"H"``, ``"h"``, ``"horizontal"``, ``"left_to_right"``...),
    and the lists may sit under an ``"orderings"`` key.
    """

    H: list[str] | None = None
    V: list[str] | None = None
    D: list[str] | None = None

    @model_validator(mode="before")
    @classmethod
    def _axis_keys(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("orderings"), dict):
            data = data["orderings"]
        if not isinstance(data, dict):
            return data
        out: dict[str, Any] = {}
        for key, value in data.items():
            axis = _AXIS_KEYS.get(str(key).strip().lower().replace(" ", "_"))
            if axis and axis not in out:
                out[axis] = value
        if not out:  # no axis key at all: unreadable, not "no orderings"
            raise ValueError(f"no ordering under an axis key (H, V, D) in {sorted(map(str, data))}")
        return out


class StructureReply(_Loose):
    """Reply schema of the symmetry prompt: groups and symmetries."""

    groups: list[dict[str, Any]] = Field(default_factory=list)
    symmetries: list[dict[str, Any]] = Field(default_factory=list)


def reply_as(schema: type[BaseModel], reply: Any) -> Any:
    """The reply's structured value as ``schema`` (from ``reply.value`` or its JSON text).

    A bare list is read as the schema's first field (``[{...}]`` -> ``{"objects": [...]}``).

    Raises:
        ParseError: the reply is not JSON of that shape.
    """
    from spatioxolver.models import parse_json

    value = reply.value
    if isinstance(value, schema):
        return value
    data = value if isinstance(value, (dict, list)) else parse_json(reply.text)
    if isinstance(data, list):
        data = {next(iter(schema.model_fields)): data}
    try:
        return schema.model_validate(data)
    except Exception as exc:  # pydantic's ValidationError, kept to one line
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ParseError(f"model reply does not match {schema.__name__} ({first})", raw=reply.text) from None


def objects_from_reply(reply: ObjectList, *, frame: int = 0, source: str = "llm") -> list[dict[str, Any]]:
    """Scene-graph object dicts (ids ``o1..`` in reply order) from an object-list reply."""
    out = []
    for k, item in enumerate(reply.objects, start=1):
        box = tuple(float(v) for v in item.bbox) if item.bbox and len(item.bbox) == 4 else None
        attrs = {
            key: (str(getattr(item, key)).strip().lower() if getattr(item, key) is not None else None)
            for key in ("color", "shape", "size", "material")
        }
        model_id = str(item.id) if item.id is not None else (item.label or str(k))
        extras: dict[str, Any] = {"model_id": model_id, "source": source}
        if item.description:
            extras["description"] = item.description
        if item.ground is not None:
            extras["ground_uw"] = list(item.ground)
        label = item.label if item.label is not None else model_id
        out.append(
            {
                "id": f"o{k}",
                "label": None if label is None else str(label),
                "frame": frame,
                "attributes": {**attrs, "extras": extras},
                "bbox": box,
                "centroid": ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2) if box else None,
                "area": (box[2] - box[0]) * (box[3] - box[1]) if box else None,
                "depth": item.depth,
            }
        )
    return out


def scale_boxes(
    objects: list[dict[str, Any]], sent: tuple[int, int], original: tuple[int, int]
) -> list[dict[str, Any]]:
    """Boxes from the image the model saw mapped back to the original pixels.

    A model answers in the pixels of the image it received (``sent``, often downscaled);
    boxes whose coordinates all lie in [0, 1] are read as fractions of the image instead
    (a convention some models use). Centroids and areas follow the boxes.
    """
    boxes = [o["bbox"] for o in objects if o.get("bbox")]
    fractions = bool(boxes) and all(0.0 <= v <= 1.0 for b in boxes for v in b)
    sx = original[0] / (1.0 if fractions else max(sent[0], 1))
    sy = original[1] / (1.0 if fractions else max(sent[1], 1))
    if not fractions and sent == original:
        return objects
    out = []
    for obj in objects:
        box = obj.get("bbox")
        if box:
            x0, y0, x1, y1 = box
            box = (x0 * sx, y0 * sy, x1 * sx, y1 * sy)
            obj = {
                **obj,
                "bbox": box,
                "centroid": ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                "area": (box[2] - box[0]) * (box[3] - box[1]),
            }
        out.append(obj)
    return out


def unique_labels(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Labels made unique: a repeated label (``"cup"``, ``"cup"``) becomes ``"cup 1"``,
    ``"cup 2"`` so later prompts and answers can name each object (the original is kept in
    ``extras["model_label"]``)."""
    from collections import Counter

    counts = Counter(str(o.get("label")) for o in objects if o.get("label") is not None)
    seen: Counter[str] = Counter()
    out = []
    for obj in objects:
        label = obj.get("label")
        if label is not None and counts[str(label)] > 1:
            seen[str(label)] += 1
            extras = {**obj["attributes"].get("extras", {}), "model_label": str(label)}
            obj = {
                **obj,
                "label": f"{label} {seen[str(label)]}",
                "attributes": {**obj["attributes"], "extras": extras},
            }
        out.append(obj)
    return out
