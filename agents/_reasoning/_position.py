"""Question forms about place in a row and in the frame, and their answerers.

Parsed from the question body (see :mod:`spatioxolver.agents._reasoning._parse`):

* ``ordinal`` — "which object is second from the left", "what is in the middle", "which is
  the third shape from the right", "the middle circle" -> ``{"type", "axis", "from_start",
  "rank", "filter"}`` (``rank`` 0-based from that end, ``None`` for the middle);
* ``has_attribute`` — "is the triangle green?", "is the red object a square?" ->
  ``{"type", "subject": ref, "predicate": ref}``;
* ``frame_side`` — "is X on the left side of the image", "in the top half of the picture";
* ``which_side`` — "is A left or right of B?", "is A above or below B?";
* ``sequence`` — "list the objects from left to right", "name the shapes from top to bottom";
  also "describe the scene" / "what objects are in the image" (the objects, left to right);
* ``all_same`` — "are all the shapes the same colour?";
* ``touch`` — "does A touch B?" (masks within 2 px); ``which_corner`` — "which corner is X
  closest to?".

A middle asked of an even count, or a rank two objects share (level in the image), is a
typed "cannot tell", never a guess.

Example:
    >>> ordinal_form("Which object is second from the left")["rank"]
    1
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._cells import layout_middle
from spatioxolver.agents._reasoning._names import (
    _matches,
    _no_match,
    _one,
    _ref_name,
    apparent_area,
    display_name,
    resolve,
    spoken_name,
)
from spatioxolver.agents._reasoning._order import _AXIS_NOUN, _axis_order, _order
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference, singular

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = [
    "POSITION_FORMS",
    "POSITION_HANDLERS",
    "ordinal_form",
    "ordinal_selector",
]

_ORDINALS = {
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
    "fifth": 4, "5th": 4, "sixth": 5, "6th": 5, "seventh": 6, "7th": 6, "eighth": 7, "8th": 7,
}  # fmt: skip
_ORD = "|".join(_ORDINALS)
_ENDS = {"left": ("H", True), "right": ("H", False), "top": ("V", True), "bottom": ("V", False)}
_MIDDLE = r"(?:in the (?:very )?(?:middle|center|centre)(?: of (?:the )?(?:row|line|image|picture|scene|group))?|" \
    r"(?:in )?between the others|central)"  # fmt: skip
_IMAGE = r"(?:image|picture|photo|scene|drawing|frame|figure)"
_LARGE = ("largest", "biggest")
_BY_SIZE = r"(?:largest|biggest|smallest|tiniest)"


def ordinal_selector(phrase: str) -> tuple[dict[str, Any], str | None] | None:
    """``(selector, the rest)`` of "the second shape from the left" / "the middle circle" /
    "the circle in the middle", else ``None``; the selector has ``axis``, ``from_start``, ``rank``."""
    p = phrase.strip().rstrip("?.").strip()
    p = re.sub(r"^(?:right|exactly|just|smack) (?=in the (?:very )?(?:middle|cent))", "", p, flags=re.I)
    m = re.fullmatch(rf"(?:the )?({_ORD})[- ]({_BY_SIZE})(?: (.+))?", p, re.I) or re.fullmatch(
        rf"(?:the )?(?:(.+?) (?:that is |which is )?)?(?:the )?({_ORD})[- ]({_BY_SIZE})", p, re.I
    )
    if m and m.group(1) and m.group(1).lower() in _ORDINALS:  # "the second largest shape"
        return {
            "axis": "size",
            "from_start": m.group(2).lower() in _LARGE,
            "rank": _ORDINALS[m.group(1).lower()],
        }, m.group(3)
    if m:  # "the shape that is the third biggest"
        return {
            "axis": "size",
            "from_start": m.group(3).lower() in _LARGE,
            "rank": _ORDINALS[m.group(2).lower()],
        }, m.group(1)
    m = re.fullmatch(
        rf"(?:the )?({_ORD}|last)(?: (.+?))? (?:from|on|at) the (left|right|top|bottom)", p, re.I
    )
    if m and (m.group(1).lower() != "last" or not re.search(r"\bfrom the", p, re.I)):
        axis, from_start = _ENDS[m.group(3).lower()]
        rank = (
            0 if m.group(1).lower() == "last" else _ORDINALS[m.group(1).lower()]
        )  # "the last one on the right"
        return {"axis": axis, "from_start": from_start, "rank": rank}, m.group(2)
    m = re.fullmatch(
        rf"(?:the )?(.+?) (?:that is |which is )?({_ORD}) (?:from|on) the (left|right|top|bottom)", p, re.I
    )
    if m:  # "the shape second from the left"
        axis, from_start = _ENDS[m.group(3).lower()]
        return {"axis": axis, "from_start": from_start, "rank": _ORDINALS[m.group(2).lower()]}, m.group(1)
    m = re.fullmatch(r"(?:the )?(?:middle|central|center|centre)(?: (.+))?", p, re.I)
    if m and not re.fullmatch(r"of .*", m.group(1) or "", re.I):
        return {"axis": "H", "from_start": True, "rank": None}, m.group(1)
    m = re.fullmatch(rf"(?:the )?(?:(.+?) )?{_MIDDLE}", p, re.I)
    if m:
        return {"axis": "H", "from_start": True, "rank": None}, m.group(1)
    return None


def ordinal_form(body: str) -> dict[str, Any] | None:
    """``which object is second from the left`` / ``what is in the middle`` / ``which is the
    middle shape`` / ``what is the third circle from the right``."""
    m = re.fullmatch(
        r"(?:which|what)(?: (.+?))? (?:is|lies|sits|appears|comes)(?: located| placed| positioned)? (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    side = re.fullmatch(
        r"(?:on|at|to) the (?:far |very )?(left|right|top|bottom)(?:[- ]hand)?(?: side| end)?(?: of (?:the )?(?:image|picture|row))?",
        m.group(2).strip(),
        re.I,
    )
    if side:  # "which shape is on the left": the one furthest that way
        try:
            filt = parse_filter(m.group(1))
        except UnsupportedQuestionError:
            return None
        which = {"left": "leftmost", "right": "rightmost", "top": "topmost", "bottom": "bottommost"}[
            side.group(1).lower()
        ]
        return {"type": "extreme", "which": which, "filter": filt}
    for subject, phrase in ((m.group(1), m.group(2)), (None, m.group(2))):
        found = ordinal_selector(phrase)
        if found is None:
            continue
        selector, rest = found
        if subject and rest:
            continue
        try:
            filt = parse_filter(subject or rest)
        except UnsupportedQuestionError:
            return None
        return {"type": "ordinal", **selector, "filter": filt}
    return None


def has_attribute_form(body: str) -> dict[str, Any] | None:
    """``is the triangle green`` / ``is the red object a square`` / ``is the circle light blue``."""
    m = re.fullmatch(r"is (the .+?|it) (an? .+|(?:light |dark |pale )?[a-z]+)", body, re.I)
    if not m or m.group(1).lower() == "it":
        return None
    if re.search(
        r"\b(?:in|on|at|inside|within|into|of|with|by|under|over|near)(?: the| a| an)?$", m.group(1), re.I
    ):
        return None  # "is the circle in the rectangle": a place, not "is the circle a rectangle"
    pred = m.group(2)
    if re.search(
        r"\b(?:left|right|above|below|under|behind|front|between|than|or|side|half|near|next)\b", pred, re.I
    ):
        return None
    try:
        predicate = parse_reference(pred)
        subject = parse_reference(m.group(1))
    except UnsupportedQuestionError:
        return None
    if predicate.get("label") or predicate.get("nouns"):
        return None  # "is the cube A?" or an unknown word: not an attribute
    return {"type": "has_attribute", "subject": subject, "predicate": predicate}


_HALVES = {
    "left": ("H", True), "right": ("H", False), "top": ("V", True), "upper": ("V", True),
    "bottom": ("V", False), "lower": ("V", False),
}  # fmt: skip


def frame_side_form(body: str) -> dict[str, Any] | None:
    """``is X on the left side of the image`` / ``in the top half of the picture`` / ``in the
    top right corner``."""
    m = re.fullmatch(
        rf"is (.+?) (?:in|at|near) the (top|upper|bottom|lower)[- ]?(left|right)(?:[- ]hand)? corner"
        rf"(?: of (?:the |this )?{_IMAGE})?",
        body,
        re.I,
    )
    if m:
        sides = [_HALVES[m.group(3).lower()], _HALVES[m.group(2).lower()]]
        return {"type": "frame_side", "subject": parse_reference(m.group(1)), "sides": sides}
    m = re.fullmatch(
        rf"is (.+?) (?:on|in|at|towards?) the (left|right|top|upper|bottom|lower)(?:[- ]hand)?"
        rf"(?: (?:side|half|part|edge))? of (?:the |this )?{_IMAGE}",
        body,
        re.I,
    ) or re.fullmatch(r"is (.+?) (?:on|at) the (left|right|top|bottom)(?:[- ]hand)?(?: side)?", body, re.I)
    if not m:
        return None
    return {
        "type": "frame_side",
        "subject": parse_reference(m.group(1)),
        "sides": [_HALVES[m.group(2).lower()]],
    }


_PAIRS = {("left", "right"): "H", ("above", "below"): "V", ("in front of", "behind"): "D"}


def which_side_form(body: str) -> dict[str, Any] | None:
    """``is A left or right of B`` / ``is A to the left or the right of B`` / ``is A above or below B``."""
    m = re.fullmatch(
        r"is (.+?) (?:to the |on the )?(left|right|above|below|in front of|behind)(?: side)? or "
        r"(?:to the |on the )?(left|right|above|below|in front of|behind)(?: side)?(?: of)? (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    a, b = m.group(2).lower(), m.group(3).lower()
    pair = (a, b) if (a, b) in _PAIRS else (b, a)
    if pair not in _PAIRS:
        return None
    return {
        "type": "which_side",
        "axis": _PAIRS[pair],
        "words": list(pair),
        "subject": parse_reference(m.group(1)),
        "reference": parse_reference(m.group(4)),
    }


def sequence_form(body: str) -> dict[str, Any] | None:
    """``list / name / order the objects from left to right`` (also "top to bottom", and
    "what is the order of the shapes from left to right")."""
    body = body.rstrip(" .!")
    m = re.fullmatch(
        r"(?:(?:please )?(?:list|name|order|sort|give)(?: me)?|what is the order of|in what order are) (?:all )?(.+?)"
        r",? (?:from|going) (left|right|top|bottom) to (left|right|top|bottom)(?: are they)?",
        body,
        re.I,
    )
    if not m:
        return None
    start, end = m.group(2).lower(), m.group(3).lower()
    if _ENDS[start][0] != _ENDS[end][0] or start == end:
        return None
    axis, from_start = _ENDS[start]
    try:
        filt = parse_filter(re.sub(r"^(?:the|all the|all)\s+", "", m.group(1), flags=re.I))
    except UnsupportedQuestionError:
        return None
    return {"type": "sequence", "axis": axis, "from_start": from_start, "filter": filt}


def describe_form(body: str) -> dict[str, Any] | None:
    """``describe the scene`` / ``what objects are in the image`` / ``list the shapes`` /
    ``what do you see``: the objects named from left to right."""
    body = body.rstrip(" .!")
    m = re.fullmatch(
        rf"(?:(?:please )?describe (?:the|this) {_IMAGE}|what do you see(?: in (?:the|this) {_IMAGE})?|"
        rf"(?:what|which) (objects|shapes|things|items) (?:are|can you see)(?: there| shown| visible)?"
        rf"(?: in (?:the|this) {_IMAGE})?|(?:please )?(?:list|name) (?:all )?(?:of )?(?:the )?(objects|shapes|things|items)"
        rf"(?: (?:in|of) (?:the|this) {_IMAGE})?)",
        body,
        re.I,
    )
    if not m:
        return None
    return {"type": "sequence", "axis": "H", "from_start": True, "filter": None, "describe": True}


def touch_form(body: str) -> dict[str, Any] | None:
    """``does A touch B`` / ``is A touching B`` / ``are A and B touching``."""
    m = re.fullmatch(
        r"(?:does|do) (.+?) touch (.+)|is (.+?) touching (.+)|are (.+?) and (.+?) touching(?: each other)?",
        body,
        re.I,
    )
    if not m:
        return None
    a, b = [g for g in m.groups() if g is not None]
    try:
        return {"type": "touch", "objects": [parse_reference(a), parse_reference(b)]}
    except UnsupportedQuestionError:
        return None


def which_corner_form(body: str) -> dict[str, Any] | None:
    """``which corner (of the image) is X (closest to | in | nearest)``."""
    m = re.fullmatch(
        rf"(?:which|what) corner(?: of (?:the |this )?{_IMAGE})? is (.+?) (?:closest to|nearest(?: to)?|in|near|at)",
        body,
        re.I,
    ) or re.fullmatch(rf"(?:in )?which corner(?: of (?:the |this )?{_IMAGE})? (?:is|lies) (.+)", body, re.I)
    if not m:
        return None
    try:
        return {"type": "which_corner", "subject": parse_reference(m.group(1))}
    except UnsupportedQuestionError:
        return None


def all_same_form(body: str) -> dict[str, Any] | None:
    """``are all (of) the shapes the same colour`` / ``are the two circles the same size`` /
    ``do all the objects have the same shape``."""
    m = re.fullmatch(
        r"(?:are (?:all(?: of)?(?: the)?|the|both(?: of)?(?: the)?|the two)? ?(.+?)(?: of)? the same|"
        r"do (?:all|both)(?: of)?(?: the)? (.+?) have the same) (colou?r|shape|size)",
        body,
        re.I,
    )
    if not m:
        return None
    phrase = re.sub(r"^(?:two|both)\s+", "", (m.group(1) or m.group(2)).strip(), flags=re.I)
    try:
        filt = parse_filter(phrase)
    except UnsupportedQuestionError:
        return None
    word = m.group(3).lower()
    return {"type": "all_same", "attribute": "color" if word.startswith("colo") else word, "filter": filt}


def next_to_form(body: str) -> dict[str, Any] | None:
    """``what is next to X`` / ``which shape is beside X`` -> the nearest object to X."""
    m = re.fullmatch(
        r"(?:which|what)(?: (.+?))? (?:is|lies|sits) (?:right |directly )?(?:next to|beside|adjacent to) (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    try:
        filt, ref = parse_filter(m.group(1)), parse_reference(m.group(2))
    except UnsupportedQuestionError:
        return None
    return {"type": "nearest", "which": "nearest", "reference": ref, "filter": filt}


#: Tried before the parser's own forms (after the attribute forms).
POSITION_FORMS = (
    describe_form,
    touch_form,
    which_corner_form,
    next_to_form,
    sequence_form,
    all_same_form,
    which_side_form,
    frame_side_form,
    ordinal_form,
    has_attribute_form,
)


# ------------------------------------------------------------------ answerers
def _cands(q: dict[str, Any], g: SceneGraph) -> list[SpatialObject]:
    found = resolve(q.get("filter"), g)
    if not found:
        raise _ReferenceProblem(_no_match((q.get("filter") or {}).get("text", "object"), g))
    return found


def pick_ordinal(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """The object at ``rank`` from one end of ``axis`` (the middle when ``rank`` is ``None``)."""
    cands = _cands(q, g)
    if q["axis"] == "size":
        return _by_size(q, cands)
    order = _axis_order(g, q["axis"], cands)
    if not q["from_start"]:
        order.reverse()
    n, rank = len(order), q["rank"]
    where = f"{_AXIS_NOUN[q['axis']]}"
    if rank is None:
        middle = layout_middle(g, order, q.get("filter")) if q["axis"] == "H" else None
        if middle is not None:  # a layout in rows and columns
            return middle
        if n < 3 or n % 2 == 0:
            return cannot_tell(
                f"{n} candidate(s) have no single middle one ({where})", "ordinal", [o.id for o in order]
            )
        rank = n // 2
    if rank >= n:
        raise _ReferenceProblem(f"There are only {n} candidate(s); none is number {rank + 1} ({where}).")
    best = order[rank]
    for k in (rank - 1, rank + 1):  # a neighbour level with it makes the rank undecided
        if 0 <= k < n and _order(g, q["axis"], order[k], best) is None:
            names = f"{display_name(order[k])} and {display_name(best)} are level ({where})"
            return cannot_tell(names, "ordinal", [order[k].id, best.id])
    name = display_name(best)
    return SymbolicAnswer(text=spoken_name(best), value=name, kind="ordinal", objects=[best.id],
                          rationale=f"{name} is number {rank + 1} of {n} ({where})")  # fmt: skip


#: Two objects whose image areas differ by less than this ratio are too close to rank.
SIZE_TIE = 1.12


def _by_size(q: dict[str, Any], cands: list[SpatialObject]) -> SymbolicAnswer:
    """The object at ``rank`` by image area ("the second largest"): a neighbour in the ranking
    within :data:`SIZE_TIE` of it makes the rank undecided (a typed "cannot tell")."""
    order = sorted(cands, key=apparent_area, reverse=q["from_start"])
    n, rank = len(order), q["rank"]
    word = "largest" if q["from_start"] else "smallest"
    if rank >= n:
        raise _ReferenceProblem(f"There are only {n} candidate(s); none is number {rank + 1} by size.")
    best = order[rank]
    for k in (rank - 1, rank + 1):
        if 0 <= k < n:
            a, b = sorted((apparent_area(order[k]), apparent_area(best)))
            if b < SIZE_TIE * max(a, 1.0):
                names = (
                    f"{display_name(order[k])} and {display_name(best)} are about the same size in the image"
                )
                return cannot_tell(names, "ordinal", [order[k].id, best.id])
    name = display_name(best)
    return SymbolicAnswer(text=spoken_name(best), value=name, kind="ordinal", objects=[best.id],
                          rationale=f"{name} is number {rank + 1} {word} of {n} (image area)")  # fmt: skip


def _has_attribute(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = resolve(q["subject"], g)
    if not found:
        raise _ReferenceProblem(_no_match(q["subject"].get("text"), g))
    pred = q["predicate"]
    unread = [o for o in found if not _readable(pred, o)]
    if unread:
        raise _ReferenceProblem(
            f"The attributes of {q['subject'].get('text')!r} could not be read from the pixels."
        )
    verdicts = {_matches(pred, o) for o in found}
    if len(verdicts) != 1:
        raise _ReferenceProblem(
            f"{q['subject'].get('text')!r} matches {len(found)} objects that differ in it."
        )
    holds = verdicts.pop()
    return SymbolicAnswer(
        text="Yes" if holds else "No", value=holds, kind="has_attribute", objects=[o.id for o in found]
    )


def _readable(pred: dict[str, Any], obj: SpatialObject) -> bool:
    a = obj.attributes
    return all(getattr(a, k) is not None for k in ("color", "shape", "size", "material") if pred.get(k))


def _in_frame(ref: dict[str, Any], g: SceneGraph) -> tuple[SpatialObject, str, float, float]:
    """The object ``ref`` names, its name, and the width and height of its image."""
    obj = _one(ref, g)
    info = next(
        (i for i in g.images if getattr(i, "frame", 0) == obj.frame), g.images[0] if g.images else None
    )
    if obj.centroid is None or info is None:
        raise _ReferenceProblem("The object's place in the image is not known.")
    return obj, _ref_name(ref, obj), float(info.width), float(info.height)


def _frame_side(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    obj, name, w, h = _in_frame(q["subject"], g)
    holds = True
    for axis, first in q["sides"]:
        size = w if axis == "H" else h
        at = float(obj.centroid[0] if axis == "H" else obj.centroid[1])
        if abs(at - size / 2) < 0.04 * size:
            return cannot_tell(
                f"{name} is at the middle of the image ({_AXIS_NOUN[axis]})", "frame_side", [obj.id]
            )
        holds = holds and (at < size / 2) == first
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="frame_side", objects=[obj.id])


def _which_side(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    if s.id == r.id:
        raise _ReferenceProblem("the question compares an object with itself.")
    first = _order(g, q["axis"], s, r)
    sn, rn = _ref_name(q["subject"], s), _ref_name(q["reference"], r)
    if first is None:
        return cannot_tell(f"{sn} and {rn} are level ({_AXIS_NOUN[q['axis']]})", "which_side", [s.id, r.id])
    word = q["words"][0] if first else q["words"][1]
    return SymbolicAnswer(
        text=word, value=word, kind="which_side", objects=[s.id, r.id], rationale=f"{sn} is {word} {rn}"
    )


def _sequence(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    order = _axis_order(g, q["axis"], _cands(q, g))
    if not q["from_start"]:
        order.reverse()
    for a, b in zip(order, order[1:], strict=False):
        if not q.get("describe") and _order(g, q["axis"], a, b) is None:
            return cannot_tell(f"{display_name(a)} and {display_name(b)} are level ({_AXIS_NOUN[q['axis']]})",
                           "sequence", [o.id for o in order])  # fmt: skip
    names = ", ".join(display_name(o) for o in order)
    if q.get("describe"):
        text = f"{len(order)} object{'s' if len(order) != 1 else ''}, from left to right: {names}"
        return SymbolicAnswer(text=text, value=names, kind="sequence", objects=[o.id for o in order])
    return SymbolicAnswer(text=names, value=names, kind="sequence", objects=[o.id for o in order])


def _all_same(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._names import _norm

    what = q["attribute"]
    found = _named_each(q.get("filter") or {}, g) or _cands(q, g)
    if len(found) < 2:
        raise _ReferenceProblem(f"Only {len(found)} object matches; there is nothing to compare it with.")
    if what == "size" and all(o.attributes.size is None for o in found):
        return _same_area(found)
    values = [_norm(getattr(o.attributes, what)) for o in found]
    if any(v is None for v in values):
        raise _ReferenceProblem(f"The {what} of every object could not be read from the pixels.")
    holds = len(set(values)) == 1
    return SymbolicAnswer(
        text="Yes" if holds else "No", value=holds, kind="all_same", objects=[o.id for o in found]
    )


def _named_each(filt: dict[str, Any], g: SceneGraph) -> list[SpatialObject] | None:
    """ "The circle and the triangle": one object per singular part (an ambiguous part says so);
    ``None`` when the phrase is not a list of singular things ("the circles and squares")."""
    parts = filt.get("any_of") or []
    words = [(p.get("text") or "").split() for p in parts]
    if len(parts) < 2 or any(not w or singular(w[-1]) != w[-1].lower() for w in words):
        return None
    return [_one(p, g) for p in parts]


def _same_area(found: list[SpatialObject]) -> SymbolicAnswer:
    """Same size in a drawing (no size classes): image areas within 20% say yes, a ratio of
    1.5 or more says no, and in between the image does not tell."""
    areas = [apparent_area(o) for o in found]
    ratio = max(areas) / max(min(areas), 1.0)
    ids = [o.id for o in found]
    why = f"their image areas differ by a factor of {ratio:.2f}"
    if ratio <= 1.2 or ratio >= 1.5:
        holds = ratio <= 1.2
        return SymbolicAnswer(
            text="Yes" if holds else "No", value=holds, kind="all_same", objects=ids, rationale=why
        )
    return cannot_tell(why, "all_same", ids)


#: Two objects touch when their masks come within this many pixels (anti-aliased edges).
_TOUCH_PX = 2


def touches(a: SpatialObject, b: SpatialObject) -> bool | None:
    """Whether the outlines of ``a`` and ``b`` come within :data:`_TOUCH_PX`; ``None`` when
    their boxes meet but their masks are not known."""
    if a.bbox is None or b.bbox is None:
        return None
    gap_x = max(a.bbox[0], b.bbox[0]) - min(a.bbox[2], b.bbox[2])
    gap_y = max(a.bbox[1], b.bbox[1]) - min(a.bbox[3], b.bbox[3])
    if max(gap_x, gap_y) > _TOUCH_PX:
        return False
    if a.mask is None or b.mask is None:
        return None
    import cv2
    import numpy as np

    from spatioxolver.rle import decode_mask

    ma, mb = decode_mask(a.mask), decode_mask(b.mask)
    k = 2 * _TOUCH_PX + 1
    near = cv2.dilate(ma.astype(np.uint8), np.ones((k, k), np.uint8)).astype(bool)
    return bool((near & mb).any())


def _touch(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    a, b = (_one(ref, g) for ref in q["objects"])
    if a.id == b.id:
        raise _ReferenceProblem("the question compares an object with itself.")
    if a.bbox is None or b.bbox is None:
        raise _ReferenceProblem("The objects' outlines are not known.")
    ids = [a.id, b.id]
    holds = touches(a, b)
    if holds is None:
        return cannot_tell("their boxes meet but their outlines are not known", "touch", ids)
    why = "" if holds else "their outlines are apart"
    return SymbolicAnswer(
        text="Yes" if holds else "No", value=holds, kind="touch", objects=ids, rationale=why
    )


def _which_corner(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    obj, name, w, h = _in_frame(q["subject"], g)
    x, y = float(obj.centroid[0]), float(obj.centroid[1])
    if abs(x - w / 2) < 0.04 * w or abs(y - h / 2) < 0.04 * h:
        return cannot_tell(f"{name} is at the middle of the image", "which_corner", [obj.id])
    corner = f"{'top' if y < h / 2 else 'bottom'} {'left' if x < w / 2 else 'right'}"
    return SymbolicAnswer(text=corner, value=corner, kind="which_corner", objects=[obj.id])


POSITION_HANDLERS = {
    "touch": _touch,
    "which_corner": _which_corner,
    "ordinal": pick_ordinal,
    "has_attribute": _has_attribute,
    "frame_side": _frame_side,
    "which_side": _which_side,
    "sequence": _sequence,
    "all_same": _all_same,
}
