""" "Which object is closest to the centre of the image?" (or to a corner): the form and its answerer.

* "which is closest to the centre", "what shape is nearest the middle of the picture",
  "which one is most central" -> ``{"type": "central", "filter"}``;
* "which shape is nearest to the top left corner (of the image)" -> the same with
  ``"corner": "top left"``: measured to that corner of the frame instead.

The middle of a row ("which one is in the middle") is the ordinal form's; this one measures
the distance of each object's centre to the image's centre, and says "Cannot tell" when the
two nearest are within 5% of the image's smaller side of each other.

Example:
    >>> central_form("which shape is closest to the centre of the image")["type"]
    'central'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _no_match, _object_answer, display_name, resolve
from spatioxolver.agents._reasoning._refs import parse_filter

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["CENTRAL_FORMS", "CENTRAL_HANDLERS", "central_form"]

_IMAGE = r"(?: of (?:the |this )?(?:image|picture|frame|scene|canvas|page|drawing|photo|photograph))?"
_FORMS = (
    re.compile(
        r"(?:which|what) (.*?)\s*(?:is |lies |sits )?(?:the )?(?:closest|nearest) (?:to )?(?:the )?"
        r"(?:centre|center|middle)" + _IMAGE,
        re.I,
    ),
    re.compile(
        r"(?:which|what) (.*?)\s*(?:is |lies |sits )?(?:the )?most central(?: one| object| shape| item| thing)?"
        r"(?: in (?:the |this )?(?:image|picture|frame|scene|drawing))?",
        re.I,
    ),
)
#: "closest to the top left corner": group 1 the filter, 2 top / bottom, 3 left / right.
_CORNER = re.compile(
    r"(?:which|what) (.*?)\s*(?:is |lies |sits )?(?:the )?(?:closest|nearest) (?:to )?(?:the )?"
    r"(top|upper|bottom|lower)[- ]?(left|right)(?:[- ]hand)? corner" + _IMAGE,
    re.I,
)
_TIE = 0.05


def central_form(body: str) -> dict[str, Any] | None:
    """The ``central`` query of ``body``, else ``None``."""
    corner = _CORNER.fullmatch(body.strip())
    for form in _FORMS if corner is None else ():
        m = form.fullmatch(body.strip())
        if m:
            return _query(m.group(1))
    if corner is not None:
        vertical = "top" if corner.group(2).lower() in ("top", "upper") else "bottom"
        query = _query(corner.group(1))
        return None if query is None else {**query, "corner": f"{vertical} {corner.group(3).lower()}"}
    return None


def _query(words: str | None) -> dict[str, Any] | None:
    phrase = re.sub(r"\b(?:one|is|the)\b", " ", words or "").strip()
    try:
        return {"type": "central", "filter": parse_filter(phrase or None)}
    except UnsupportedQuestionError:
        return None


def _central(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = [o for o in resolve(q["filter"], g) if o.centroid is not None]
    if not found:
        raise _ReferenceProblem(_no_match((q["filter"] or {}).get("text", "object"), g))
    info = g.images[0] if g.images else None
    if info is None:
        raise _ReferenceProblem("The size of the image is not known.")
    cx, cy = info.width / 2.0, info.height / 2.0
    where = "the centre of the image"
    if q.get("corner"):
        vertical, horizontal = q["corner"].split()
        cx, cy = (0.0 if horizontal == "left" else info.width), (0.0 if vertical == "top" else info.height)
        where = f"the {q['corner']} corner"
    ranked = sorted(found, key=lambda o: math.hypot(o.centroid[0] - cx, o.centroid[1] - cy))  # type: ignore[index]
    dist = [math.hypot(o.centroid[0] - cx, o.centroid[1] - cy) for o in ranked[:2]]  # type: ignore[index]
    if len(ranked) > 1 and dist[1] - dist[0] < _TIE * min(info.width, info.height):
        names = f"{display_name(ranked[0])} and {display_name(ranked[1])}"
        return cannot_tell(f"{names} are about as close to {where}", "central",
                           [ranked[0].id, ranked[1].id])  # fmt: skip
    return _object_answer(ranked[0], "central", f"{dist[0]:.0f} px from {where}")


CENTRAL_FORMS = (central_form,)
CENTRAL_HANDLERS = {"central": _central}
