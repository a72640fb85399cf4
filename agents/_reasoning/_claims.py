"""Yes / no questions about counts and about every member of a class, and their answerers.

* ``count_is`` — "are there exactly two squares", "is there more than one circle", "are
  there at least three red shapes", "is there only one triangle" -> ``{"type", "filter",
  "op", "n"}`` (``op`` one of ``==``, ``>=``, ``<=``, ``>``, ``<``);
* ``all_are`` — "are all the circles red", "is every shape a square", "are none of the
  squares blue" -> ``{"type", "filter", "predicate", "negate"}`` (none of the class: a
  typed problem, never a vacuous yes); also "are both (of the) circles red", "are the
  circles all red", "is either / neither / any circle red" (``mode`` all / some / none;
  ``pair``: "both", "either", "neither" need exactly two objects in the class);
* ``is_pick`` (parsed in :mod:`spatioxolver.agents._reasoning._parse`, answered here) —
  "is the red circle the largest shape", "is the square second from the left": whether the
  object the second part picks is the one the first names.

Example:
    >>> count_is_form("are there exactly two squares")["n"]
    2
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem
from spatioxolver.agents._reasoning._names import _matches, _no_match, resolve
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["CLAIM_FORMS", "CLAIM_HANDLERS", "count_is_form", "all_are_form"]

_NUMBERS = {
    "no": 0, "zero": 0, "one": 1, "a single": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_NUMBER = r"(\d{1,2}|no|zero|one|a single|two|three|four|five|six|seven|eight|nine|ten)"
_OPS = {
    "exactly": "==", "only": "==", "precisely": "==", "just": "==", "at least": ">=", "at most": "<=",
    "more than": ">", "over": ">", "fewer than": "<", "less than": "<", "under": "<",
}  # fmt: skip


def count_is_form(body: str) -> dict[str, Any] | None:
    """``are there exactly N X`` / ``is there more than one X`` / ``at least`` / ``only one``."""
    m = re.fullmatch(
        rf"(?:is|are) there (exactly |only |precisely |just |at least |at most |more than |over |fewer than |"
        rf"less than |under )?{_NUMBER} (.+?)(?: in (?:the|this) (?:image|picture|scene|drawing))?",
        body,
        re.I,
    )
    if not m or (m.group(1) is None and m.group(2).lower() in ("no", "one")):
        return None  # "is there one ...": the existence form reads it
    if re.search(r"\b(?:left|right|above|below|under|behind|front|between|than|or|and)\b", m.group(3), re.I):
        return None
    word = m.group(2).lower()
    n = int(word) if word.isdigit() else _NUMBERS[word]
    try:
        filt = parse_filter(m.group(3))
    except UnsupportedQuestionError:
        return None
    return {
        "type": "count_is",
        "filter": filt,
        "op": _OPS[(m.group(1) or "exactly ").strip().lower()],
        "n": n,
    }


def all_are_form(body: str) -> dict[str, Any] | None:
    """``are all (of) the X Y`` / ``is every X (a) Y`` / ``are none of the X Y``."""
    m = re.fullmatch(
        r"(?:are (all|none)(?: of)?(?: the)?|(?:is|are) (every|each|no)(?: one of the)?) (.+?) (?:an? )?"
        r"((?:light |dark |pale )?[a-z]+)",
        body,
        re.I,
    )
    if not m:
        return _pair_form(body)
    quantifier = (m.group(1) or m.group(2)).lower()
    if re.search(r"\b(?:same|different|the)\b", m.group(3), re.I):
        return None  # "are all the shapes the same colour": another form
    try:
        filt, predicate = parse_filter(m.group(3)), parse_reference(m.group(4))
    except UnsupportedQuestionError:
        return None
    if predicate.get("label") or predicate.get("nouns"):
        return None
    return {"type": "all_are", "filter": filt, "predicate": predicate, "negate": quantifier in ("none", "no")}


#: "are both (of the) circles red", "are the circles both / all red", "is either / neither
#: triangle blue", "is any circle red": quantifier, class, predicate (one word or "a X").
_PAIR_FORMS = (
    (r"are both(?: of)?(?: the)? ((?:[a-z]+ ){0,2}[a-z]+?) (?:an? )?((?:light |dark |pale )?[a-z]+)", "both"),
    (r"are the ((?:[a-z]+ ){0,2}[a-z]+?) (both|all) (?:an? )?((?:light |dark |pale )?[a-z]+)", None),
    (
        r"is (either|neither|any)(?: one)?(?: of the)? ((?:[a-z]+ ){0,2}[a-z]+?) (?:an? )?((?:light |dark |pale )?[a-z]+)",
        None,
    ),
    (r"are any(?: of the)? ((?:[a-z]+ ){0,2}[a-z]+?) (?:an? )?((?:light |dark |pale )?[a-z]+)", "any"),
)
_CLAUSE_WORDS = re.compile(
    r"\b(?:same|different|the|than|of|to|from|left|right|above|below|between|and|or|touching|inside|next)\b",
    re.I,
)


def _pair_form(body: str) -> dict[str, Any] | None:
    """``both`` / ``either`` / ``neither`` (exactly two in the class, else a typed problem),
    ``the X all Y``, ``is any X Y``: an ``all_are`` query with ``mode`` all / some / none."""
    for pattern, fixed in _PAIR_FORMS:
        m = re.fullmatch(pattern, body, re.I)
        if not m:
            continue
        groups = m.groups()
        if fixed is None and pattern.startswith("are the"):
            cls, quant, pred = groups[0], groups[-2], groups[-1]
        elif fixed is None:
            quant, cls, pred = groups[0], groups[1], groups[-1]
        else:
            quant, cls, pred = fixed, groups[0], groups[-1]
        if _CLAUSE_WORDS.search(cls):
            return None
        try:
            filt, predicate = parse_filter(cls), parse_reference(pred)
        except UnsupportedQuestionError:
            return None
        if predicate.get("label") or predicate.get("nouns") or not filt or filt.get("nouns"):
            return None
        quant = quant.lower()
        mode = {"both": "all", "all": "all", "either": "some", "any": "some", "neither": "none"}[quant]
        pair = quant in ("both", "either", "neither")
        return {"type": "all_are", "filter": filt, "predicate": predicate, "negate": mode == "none",
                "mode": mode, "pair": pair}  # fmt: skip
    return None


CLAIM_FORMS = (count_is_form, all_are_form)


# ------------------------------------------------------------------ answerers
def _count_is(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = resolve(q["filter"], g)
    if q["filter"] and q["filter"].get("nouns") and not found:
        raise _ReferenceProblem(f"There is no object matching {q['filter']['text']!r}, so no count is given.")
    n, want = len(found), q["n"]
    holds = {"==": n == want, ">=": n >= want, "<=": n <= want, ">": n > want, "<": n < want}[q["op"]]
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="count_is",
                          objects=[o.id for o in found], rationale=f"{n} found")  # fmt: skip


def _all_are(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = resolve(q["filter"], g)
    if not found:
        raise _ReferenceProblem(_no_match((q["filter"] or {}).get("text", "object"), g))
    pred = q["predicate"]
    if any(
        getattr(o.attributes, k) is None for o in found for k in ("color", "shape", "size") if pred.get(k)
    ):
        raise _ReferenceProblem("Not every object's attributes could be read from the pixels.")
    if q.get("pair") and len(found) != 2:
        raise _ReferenceProblem(
            f"The question speaks of two {q['filter'].get('text')!r}, but {len(found)} match; say which."
        )
    hits = [o for o in found if _matches(pred, o)]
    holds = not hits if q["negate"] else len(hits) == len(found)
    if q.get("mode") == "some":
        holds = bool(hits)
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="all_are",
                          objects=[o.id for o in found], rationale=f"{len(hits)} of {len(found)}")  # fmt: skip


def _is_pick(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._symbolic import answer_query

    named = resolve(q["subject"], g)
    if len(named) != 1:
        if not named:
            raise _ReferenceProblem(_no_match(q["subject"].get("text"), g))
        raise _ReferenceProblem(f"{q['subject'].get('text')!r} matches {len(named)} objects; say which.")
    picked = answer_query(q["pick"], g)
    if picked.value is None:
        return picked  # cannot tell which object the second part picks
    holds = picked.objects == [named[0].id]
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="is_pick",
                          objects=picked.objects, rationale=f"it is {picked.text}")  # fmt: skip


def _picked_has(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """Whether the one object the selection picks has the predicate's colour / shape."""
    from spatioxolver.agents._reasoning._symbolic import answer_query

    picked = answer_query(q["pick"], g)
    if picked.value is None or len(picked.objects) != 1:
        return picked  # cannot tell which object the selection picks
    obj = next(o for o in g.objects if o.id == picked.objects[0])
    pred = q["predicate"]
    if any(pred.get(k) and getattr(obj.attributes, k) is None for k in ("color", "shape")):
        raise _ReferenceProblem(f"The attributes of {picked.text} could not be read from the pixels.")
    holds = _matches(pred, obj)
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="picked_has",
                          objects=picked.objects, rationale=f"it is {picked.text}")  # fmt: skip


CLAIM_HANDLERS = {"count_is": _count_is, "all_are": _all_are, "is_pick": _is_pick, "picked_has": _picked_has}
