"""Scene graphs <-> tournaments: one tournament per axis from ``Relation``s, and repair written back.

Reading (``tournaments_from_scene_graph``): on axis ``a`` the precedence predicates are
``AXIS_PREDICATES[a]`` (``left_of``/``right_of``, ``above``/``below``,
``closer_than``/``further_than``). ``"x left_of y"`` with confidence ``c`` says
P(x precedes y) = ``c``; ``"x right_of y"`` with ``c`` says P(y precedes x) = ``c``.
Several relations on one pair are averaged. Other predicates (``near``, ...) are not
ordinal and are skipped; a precedence predicate of another axis is an error. The items
of an axis are the graph's objects (in graph order) that occur in at least one
precedence relation of that axis; an axis without such relations is left out.

Writing (``repair_scene_graph``): per axis, one relation per pair of that axis's items.
Answered pairs that agree with the repaired order keep their relation (first one
seen); flipped pairs get the reversed relation (``source="consistency"``, confidence
``max(1/2, 1 - c)``); unanswered pairs get the relation implied by the order
(``source="consistency"``, confidence 1/2). Relations of other axes are untouched.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from spatioxolver.errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from spatioxolver.consistency._tournament import Tournament
    from spatioxolver.schema import Relation, SceneGraph

__all__ = ["tournaments_from_scene_graph", "repair_scene_graph"]

_AXES = ("H", "V", "D")


def _check_axes(axes: Iterable[str]) -> tuple[str, ...]:
    if isinstance(axes, str):
        axes = tuple(axes) if all(a in _AXES for a in axes) else (axes,)
    out = tuple(axes)
    bad = [a for a in out if a not in _AXES]
    if bad:
        raise InputError(f"unknown axis {bad[0]!r}; axes are 'H', 'V', 'D'")
    return out


def _axis_relations(graph: SceneGraph, axis: str) -> tuple[list[str], list[tuple[Relation, int, int, float]]]:
    from spatioxolver.schema import AXIS_PREDICATES

    forward, backward = AXIS_PREDICATES[axis]
    foreign = {p for a, pair in AXIS_PREDICATES.items() if a != axis for p in pair}
    known = {obj.id for obj in graph.objects}
    used: list[tuple[Relation, str, str, float]] = []
    for rel in graph.relations:
        if rel.axis != axis:
            continue
        if rel.predicate in foreign:
            raise InputError(
                f"relation '{rel.subject} {rel.predicate} {rel.object}' is tagged axis {axis!r} but "
                f"{rel.predicate!r} belongs to another axis"
            )
        if rel.predicate not in (forward, backward):
            continue
        for name in (rel.subject, rel.object):
            if name not in known:
                raise InputError(
                    f"relation '{rel.subject} {rel.predicate} {rel.object}' names unknown object {name!r}"
                )
        if rel.subject == rel.object:
            raise InputError(
                f"relation '{rel.subject} {rel.predicate} {rel.object}' relates an object to itself"
            )
        first, second = (rel.subject, rel.object) if rel.predicate == forward else (rel.object, rel.subject)
        used.append((rel, first, second, float(rel.confidence)))
    mentioned = {name for _, a, b, _ in used for name in (a, b)}
    ids: list[str] = []
    for obj in graph.objects:
        if obj.id in mentioned and obj.id not in ids:
            ids.append(obj.id)
    index = {name: k for k, name in enumerate(ids)}
    return ids, [(rel, index[a], index[b], c) for rel, a, b, c in used]


def tournaments_from_scene_graph(
    graph: SceneGraph, axes: Iterable[str] = _AXES
) -> dict[str, tuple[list[str], Tournament]]:
    """One (soft, possibly partial) tournament per axis from the graph's relations.

    Returns:
        ``{axis: (object ids in index order, Tournament)}`` for each requested axis
        that has at least one precedence relation.

    Raises:
        InputError: unknown axis, a relation naming an unknown object or relating an
            object to itself, or another axis's predicate tagged with this axis.

    Example:
        >>> from spatioxolver.schema import Relation, SceneGraph, SpatialObject
        >>> g = SceneGraph(objects=[SpatialObject(id="a"), SpatialObject(id="b")],
        ...                relations=[Relation(subject="b", predicate="right_of", object="a", axis="H")])
        >>> ids, T = tournaments_from_scene_graph(g)["H"]
        >>> [ids[i] for i in T.score_order()]
        ['a', 'b']
    """
    from spatioxolver.consistency._tournament import Tournament

    out: dict[str, tuple[list[str], Tournament]] = {}
    for axis in _check_axes(axes):
        ids, rels = _axis_relations(graph, axis)
        if not rels:
            continue
        sums: dict[tuple[int, int], list[float]] = {}
        for _, i, j, c in rels:
            key, p = ((i, j), c) if i < j else ((j, i), 1.0 - c)
            acc = sums.setdefault(key, [0.0, 0.0])
            acc[0] += p
            acc[1] += 1.0
        outcomes = {key: min(1.0, max(0.0, s / k)) for key, (s, k) in sums.items()}
        out[axis] = (ids, Tournament.from_pairs(len(ids), outcomes))
    return out


def repair_scene_graph(
    graph: SceneGraph, method: str = "auto", axes: Iterable[str] = _AXES, **options: Any
) -> tuple[SceneGraph, list[dict[str, Any]]]:
    """Repair each axis's tournament and rewrite that axis's relations to agree with the order.

    Args:
        graph: the scene graph (not modified).
        method: repair method (``"score"``, ``"local"``, ``"exact"``, ``"auto"``).
        axes: axes to repair.
        **options: passed to :func:`spatioxolver.consistency.repair` (``seed``, ``time_limit``...).

    Returns:
        ``(new_graph, records)``; one record per repaired axis:
        ``{"axis", "ctr_before", "ctr_after", "flipped": [[subject, object], ...],
        "optimal", "agreement", "bound", "method", "order", "coverage"}``; ``bound`` is a
        proven upper bound on the agreement (equal to it when ``optimal``; the gap left
        when an exact solve hit its time limit). ``flipped`` lists pairs
        the answers ordered ``subject`` before ``object`` that the repair reverses;
        ``ctr_before`` is over fully answered triples (None when there is none, or
        fewer than 3 items); ``coverage`` is the fraction of pairs answered.
    """
    from spatioxolver.schema import AXIS_PREDICATES, Relation

    tournaments = tournaments_from_scene_graph(graph, axes)
    records: list[dict[str, Any]] = []
    new_relations = list(graph.relations)
    for axis, (ids, t) in tournaments.items():
        forward, backward = AXIS_PREDICATES[axis]
        result = t.repair(method, **options)
        pos = {v: k for k, v in enumerate(result.order)}
        _, rels = _axis_relations(graph, axis)
        kept: dict[tuple[int, int], Relation] = {}
        first_of_pair: dict[tuple[int, int], Relation] = {}
        for rel, i, j, _ in rels:
            first_of_pair.setdefault((min(i, j), max(i, j)), rel)
            if pos[i] < pos[j] and (min(i, j), max(i, j)) not in kept:
                kept[(min(i, j), max(i, j))] = rel
        axis_rels: list[Relation] = []
        for a in range(t.n):
            for b in range(a + 1, t.n):
                if (a, b) in kept:
                    axis_rels.append(kept[(a, b)])
                    continue
                first, second = (a, b) if pos[a] < pos[b] else (b, a)
                if t.observed[a, b]:
                    c = float(t.weights[first, second])
                    confidence = max(0.5, c)
                    # keep the subject/object order of an existing relation and invert its predicate
                    original = first_of_pair[(a, b)]
                    subj, obj = original.subject, original.object
                    predicate = forward if subj == ids[first] else backward
                else:
                    confidence = 0.5
                    subj, obj, predicate = ids[first], ids[second], forward
                axis_rels.append(
                    Relation(
                        subject=subj,
                        predicate=predicate,
                        object=obj,
                        axis=axis,
                        confidence=confidence,
                        source="consistency",
                    )
                )
        ordinal = set(AXIS_PREDICATES[axis])
        new_relations = [
            r for r in new_relations if not (r.axis == axis and r.predicate in ordinal)
        ] + axis_rels
        ctr_before: float | None = None
        if t.n >= 3 and t.observed_triples() > 0:
            ctr_before = t.ctr()
        records.append(
            {
                "axis": axis,
                "ctr_before": ctr_before,
                "ctr_after": 0.0 if t.n >= 3 else None,
                "flipped": [[ids[i], ids[j]] for i, j in result.flipped],
                "optimal": result.optimal,
                "agreement": result.agreement,
                "bound": result.bound,
                "method": result.method,
                "order": [ids[v] for v in result.order],
                "coverage": t.coverage()["pairs"],
            }
        )
    # A new graph around the same (unmodified) objects: no deep copy of every object (~1 ms at
    # 20 objects) that no caller needs.
    return graph.model_copy(update={"relations": new_relations}), records
