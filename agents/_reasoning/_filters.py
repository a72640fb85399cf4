"""Class filters beyond a plain noun phrase: negation and the number of sides.

:func:`special_filter` reads

* negation — "shapes that are not red", "objects that aren't circles", "circles not green",
  "non-red shapes", "objects other than / except (for) / besides / apart from / excluding the
  triangles", "shapes that are neither red nor blue" -> the kept class with ``exclude`` (a list
  of references; an object matching any of them is left out);
* sides and corners — "shapes with four sides", "objects that have 3 corners", "six-sided
  shapes", "shapes with no corners" -> the shapes of that many sides as an ``any_of`` union,
  with ``sides`` set (the resolver answers "cannot tell" for solids and unread shapes).

Both return ``None`` when the phrase is not of that kind, so the caller goes on with the plain
noun phrase; a phrase of that kind whose parts are not plain classes raises
:class:`~spatioxolver.errors.UnsupportedQuestionError` (never a guess).

Example:
    >>> special_filter("shapes that are not red")["exclude"][0]["color"]
    'red'
    >>> sorted(p["shape"] for p in special_filter("shapes with four sides")["any_of"])
    ['rectangle', 'square']
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["special_filter", "SIDES", "NUMBER_WORDS"]

#: Flat shapes by their number of straight sides (a circle or an ellipse has none).
SIDES = {
    0: ("circle", "ellipse"),
    3: ("triangle",),
    4: ("square", "rectangle", "diamond"),
    5: ("pentagon",),
    6: ("hexagon",),
}
NUMBER_WORDS = {
    "no": 0, "zero": 0, "0": 0, "three": 3, "3": 3, "four": 4, "4": 4, "five": 5, "5": 5, "six": 6, "6": 6,
}  # fmt: skip
_NUM = "|".join(NUMBER_WORDS)
_PART = r"(?:sides|corners|edges|vertices|angles)"
_NOT = r"(?:(?:that|which|who) )?(?:are not|is not|aren't|isn't|are never|not)"
_BUT = r"(?:other than|except(?: for)?|besides|apart from|excluding|but not|but)"


def _blank(text: str) -> dict[str, Any]:
    return {
        "text": text, "label": None, "tone": None, "color": None, "shape": None, "size": None,
        "material": None, "nouns": [],
    }  # fmt: skip


def _kept(phrase: str | None, whole: str) -> dict[str, Any]:
    from spatioxolver.agents._reasoning._refs import parse_filter

    keep = parse_filter(phrase) if phrase and phrase.strip() else None
    return {**(keep or _blank(whole)), "text": whole}


def _dropped(phrase: str) -> list[dict[str, Any]]:
    from spatioxolver.agents._reasoning._refs import parse_filter

    phrase = re.sub(r"^(?:the|a|an|any)\s+", "", phrase.strip(), flags=re.I)
    parts = re.split(r"\s+(?:nor|or|and|,)\s+|,\s*", phrase)
    out = []
    for part in parts:
        part = re.sub(r"^(?:the|a|an)\s+|\s+ones?$", "", part.strip(), flags=re.I)
        ref = parse_filter(part)
        if ref is None or ref.get("nouns") or ref.get("label") or ref.get("exclude") or ref.get("any_of"):
            raise UnsupportedQuestionError(f"cannot tell what {part!r} leaves out")
        out.append(ref)
    return out


def _negated(p: str) -> dict[str, Any] | None:
    m = re.fullmatch(r"non-?\s?([a-z]+) (.+)", p, re.I)
    if m:  # "non-red shapes"
        return {**_kept(m.group(2), p), "exclude": _dropped(m.group(1))}
    m = re.fullmatch(
        r"(?:every|all|each)?\s*(.*?)\s*(?:(?:that|which) )?(?:are |is )?neither (.+?) nor (.+)", p, re.I
    )
    if m:  # "shapes that are neither red nor blue"
        return {**_kept(m.group(1), p), "exclude": _dropped(m.group(2)) + _dropped(m.group(3))}
    m = re.fullmatch(rf"(?:every|all|each|any)?\s*(.*?)\s*,?\s*{_BUT} (.+)", p, re.I)
    if m and not re.search(r"\bthan\b", m.group(1), re.I):  # "objects other than circles"
        return {**_kept(m.group(1), p), "exclude": _dropped(m.group(2))}
    m = re.fullmatch(rf"(.*?)\s*{_NOT} (?:an? |the )?(.+)", p, re.I)
    if m:  # "shapes that are not red", "circles not green", "shapes that aren't circles"
        return {**_kept(m.group(1), p), "exclude": _dropped(m.group(2))}
    return None


def _sided(p: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        rf"(.*?)\s*(?:with|having|(?:that |which )?(?:has|have)(?: got)?) (?:exactly |only )?({_NUM}) (?:straight )?{_PART}",
        p,
        re.I,
    ) or re.fullmatch(rf"({_NUM})[- ](?:sided|cornered) (.*)", p, re.I)
    if not m:
        return None
    if m.group(1).lower() in NUMBER_WORDS and m.group(2).lower() not in NUMBER_WORDS:
        number, rest = m.group(1), m.group(2)
    else:
        rest, number = m.group(1), m.group(2)
    n = NUMBER_WORDS[number.lower()]
    base = _kept(rest, p)
    if base.get("shape") or base.get("nouns") or base.get("label") or n not in SIDES:
        raise UnsupportedQuestionError(f"cannot tell which objects {p!r} names")
    parts = [{**base, "text": f"{shape}", "shape": shape} for shape in SIDES[n]]
    return {**_blank(p), "any_of": parts, "sides": n}


def special_filter(phrase: str) -> dict[str, Any] | None:
    """The filter of a negated or a sides phrase (see the module docstring), else ``None``.

    Raises:
        UnsupportedQuestionError: a negation or a count of sides whose parts are not plain classes.
    """
    p = " ".join(phrase.split()).strip(" ?.")
    p = re.sub(r"^(?:the|all the|all of the)\s+", "", p, flags=re.I)
    p = re.sub(r"\s+at all$", "", p, flags=re.I)
    if re.search(rf"\b{_PART}\b|-sided\b|-cornered\b", p, re.I) and re.search(rf"\b(?:{_NUM})\b", p, re.I):
        return _sided(p)
    if re.search(
        r"\b(?:not|aren't|isn't|non|neither|other than|except|besides|apart from|excluding)\b|\bnon-", p, re.I
    ):
        return _negated(p)
    if re.search(r"label|tagged|\bnames?\b", p, re.I):  # "labelled shapes", "shapes with labels"
        from spatioxolver.agents._reasoning._labelled import labelled_filter

        return labelled_filter(p)
    return None
