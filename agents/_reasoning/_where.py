"""Where an object is in the picture, and the one object a description picks.

* ``where`` — "where is the red circle?", "whereabouts is X", "in which part of the image is
  X", "what is the position of X" -> ``{"type", "subject": ref}``; answered with the part of
  the frame its centre lies in (thirds across and down: "top left", "bottom", "the centre",
  ...). A centre within :data:`BORDER` of a line between two parts is a typed "cannot tell"
  naming both, never a coin flip.
* ``the_one`` — "which square is not green?", "which shape has six sides?", "what is the
  shape that is not a circle" -> ``{"type", "filter"}``: the object when exactly one matches;
  none or several is said as such.

Example:
    >>> where_form("whereabouts is the red circle")["subject"]["color"]
    'red'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import (
    _no_match,
    _object_answer,
    _one,
    _ref_name,
    display_name,
    resolve,
)
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["WHERE_FORMS", "WHERE_HANDLERS", "where_form", "which_one_form", "BORDER"]

#: Fraction of the frame's width (height) either side of a third's line where a centre is
#: too close to call.
BORDER = 0.03
_IMAGE = r"(?:image|picture|photo|scene|drawing|frame|figure|canvas|page)"
_WHERE = (
    rf"where(?: abouts)?(?: exactly)?(?: in the {_IMAGE})? (?:is|are|can i find|do i find|would i find|can you see|do you see)"
    r" (.+?)(?: located| placed| positioned| situated| to be found| found| drawn| shown)?(?: in the "
    + _IMAGE
    + r")?",
    r"whereabouts (?:is|are) (.+?)(?: located| placed| positioned| situated)?(?: in the " + _IMAGE + r")?",
    rf"(?:in )?(?:which|what) (?:part|region|area|section|portion) of the {_IMAGE} (?:is|are) (.+?)(?: located| placed| in| found| positioned| situated)?",
    rf"(?:which|what) (?:part|region|area|section|portion) of the {_IMAGE} (?:does|do) (.+?) (?:occupy|sit in|lie in|appear in)",
    rf"what is the (?:position|location|place) of (.+?)(?: in the {_IMAGE})?",
    rf"where can (.+?) be (?:found|seen|spotted)(?: in the {_IMAGE})?",
)


def where_form(body: str) -> dict[str, Any] | None:
    """``where is X`` and its other wordings (see the module docstring)."""
    for pattern in _WHERE:
        m = re.fullmatch(pattern, body, re.I)
        if m:
            try:
                return {"type": "where", "subject": parse_reference(m.group(1))}
            except UnsupportedQuestionError:
                return None
    return None


def which_one_form(body: str) -> dict[str, Any] | None:
    """``which square is not green`` / ``which shape has six sides`` / ``which object is
    neither red nor blue``: the one object a negated or a sides description picks."""
    m = re.fullmatch(
        r"(?:which|what)(?: one)?(?: of the)?(?: ((?!is\b|are\b|has\b|have\b)[a-z]+(?: (?!is\b|are\b)[a-z]+)?))?(?: is| are)? "
        r"((?:not|neither|isn't|aren't|other than|except)\b.+|(?:has|have|with) .+)",
        body,
        re.I,
    ) or re.fullmatch(
        r"(?:which|what) is the ([a-z]+(?: [a-z]+)?) (?:that|which) ((?:is not|isn't|has|have) .+)",
        body,
        re.I,
    )
    if not m:
        return None
    verb = "" if re.match(r"(?:has|have|with)\b", m.group(2), re.I) else "that is "
    phrase = f"{m.group(1) or 'object'} {verb}{m.group(2)}"
    try:
        filt = parse_filter(phrase)
    except UnsupportedQuestionError:
        return None
    if not filt or not (filt.get("exclude") or filt.get("sides") is not None):
        return None
    return {"type": "the_one", "filter": filt}


WHERE_FORMS = (where_form, which_one_form)

_COLS = ("left", "centre", "right")
_ROWS = ("top", "middle", "bottom")


def _part(at: float, size: float) -> tuple[int, int | None]:
    """(third, the neighbouring third when ``at`` is within :data:`BORDER` of a line)."""
    f = at / max(size, 1.0)
    third = min(2, max(0, int(f * 3)))
    for line, pair in ((1 / 3, (0, 1)), (2 / 3, (1, 2))):
        if abs(f - line) < BORDER:
            return third, pair[1] if third == pair[0] else pair[0]
    return third, None


def _say(col: int, row: int) -> str:
    if col == 1 and row == 1:
        return "in the centre"
    if col == 1:
        return f"at the {_ROWS[row]} (centre)"
    if row == 1:
        return f"on the {_COLS[col]} (middle)"
    return f"in the {_ROWS[row]} {_COLS[col]}"


def _where(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    obj = _one(q["subject"], g)
    name = _ref_name(q["subject"], obj)
    info = next(
        (i for i in g.images if getattr(i, "frame", 0) == obj.frame), g.images[0] if g.images else None
    )
    if obj.centroid is None or info is None:
        raise _ReferenceProblem("The object's place in the image is not known.")
    (col, col2), (row, row2) = _part(obj.centroid[0], info.width), _part(obj.centroid[1], info.height)
    if col2 is not None or row2 is not None:
        other = _say(col if col2 is None else col2, row if row2 is None else row2)
        return cannot_tell(
            f"{name} lies on the line between {_say(col, row)} and {other} of the image", "where", [obj.id]
        )
    place = _say(col, row)
    return SymbolicAnswer(
        text=f"{name[:1].upper()}{name[1:]} is {place} of the image.",
        value=re.sub(r"^(?:in|at|on) the | \((?:centre|middle)\)", "", place),
        kind="where",
        objects=[obj.id],
        rationale=f"centre at ({obj.centroid[0]:.0f}, {obj.centroid[1]:.0f}) of {info.width}x{info.height}",
    )


def _the_one(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = resolve(q["filter"], g)
    text = q["filter"].get("text")
    if not found:
        raise _ReferenceProblem(_no_match(text, g))
    if len(found) > 1:
        names = ", ".join(display_name(o) for o in found[:6])
        raise _ReferenceProblem(f"{len(found)} objects are {text!r}: {names}.")
    return _object_answer(found[0], "the_one")


WHERE_HANDLERS = {"where": _where, "the_one": _the_one}
