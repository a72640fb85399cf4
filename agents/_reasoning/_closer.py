"""Which of two objects is nearer to (or farther from) a third.

* ``closer_of`` — "is X closer to A or (to) B?", "is X nearer the A or the B", "is X further
  from A or B", "which is closer to X: A or B?", "which of A and B is nearer to X", "is A or
  B closer to X?" -> ``{"type", "subject": ref, "options": [ref, ref], "asks": "closer" |
  "further"}``; answered with the option whose distance wins (on the page for a flat
  drawing, on the ground layout when depth is known, as "which object is nearest to X"). Two
  distances within :data:`DISTANCE_TIE` of each other are a typed "cannot tell";
* the same as a yes / no question: "is X nearer to A than (it is) to B?", "is X further from A
  than from B?" (``"claim": True``); "is X nearer to A than B is?" compares both with A.

Example:
    >>> closer_form("is the star closer to the circle or to the square")["asks"]
    'closer'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._layout import ground_layout
from spatioxolver.agents._reasoning._names import _object_answer, _one, _ref_name
from spatioxolver.agents._reasoning._refs import parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = ["CLOSER_FORMS", "CLOSER_HANDLERS", "closer_form", "DISTANCE_TIE"]

#: The farther distance must exceed the nearer by this ratio for an answer.
DISTANCE_TIE = 1.15
_NEAR = r"(closer|nearer|further(?: away)?|farther(?: away)?)"
_TO = r"(?: (?:to|from))?"
_OPT = r"(?:to |from )?(.+?)"


def closer_form(body: str) -> dict[str, Any] | None:
    """``is X closer to A or B`` and its other word orders (see the module docstring)."""
    m = re.fullmatch(
        rf"(?:is|are) (.+?) {_NEAR}{_TO} (.+?),? than (.+?) (?:is|are)(?: (?:to|from) (?:it|them|that one))?",
        body,
        re.I,
    )
    if m:  # "is X nearer to A than B is": both distances are to A
        subject, word, a, b = m.groups()
        return _query(a, word, subject, b, claim=True)
    m = re.fullmatch(
        rf"(?:is|are) (.+?) {_NEAR}{_TO} (.+?),? than(?: (?:it|they) (?:is|are))?(?: (?:to|from))? (.+)",
        body,
        re.I,
    )
    if m:  # "is X nearer to A than (it is) to B": yes / no, the same distances
        subject, word, a, b = m.groups()
        return _query(subject, word, a, b, claim=True)
    m = re.fullmatch(rf"(?:is|are) (.+?) {_NEAR}{_TO} (.+?),? or {_OPT}", body, re.I)
    if m:
        subject, word, a, b = m.groups()
    else:
        m = re.fullmatch(
            rf"(?:which|what)(?: one| object| shape| of (?:the|these|them)(?: two)?(?: objects| shapes)?)? (?:is|lies|sits) "
            rf"{_NEAR} (?:to|from) (.+?)\s*[:,-]\s*(.+?),? or (.+)",
            body,
            re.I,
        )
        if m:
            word, subject, a, b = m.groups()
        else:
            m = re.fullmatch(
                rf"(?:which|what) of (.+?) and (.+?) is {_NEAR}{_TO} (.+)|(?:is|are) (.+?) or (.+?) {_NEAR}{_TO} (.+)",
                body,
                re.I,
            )
            if not m:
                return None
            a, b, word, subject = [g for g in m.groups() if g is not None]
    return _query(subject, word, a, b)


def _query(subject: str, word: str, a: str, b: str, *, claim: bool = False) -> dict[str, Any] | None:
    """The ``closer_of`` query: which of ``a`` and ``b`` is nearer to (``word``: or farther
    from) ``subject``; ``claim``: as yes / no, whether ``a`` is."""
    try:
        refs = [parse_reference(x) for x in (subject, a, b)]
    except UnsupportedQuestionError:
        return None
    asks = "closer" if word.lower() in ("closer", "nearer") else "further"
    query = {"type": "closer_of", "subject": refs[0], "options": refs[1:], "asks": asks}
    return {**query, "claim": True} if claim else query


CLOSER_FORMS = (closer_form,)


def _distances(g: SceneGraph, ref: SpatialObject, objs: list[SpatialObject]) -> list[float]:
    if ref.depth is None and all(o.depth is None for o in objs) and ref.centroid is not None:
        return [math.dist(o.centroid or (math.inf, math.inf), ref.centroid) for o in objs]
    layout = ground_layout(g)
    return [math.dist(layout[o.id], layout[ref.id]) for o in objs]


def _closer_of(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["subject"], g)
    a, b = (_one(r, g) for r in q["options"])
    if ref.id in (a.id, b.id) or a.id == b.id:
        raise _ReferenceProblem("The question names the same object twice.")
    da, db = _distances(g, ref, [a, b])
    names = [_ref_name(r, o) for r, o in zip(q["options"], (a, b), strict=True)]
    lo, hi = sorted((da, db))
    if hi < DISTANCE_TIE * lo:
        return cannot_tell(
            f"{names[0]} and {names[1]} are about equally far from {_ref_name(q['subject'], ref)}",
            "closer_of",
            [a.id, b.id],
        )
    pick_a = (da < db) == (q["asks"] == "closer")
    if q.get("claim"):  # "is X nearer to A than to B": whether A is the one
        word = "nearer to" if q["asks"] == "closer" else "farther from"
        why = f"{names[0 if pick_a else 1]} is {word} {_ref_name(q['subject'], ref)} (distances {da:.0f} and {db:.0f})"
        return SymbolicAnswer(
            text=f"{'Yes' if pick_a else 'No'}: {why}.", value=pick_a, kind="closer_of", rationale=why
        )
    best = a if pick_a else b
    return _object_answer(best, "closer_of", rationale=f"distances {da:.0f} and {db:.0f}")


CLOSER_HANDLERS = {"closer_of": _closer_of}
