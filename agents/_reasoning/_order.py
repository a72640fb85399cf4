"""Orders on an axis for the symbolic reasoner: whether one object precedes another
(:func:`_order`, ``None`` when the scene graph does not decide it), and candidates sorted
along an axis (:func:`_axis_order`)."""

from __future__ import annotations

import math

from spatioxolver.agents._reasoning._answer import SymbolicAnswer

from spatioxolver.schema import AXIS_PREDICATES, SceneGraph, SpatialObject

__all__ = ["_axis_order", "_order", "_precedes"]


def _precedes(graph: SceneGraph, axis: str, a: SpatialObject, b: SpatialObject) -> bool:
    """Whether ``a`` precedes ``b`` on ``axis`` (left / above / closer)."""
    first, second = AXIS_PREDICATES[axis]
    for rel in graph.relations:
        if rel.axis != axis:
            continue
        if rel.subject == a.id and rel.object == b.id:
            return rel.predicate == first
        if rel.subject == b.id and rel.object == a.id:
            return rel.predicate == second
    return _coordinate(axis, a) < _coordinate(axis, b)


#: How close to a coin flip a relation's confidence must be for the pair to count as level on
#: its axis: the pixel backends give exactly 0.5 for a zero difference (or no evidence), a
#: model's evenly split votes 0.5 too.
_LEVEL = 0.02
_AXIS_NOUN = {"H": "left to right", "V": "height", "D": "distance from the camera"}


def _relation_vote(graph: SceneGraph, axis: str, a: str, b: str) -> float | None:
    """P(``a`` precedes ``b``) from the graph's relation on the pair, ``None`` without one."""
    first, _ = AXIS_PREDICATES[axis]
    for rel in graph.relations:
        if rel.axis == axis and {rel.subject, rel.object} == {a, b}:
            c = 1.0 if rel.confidence is None else float(rel.confidence)
            says_a = (rel.subject == a) == (rel.predicate == first)
            return c if says_a else 1.0 - c
    return None


def _order(graph: SceneGraph, axis: str, a: SpatialObject, b: SpatialObject) -> bool | None:
    """Whether ``a`` precedes ``b`` on ``axis``; ``None`` when nothing in the graph decides it.

    A relation at a coin flip (confidence 0.5 +- ``_LEVEL``: the same height in the image, no
    depth evidence, a model's evenly split votes, a pair the consistency repair filled in)
    decides nothing by itself; third objects then decide by transitivity (``a`` before ``c``
    and ``c`` before ``b``, each decided), by majority of such paths.
    """
    p = _relation_vote(graph, axis, a.id, b.id)
    if p is None:
        ca, cb = _coordinate(axis, a), _coordinate(axis, b)
        return None if ca == cb else ca < cb
    if abs(p - 0.5) > _LEVEL:
        return p > 0.5
    votes = 0
    for c in graph.objects:
        if c.id in (a.id, b.id) or c.frame != a.frame:
            continue
        pa, pb = _relation_vote(graph, axis, a.id, c.id), _relation_vote(graph, axis, c.id, b.id)
        if pa is None or pb is None or abs(pa - 0.5) <= _LEVEL or abs(pb - 0.5) <= _LEVEL:
            continue
        if pa > 0.5 and pb > 0.5:
            votes += 1
        elif pa < 0.5 and pb < 0.5:
            votes -= 1
    return None if votes == 0 else votes > 0


def _level_in_view(axis: str, a: SpatialObject, b: SpatialObject) -> bool:
    """Both have image positions, so an undecided H / V relation means they are level there."""
    return axis in ("H", "V") and a.centroid is not None and b.centroid is not None


def _cannot_tell(kind: str, axis: str, names: tuple[str, str], objects: list[str]) -> SymbolicAnswer:
    a, b = names
    if axis == "D":
        why = f"the image does not show which of {a} and {b} is closer"
    else:
        why = f"{a} and {b} are level ({_AXIS_NOUN[axis]})"
    text = f"Cannot tell: {why}."
    return SymbolicAnswer(
        text=text, value=None, kind=kind, objects=objects, rationale=why, no_answer="cannot tell"
    )


def _coordinate(axis: str, obj: SpatialObject) -> float:
    if axis == "D":
        return obj.depth if obj.depth is not None else math.inf
    if obj.centroid is None:
        return math.inf
    return obj.centroid[0] if axis == "H" else obj.centroid[1]


def _axis_order(graph: SceneGraph, axis: str, candidates: list[SpatialObject]) -> list[SpatialObject]:
    """Candidates first to last on ``axis``: by wins in the relations, ties by coordinate."""
    ids = {o.id for o in candidates}
    wins = {o.id: 0 for o in candidates}
    first, _ = AXIS_PREDICATES[axis]
    for rel in graph.relations_on(axis):
        if rel.subject in ids and rel.object in ids:
            winner = rel.subject if rel.predicate == first else rel.object
            wins[winner] += 1
    return sorted(candidates, key=lambda o: (-wins[o.id], _coordinate(axis, o)))
