"""The consistency agent: per-axis tournaments from the relations, CTR, repair, rewrite.

It reads the scene graph's pairwise relations on each axis (H, V, D) as a tournament
(soft confidences), measures the cyclic triple rate (CTR) before, repairs the order with
the consistency engine (``score`` / ``local`` / ``exact`` / ``auto``), rewrites the
relations to agree with the repaired order (``source="consistency"``) and records, per
axis, CTR before and after and the flipped pairs.

Example:
    >>> from spatioxolver.schema import SceneGraph, SpatialObject, Relation
    >>> objs = [SpatialObject(id=i) for i in ("a", "b", "c")]
    >>> rels = [Relation(subject="a", predicate="left_of", object="b", axis="H"),
    ...         Relation(subject="b", predicate="left_of", object="c", axis="H"),
    ...         Relation(subject="c", predicate="left_of", object="a", axis="H")]
    >>> graph, records = check_consistency(SceneGraph(objects=objs, relations=rels), axes=("H",))
    >>> (records[0]["ctr_before"], records[0]["ctr_after"])
    (1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from spatioxolver.schema import SceneGraph

__all__ = ["ConsistencyAgent", "check_consistency", "REPAIR_METHODS", "EXACT_TIME_LIMIT_S"]

REPAIR_METHODS = ("auto", "score", "local", "exact")
#: Seconds an ``"exact"`` repair may take per axis when no limit is given: beyond the DP's
#: reach (22 objects) the ILP stops there and the record reports its bound.
EXACT_TIME_LIMIT_S = 10.0


def check_consistency(
    graph: SceneGraph,
    *,
    method: str = "auto",
    axes: Iterable[str] = ("H", "V", "D"),
    time_limit: float | None = None,
) -> tuple[SceneGraph, list[dict[str, Any]]]:
    """Repair ``graph``'s relations on ``axes``; returns ``(repaired_graph, records)``.

    Only frame-0 objects take part (relations are stated in one view). Axes without
    relations are skipped. ``method="exact"`` stops each axis's solve after
    ``time_limit`` seconds (default :data:`EXACT_TIME_LIMIT_S`); a record then has
    ``optimal`` False and ``bound`` above ``agreement``.

    Raises:
        ConfigError: an unknown repair method.
    """
    from spatioxolver.consistency import repair_scene_graph
    from spatioxolver.errors import ConfigError

    if method not in REPAIR_METHODS:
        raise ConfigError(f"unknown repair method {method!r}; use one of {', '.join(REPAIR_METHODS)}")
    options = {}
    if method == "exact":
        options["time_limit"] = EXACT_TIME_LIMIT_S if time_limit is None else float(time_limit)
    present = [a for a in axes if graph.relations_on(a)]
    if not present:
        return graph, []
    frame0 = {o.id for o in graph.objects if o.frame == 0}
    others = [o for o in graph.objects if o.frame != 0]
    if others:
        sub = graph.model_copy(
            update={
                "objects": [o for o in graph.objects if o.frame == 0],
                "relations": [r for r in graph.relations if r.subject in frame0 and r.object in frame0],
            }
        )
        repaired, records = repair_scene_graph(sub, method=method, axes=present, **options)
        kept = [r for r in graph.relations if not (r.subject in frame0 and r.object in frame0)]
        return graph.model_copy(update={"relations": repaired.relations + kept}), records
    return repair_scene_graph(graph, method=method, axes=present, **options)


class ConsistencyAgent:
    """Agent wrapper: ``state["scene_graph"]`` in, repaired graph and ``repairs`` out."""

    name = "consistency"
    description = "per-axis tournaments from the relations; CTR; cycle repair; relations rewritten"
    backends: tuple[str, ...] = REPAIR_METHODS

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        """Repair ``state["scene_graph"]`` with the run's ``repair_method`` (default ``auto``)."""
        graph = SceneGraph.model_validate(state["scene_graph"])
        method = str(runtime.context.options.get("repair_method") or "auto")
        repaired, records = check_consistency(graph, method=method)
        return {"scene_graph": repaired.model_dump(mode="json"), "repairs": records}
