"""Counting forms beyond "how many X": totals, differences, exclusions, the commonest colour.

* ``count`` (reused) — "what is the total number of shapes", "how many shapes in total";
* ``count_difference`` — "how many more circles than squares (are there)";
* ``count_except`` — "how many shapes are not circles", "... besides / other than /
  except (for) the circles";
* ``most_common`` — "which colour appears most often", "what is the most common shape";
* ``distinct`` — "how many different colours are there", "how many kinds of shape";
* ``appears`` — "which shape appears twice", "which colour is there three of", "which shape is
  repeated" (the values seen exactly that often; none: "None: ...");
* ``count_in_part`` — "how many X are in the top half / on the left side of the image", "how
  many X are on the left"; with ``exists``: "are there any X on the left (half)", "is there a X
  in the bottom half of the picture" (an object on the middle line: "cannot tell").

A tie for the commonest value is a typed "cannot tell".

Example:
    >>> count_difference_form("how many more circles than squares are there")["asks"]
    'more'
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _no_match, _norm, _readable_for, resolve, said_together
from spatioxolver.agents._reasoning._refs import parse_filter

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["TALLY_FORMS", "TALLY_HANDLERS", "count_difference_form"]

_THERE = r"(?: are| is)?(?: there| visible| shown| present)?(?: in (?:the|this) (?:image|scene|picture))?(?: in total| altogether)?"


def _filter(phrase: str | None) -> dict[str, Any] | None:
    """:func:`parse_filter` of ``phrase`` without its leading article ("the circles" is named
    "circles" in the answer's text)."""
    return parse_filter(re.sub(r"^(?:the|all the|all)\s+", "", (phrase or "").strip(), flags=re.I) or None)


def total_form(body: str) -> dict[str, Any] | None:
    """``what is the total number of X`` / ``how many X are there in total``."""
    m = re.fullmatch(
        r"(?:what is the total (?:number|count) of|how many)(?: the)? (.+?)(?: are| is)?(?: there)?"
        r"(?: in (?:the|this) (?:image|scene|picture))? (?:in total|altogether|all together)",
        body,
        re.I,
    ) or re.fullmatch(rf"what is the total (?:number|count) of(?: the)? (.+?){_THERE}", body, re.I)
    if not m:
        return None
    try:
        return {"type": "count", "filter": _filter(m.group(1)), "relation": None}
    except UnsupportedQuestionError:
        return None


def count_difference_form(body: str) -> dict[str, Any] | None:
    """``how many more / fewer X than Y (are there)``."""
    m = re.fullmatch(rf"how many (more|fewer|less) (.+?) than (.+?){_THERE}", body, re.I)
    if not m:
        return None
    try:
        a, b = _filter(m.group(2)), _filter(m.group(3))
    except UnsupportedQuestionError:
        return None
    return {
        "type": "count_difference",
        "asks": "more" if m.group(1).lower() == "more" else "fewer",
        "a": a,
        "b": b,
    }


def count_except_form(body: str) -> dict[str, Any] | None:
    """``how many X are not Y`` / ``how many X are there besides / other than / except the Y``."""
    m = re.fullmatch(
        rf"how many (.+?)(?: are| is)?(?: there)? (?:not|besides|other than|apart from|except(?: for)?) (.+?){_THERE}",
        body,
        re.I,
    )
    if not m:
        return None
    try:
        keep, drop = _filter(m.group(1)), _filter(m.group(2))
    except UnsupportedQuestionError:
        return None
    if drop is None or drop.get("nouns") or drop.get("label"):
        return None  # "not touching the square", "not unicorns": no class the drawing has words for
    return {"type": "count_except", "filter": keep, "except": drop}


_HALF = {"left": ("H", True), "right": ("H", False), "top": ("V", True), "upper": ("V", True),
         "bottom": ("V", False), "lower": ("V", False)}  # fmt: skip


_PART = (
    r"(?:in|on|at) the (left|right|top|upper|bottom|lower)(?:[- ]hand)?(?: (?:half|side|part))?"
    r"(?: of (?:the |this )?(?:image|picture|scene|drawing|frame|page))?"
)


def count_in_part_form(body: str) -> dict[str, Any] | None:
    """``how many X are (in | on) the top half / left side (of the image)`` / ``are there any
    X on the left`` / ``is there a X in the top half`` (``exists``: yes / no)."""
    m = re.fullmatch(rf"how many (.+?)(?: are| is)?(?: there)? {_PART}", body, re.I)
    exists = m is None
    if exists:
        m = re.fullmatch(rf"(?:is|are) there (?:an?|any|some) (.+?) {_PART}", body, re.I)
    if not m:
        return None
    try:
        filt = _filter(m.group(1))
    except UnsupportedQuestionError:
        return None
    axis, first = _HALF[m.group(2).lower()]
    return {"type": "count_in_part", "filter": filt, "axis": axis, "first": first, "exists": exists}


def most_common_form(body: str) -> dict[str, Any] | None:
    """``which colour appears most often`` / ``what is the most common shape``."""
    # "which kind of icon occurs most frequently": a kind of icon is a shape
    body = re.sub(
        r"^(which|what) (?:kind|type|sort) of (?:icon|symbol|shape|figure|object)s?\b",
        r"\1 shape",
        body,
        flags=re.I,
    )
    m = (
        re.fullmatch(
            r"(?:which|what) (colou?r|shape) (?:appears|occurs|is used|is seen|comes up) (?:the )?most(?: often| frequently| times)?",
            body,
            re.I,
        )
        or re.fullmatch(
            r"(?:which|what) is the (?:most common|most frequent|commonest) (colou?r|shape)(?: .+)?",
            body,
            re.I,
        )
        or re.fullmatch(  # "which colour is most common", "what colour do most shapes have / are most shapes"
            r"(?:which|what) (colou?r|shape) (?:is (?:the )?(?:most common|most frequent|commonest|used most|seen most)|"
            r"do(?:es)? most (?:of the )?(?:shapes|objects|things|items|figures) (?:have|share)|"
            r"(?:are|is) most (?:of the )?(?:shapes|objects|things|items|figures))",
            body,
            re.I,
        )
    )
    if not m:
        return None
    return {"type": "most_common", "attribute": _attribute(m.group(1))}


_TIMES = {
    "once": 1,
    "one time": 1,
    "twice": 2,
    "two times": 2,
    "thrice": 3,
    "three times": 3,
    "four times": 4,
}
_HOW_MANY_OF = {"one": 1, "two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}


def appears_form(body: str) -> dict[str, Any] | None:
    """``which shape appears twice`` / ``what colour occurs three times`` / ``which shape is
    there two of`` / ``which colour appears more than once`` / ``which shape is repeated``."""
    m = re.fullmatch(
        r"(?:which|what) (colou?r|shape)s? (?:appears?|occurs?|is used|is shown|is seen|shows up|comes up|is there)"
        r"(?: exactly)? (once|one time|twice|two times|thrice|three times|four times|more than once)"
        r"(?: in (?:the|this) (?:image|picture|scene|drawing))?",
        body,
        re.I,
    )
    if m:
        times = m.group(2).lower()
        return {"type": "appears", "attribute": _attribute(m.group(1)), "times": _TIMES.get(times)}
    m = re.fullmatch(
        r"(?:which|what) (colou?r|shape) (?:is|are) there (one|two|three|four|[234]) of", body, re.I
    ) or re.fullmatch(r"(?:which|what) (colou?r|shape)s? (?:is|are) (repeated|duplicated)", body, re.I)
    if not m:
        return None
    return {
        "type": "appears",
        "attribute": _attribute(m.group(1)),
        "times": _HOW_MANY_OF.get(m.group(2).lower()),
    }


def _attribute(word: str) -> str:
    """``colour`` / ``colors`` -> ``color``; ``shape(s)`` -> ``shape``."""
    return "color" if word.lower().startswith("colo") else "shape"


def distinct_form(body: str) -> dict[str, Any] | None:
    """``how many different colours are there`` / ``how many kinds of shape are used``.
    ("How many separate shapes" counts the shapes one by one; "separate colours" are kinds.)"""
    m = re.fullmatch(
        r"how many (?:(?:different|distinct|unique) |separate (?=colou?r)|(?:kinds|types|sorts) of )(colou?rs?|shapes?)"
        r"(?: (?:are|is) (?:there|used|shown|present|visible)| do you see| can you see| appear)?"
        r"(?: in (?:the|this) (?:image|picture|scene|drawing))?",
        body,
        re.I,
    )
    if not m:  # "how many colours are there / are used": colours are only ever counted as kinds
        m = re.fullmatch(
            r"how many (colou?rs) (?:are|is) (?:there|used|shown|present|visible)(?: in (?:the|this) (?:image|picture|scene|drawing))?",
            body,
            re.I,
        )
    listed = None
    if not m:  # "which colours are used", "what shapes appear in the image": the kinds, named
        listed = m = re.fullmatch(
            r"(?:which|what) (?:different |distinct )?(?:(colou?rs) (?:(?:are|is) (?:there|used|shown|present|visible)|"
            r"do you see|can you see|appear|occur)|(shapes) (?:(?:are|is) (?:used|present)|appear|occur))"
            r"(?: in (?:the|this) (?:image|picture|scene|drawing))?",
            body,
            re.I,
        )
    if not m:
        return None
    query = {"type": "distinct", "attribute": _attribute(m.group(1) or m.group(2))}
    return {**query, "list": True} if listed is not None else query


_ATTR = r"(colou?rs?|shapes?)"
_SAME_FORMS = (
    (
        rf"(?:are|is) (?:there )?any two(?: of)?(?: the)? (.+?) (?:of |in |with |having |that have |sharing )?the same {_ATTR}",
        "pair",
    ),
    (
        rf"(?:are|is) (?:there )?(?:any|two|a pair of|any pair of)(?: of)?(?: the)? (.+?) (?:of |in |with |having |that have |that share |sharing )the same {_ATTR}",
        "pair",
    ),
    (rf"(?:do|does) any(?: two)?(?: of)?(?: the)? (.+?) (?:share|have) (?:a|the same|one) {_ATTR}", "pair"),
    (rf"(?:do|does) (?:any )?two(?: of)?(?: the)? (.+?) (?:share|have) (?:a|the same) {_ATTR}", "pair"),
    (rf"(?:are|is) all(?: of)?(?: the)? (.+?) (?:of |in )?(?:different|distinct) {_ATTR}", "all_different"),
    (rf"(?:do|does) all(?: of)?(?: the)? (.+?) have (?:different|distinct) {_ATTR}", "all_different"),
    (
        rf"(?:do|does|is) (?:every|each)(?: one of the)? (.+?) (?:have |has )?an? (?:different|distinct|unique) {_ATTR}",
        "all_different",
    ),
    (
        r"(?:does|is) any ()(colou?r|shape) (?:appear|occur|used|appearing|occurring) (?:more than once|twice|two times)",
        "pair",
    ),
    (
        rf"(?:are|is) (?:all )?the ()({_ATTR[1:-1]}) (?:of (?:the|all the) (?:shapes|objects) )?all (?:different|distinct)",
        "all_different",
    ),
)


def any_same_form(body: str) -> dict[str, Any] | None:
    """``are any two shapes the same colour`` / ``do any shapes share a colour`` / ``is there a
    pair of objects with the same shape`` / ``are all the shapes different colours``."""
    for pattern, asks in _SAME_FORMS:
        m = re.fullmatch(pattern, body, re.I)
        if not m:
            continue
        try:
            filt = _filter(m.group(1) or None)
        except UnsupportedQuestionError:
            return None
        what = "color" if m.group(2).lower().startswith("colo") else "shape"
        return {"type": "any_same", "attribute": what, "filter": filt, "asks": asks}
    return None


TALLY_FORMS = (
    count_in_part_form, total_form, count_difference_form, count_except_form, most_common_form, distinct_form,
    any_same_form, appears_form,
)  # fmt: skip


def _tally(filt: dict[str, Any] | None, g: SceneGraph) -> list[Any]:
    found = resolve(filt, g)
    if filt and filt.get("nouns") and not found:
        raise _ReferenceProblem(
            f"There is no object matching {filt['text']!r} in the scene, so no count is given."
        )
    return found


def _difference(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    a, b = _tally(q["a"], g), _tally(q["b"], g)
    diff = len(a) - len(b) if q["asks"] == "more" else len(b) - len(a)
    names = [(f or {}).get("text") or "objects" for f in (q["a"], q["b"])]
    if diff < 0:
        why = f"there are {len(a)} {names[0]} and {len(b)} {names[1]}"
        return SymbolicAnswer(text=f"None: {why}.", value=0, kind="count_difference", rationale=why)
    return SymbolicAnswer(text=str(diff), value=diff, kind="count_difference", objects=[o.id for o in a + b])


def _except(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = _tally(q["filter"], g)
    _readable_for([q["except"]], found, f"not {(q['except'] or {}).get('text')}")  # an unread colour
    dropped = {o.id for o in resolve(q["except"], g)}
    kept = [o for o in found if o.id not in dropped]
    return SymbolicAnswer(text=str(len(kept)), value=len(kept), kind="count", objects=[o.id for o in kept])


def _most_common(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objs = resolve(None, g)
    if not objs:
        raise _ReferenceProblem(_no_match("object", g))
    what = q["attribute"]
    counts = Counter(_norm(getattr(o.attributes, what)) for o in objs)
    counts.pop(None, None)
    if not counts:
        raise _ReferenceProblem(f"The {what}s could not be read from the pixels.")
    ranked = counts.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        tied = [v for v, n in ranked if n == ranked[0][1]]
        why = f"{', '.join(map(str, tied))} appear {ranked[0][1]} times each"
        return cannot_tell(why, "most_common")
    value = str(ranked[0][0])
    return SymbolicAnswer(
        text=value, value=value, kind="most_common", rationale=f"{value}: {ranked[0][1]} of {len(objs)}"
    )


def _appears(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """The colour(s) or shape(s) seen exactly ``times`` times (``None``: more than once); an
    unread value could change a count, so with any unread one the answer is "cannot tell"."""
    objs = resolve(None, g)
    if not objs:
        raise _ReferenceProblem(_no_match("object", g))
    what, times = q["attribute"], q["times"]
    values = [_norm(getattr(o.attributes, what)) for o in objs]
    unread = values.count(None)
    counts = Counter(v for v in values if v is not None)
    hits = sorted(v for v, n in counts.items() if (n == times if times else n > 1))
    how = f"{times} time(s)" if times else "more than once"
    if unread:
        why = f"{unread} object(s) have a {what} the pixels do not show"
        return cannot_tell(why, "appears")
    if not hits:
        seen = ", ".join(f"{v} {n}x" for v, n in sorted(counts.items()))
        text = f"None: no {what} appears {how} ({seen})."
        return SymbolicAnswer(text=text, value=None, kind="appears", rationale=text, no_answer="no match")
    text = " and ".join(str(v) for v in hits)
    return SymbolicAnswer(
        text=text, value=text, kind="appears", rationale=f"{text}: {how} among {len(objs)} objects"
    )


def _distinct(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objs = resolve(None, g)
    if not objs:
        raise _ReferenceProblem(_no_match("object", g))
    what = q["attribute"]
    values = [_norm(getattr(o.attributes, what)) for o in objs]
    seen = sorted({v for v in values if v is not None})
    unread = values.count(None)
    if unread:
        # An unread one may show a value not seen yet: the number is only a lower bound.
        why = f"{unread} object(s) have a {what} the pixels do not show, so at least {len(seen)}"
        return cannot_tell(why, "count")
    if q.get("list"):
        ordered = sorted(objs, key=lambda o: o.centroid or (0.0, 0.0))
        named = list(dict.fromkeys(str(_norm(getattr(o.attributes, what))) for o in ordered))
        return SymbolicAnswer(
            text=said_together(named),
            value=named,
            kind="listing",
            rationale=f"{len(named)} {what}s, left to right",
        )
    return SymbolicAnswer(
        text=str(len(seen)), value=len(seen), kind="count", rationale=f"{what}s: {', '.join(map(str, seen))}"
    )


def _in_part(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = _tally(q["filter"], g)
    if not g.images:
        raise _ReferenceProblem("The image size is not known.")
    size = float(g.images[0].width if q["axis"] == "H" else g.images[0].height)
    half = size / 2
    at = [
        (o, float(o.centroid[0] if q["axis"] == "H" else o.centroid[1]))
        for o in found
        if o.centroid is not None
    ]
    unsure = [o for o, c in at if abs(c - half) < 0.04 * size]
    kept = [o for o, c in at if (c < half) == q["first"] and o not in unsure]
    if unsure and not (q.get("exists") and kept):  # one clearly in that half answers "is there"
        why = f"{len(unsure)} object(s) sit on the middle line"
        return cannot_tell(why, "count")
    if q.get("exists"):
        part = {("H", True): "left", ("H", False): "right", ("V", True): "top", ("V", False): "bottom"}
        why = f"{len(kept)} of {len(found)} {(q['filter'] or {}).get('text') or 'objects'} in the {part[q['axis'], q['first']]} half"
        return SymbolicAnswer(
            text=f"{'Yes' if kept else 'No'}: {why}.", value=bool(kept), kind="count_in_part",
            objects=[o.id for o in kept], rationale=why,
        )  # fmt: skip
    return SymbolicAnswer(text=str(len(kept)), value=len(kept), kind="count", objects=[o.id for o in kept])


def _any_same(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """Whether two of the objects share the attribute (or, for ``all_different``, none do); an
    unread value only matters when the read ones are all different (then "cannot tell")."""
    objs = _tally(q.get("filter"), g)
    what = q["attribute"]
    values = [_norm(getattr(o.attributes, what)) for o in objs]
    read = [v for v in values if v is not None]
    repeated = sorted(v for v, n in Counter(read).items() if n > 1)
    if not repeated and len(read) < len(values):
        return cannot_tell(
            f"the {what} of {len(values) - len(read)} object(s) could not be read from the pixels", "any_same"
        )
    pair = bool(repeated)
    holds = pair if q["asks"] == "pair" else not pair
    why = f"{', '.join(repeated)} appears more than once" if pair else f"all {len(read)} {what}s differ"
    return SymbolicAnswer(
        text=f"{'Yes' if holds else 'No'}: {why}.", value=holds, kind="any_same", rationale=why
    )


TALLY_HANDLERS = {
    "any_same": _any_same,
    "distinct": _distinct,
    "count_in_part": _in_part,
    "count_difference": _difference,
    "count_except": _except,
    "most_common": _most_common,
    "appears": _appears,
}
