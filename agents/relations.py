"""The relations agent: one pairwise relation per unordered pair and axis, with confidence.

Axes follow :data:`spatioxolver.schema.AXIS_PREDICATES`: ``H`` (image x, left precedes
right), ``V`` (image y, above precedes below) and ``D`` (depth, closer precedes
further). For the pair ``(a, b)`` (``a`` earlier in the object list) the relation is
``a <precedes> b`` or ``a <inverse> b``.

Backends:

* ``"geometric"`` (default) — H and V from centroids, D from ``SpatialObject.depth``
  (the attributes agent's ground-contact / size cue, or a depth map); floating objects
  with two size hypotheses (``extras["depth_hyp"]``) get P(further) from the mixture. The confidence is
  a logistic function of the separation over a margin: ``1 / (1 + exp(-|d| / margin))``,
  so a near-tie gets a confidence near 0.5 and a clear separation near 1.
* ``"llm"`` — a vision-language model writes triples (prompt ``prompts/relations.txt``);
  pairs it leaves out (or contradicts itself on) fall back to geometry when objects have
  positions, else to a 0.5-confidence guess.

Example:
    >>> from spatioxolver.schema import SpatialObject
    >>> objs = [SpatialObject(id="o1", centroid=(10, 50), depth=0.2),
    ...         SpatialObject(id="o2", centroid=(90, 20), depth=0.6)]
    >>> [(r.predicate, r.axis) for r in relate(objs, image_size=(100, 100))]
    [('left_of', 'H'), ('below', 'V'), ('closer_than', 'D')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from spatioxolver.errors import ConfigError
from spatioxolver.schema import AXIS_PREDICATES, Relation, SpatialObject

from ._vision.state import MODEL, backend_of, frame_objects, image_size_of, state_objects

__all__ = [
    "relate",
    "pair_relation",
    "relations_from_reply",
    "relation_listing",
    "RelationsAgent",
    "BACKENDS",
]

BACKENDS = ("geometric",)
_AXES = ("H", "V", "D")


def _margins(image_size: tuple[int, int], options: Mapping[str, Any]) -> dict[str, float]:
    w, h = image_size
    base = options.get("margin")
    margins = {
        "H": float(base if base is not None else max(1.5, 0.006 * max(w, 1))),
        "V": float(base if base is not None else max(1.5, 0.006 * max(h, 1))),
        "D": float(options.get("depth_margin", 0.008)),
    }
    for axis in _AXES:
        if f"margin_{axis}" in options:
            margins[axis] = float(options[f"margin_{axis}"])
    return margins


def _coordinate(obj: SpatialObject, axis: str) -> float | None:
    if axis == "H":
        return None if obj.centroid is None else float(obj.centroid[0])
    if axis == "V":
        return None if obj.centroid is None else float(obj.centroid[1])
    return None if obj.depth is None else float(obj.depth)


def pair_relation(
    a: SpatialObject,
    b: SpatialObject,
    axis: str,
    margin: float,
    *,
    source: str = "geometric",
    relative_depth: bool = False,
) -> Relation:
    """The relation ``a ? b`` on ``axis`` with a logistic confidence (0.5 when unknown)."""
    first, second = AXIS_PREDICATES[axis]
    ca, cb = _coordinate(a, axis), _coordinate(b, axis)
    if ca is None or cb is None:
        return Relation(subject=a.id, predicate=first, object=b.id, axis=axis, confidence=0.5, source=source)
    diff = cb - ca
    if relative_depth and axis == "D":
        diff /= max((abs(ca) + abs(cb)) / 2.0, 1e-9)
    z = min(abs(diff) / max(margin, 1e-9), 50.0)
    conf = 1.0 / (1.0 + math.exp(-z))
    predicate = first if diff >= 0 else second
    return Relation(
        subject=a.id, predicate=predicate, object=b.id, axis=axis, confidence=round(conf, 6), source=source
    )


def relate(
    objects: list[SpatialObject],
    *,
    image_size: tuple[int, int],
    backend: str = "geometric",
    options: dict | None = None,
) -> list[Relation]:
    """Pairwise relations on H, V and D for every unordered pair of ``objects``.

    Args:
        objects: objects of one frame, with centroids (and ``depth`` for D).
        image_size: ``(width, height)``.
        backend: ``"geometric"`` (a model's relations come through :class:`RelationsAgent`).
        options: ``margin`` (pixels, both image axes; default 0.6 % of the side),
            ``margin_H`` / ``margin_V`` / ``margin_D``, ``depth_margin`` (default 0.008 in
            the depth cue's units), ``axes`` (subset of H, V, D), ``occlusion`` (``"auto"``
            default: an observed occlusion decides D when depth comes from apparent size,
            and is one more vote (``occlusion_accuracy``, default 0.85) when it comes from
            the volume cue's size hypotheses; ``True`` always, ``False`` never),
            ``depth_log_sigma`` (0.12: spread of ln depth per hypothesis, for objects
            carrying ``extras["depth_hyp"]``).

    Returns:
        Exactly one :class:`~spatioxolver.schema.Relation` per unordered pair and axis,
        subject = the earlier object in ``objects``, confidence in [0.5, 1].
    """
    options = dict(options or {})
    axes = tuple(options.get("axes") or _AXES)
    for axis in axes:
        if axis not in AXIS_PREDICATES:
            raise ConfigError(f"unknown axis {axis!r}; use H, V or D")
    if backend == "geometric":
        return _relate_geometric(objects, image_size, options, axes)
    raise ConfigError(f"unknown relations backend {backend!r}; use one of {', '.join(BACKENDS)}")


def _relate_geometric(objects, image_size, options, axes) -> list[Relation]:  # noqa: ANN001
    margins = _margins(image_size, options)
    relative = any(o.attributes.extras.get("depth_source") == "map" for o in objects)
    if "D" in axes and any(o.depth is None for o in objects) and objects:
        from .attributes import depth_cues

        depths, source = depth_cues(objects, image_size, options)
        objects = [
            o if o.depth is not None or d is None else o.model_copy(update={"depth": d})
            for o, d in zip(objects, depths, strict=False)
        ]
        relative = relative or source == "map"
    # Floating objects: apparent size is a weak depth cue, so a visible occlusion wins.
    use_occlusion = options.get("occlusion", "auto")
    weak_depth = any(o.attributes.extras.get("depth_source") in ("size", "volume") for o in objects)
    out = []
    for a, b in combinations(objects, 2):
        for axis in axes:
            rel = pair_relation(a, b, axis, margins[axis], relative_depth=relative)
            if axis == "D" and not relative:
                rel = _hypothesis_relation(a, b, rel, float(options.get("depth_log_sigma", 0.12)))
            if axis == "D" and not relative and _cues_disagree(a, b, rel, image_size):
                rel = rel.model_copy(update={"confidence": 0.5, "source": "cues-disagree"})
            if axis == "D" and (use_occlusion is True or (use_occlusion == "auto" and weak_depth)):
                if rel.source == "depth-hypotheses":
                    rel = _occlusion_vote(a, b, rel, float(options.get("occlusion_accuracy", 0.85)))
                else:
                    rel = _occlusion_override(a, b, rel)
            out.append(rel)
    return out


def _cues_disagree(a: SpatialObject, b: SpatialObject, rel: Relation, image_size: tuple[int, int]) -> bool:
    """Whether D comes from apparent size alone (no ground seen, no world prior) for two
    solids, and where they stand says the opposite: the one that looks larger stands clearly
    higher in the image (on a floor it would be the farther). Then the image does not decide
    which is closer (the relation becomes a coin flip; the reasoner says it cannot tell)."""
    ea, eb = a.attributes.extras, b.attributes.extras
    if ea.get("depth_source") != "size" or eb.get("depth_source") != "size":
        return False
    if ea.get("flat") is not False or eb.get("flat") is not False or rel.confidence is None:
        return False
    if a.bbox is None or b.bbox is None or a.depth is None or b.depth is None:
        return False
    ya = float((ea.get("contact") or (0.0, a.bbox[3]))[1])
    yb = float((eb.get("contact") or (0.0, b.bbox[3]))[1])
    if abs(ya - yb) < 0.03 * max(image_size[1], 1):
        return False
    a_closer_by_size = a.depth < b.depth
    a_closer_by_height = ya > yb
    return a_closer_by_size != a_closer_by_height


def _hypothesis_relation(a: SpatialObject, b: SpatialObject, rel: Relation, log_sigma: float) -> Relation:
    """D from per-object depth hypotheses (``extras["depth_hyp"]``: ``[[depth, weight], ...]``).

    P(b further than a) = sum over hypothesis pairs of weight_a * weight_b *
    Phi((ln z_b - ln z_a) / (sqrt 2 * log_sigma)); the relation takes the likelier side.
    """
    ha, hb = a.attributes.extras.get("depth_hyp"), b.attributes.extras.get("depth_hyp")
    if not ha or not hb:
        return rel
    scale = math.sqrt(2.0) * max(log_sigma, 1e-6)
    p = 0.0
    for za, wa in ha:
        for zb, wb in hb:
            t = (math.log(zb) - math.log(za)) / scale
            p += wa * wb * 0.5 * (1.0 + math.erf(t / math.sqrt(2.0)))
    first, second = AXIS_PREDICATES["D"]
    return rel.model_copy(
        update={
            "predicate": first if p >= 0.5 else second,
            "confidence": round(min(max(p, 1.0 - p), 1.0), 6),
            "source": "depth-hypotheses",
        }
    )


def _occlusion_vote(a: SpatialObject, b: SpatialObject, rel: Relation, accuracy: float) -> Relation:
    """Combine a recorded occlusion (right about ``accuracy`` of the time) with the D relation.

    Independent cues add in log-odds: logit(P) = logit(P_relation) +/- logit(accuracy).
    """
    if b.id in (a.attributes.extras.get("occludes") or []):
        sign = 1.0
    elif a.id in (b.attributes.extras.get("occludes") or []):
        sign = -1.0
    else:
        return rel
    first, second = AXIS_PREDICATES["D"]
    p = rel.confidence if rel.predicate == first else 1.0 - rel.confidence
    p = min(max(p, 1e-6), 1 - 1e-6)
    acc = min(max(accuracy, 0.5), 1 - 1e-6)
    logit = math.log(p / (1 - p)) + sign * math.log(acc / (1 - acc))
    q = 1.0 / (1.0 + math.exp(-logit))
    return rel.model_copy(
        update={
            "predicate": first if q >= 0.5 else second,
            "confidence": round(max(q, 1.0 - q), 6),
            "source": "depth-hypotheses+occlusion",
        }
    )


def _occlusion_override(a: SpatialObject, b: SpatialObject, rel: Relation) -> Relation:
    first, second = AXIS_PREDICATES["D"]
    if b.id in (a.attributes.extras.get("occludes") or []):
        return rel.model_copy(
            update={"predicate": first, "confidence": max(rel.confidence, 0.85), "source": "occlusion"}
        )
    if a.id in (b.attributes.extras.get("occludes") or []):
        return rel.model_copy(
            update={"predicate": second, "confidence": max(rel.confidence, 0.85), "source": "occlusion"}
        )
    return rel


def relation_listing(objects: list[SpatialObject]) -> str:
    """The relations prompt's object list: name, colour and shape, box."""
    return "\n".join(
        f"- {o.label or o.id}"
        + (f" ({o.attributes.color or ''} {o.attributes.shape or ''})".rstrip() if o.attributes.color else "")
        + (f" bbox={[round(v) for v in o.bbox]}" if o.bbox else "")
        for o in objects
    )


def relations_from_reply(
    objects: list[SpatialObject],
    reply: Any,
    *,
    image_size: tuple[int, int],
    axes: tuple[str, ...] = _AXES,
    options: Mapping[str, Any] | None = None,
    source: str = "llm",
) -> list[Relation]:
    """Relations from a model's triples (a :class:`~._vision.llm.RelationList`).

    Triples name objects by label (or id); repeated or contradicting triples vote; an even
    split keeps the "precedes" predicate at confidence 0.5. A pair the model left out is
    read from the boxes (``source="<source>-fallback"``), and stays unanswered when the
    objects have no positions (a relation would be a guess). ``llm_confidence`` (default 0.9)
    is the confidence of a unanimous answer.
    """
    options = dict(options or {})
    names = {o.id: (o.label or o.id) for o in objects}
    back = {v: k for k, v in names.items()}
    back.update({o.id: o.id for o in objects})
    conf = float(options.get("llm_confidence", 0.9))
    votes: dict[tuple[str, str, str], list[bool]] = {}
    inverse = {p: (ax, i == 0) for ax, pair in AXIS_PREDICATES.items() for i, p in enumerate(pair)}
    for t in reply.relations:
        pred = t.predicate.strip().lower().replace(" ", "_")
        if pred not in inverse:
            continue
        axis, precedes = inverse[pred]
        s, o = back.get(t.subject.strip()), back.get(t.object.strip())
        if s is None or o is None or s == o or axis not in axes:
            continue
        votes.setdefault((s, o, axis), []).append(precedes)
        votes.setdefault((o, s, axis), []).append(not precedes)
    margins = _margins(image_size, options)
    out = []
    for a, b in combinations(objects, 2):
        for axis in axes:
            v = votes.get((a.id, b.id, axis))
            first, second = AXIS_PREDICATES[axis]
            if v:
                share = sum(v) / len(v)
                # An even split keeps the "precedes" predicate at confidence 0.5.
                pred = first if share >= 0.5 else second
                c = 0.5 if share == 0.5 else 0.5 + (conf - 0.5) * abs(2 * share - 1)
                out.append(
                    Relation(
                        subject=a.id,
                        predicate=pred,
                        object=b.id,
                        axis=axis,
                        confidence=round(c, 6),
                        source=source,
                    )
                )
            elif _coordinate(a, axis) is not None and _coordinate(b, axis) is not None:
                # The model left the pair out: read it from the boxes (no boxes: unanswered).
                out.append(pair_relation(a, b, axis, margins[axis], source=f"{source}-fallback"))
    return out


def orderings_from_reply(
    objects: list[SpatialObject],
    reply: Any,
    *,
    image_size: tuple[int, int],
    axes: tuple[str, ...] = _AXES,
    options: Mapping[str, Any] | None = None,
    source: str = "llm",
) -> list[Relation]:
    """Pairwise relations derived from one ordering per axis (an
    :class:`~._vision.llm.OrderingsReply`): ``a`` precedes ``b`` on an axis when it comes
    first in that axis's list. Names are read by label (or id); a repeated name counts at its
    first place; a pair with an object the list left out is read from the boxes
    (``source="<source>-fallback"``). ``llm_confidence`` (default 0.9) is every derived
    relation's confidence.
    """
    options = dict(options or {})
    back = {(o.label or o.id): o.id for o in objects}
    back.update({o.id: o.id for o in objects})
    conf = round(float(options.get("llm_confidence", 0.9)), 6)
    if all(getattr(reply, axis, None) is None for axis in axes):
        from spatioxolver.errors import ParseError

        raise ParseError(f"the orderings reply has none of the axes {', '.join(axes)}")
    margins = _margins(image_size, options)
    out = []
    for axis in axes:
        position: dict[str, int] = {}
        for name in getattr(reply, axis, None) or []:
            oid = back.get(str(name).strip())
            if oid is not None and oid not in position:
                position[oid] = len(position)
        first, second = AXIS_PREDICATES[axis]
        for a, b in combinations(objects, 2):
            if a.id in position and b.id in position:
                pred = first if position[a.id] < position[b.id] else second
                out.append(
                    Relation(
                        subject=a.id, predicate=pred, object=b.id, axis=axis, confidence=conf, source=source
                    )
                )
            elif _coordinate(a, axis) is not None and _coordinate(b, axis) is not None:
                # The model left the pair out: read it from the boxes (no boxes: unanswered).
                out.append(pair_relation(a, b, axis, margins[axis], source=f"{source}-fallback"))
    return out


#: How the model is asked for relations: every pair (a reply quadratic in N), one ordering
#: per axis (linear in N), or ``auto``: orderings above this many objects.
ELICITATIONS = ("pairs", "orderings", "auto")
ORDERINGS_ABOVE = 6


def elicitation_of(ctx: Any, options: Mapping[str, Any], n_objects: int) -> str:
    """The run's relation elicitation (``relations_options={"elicitation": ...}``, else ``auto``).

    ``auto`` asks a real model for orderings when there are more than
    :data:`ORDERINGS_ABOVE` objects, else for pairs; a simulated model keeps pairs (its noise
    is calibrated per pairwise query, as in seed 000), unless orderings are asked for.

    Raises:
        ConfigError: an unknown elicitation.
    """
    chosen = str(options.get("elicitation") or "auto").strip().lower()
    if chosen not in ELICITATIONS:
        raise ConfigError(f"unknown relations elicitation {chosen!r}; use one of {', '.join(ELICITATIONS)}")
    if chosen != "auto":
        return chosen
    return "orderings" if ctx.backend == "llm" and n_objects > ORDERINGS_ABOVE else "pairs"


class RelationsAgent:
    """Pairwise left/right, above/below and closer/further relations among frame-0 objects.

    Pixel backend: :func:`relate`. With a model: one ``relations`` call (``text_relations``
    for a scene given as text) read by :func:`relations_from_reply`.
    Returns ``{"relations": [...]}``.
    """

    name = "relations"
    description = "pairwise left/right, above/below and closer/further relations with confidences"
    backends: tuple[str, ...] = ("geometric", "llm")

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        from spatioxolver._pool import MIN_POOL_OBJECTS, run_cpu

        ctx = runtime.context
        objects = frame_objects(state_objects(state), 0)
        if len(objects) < 2:
            return {"relations": []}
        options = ctx.agent_options(self.name)
        size = image_size_of(ctx, objects)
        if backend_of(ctx, self.name) == MODEL:
            rels = await self._ask_model(ctx, objects, size, options)
        else:
            small = len(objects) < MIN_POOL_OBJECTS
            rels = await run_cpu(relate, objects, image_size=size, options=options, small=small)
        return {"relations": [r.model_dump(mode="json") for r in rels]}

    @staticmethod
    async def _ask_model(
        ctx: Any, objects: list[SpatialObject], size: tuple[int, int], options: dict[str, Any]
    ) -> list[Relation]:
        import json

        from ._vision.llm import RelationList, reply_as

        axes = tuple(options.get("axes") or _AXES)
        names = [o.label or o.id for o in objects]
        if elicitation_of(ctx, options, len(objects)) == "orderings":
            from ._vision.llm import OrderingsReply

            source = (
                "The image shows" if ctx.frames else f"The scene described here:\n{ctx.question}\n\ncontains"
            )
            fields = {"objects": relation_listing(objects), "axes": ", ".join(axes), "source": source}
            task = {"kind": "orderings", "axes": list(axes), "objects": names}
            reply = await ctx.call(
                "relation_orderings", fields, task=task, schema=OrderingsReply, images=bool(ctx.frames),
                agent="relations",
            )  # fmt: skip
            return orderings_from_reply(
                objects, reply_as(OrderingsReply, reply), image_size=size, axes=axes, options=options,
                source=ctx.backend,
            )  # fmt: skip
        task = {"kind": "relations", "axes": list(axes), "objects": names}
        if ctx.frames:
            fields = {"objects": relation_listing(objects), "axes": ", ".join(axes)}
            reply = await ctx.call("relations", fields, task=task, schema=RelationList, agent="relations")
        else:
            fields = {"objects": json.dumps(names, separators=(",", ":")), "scene": ctx.question}
            reply = await ctx.call(
                "text_relations", fields, task=task, schema=RelationList, agent="relations"
            )
        return relations_from_reply(
            objects,
            reply_as(RelationList, reply),
            image_size=size,
            axes=axes,
            options=options,
            source=ctx.backend,
        )
