"""The standardized scene graph: objects, relations, groups, symmetries, transformations.

All agents read and write these pydantic models; they serialize to deterministic JSON
(``SceneGraph.to_json``) and to a networkx ``MultiDiGraph`` (``SceneGraph.to_networkx``).

Conventions:
    * ``bbox`` is ``[x0, y0, x1, y1]`` in pixels of the frame the object was seen in.
    * ``mask`` is an RLE dict (see :mod:`spatioxolver.rle`).
    * ``Relation(subject="a", predicate="left_of", object="b", axis="H")`` reads
      "a is left of b". Axis ``H`` is image x, ``V`` image y, ``D`` depth (distance
      from the camera); ``None`` for relations without an axis (e.g. ``near``).

Example:
    >>> g = SceneGraph(objects=[SpatialObject(id="o1", label="red cube")])
    >>> SceneGraph.from_json(g.to_json()) == g
    True
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Attributes",
    "SpatialObject",
    "Relation",
    "Group",
    "Symmetry",
    "Transformation",
    "ImageInfo",
    "SceneGraph",
    "AXIS_PREDICATES",
]

Axis = Literal["H", "V", "D"]

#: For each axis, the predicate meaning "subject precedes object" and its inverse.
#: Precedence runs left->right (H), top->bottom (V), near->far (D).
AXIS_PREDICATES: dict[str, tuple[str, str]] = {
    "H": ("left_of", "right_of"),
    "V": ("above", "below"),
    "D": ("closer_than", "further_than"),
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Attributes(_Model):
    """Typed visual attributes; anything else goes into ``extras``."""

    color: str | None = None
    shape: str | None = None
    size: str | None = None
    material: str | None = None
    extras: dict[str, Any] = Field(default_factory=dict)


class SpatialObject(_Model):
    """One detected (or ground-truth) object in one frame."""

    id: str
    label: str | None = None
    attributes: Attributes = Field(default_factory=Attributes)
    bbox: tuple[float, float, float, float] | None = None
    mask: dict[str, Any] | None = None
    centroid: tuple[float, float] | None = None
    area: float | None = None
    depth: float | None = Field(default=None, description="relative depth, larger is further")
    orientation: float | None = Field(default=None, description="apparent orientation in degrees")
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    frame: int = 0


class Relation(_Model):
    """A directed relation ``subject predicate object`` with its provenance."""

    subject: str
    predicate: str
    object: str
    axis: Axis | None = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    source: str = "unknown"


class Group(_Model):
    """A set of objects that form a structure (row, column, grid, cluster, repetition)."""

    id: str
    kind: str
    members: list[str]
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    extras: dict[str, Any] = Field(default_factory=dict)


class Symmetry(_Model):
    """A mirror (or other) symmetry among objects: ``pairs`` map onto each other."""

    kind: str
    axis: str | None = None
    members: list[str] = Field(default_factory=list)
    pairs: list[tuple[str, str]] = Field(default_factory=list)
    score: float = Field(default=1.0, ge=0.0, le=1.0)


class Transformation(_Model):
    """Motion of one object between two frames, or the global image motion (object=None)."""

    object: str | None = None
    from_frame: int = 0
    to_frame: int = 1
    kind: str = "affine"
    matrix: list[list[float]] | None = None
    translation: tuple[float, float] | None = None
    residual: float | None = None
    inconsistent: bool = False
    extras: dict[str, Any] = Field(default_factory=dict)


class ImageInfo(_Model):
    """Metadata of one input frame."""

    width: int
    height: int
    source: str | None = None
    sha256: str | None = None
    #: Scene-level reading quality of the geometric engine (``reliability`` 0..1 and its
    #: features); ``None`` when not measured (model backends, given graphs).
    quality: dict[str, float] | None = None


class SceneGraph(_Model):
    """Everything the agents know about a scene, in one serializable structure."""

    objects: list[SpatialObject] = Field(default_factory=list)
    relations: list[Relation] = Field(default_factory=list)
    groups: list[Group] = Field(default_factory=list)
    symmetries: list[Symmetry] = Field(default_factory=list)
    transformations: list[Transformation] = Field(default_factory=list)
    images: list[ImageInfo] = Field(default_factory=list)
    provenance: dict[str, Any] = Field(default_factory=dict)

    # -- lookups -------------------------------------------------------------
    def object(self, object_id: str) -> SpatialObject:
        """Return the object with ``object_id`` (KeyError when absent)."""
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        raise KeyError(object_id)

    def relations_on(self, axis: str) -> list[Relation]:
        """Relations on one axis (``"H"``, ``"V"`` or ``"D"``)."""
        return [r for r in self.relations if r.axis == axis]

    # -- JSON ----------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        """Deterministic JSON: same graph, same bytes (keys sorted)."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> SceneGraph:
        """Parse JSON written by :meth:`to_json` (validates every field)."""
        return cls.model_validate_json(text)

    # -- networkx ------------------------------------------------------------
    def to_networkx(self) -> Any:
        """A ``networkx.MultiDiGraph``: objects are nodes, relations are keyed edges.

        Node attributes are the object's fields; edge keys are the predicate and the
        edge attributes the relation's fields. Groups, symmetries, transformations,
        images and provenance are kept in ``graph.graph``.
        """
        import networkx as nx

        graph = nx.MultiDiGraph()
        data = self.model_dump(mode="json")
        for obj in data["objects"]:
            graph.add_node(obj["id"], **obj)
        for rel in data["relations"]:
            graph.add_edge(rel["subject"], rel["object"], key=rel["predicate"], **rel)
        for name in ("groups", "symmetries", "transformations", "images", "provenance"):
            graph.graph[name] = data[name]
        # networkx lists edges by subject node, not in the order they were added
        graph.graph["relation_order"] = [
            [r["subject"], r["object"], r["predicate"]] for r in data["relations"]
        ]
        return graph

    @classmethod
    def from_networkx(cls, graph: Any) -> SceneGraph:
        """Inverse of :meth:`to_networkx`."""
        objects = [dict(attrs) for _, attrs in graph.nodes(data=True)]
        relations = [dict(attrs) for _, _, attrs in graph.edges(data=True)]
        order = {tuple(k): i for i, k in enumerate(graph.graph.get("relation_order") or [])}
        if order:  # back in the graph's own order, so the round trip gives the same JSON
            relations.sort(
                key=lambda r: order.get((r.get("subject"), r.get("object"), r.get("predicate")), len(order))
            )
        extra = {
            name: graph.graph.get(name, default)
            for name, default in (
                ("groups", []),
                ("symmetries", []),
                ("transformations", []),
                ("images", []),
                ("provenance", {}),
            )
        }
        return cls.model_validate({"objects": objects, "relations": relations, **extra})
