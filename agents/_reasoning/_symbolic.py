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
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spatioxolver.agents._reasoning._layout import ground_layout, orbit_relations, top_down_relations
from spatioxolver.agents._reasoning._refs import singular

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import AXIS_PREDICATES, SceneGraph, SpatialObject
from spatioxolver.vocabulary import ATTRIBUTE_SYNONYMS, SHAPES

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


@dataclass
class SymbolicAnswer:
    """What the symbolic reasoner concluded."""

    text: str
    value: Any
    kind: str
    choice: int | None = None
    rationale: str = ""
    problem: str | None = None
    objects: list[str] = field(default_factory=list)
    #: MCQ only: the derived answer matched no single option (forced choice, ``choice=None``).
    no_option: bool = False
    #: How far the pixels can be trusted (scene reliability, 0..1; ``None``: not measured).
    confidence: float | None = None
    #: The reasoner declined: the scene is not one the geometric engine can read.
    abstained: bool = False
    #: Why there is no answer when the scene is readable but does not decide the question
    #: (``"cannot tell"``: two objects level on the asked axis, or no depth evidence).
    no_answer: str | None = None

    def as_answer(self) -> dict[str, Any]:
        """The graphs' answer dict for this conclusion (``reasoner="symbolic"``)."""
        return {
            "text": self.text,
            "value": self.value,
            "choice": self.choice,
            "rationale": self.rationale,
            "reasoner": "symbolic",
            "problem": self.problem,
            "confidence": self.confidence,
            "abstained": self.abstained,
            "no_answer": self.no_answer,
        }


class _ReferenceProblem(Exception):
    pass


def _toned(obj: SpatialObject) -> str | None:
    tone, colour = obj.attributes.extras.get("tone"), obj.attributes.color
    return f"{tone} {colour}" if colour and tone in ("light", "dark") else colour


def display_name(obj: SpatialObject) -> str:
    """The label drawn on the object, else its attribute description, else its id."""
    if obj.label:
        return obj.label
    a = obj.attributes
    words = [w for w in (a.size, _toned(obj), a.material, a.shape) if w]
    return " ".join(words) if words else obj.id


def spoken_name(obj: SpatialObject) -> str:
    """Open-ended wording: ``object 3 (the small red metal cube)``, or the description alone."""
    a = obj.attributes
    words = " ".join(w for w in (a.size, _toned(obj), a.material, a.shape) if w)
    if obj.label and not _is_tag(obj.label):  # a model's own name ("red square") is said as is
        return obj.label
    if obj.label:
        return f"object {obj.label} (the {words})" if words else f"object {obj.label}"
    return words or obj.id


def _is_tag(label: str) -> bool:
    """A drawn mark (a letter or a number), not a name."""
    return bool(re.fullmatch(r"[A-Za-z]|\d+", label.strip()))


def _bare(text: Any) -> str:
    return " ".join(re.sub(r"^(?:the|a|an)\s+", "", str(text or "").strip().lower()).split())


def _object_answer(best: SpatialObject, kind: str, rationale: str = "") -> SymbolicAnswer:
    """An answer naming one object: spoken in ``text``, its display name in ``value``."""
    return SymbolicAnswer(
        text=spoken_name(best), value=display_name(best), kind=kind, objects=[best.id], rationale=rationale
    )


def _ref_name(ref: dict[str, Any], obj: SpatialObject) -> str:
    if ref.get("label"):
        return str(ref["label"])
    text = re.sub(r"^(?:the|a|an)\s+", "", ref.get("text") or "", flags=re.I).strip()
    return text or display_name(obj)


def _norm(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip().lower()
    for table in ATTRIBUTE_SYNONYMS.values():
        if value in table:
            return table[value]
    return value


def _object_words(obj: SpatialObject) -> set[str]:
    """Singular words an object is called by: its shape, and the words of a non-tag label."""
    words = {singular(w) for w in re.findall(r"[a-z]+(?:-[a-z]+)*", (obj.attributes.shape or "").lower())}
    label = (obj.label or "").strip()
    if label and not _is_tag(label):
        words |= {singular(w) for w in re.findall(r"[a-z]+(?:-[a-z]+)*", label.lower())}
    return words


def _matches(ref: dict[str, Any], obj: SpatialObject) -> bool:
    label = ref.get("label")
    if label is not None:
        return obj.label is not None and obj.label.strip().upper() == str(label).strip().upper()
    if obj.label and not _is_tag(obj.label) and _bare(obj.label) == _bare(ref.get("text")):
        return True  # the object's own name, as a model's perception gave it
    a = obj.attributes
    if ref.get("tone") and a.extras.get("tone") != ref["tone"]:
        return False
    for key, have in (("color", a.color), ("shape", a.shape), ("size", a.size), ("material", a.material)):
        want = ref.get(key)
        if want is not None and _norm(have) != _norm(want):
            return False
    nouns = ref.get("nouns") or []
    # A noun outside the shape vocabulary ("elephant") matches an object called that (a
    # model's perception may name any class); geometric objects are cubes, spheres, cylinders.
    return not nouns or set(nouns) <= _object_words(obj)


def resolve(ref: dict[str, Any] | None, graph: SceneGraph, *, frame: int = 0) -> list[SpatialObject]:
    """Objects of ``frame`` matching a reference (all of them for ``None``)."""
    objects = [o for o in graph.objects if o.frame == frame]
    if ref is None:
        return objects
    if ref.get("label") is not None and not any(o.label for o in objects):
        # No labels were bound (no marks): fall back to the description, if any.
        if any(ref.get(k) for k in ("color", "shape", "size", "material")):
            ref = {**ref, "label": None}
    return [o for o in objects if _matches(ref, o)]


def _one(ref: dict[str, Any], graph: SceneGraph) -> SpatialObject:
    found = resolve(ref, graph)
    name = ref.get("text") or ref.get("label")
    if not found:
        raise _ReferenceProblem(_no_match(name, graph))
    if len(found) > 1:
        names = ", ".join(display_name(o) for o in found[:6])
        raise _ReferenceProblem(f"{name!r} is ambiguous: it matches {len(found)} objects ({names}).")
    return found[0]


def bind_reference(ref: dict[str, Any], graph: SceneGraph) -> tuple[SpatialObject | None, str | None, str]:
    """``(object, None, name)`` for the one object ``ref`` names, else ``(None, problem, name)``.

    ``problem`` is the reasoner's sentence ("There is no object matching ..." / "... is
    ambiguous ..."); ``name`` is how the answer names the object (its label, else the phrase).
    """
    try:
        obj = _one(ref, graph)
    except _ReferenceProblem as problem:
        return None, str(problem), str(ref.get("text") or ref.get("label"))
    return obj, None, _ref_name(ref, obj)


# ------------------------------------------------------------------ order helpers
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


#: Physical height / volume of each shape at scale r (the scale of a size class comes from
#: the graph's world prior, ``provenance["world_prior"]``).
_HEIGHT = {"cube": 2 / math.sqrt(2), "sphere": 2.0, "cylinder": 2.0}
_VOLUME = {"cube": (2 / math.sqrt(2)) ** 3, "sphere": 4 / 3 * math.pi, "cylinder": 2 * math.pi}


def _apparent_area(obj: SpatialObject) -> float:
    if obj.area:
        return float(obj.area)
    if obj.bbox is not None:
        return float((obj.bbox[2] - obj.bbox[0]) * (obj.bbox[3] - obj.bbox[1]))
    return 0.0


def _world_sizes(g: SceneGraph) -> dict[str, float] | None:
    """The physical scale of each size class word under the graph's world prior, if any."""
    prior = g.provenance.get("world_prior")
    if not prior:
        return None
    from spatioxolver.world import coerce_world_prior

    world = coerce_world_prior(prior)
    return dict(world.object_sizes) if world is not None else None


def _physical(
    obj: SpatialObject, what: str = "volume", sizes: dict[str, float] | None = None
) -> tuple[float, float]:
    """Physical size from shape and size class (scales from the world prior's ``sizes``), ties
    by apparent size x depth^2; without a prior, the size class word's order (small < large)
    then apparent size x depth^2."""
    shape, size = _norm(obj.attributes.shape), _norm(obj.attributes.size)
    depth = obj.depth if obj.depth and math.isfinite(obj.depth) else 1.0
    apparent = _apparent_area(obj) * depth * depth
    if sizes and shape in _HEIGHT and size in sizes:
        r = sizes[size]
        return (_HEIGHT[shape] * r if what == "height" else _VOLUME[shape] * r**3), apparent
    size_rank = {"small": 0.0, "large": 1.0}.get(size or "", -1.0)
    return size_rank, apparent


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
    answer.confidence = scene_reliability(graph)
    return answer


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


def _no_match(name: Any, graph: SceneGraph, frame: int = 0) -> str:
    """The reasoner's sentence for a reference that matches nothing."""
    if not any(o.frame == frame for o in graph.objects):
        return "There are no objects in the scene."
    return f"There is no object matching {name!r} in the scene."


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
        ranked = sorted(cands, key=_apparent_area)
        best = ranked[-1] if which == "largest" else ranked[0]
    else:
        what = "height" if which in ("tallest", "shortest") else "volume"
        sizes = _world_sizes(g)
        ranked = sorted(cands, key=lambda o: _physical(o, what, sizes))
        best = ranked[-1] if which in ("largest", "tallest") else ranked[0]
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
            first = _precedes(g, rel["axis"], obj, ref)
            if first == _PRECEDES_ASKS[rel["asks"]]:
                keep.append(obj)
        found = keep
    return SymbolicAnswer(
        text=str(len(found)),
        value=len(found),
        kind="count",
        objects=[o.id for o in found],
        rationale=f"{len(found)} matching object(s)",
    )


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


def _larger_of_two(
    q: dict[str, Any], g: SceneGraph, size: Callable[[SpatialObject], Any], kind: str
) -> SymbolicAnswer:
    """The larger (or, if asked, smaller) of ``q["objects"]`` as measured by ``size``."""
    ref_a, ref_b = q["objects"]
    a, b = _one(ref_a, g), _one(ref_b, g)
    a_larger = size(a) > size(b)
    pick_a = a_larger if q["asks"] == "larger" else not a_larger
    chosen, ref = (a, ref_a) if pick_a else (b, ref_b)
    name = _ref_name(ref, chosen)
    return SymbolicAnswer(text=name, value=name, kind=kind, objects=[chosen.id])


def _size_pair(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    sizes = _world_sizes(g)
    return _larger_of_two(q, g, lambda o: _physical(o, "volume", sizes), "size_pair")


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


def _apparent_pair(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    return _larger_of_two(q, g, _apparent_area, "apparent_pair")


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
}
