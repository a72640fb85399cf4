"""The symbolic reasoner: answers a parsed query from a (consistent) scene graph.

Pure functions over :class:`~spatioxolver.schema.SceneGraph`; no model calls. A query
naming an object that is absent, or that matches several objects, gets an answer that
says so (``value=None``, ``problem`` set) rather than a guess.

Example:
    >>> from spatioxolver.schema import SceneGraph, SpatialObject, Relation
    >>> g = SceneGraph(objects=[SpatialObject(id="o1", label="1"), SpatialObject(id="o2", label="2")],
    ...                relations=[Relation(subject="o1", predicate="left_of", object="o2", axis="H")])
    >>> answer_query({"type": "pairwise", "axis": "H", "asks": "left",
    ...               "objects": [{"label": "1", "text": "1"}, {"label": "2", "text": "2"}]}, g).value
    '1'
"""

from __future__ import annotations

import math
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _CannotTell, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._layout import ground_layout, orbit_relations, top_down_relations
from spatioxolver.agents._reasoning._names import (
    _no_match,
    _norm,
    _object_answer,
    _one,
    _ref_name,
    apparent_area,
    bind_reference,
    display_name,
    resolve,
    unseen_nouns,
    unseen_reason,
)
from spatioxolver.agents._reasoning._order import (
    _AXIS_NOUN,
    _axis_order,
    _cannot_tell,
    _level_in_view,
    _order,
    _precedes,
)
from spatioxolver.agents._reasoning._sizes import (
    _apparent_pair,
    _physical,
    _size_compare,
    _size_pair,
    _world_sizes,
)
from spatioxolver.agents._reasoning._unread_labels import marks_count_answer, unread_label_answer

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject
from spatioxolver.vocabulary import SHAPES

__all__ = ["SymbolicAnswer", "answer_query", "bind_reference", "display_name", "resolve"]

_PRECEDES_ASKS = {
    "left": True,
    "above": True,
    "closer": True,
    "right": False,
    "below": False,
    "further": False,
}
_ASK_WORDS = {
    "left": "to the left of",
    "right": "to the right of",
    "above": "above",
    "below": "below",
    "closer": "closer than",
    "further": "further than",
}
_EXTREME_AXIS = {
    "leftmost": ("H", True),
    "rightmost": ("H", False),
    "topmost": ("V", True),
    "bottommost": ("V", False),
    "closest": ("D", True),
    "farthest": ("D", False),
}
#: Relative margin (fraction of the layout's extent) under which a CVT relation does not hold;
#: CLEVR uses 0.2 on scenes about 6 units wide.
CVT_EPS_FRACTION = 0.2 / 6.0


#: Physical height / volume of each shape at scale r (the scale of a size class comes from
#: the graph's world prior, ``provenance["world_prior"]``).
# ------------------------------------------------------------------ answerers
def answer_query(query: dict[str, Any], graph: SceneGraph) -> SymbolicAnswer:
    """Answer a query dict (from :func:`parse_question`) over ``graph``.

    An MCQ whose derived answer matches no option (or several) is answered with
    ``value=None``, ``choice=None`` and a text naming the derived answer (forced choice:
    the scorer counts it wrong). MCQ texts without a choice are written without digits.

    Raises:
        UnsupportedQuestionError: an unknown query type; the outline of an unknown shape.
    """
    kind = query["type"]
    from spatioxolver.agents._reasoning._describe import HANDLERS, abstention, scene_reliability

    doubt = abstention(graph)
    if doubt is not None:
        return doubt
    handler = _HANDLERS.get(kind) or HANDLERS.get(kind)
    if handler is None:
        raise UnsupportedQuestionError(f"query type {kind!r} is unsupported by the geometric reasoner")
    try:
        answer = handler(query, graph)
    except _ReferenceProblem as problem:
        answer = SymbolicAnswer(text=str(problem), value=None, kind=kind, problem=str(problem))
        if isinstance(problem, _CannotTell):  # "how many labelled shapes" with a label unread
            answer = cannot_tell(str(problem), kind)
        unseen = unseen_nouns(query, graph)
        if unseen:  # "How many clocks?": "none here" would claim more than the engine can see
            answer = cannot_tell(unseen_reason(unseen), kind)
            answer.problem = str(problem)
        unread = unread_label_answer(query, graph, kind)
        if unread is not None:  # "shape A" where no label could be read: not "no such object"
            unread.problem = str(problem)
            answer = unread
    _say_which(answer, graph)
    if query.get("negated") and isinstance(answer.value, bool):  # "is A not above B"
        answer.value = not answer.value
        answer.text = "Yes" if answer.value else "No"
    if query.get("statement") and isinstance(answer.value, bool):
        answer.text = "True" if answer.value else "False"  # a claim checked, not a question
    answer.confidence = scene_reliability(graph)
    return answer


_OBJECT_KINDS = ("extreme", "between", "nearest", "aligned", "corner", "occluder", "relative")


def _say_which(answer: SymbolicAnswer, graph: SceneGraph) -> None:
    """When the named object has twins of the same name ("red square" twice), the text says
    which one, by its place from the left; the value stays the name."""
    if answer.kind not in _OBJECT_KINDS or not isinstance(answer.value, str) or len(answer.objects) != 1:
        return
    obj = next((o for o in graph.objects if o.id == answer.objects[0]), None)
    if obj is None or obj.centroid is None:
        return
    twins = [
        o
        for o in graph.objects
        if o.frame == obj.frame and o.centroid is not None and display_name(o) == answer.value
    ]
    if len(twins) < 2:
        return
    rank, n = sorted(twins, key=lambda o: o.centroid[0]).index(obj), len(twins)
    ordinals = ("second", "third", "fourth", "fifth", "sixth")
    if rank == 0:
        where = "the leftmost"
    elif rank == n - 1:
        where = "the rightmost"
    else:
        where = f"the {ordinals[rank - 1] if rank <= len(ordinals) else f'{rank + 1}th'} from the left"
    answer.text = f"{answer.text} ({where} of the {n})"


def _pairwise(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref_a, ref_b = q["objects"]
    a, b = _one(ref_a, g), _one(ref_b, g)
    if a.id == b.id:
        raise _ReferenceProblem(f"{ref_a.get('text')!r} and {ref_b.get('text')!r} name the same object.")
    a_first = _order(g, q["axis"], a, b)
    if a_first is None:
        return _cannot_tell("pairwise", q["axis"], (_ref_name(ref_a, a), _ref_name(ref_b, b)), [a.id, b.id])
    pick_a = a_first if _PRECEDES_ASKS[q["asks"]] else not a_first
    chosen, ref = (a, ref_a) if pick_a else (b, ref_b)
    name = _ref_name(ref, chosen)
    other = _ref_name(ref_b if pick_a else ref_a, b if pick_a else a)
    return SymbolicAnswer(
        text=name,
        value=name,
        kind="pairwise",
        objects=[chosen.id],
        rationale=f"{name} is {_ASK_WORDS[q['asks']]} {other}",
    )


def _yesno(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    if s.id == r.id:
        raise _ReferenceProblem("the question compares an object with itself.")
    sn, rn = _ref_name(q["subject"], s), _ref_name(q["reference"], r)
    first = _order(g, q["axis"], s, r)
    if first is None:
        if not _level_in_view(q["axis"], s, r):
            return _cannot_tell("yesno", q["axis"], (sn, rn), [s.id, r.id])
        # Level in the image: neither is left of (above) the other.
        why = f"{sn} and {rn} are level ({_AXIS_NOUN[q['axis']]})"
        return SymbolicAnswer(text="No", value=False, kind="yesno", objects=[s.id, r.id], rationale=why)
    holds = first if _PRECEDES_ASKS[q["asks"]] else not first
    verdict = "Yes" if holds else "No"
    return SymbolicAnswer(
        text=verdict,
        value=holds,
        kind="yesno",
        objects=[s.id, r.id],
        rationale=f"{sn} is {'' if holds else 'not '}{_ASK_WORDS[q['asks']]} {rn}",
    )


def _candidates(q: dict[str, Any], g: SceneGraph) -> list[SpatialObject]:
    found = resolve(q.get("filter"), g)
    if q.get("among"):
        found = [o for o in found if o.id in q["among"]]
    if not found:
        what = (q.get("filter") or {}).get("text", "object")
        raise _ReferenceProblem(_no_match(what, g))
    return found


def _extreme(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    cands = _candidates(q, g)
    which = q["which"]
    if which in _EXTREME_AXIS:
        axis, first = _EXTREME_AXIS[which]
        order = _axis_order(g, axis, cands)
        best = order[0] if first else order[-1]
        runner_up = (order[1] if first else order[-2]) if len(order) > 1 else None
        if runner_up is not None:
            best_first = _order(g, axis, best, runner_up)
            if best_first is None:
                names = (display_name(best), display_name(runner_up))
                return _cannot_tell("extreme", axis, names, [best.id, runner_up.id])
            if best_first != first:  # transitivity puts the runner-up past the best
                best = runner_up
    elif q.get("apparent"):
        ranked = sorted(cands, key=apparent_area)
        best = ranked[-1] if which == "largest" else ranked[0]
    else:
        what = "height" if which in ("tallest", "shortest") else "volume"
        sizes = _world_sizes(g)
        ranked = sorted(cands, key=lambda o: _physical(o, what, sizes))
        best = ranked[-1] if which in ("largest", "tallest") else ranked[0]
    marks = marks_count_answer([best], "extreme")
    if marks is not None:  # the pick may be a label's letter nobody read
        return marks
    return _object_answer(
        best, "extreme", rationale=f"{display_name(best)} is the {which} of {len(cands)} candidate(s)"
    )


def _count(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = resolve(q.get("filter"), g)
    nouns = (q.get("filter") or {}).get("nouns") or []
    if nouns and not found:
        # "How many unicorns?": the scene graph has no word for them, so "0" would claim more
        # than it knows (perception may have called one a cylinder); say so instead.
        raise _ReferenceProblem(
            f"There is no object matching {q['filter']['text']!r} in the scene "
            f"(no object is described as {' '.join(nouns)!r}), so no count is given."
        )
    rel = q.get("relation")
    if rel:
        ref = _one(rel["reference"], g)
        keep = []
        for obj in found:
            if obj.id == ref.id:
                continue
            first = _order(g, rel["axis"], obj, ref)  # a level object is on neither side
            if first == _PRECEDES_ASKS[rel["asks"]]:
                keep.append(obj)
        found = keep
    marks = marks_count_answer(found, "count")
    if marks is not None:  # a letter nobody read counted as a shape: the count would guess
        return marks
    unread = _unread_shapes(q.get("filter"), g, found)
    if unread and not rel:
        # A shape too small to name may be one of them: the count is only a lower bound.
        what = (q.get("filter") or {}).get("text") or "them"
        return cannot_tell(
            f"{len(unread)} object(s) are too small to tell their shape, so there are at least "
            f"{len(found)} {what}, maybe more",
            "count",
            [o.id for o in found],
        )
    return SymbolicAnswer(
        text=str(len(found)),
        value=len(found),
        kind="count",
        objects=[o.id for o in found],
        rationale=f"{len(found)} matching object(s)",
    )


def _unread_shapes(filt: dict[str, Any] | None, g: SceneGraph, found: list[Any]) -> list[Any]:
    """Objects that match ``filt`` but for a shape nobody could read (``shape`` unset), when
    ``filt`` asks for a shape: each may be one of the shapes counted. An outline read as none
    of the vocabulary's shapes (extras ``shape_other``: a heart, a crescent) is not one."""
    if not filt or not (filt.get("shape") or filt.get("nouns")) or filt.get("any_of") or filt.get("label"):
        return []
    ids = {o.id for o in found}
    relaxed = {**filt, "shape": None, "nouns": []}
    return [
        o
        for o in resolve(relaxed, g)
        if o.id not in ids
        and not o.attributes.shape
        and not o.label
        and not o.attributes.extras.get("shape_other")
        and not o.attributes.extras.get("unread_mark")  # (a label's letter more likely than a shape)
    ]


def _is_between(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    ab = (b[0] - a[0], b[1] - a[1])
    length2 = ab[0] ** 2 + ab[1] ** 2
    if length2 == 0:
        return False
    t = ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / length2
    perp = abs((p[0] - a[0]) * ab[1] - (p[1] - a[1]) * ab[0]) / math.sqrt(length2)
    return 0.0 < t < 1.0 and perp < 0.5 * math.sqrt(length2)


def _between(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    a, b = _one(q["a"], g), _one(q["b"], g)
    layout = ground_layout(g)
    if q.get("subject") is not None:
        s = _one(q["subject"], g)
        holds = _is_between(layout[s.id], layout[a.id], layout[b.id])
        return SymbolicAnswer(
            text="Yes" if holds else "No", value=holds, kind="between", objects=[s.id, a.id, b.id]
        )
    pa, pb = layout[a.id], layout[b.id]
    length = math.dist(pa, pb) or 1e-9

    def off_segment(o: SpatialObject) -> float:
        p = layout[o.id]
        t = ((p[0] - pa[0]) * (pb[0] - pa[0]) + (p[1] - pa[1]) * (pb[1] - pa[1])) / length**2
        perp = abs((p[0] - pa[0]) * (pb[1] - pa[1]) - (p[1] - pa[1]) * (pb[0] - pa[0])) / length
        return max(0.0, 0.2 - t, t - 0.8) + perp / length

    cands = [o for o in _candidates(q, g) if o.id not in (a.id, b.id)]
    if q.get("among"):
        best = min(cands, key=off_segment) if cands else None
    else:
        inside = [o for o in cands if _is_between(layout[o.id], pa, pb)]
        best = min(inside, key=off_segment) if inside else None
    if best is None:
        raise _ReferenceProblem("No object lies between them.")
    return _object_answer(best, "between")


def _nearest(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["reference"], g)
    cands = [o for o in _candidates(q, g) if o.id != ref.id]
    if not cands:
        raise _ReferenceProblem("There is no other object to compare with.")
    if ref.depth is None and all(o.depth is None for o in cands) and ref.centroid is not None:
        # No depth anywhere (a flat drawing): near is near on the page, both axes.
        ranked = sorted(cands, key=lambda o: math.dist(o.centroid or (math.inf, math.inf), ref.centroid))
    else:
        layout = ground_layout(g)
        ranked = sorted(cands, key=lambda o: math.dist(layout[o.id], layout[ref.id]))
    best = ranked[0] if q["which"] == "nearest" else ranked[-1]
    return _object_answer(
        best, "nearest", rationale=f"{display_name(best)} is {q['which']} to {display_name(ref)}"
    )


def _extent(layout: dict[str, tuple[float, float]]) -> float:
    if len(layout) < 2:
        return 1.0
    us = [p[0] for p in layout.values()]
    ws = [p[1] for p in layout.values()]
    return max(max(us) - min(us), max(ws) - min(ws), 1e-9)


def _cvt(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    layout = ground_layout(g)
    # A graph read from ground truth knows its units (provenance["ground_eps"], CLEVR's 0.2);
    # a perceived one only knows relative positions, so the margin scales with the layout.
    given_eps = g.provenance.get("ground_eps")
    eps = float(given_eps) if isinstance(given_eps, (int, float)) else CVT_EPS_FRACTION * _extent(layout)
    disp = (layout[s.id][0] - layout[r.id][0], layout[s.id][1] - layout[r.id][1])
    if q["type"] == "orbit":
        rels = orbit_relations(disp, q["theta"], q["direction"], eps=eps)
        how = f"after orbiting {q['theta']:g} degrees to the {q['direction']}"
    else:
        rels = top_down_relations(disp, eps=eps)
        how = "in the top-down view"
    text = ", ".join(rels) if rels else "none"
    return SymbolicAnswer(
        text=text,
        value=rels,
        kind=q["type"],
        objects=[s.id, r.id],
        rationale=f"{display_name(s)} w.r.t. {display_name(r)} {how}: {text}",
    )


def _direction(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    layout = ground_layout(g)
    disp = (layout[s.id][0] - layout[r.id][0], layout[s.id][1] - layout[r.id][1])
    rels = orbit_relations(disp, 0.0, "left", eps=0.0)
    words = {"left": "left of", "right": "right of", "front": "in front of", "behind": "behind"}
    if _order(g, "D", s, r) is None:  # no depth evidence (a flat drawing): say nothing about it
        rels = [x for x in rels if x not in ("front", "behind")]
    lateral = [words[x] for x in rels if x in ("left", "right")]
    depth = [words[x] for x in rels if x in ("front", "behind")]
    if not lateral and not depth:
        return _cannot_tell("direction", "D", (display_name(s), _ref_name(q["reference"], r)), [s.id, r.id])
    text = " and ".join(lateral + depth) + f" {_ref_name(q['reference'], r)}"
    return SymbolicAnswer(text=text, value=rels, kind="direction", objects=[s.id, r.id])


def _aligned(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["reference"], g)
    k = 0 if q["axis"] == "x" else 1
    cands = [o for o in _candidates(q, g) if o.id != ref.id and o.centroid is not None]
    if not cands or ref.centroid is None:
        raise _ReferenceProblem("There is no other object to compare with.")
    anchor = ref.centroid[k]
    best = min(cands, key=lambda o: abs((o.centroid or (0.0, 0.0))[k] - anchor))
    return _object_answer(best, "aligned")


def _corner(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    layout = ground_layout(g)
    unit = {"behind": (0.0, 1.0), "front": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
    v = tuple(sum(unit[d][i] for d in q["directions"]) for i in (0, 1))
    cands = _candidates(q, g)
    mean = tuple(sum(layout[o.id][i] for o in cands) / len(cands) for i in (0, 1))
    best = max(cands, key=lambda o: (layout[o.id][0] - mean[0]) * v[0] + (layout[o.id][1] - mean[1]) * v[1])
    return _object_answer(best, "corner")


_COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def _compass(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    layout = ground_layout(g)
    east, north = layout[s.id][0] - layout[r.id][0], layout[s.id][1] - layout[r.id][1]
    bearing = math.degrees(math.atan2(east, north)) % 360.0
    word = _COMPASS[int(round(bearing / 45.0)) % 8]
    return SymbolicAnswer(
        text=word,
        value=word,
        kind="compass",
        objects=[s.id, r.id],
        rationale=f"bearing {bearing:.0f} degrees",
    )


def _outline(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s = _one(q["subject"], g)
    shape = _norm(s.attributes.shape)
    if shape not in SHAPES:
        raise UnsupportedQuestionError(
            f"outline of shape {shape!r} is unsupported by the geometric reasoner — use an LLM model"
        )
    word = "square" if shape == "cube" else "circle"
    return SymbolicAnswer(text=word, value=word, kind="outline", objects=[s.id])


def _occluder(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    x = _one(q["reference"], g)
    if x.bbox is None:
        raise _ReferenceProblem("The object has no extent to test occlusion.")

    xb = x.bbox

    def overlap(o: SpatialObject) -> float:
        if o.bbox is None:
            return 0.0
        w = min(o.bbox[2], xb[2]) - max(o.bbox[0], xb[0])
        h = min(o.bbox[3], xb[3]) - max(o.bbox[1], xb[1])
        return max(w, 0.0) * max(h, 0.0)

    cands = [o for o in _candidates(q, g) if o.id != x.id and overlap(o) > 0 and _precedes(g, "D", o, x)]
    if not cands:
        raise _ReferenceProblem("No object hides it.")
    best = max(cands, key=overlap)
    return _object_answer(best, "occluder")


def _inconsistent(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ids = {o.id: o for o in g.objects}
    moves = [
        t for t in g.transformations if t.object is not None and t.object in ids and ids[t.object].frame == 0
    ]
    flagged = [t for t in moves if t.inconsistent]
    rationale = "its motion violates the global motion"
    if not flagged:
        # Forced choice only under seed 002's protocol (the letters to choose from are given):
        # the object the tracker found most suspicious, if it scored any. A user's question
        # ("which object was moved?") gets "none" when nothing stands out.
        scored = [t for t in moves if isinstance(t.extras.get("score"), (int, float))]
        forced = q.get("labels") or any(o.label for o in ids.values() if o.frame == 0)  # letters drawn
        if not scored or (not forced and max(t.extras["score"] for t in scored) <= 1e-6):
            text = "No object moved inconsistently with the camera motion."
            return SymbolicAnswer(
                text=text, value=None, kind="inconsistent_object", rationale=text, no_answer="none moved"
            )
        if not forced:
            likely = display_name(ids[str(max(scored, key=lambda t: t.extras["score"]).object)])
            text = f"Cannot tell which object moved: none stands out from the camera motion (most likely {likely})."
            return SymbolicAnswer(
                text=text, value=None, kind="inconsistent_object", rationale=text, no_answer="cannot tell"
            )
        flagged = [max(scored, key=lambda t: t.extras["score"])]
        rationale = (
            f"no object passed the tracker's threshold; highest anomaly score {flagged[0].extras['score']}"
        )
    obj = ids[str(flagged[0].object)]
    name = display_name(obj)
    return SymbolicAnswer(
        text=name, value=name, kind="inconsistent_object", objects=[obj.id], rationale=rationale
    )


def _mcq(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._choice import answer_mcq

    return answer_mcq(q, g)


_HANDLERS = {
    "pairwise": _pairwise,
    "yesno": _yesno,
    "extreme": _extreme,
    "count": _count,
    "between": _between,
    "nearest": _nearest,
    "orbit": _cvt,
    "top_down": _cvt,
    "inconsistent_object": _inconsistent,
    "mcq": _mcq,
    "direction": _direction,
    "aligned": _aligned,
    "corner": _corner,
    "size_pair": _size_pair,
    "compass": _compass,
    "outline": _outline,
    "occluder": _occluder,
    "apparent_pair": _apparent_pair,
    "size_compare": _size_compare,
}
