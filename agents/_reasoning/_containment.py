"""Inside and outside in a flat drawing: "is the dot inside the square?", "how many circles
are inside the rectangle?".

* ``inside`` — "is X inside / within / in / enclosed by / contained in Y", "is X outside
  (of) Y", "does Y contain / enclose X" -> ``{"type", "subject": ref, "container": ref,
  "outside": bool}``;
* ``inside_count`` — "how many X are inside / within / in Y", "... outside (of) Y" ->
  ``{"type", "filter", "container": ref, "outside": bool}``.

Containment is read on the page, so it needs flat shapes (a drawing; a solid's outline in a
photo of a scene says nothing about what lies in it): a box's object is inside a square or a
rectangle when its box lies within the container's box; inside a circle or an ellipse when
its centre, kept its own radius from the rim, lies within the ellipse; an object straddling
the rim, a container of another shape, or a solid gets a typed "cannot tell".

Example:
    >>> inside_form("is the dot inside the square")["container"]["shape"]
    'square'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _norm, _one, _ref_name, apparent_area, display_name, resolve
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = ["CONTAINMENT_FORMS", "CONTAINMENT_HANDLERS", "inside_form", "inside_count_form"]

_IN = r"(?:inside(?: of)?|within|in|enclosed (?:by|in)|contained (?:in|by)|surrounded by|(?:located |placed |drawn )?inside)"
_OUT = r"(?:outside(?: of)?|not (?:inside|in|within))"
_THERE = r"(?: are| is)?(?: there)?"


def _container(phrase: str) -> dict[str, Any] | None:
    """The container a phrase names: "the square", "a big rectangle" (not the image, a row,
    a corner or a half, which are places)."""
    if not re.match(r"(?:the|a|an|this|that) ", phrase, re.I):
        return None
    try:
        ref = parse_reference(phrase)
    except UnsupportedQuestionError:
        return None
    if ref.get("label") or ref.get("nouns") and not (ref.get("shape") or ref.get("color")):
        return None
    return ref


def inside_form(body: str) -> dict[str, Any] | None:
    """``is X inside Y`` / ``is X outside Y`` / ``does Y contain X`` -> yes / no."""
    m = re.fullmatch(
        rf"(?:is|are) (.+?) (?:located |placed |drawn |lying |sitting )?({_IN}|{_OUT}) (.+)", body, re.I
    )
    if m:
        subject, word, holder = m.groups()
    else:
        m = re.fullmatch(
            r"(?:does|do) (.+?) (?:contain|enclose|hold|surround|have) (.+?)(?: inside(?: it| of it)?| in it)?",
            body,
            re.I,
        )
        if not m:
            return None
        holder, subject, word = m.group(1), m.group(2), "inside"
    container = _container(holder)
    if container is None:
        return None
    try:
        ref = parse_reference(subject)
    except UnsupportedQuestionError:
        return None
    outside = bool(re.match(_OUT, word, re.I))
    return {"type": "inside", "subject": ref, "container": container, "outside": outside}


def inside_count_form(body: str) -> dict[str, Any] | None:
    """``how many X are inside Y`` / ``how many X are outside (of) Y``."""
    m = re.fullmatch(
        rf"how many (.+?){_THERE} (?:located |placed |drawn )?({_IN}|{_OUT}) (.+?)(?: in total)?", body, re.I
    )
    if not m:
        return None
    container = _container(m.group(3))
    if container is None:
        return None
    try:
        filt = parse_filter(m.group(1))
    except UnsupportedQuestionError:
        return None
    outside = bool(re.match(_OUT, m.group(2), re.I))
    return {"type": "inside_count", "filter": filt, "container": container, "outside": outside}


CONTAINMENT_FORMS = (inside_count_form, inside_form)

_BOXY = ("square", "rectangle", "cube")
_ROUND = ("circle", "ellipse", "sphere")


def _verdict(obj: SpatialObject, box: SpatialObject) -> bool | None:
    """Whether ``obj`` is inside ``box`` on the page; ``None`` when that cannot be told."""
    if obj.bbox is None or box.bbox is None:
        return None
    (x0, y0, x1, y1), (X0, Y0, X1, Y1) = obj.bbox, box.bbox
    if x1 <= X0 or X1 <= x0 or y1 <= Y0 or Y1 <= y0:
        return False  # the boxes do not even meet
    if apparent_area(obj) >= apparent_area(box) and (x1 - x0) * (y1 - y0) >= (X1 - X0) * (Y1 - Y0):
        return False  # a bigger shape is not inside a smaller one
    within = x0 >= X0 - 1 and y0 >= Y0 - 1 and x1 <= X1 + 1 and y1 <= Y1 + 1
    shape = _norm(box.attributes.shape)
    if shape in _BOXY:
        return True if within else None
    if shape in _ROUND and obj.centroid is not None:
        a, b = (X1 - X0) / 2.0, (Y1 - Y0) / 2.0
        cx, cy = (X0 + X1) / 2.0, (Y0 + Y1) / 2.0
        r = math.sqrt(max(apparent_area(obj), 1.0) / math.pi)
        dx, dy = obj.centroid[0] - cx, obj.centroid[1] - cy
        if a > r and b > r and (dx / (a - r)) ** 2 + (dy / (b - r)) ** 2 <= 1.0:
            return True
        if (dx / a) ** 2 + (dy / b) ** 2 > 1.0:
            return False
    return None


def _flat(*objs: SpatialObject) -> bool:
    return all((o.attributes.extras or {}).get("flat") for o in objs)


def _inside(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    box = _one(q["container"], g)
    obj = _one(q["subject"], g)
    name, holder = _ref_name(q["subject"], obj), _ref_name(q["container"], box)
    if obj.id == box.id:
        raise _ReferenceProblem("The question names the same object twice.")
    verdict = _verdict(obj, box) if _flat(obj, box) else None
    if verdict is None:
        return cannot_tell(
            f"whether {name} lies inside {holder} (only read for flat shapes, clear of the rim)",
            "inside",
            [obj.id, box.id],
        )
    holds = verdict != q["outside"]
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="inside", objects=[obj.id, box.id])


def _inside_count(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    box = _one(q["container"], g)
    holder = _ref_name(q["container"], box)
    found = [o for o in resolve(q.get("filter"), g) if o.id != box.id]
    verdicts = {o.id: (_verdict(o, box) if _flat(o, box) else None) for o in found}
    unsure = [o for o in found if verdicts[o.id] is None]
    if unsure:
        names = ", ".join(display_name(o) for o in unsure[:4])
        return cannot_tell(f"whether {names} lie(s) inside {holder}", "inside_count", [o.id for o in unsure])
    kept = [o for o in found if verdicts[o.id] != q["outside"]]
    return SymbolicAnswer(
        text=str(len(kept)), value=len(kept), kind="count", objects=[o.id for o in kept],
        rationale=f"{len(kept)} {'outside' if q['outside'] else 'inside'} {holder}",
    )  # fmt: skip


CONTAINMENT_HANDLERS = {"inside": _inside, "inside_count": _inside_count}
