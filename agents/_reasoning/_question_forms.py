"""More question forms for the parser: attributes, neighbours, size either-or, count
comparisons, grid rows / columns, mirror symmetry.

Each function takes the question body (tail instructions stripped, see
:mod:`spatioxolver.agents._reasoning._parse`) and returns a query dict or ``None``:

* ``attribute`` — "what colour / shape / size is X", "what colour are the circles"
  -> ``{"type", "attribute", "subject": ref}``
* ``relative`` — "what is to the left of X", "which object is above X"
  -> ``{"type", "axis", "asks", "reference": ref, "filter"}``
* ``apparent_pair`` — "which is bigger, A or B" (image area, what the image shows)
* ``size_compare`` — "is A bigger / smaller / taller than B" (image area or height)
* ``compare_count`` — "are there more cubes than spheres", "fewer", "as many ... as"
* ``grid`` — "how many rows / columns (are there | does the grid have)"
* ``mirror`` — "is the layout (left-right | top-bottom) mirror symmetric"
* ``exists`` — "is there a X", "are there any X", "does the image contain a X"

Example:
    >>> attribute_form("What colour is the star")["attribute"]
    'color'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._cells import CELL_FORMS, cell_selector, in_band_form
from spatioxolver.agents._reasoning._central import CENTRAL_FORMS
from spatioxolver.agents._reasoning._closer import CLOSER_FORMS
from spatioxolver.agents._reasoning._containment import CONTAINMENT_FORMS
from spatioxolver.agents._reasoning._phrases import REL_ALT
from spatioxolver.agents._reasoning._phrases import rel as relation_of
from spatioxolver.agents._reasoning._position import POSITION_FORMS, ordinal_selector
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference
from spatioxolver.agents._reasoning._same_as import SAME_AS_FORMS
from spatioxolver.agents._reasoning._sets import SET_FORMS
from spatioxolver.agents._reasoning._shape_facts import FACT_FORMS
from spatioxolver.agents._reasoning._tally import TALLY_FORMS
from spatioxolver.agents._reasoning._touching import TOUCHING_FORMS
from spatioxolver.agents._reasoning._where import WHERE_FORMS

from spatioxolver.errors import UnsupportedQuestionError

__all__ = [
    "QUESTION_FORMS",
    "attribute_form",
    "relative_form",
    "either_size_form",
    "size_compare_form",
    "compare_count_form",
    "grid_form",
    "mirror_form",
    "exists_form",
]

_WHAT = r"(?:what|which)"
_SHAPE_NOUNS = ("shape", "solid", "figure", "form", "object", "thing")


def attribute_form(body: str) -> dict[str, Any] | None:
    """``what colour / shape / size is X`` (also "what is the colour of X", "X's colour")."""
    m = re.fullmatch(
        rf"{_WHAT} (colou?r|shape|size)(?: of object| of shape)? (?:is|are|does) (.+?)(?: have| has)?",
        body,
        re.I,
    )
    # "what is the shape of X" always asks X's shape, even where X is "the smallest one"
    of_form = m is None
    m = m or re.fullmatch(rf"{_WHAT} is the (colou?r|shape|size) of (.+)", body, re.I)
    if not m:
        named = _named_by_colour(body)
        if named is not None:
            return named
    if not m:
        # "what kind of solid is X", "which type of shape does X have"
        m = re.fullmatch(
            rf"{_WHAT} (?:kind|type|sort) of (shape|solid|figure|form|object|thing) (?:is|are) (.+)",
            body,
            re.I,
        )
    if not m:
        return None
    word = "shape" if m.group(1).lower() in _SHAPE_NOUNS else m.group(1).lower()
    attribute = "color" if word.startswith("colo") else word
    subject = m.group(2).strip()
    if re.search(r"\b(?:from above|seen from|viewed from|outline|silhouette)\b", subject, re.I):
        return None  # the outline-from-above form
    if re.match(
        r"(?:immediately|directly|just|right|to|on|at|in|above|below|under|over|beneath|underneath|between|next|"
        r"beside|behind|near|adjacent|left)\b",
        subject,
        re.I,
    ):
        return None  # "which shape is right above X": a place, not an object to describe
    if (
        word in _SHAPE_NOUNS
        and not of_form
        and re.fullmatch(
            r"(?:the )?(?:[a-z]+-?most|furthest|farthest|closest|nearest|largest|biggest|smallest|highest|lowest|"
            r"tallest|shortest)(?: (?:to|from|on|at|in) the [a-z]+(?: [a-z]+)?| one| away)?|(?:at|on|in|to) the .+",
            subject,
            re.I,
        )
    ):
        return None  # "which shape is furthest to the left" selects an object, not an attribute
    ordinal = ordinal_selector(subject) or cell_selector(subject)
    if word in _SHAPE_NOUNS and ordinal is not None and not ordinal[1]:
        return None  # "which shape is second from the left" selects an object
    try:
        return describe_subject(attribute, subject)
    except UnsupportedQuestionError:
        return None  # not a noun phrase ("which shape is bigger, A or B"): another form's


def describe_subject(attribute: str, subject: str) -> dict[str, Any]:
    """The ``attribute`` query about the object ``subject`` picks: by name ("the triangle"), as
    the neighbour of another ("the shape left of the square"), or by place ("the leftmost
    shape", "the second shape from the left", "the shape in the top row")."""
    beside = _beside(subject)
    if beside is not None:
        return {"type": "attribute", "attribute": attribute, "subject": None, "relative": beside}
    between = re.fullmatch(
        r"(?:the )?(.+?) (?:that is |which is |lying |sitting )?(?:in )?between (.+?) and (.+)", subject, re.I
    )
    if between:  # "the shape between the red circle and the triangle"
        pick = {"type": "between", "subject": None, "filter": parse_filter(between.group(1)),
                "a": parse_reference(between.group(2)), "b": parse_reference(between.group(3))}  # fmt: skip
        return {"type": "attribute", "attribute": attribute, "subject": None, "between": pick}
    near = re.fullmatch(
        r"(?:the )?(.+?) (?:that is |that's |which is )?(nearest|closest|farthest|furthest) (?:to |from )?"
        r"(?!the (?:far |very )?(?:left|right|top|bottom)\b)(the .+)",
        subject,
        re.I,
    )
    if near:  # "the shape closest to the square": that object first, then its attribute
        which = "nearest" if near.group(2).lower() in ("nearest", "closest") else "farthest"
        pick = {"type": "nearest", "which": which, "reference": parse_reference(near.group(3)),
                "filter": parse_filter(near.group(1))}  # fmt: skip
        return {"type": "attribute", "attribute": attribute, "subject": None, "nearest": pick}
    select = _selected(subject)
    if select is not None:
        which, rest = select
        if rest and re.fullmatch(r"(?:one|object|item|thing|shape|figure)", rest.strip(), re.I):
            rest = None  # "the biggest one": any object
        return {"type": "attribute", "attribute": attribute, "subject": parse_filter(rest), "select": which}
    from spatioxolver.agents._reasoning._filters import special_filter

    special = special_filter(subject)  # "the shape with six sides", "the square that is not red"
    return {"type": "attribute", "attribute": attribute, "subject": special or parse_reference(subject)}


def _named_by_colour(body: str) -> dict[str, Any] | None:
    """``what is the purple shape`` / ``what's the big red object``: the shape of the object
    the colour (and size) words pick (only colour, tone and size words before the noun)."""
    from spatioxolver.vocabulary import COLOR_WORDS, SIZE_WORDS, TONE_WORDS

    m = re.fullmatch(
        r"(?:what|which) is (the|that) ((?:[a-z]+ ){1,3})(shape|figure|object|thing|one|item)", body, re.I
    )
    if not m:
        return None
    words = m.group(2).split()
    if not any(w.lower() in COLOR_WORDS for w in words):
        return None
    if not all(w.lower() in COLOR_WORDS or w.lower() in TONE_WORDS or w.lower() in SIZE_WORDS for w in words):
        return None
    subject = f"the {' '.join(words)} {m.group(3)}"
    return {"type": "attribute", "attribute": "shape", "subject": parse_reference(subject)}


_PICK = {
    "leftmost": "leftmost", "left-most": "leftmost", "rightmost": "rightmost", "right-most": "rightmost",
    "topmost": "topmost", "top-most": "topmost", "highest": "topmost", "uppermost": "topmost",
    "bottommost": "bottommost", "lowest": "bottommost", "largest": "largest", "biggest": "largest",
    "smallest": "smallest", "tiniest": "smallest", "closest": "closest", "nearest": "closest", "farthest": "farthest",
    "furthest": "farthest",
}  # fmt: skip
_PLACE = (
    (r"(?:on|at) the (?:far |very )?left|(?:furthest|farthest|most) (?:to the )?left", "leftmost"),
    (r"(?:on|at) the (?:far |very )?right|(?:furthest|farthest|most) (?:to the )?right", "rightmost"),
    (r"at the (?:very )?top|(?:closest|nearest) to the top", "topmost"),
    (r"at the (?:very )?bottom|(?:closest|nearest) to the bottom", "bottommost"),
)


def placed_form(body: str) -> dict[str, Any] | None:
    """``what is the shape on the far left`` / ``which is the object at the top`` (an extreme)."""
    m = re.fullmatch(r"(?:which|what) (?:one )?is (the .+)", body, re.I)
    select = _selected(m.group(1)) if m else None
    if select is None or not isinstance(select[0], str):
        return None
    which, rest = select
    rest = (rest or "").strip()
    generic = not rest or re.fullmatch(r"(?:one|object|item|thing|shape)", rest, re.I)
    try:
        filt = None if generic else parse_filter(rest)
    except UnsupportedQuestionError:
        return None
    return {"type": "extreme", "which": which, "filter": filt, "apparent": True}


def _selected(subject: str) -> tuple[Any, str | None] | None:
    """``(which, the rest)`` of "the leftmost shape" / "the shape on the far left", else ``None``;
    ``which`` is an ordinal selector (a dict) for "the second shape from the left" / "the middle one"."""
    m = re.fullmatch(r"(?:the )?([a-z-]+)(?: (.+))?", subject.strip(), re.I)
    if m and m.group(1).lower() in _PICK:
        return _PICK[m.group(1).lower()], m.group(2)
    cell = cell_selector(subject)
    if cell is not None:
        return cell
    ordinal = ordinal_selector(subject)
    if ordinal is not None:
        return ordinal
    for pattern, which in _PLACE:
        m = re.fullmatch(
            rf"(?:the )?(.+?) ({pattern})(?: of (?:the )?(?:image|picture|scene))?", subject.strip(), re.I
        )
        if m:
            return which, m.group(1)
    return None


_SIDES = (
    (r"(?:(?:directly|immediately|just) )?(?:to the |on the )?left(?:-hand side| side)? of", "H", "left"),
    (r"(?:(?:directly|immediately|just) )?(?:to the |on the )?right(?:-hand side| side)? of", "H", "right"),
    (r"(?:(?:directly|immediately|just|right) )?(?:above|over|on top of)", "V", "above"),
    (r"(?:(?:directly|immediately|just|right) )?(?:below|under(?:neath)?|beneath)", "V", "below"),
    (r"(?:in front of)", "D", "closer"),
    (r"(?:behind)", "D", "further"),
)


def _beside(subject: str) -> dict[str, Any] | None:
    """The relative query of "the shape (to the) left of the square" (the nearest one that side)."""
    for pattern, axis, asks in _SIDES:
        m = re.fullmatch(rf"(?:the )?(.+?) ({pattern}) (.+)", subject.strip(), re.I)
        if m and not re.search(r"\bthe other\b|\bor\b|:", m.group(3), re.I):
            try:
                filt = parse_filter(m.group(1))
            except UnsupportedQuestionError:  # not a noun phrase: not this form
                return None
            return {
                "type": "relative",
                "axis": axis,
                "asks": asks,
                "reference": parse_reference(m.group(3)),
                "filter": filt,
            }
    return None


def exists_form(body: str) -> dict[str, Any] | None:
    """``is there a X`` / ``are there any X`` / ``does the image contain a X`` -> yes / no."""
    m = re.fullmatch(
        r"(?:is there|are there|does (?:the|this) (?:image|picture|scene|drawing) (?:contain|show|have|include)|"
        r"can you see|do you see|can i see|do i see)(?: an?| any| at least one)? (.+?)(?: in (?:the|this) (?:image|picture|scene|drawing))?",
        body,
        re.I,
    )
    if not m or re.match(r"(?:more|fewer|less|as many|the same number|exactly|\d)", m.group(1), re.I):
        return None
    m = re.fullmatch(r"(.+?)(?: anywhere| somewhere| at all)?", m.group(1), re.I)  # "a red square anywhere"
    thing = re.fullmatch(r"(?:anything|something) ((?:[a-z]+ ?){1,2})", m.group(1), re.I)
    if thing and not re.match(rf"(?:{REL_ALT})\b", thing.group(1), re.I):
        return {"type": "exists", "filter": parse_filter(f"{thing.group(1)} objects")}  # "anything red"
    related = _exists_related(m.group(1))
    if related is not None:
        return related
    if re.search(r"\bor\b", m.group(1), re.I) and not re.search(
        r"\b(?:left|right|above|below|than)\b", m.group(1), re.I
    ):
        try:
            union = parse_filter(m.group(1))
        except UnsupportedQuestionError:
            return None
        if union and (union.get("any_of") or union.get("exclude")):  # "is there a yellow or orange shape"
            return {"type": "exists", "filter": union}
    if re.search(r"\b(?:left|right|above|below|under|behind|front|between|than|or)\b", m.group(1), re.I):
        return None  # a relation: the other forms
    return {"type": "exists", "filter": parse_filter(m.group(1))}


def _exists_related(thing: str) -> dict[str, Any] | None:
    """``a circle to the left of the triangle`` / ``anything above X`` -> an ``exists`` query
    with the relation that narrows it (as "how many X are left of Y" does)."""
    m = re.fullmatch(
        rf"(.+?) (?:that is |which is |located |positioned |placed )?({REL_ALT}) (.+)", thing, re.I
    )
    if not m or re.search(r"\b(?:or|than|between)\b", m.group(3), re.I):
        return None
    what = re.sub(
        r"^(?:anything|something|any object|an object|any shape|a shape)$", "", m.group(1).strip(), flags=re.I
    )
    try:
        axis, asks = relation_of(m.group(2))
        filt = parse_filter(what or None)
        reference = parse_reference(m.group(3))
    except UnsupportedQuestionError:
        return None
    return {
        "type": "exists",
        "filter": filt,
        "relation": {"axis": axis, "asks": asks, "reference": reference},
    }


def relative_form(body: str) -> dict[str, Any] | None:
    """``what is to the left of X`` / ``which object is above X`` -> the nearest one that side."""
    for pattern, axis, asks in _SIDES:
        m = re.fullmatch(
            rf"{_WHAT}(?: (.*?))? (?:is|lies|sits|appears)(?: located| placed| positioned)? ({pattern}) (.+)",
            body,
            re.I,
        )
        if m and not re.search(r"\bthe other\b|\bor\b|:", m.group(3), re.I):
            return {
                "type": "relative",
                "axis": axis,
                "asks": asks,
                "reference": parse_reference(m.group(3)),
                "filter": parse_filter(m.group(1) or None),
            }
    return None


def either_size_form(body: str) -> dict[str, Any] | None:
    """``which is bigger, A or B`` / ``which one is smaller: A or B`` (image area)."""
    m = re.fullmatch(
        rf"{_WHAT}(?: one| object| shape| of (?:the|these|them)(?: two)?(?: objects| shapes)?| ([a-z]+))? (?:is|appears|looks) "
        rf"(bigger|larger|smaller)(?: in the (?:image|picture))?\s*[:,-]?\s*(.+?)\s*,?\s*\bor\b\s*(.+)",
        body,
        re.I,
    )
    if not m:
        return None
    noun = m.group(1)
    if noun and re.fullmatch(r"is|are|one", noun, re.I):
        noun = None

    def named(option: str) -> dict[str, Any]:
        # "which sphere is smaller: the blue one / the blue": the blue sphere
        if noun and re.search(r"\bone\b", option, re.I):
            return parse_reference(re.sub(r"\bone\b", noun, option, flags=re.I))
        ref = parse_reference(option)
        if noun and not ref.get("shape") and not ref.get("nouns") and not ref.get("label"):
            ref = parse_reference(f"{option} {noun}")
        return ref

    return {
        "type": "apparent_pair",
        "objects": [named(m.group(3)), named(m.group(4))],
        "asks": "smaller" if m.group(2).lower() == "smaller" else "larger",
    }


def size_compare_form(body: str) -> dict[str, Any] | None:
    """``is A bigger / larger / smaller / taller / shorter than B`` (as the image shows it);
    ``how large is A compared to B`` (``asks="how"``: larger / smaller / about the same)."""
    how = re.fullmatch(
        r"how (large|big|small|tall|short|high) (?:is|does) (.+?) (?:look |appear )?(?:compared (?:to|with)|"
        r"relative to|next to|versus|vs\.?|in comparison (?:to|with)) (.+)",
        body,
        re.I,
    )
    if how:
        return {
            "type": "size_compare",
            "subject": parse_reference(how.group(2)),
            "reference": parse_reference(how.group(3)),
            "asks": "how",
            "measure": "height" if how.group(1).lower() in ("tall", "short", "high") else "area",
        }
    m = re.fullmatch(
        r"(?:is|does) (.+?) (?:look |appear )?(bigger|larger|smaller|taller|shorter) than (.+)",
        body,
        re.I,
    )
    # "is the number of stars bigger than ...": a count; "shape number 3" is a label
    if not m or re.search(r"\b(?:number(?! \d)|count|more|fewer)\b", m.group(1), re.I):
        return None
    word = m.group(2).lower()
    return {
        "type": "size_compare",
        "subject": parse_reference(m.group(1)),
        "reference": parse_reference(m.group(3)),
        "asks": "smaller" if word in ("smaller", "shorter") else "larger",
        "measure": "height" if word in ("taller", "shorter") else "area",
    }


def compare_count_form(body: str) -> dict[str, Any] | None:
    """``are there more X than Y`` / ``fewer X than Y`` / ``as many X as Y``."""
    m = re.fullmatch(
        r"are there (more|fewer|less) (.+?) than (.+?)(?: in the (?:image|scene|picture))?", body, re.I
    )
    if m:
        asks = "more" if m.group(1).lower() == "more" else "fewer"
        return {
            "type": "compare_count",
            "asks": asks,
            "a": parse_filter(m.group(2)),
            "b": parse_filter(m.group(3)),
        }
    m = _count_relation(body)
    if m is not None:
        a, asks, b = m
        return {"type": "compare_count", "asks": asks, "a": parse_filter(a), "b": parse_filter(b)}
    m = re.fullmatch(
        r"(?:are|is) there (?:exactly )?(?:as many|the same number of|an? (?:equal|identical|same) (?:number|amount|count) of|"
        r"equal (?:numbers|amounts) of) (.+?) (?:as|and) (.+?)",
        body,
        re.I,
    )
    if m:
        return {
            "type": "compare_count",
            "asks": "same",
            "a": parse_filter(m.group(1)),
            "b": parse_filter(m.group(2)),
        }
    return None


_THE_NUMBER = r"(?:the )?(?:number|count|amount|total) of (?:the )?"
_MORE_WORDS = {"greater": "more", "larger": "more", "more": "more", "bigger": "more", "higher": "more",
               "smaller": "fewer", "less": "fewer", "fewer": "fewer", "lower": "fewer"}  # fmt: skip


def _count_relation(body: str) -> tuple[str, str, str] | None:
    """``(a, "more" | "fewer" | "same", b)`` of "is the number of X greater than (that of) Y",
    "is the count of X equal to the count of Y", "do the X outnumber the Y", "are the X as
    numerous as the Y", else ``None``."""
    m = re.fullmatch(
        rf"(?:is|are) {_THE_NUMBER}(.+?) (greater|larger|more|bigger|higher|smaller|less|fewer|lower) than "
        rf"(?:{_THE_NUMBER}|that of (?:the )?)?(.+?)",
        body,
        re.I,
    )
    if m:
        return m.group(1), _MORE_WORDS[m.group(2).lower()], m.group(3)
    m = re.fullmatch(
        rf"(?:is|are) {_THE_NUMBER}(.+?) (?:the same as|equal to|as (?:large|big|high) as|identical to) "
        rf"(?:{_THE_NUMBER}|that of (?:the )?)?(.+?)",
        body,
        re.I,
    )
    if m:
        return m.group(1), "same", m.group(2)
    m = re.fullmatch(r"(?:do|does) (?:the )?(.+?) outnumber (?:the )?(.+?)", body, re.I)
    if m:
        return m.group(1), "more", m.group(2)
    m = re.fullmatch(
        r"(?:are|is) (?:there )?(?:the )?(.+?) (as|more|less) numerous (?:as|than) (?:the )?(.+?)", body, re.I
    )
    if m:
        return m.group(1), {"as": "same", "more": "more", "less": "fewer"}[m.group(2).lower()], m.group(3)
    return None


def grid_form(body: str) -> dict[str, Any] | None:
    """``how many rows / columns are there`` (in the grid / does the grid have)."""
    m = re.fullmatch(
        r"how many (rows|columns|cols)(?: of (.+?))? (?:are there|does (?:the|this) (?:grid|layout|arrangement|image) have|"
        r"(?:are )?in (?:the|this) (?:grid|layout|arrangement|image|picture))(?: in (?:the|this) (?:grid|image|picture))?",
        body,
        re.I,
    )
    if not m:
        return None
    return {
        "type": "grid",
        "asks": "rows" if m.group(1).lower() == "rows" else "columns",
        "filter": parse_filter(m.group(2)),
    }


_ARRANGED = re.compile(
    r"(?:are|is) (?:all )?(?:the )?(?:shapes|objects|icons|items|things|elements|figures)(?: in (?:the|this) \w+)? "
    r"(?:arranged|laid out|placed|positioned|distributed|drawn|organi[sz]ed) "
    r"(?:symmetric(?:al)?ly|in a (?:mirror[- ])?symmetric(?:al)? (?:way|pattern|layout|arrangement|fashion))"
    r"( left to right| top to bottom| about a vertical axis| about a horizontal axis)?",
    re.I,
)
_HAS_SYMMETRY = re.compile(
    r"(?:(?:does|do) (?:the|this) (?:layout|arrangement|scene|image|picture|pattern|grid|drawing|composition) "
    r"(?:have|show|display|exhibit|possess)|is there) (?:a |any )?"
    r"(left-right |left to right |top-bottom |top to bottom |horizontal |vertical )?"
    r"(?:mirror |reflective |reflection |bilateral )?symmetry"
    r"( about a vertical axis| about a horizontal axis| left to right| top to bottom)?"
    r"(?: in (?:the|this) (?:layout|arrangement|scene|image|picture|pattern|grid|drawing))?",
    re.I,
)


def _symmetry_wording(body: str) -> str:
    """ "are the shapes arranged symmetrically" / "does the layout have mirror symmetry" /
    "is there left-right symmetry" -> "is the layout ... symmetric"."""
    m = _ARRANGED.fullmatch(body)
    if m:
        return f"is the layout symmetric{m.group(1) or ''}"
    m = _HAS_SYMMETRY.fullmatch(body)
    if m:
        return f"is the layout {m.group(1) or ''}symmetric{m.group(2) or ''}"
    return body


def mirror_form(body: str) -> dict[str, Any] | None:
    """``is the layout (left-right | top-bottom) mirror symmetric`` (also "symmetrical")."""
    body = _symmetry_wording(body)
    m = re.fullmatch(  # "is the right side the mirror image of the left side", "top half ... bottom half"
        r"is the (left|right|top|bottom) (?:half|side|part) (?:a |the )?(?:mirror(?: image)?|reflection) of the "
        r"(left|right|top|bottom) (?:half|side|part)",
        body,
        re.I,
    )
    if m:
        pair = {m.group(1).lower(), m.group(2).lower()}
        axis = {frozenset(("left", "right")): "vertical", frozenset(("top", "bottom")): "horizontal"}.get(
            frozenset(pair)
        )
        return {"type": "mirror", "axis": axis} if axis else None
    body = re.sub(  # "about the vertical centre line", "with respect to a vertical axis"
        r" (?:about|around|along|across|over|with respect to|relative to) (?:a|the) (vertical|horizontal)"
        r" (?:line|axis|mirror line|(?:centre|center|middle|mid)[- ]?line)(?: through the (?:middle|centre|center))?$",
        r" about a \1 axis",
        body,
        flags=re.I,
    )
    m = re.fullmatch(
        r"is (?:it|this|the (?:layout|arrangement|scene|image|picture|pattern|grid|drawing|composition|design|figure)"
        r"(?: of (?:the )?(?:objects|shapes|icons))?) "
        r"((?:left-right|left to right|horizontally|top-bottom|top to bottom|vertically) )?"
        r"(?:mirror[- ])?symmetric(?:al)?(?: (?:from )?(left to right|top to bottom|about a vertical axis|about a horizontal axis))?",
        body,
        re.I,
    )
    if not m:
        return None
    how = ((m.group(1) or "") + " " + (m.group(2) or "")).lower()
    if re.search(r"left|horizontally|vertical axis", how):
        axis = "vertical"  # mirrored left <-> right, about a vertical axis
    elif re.search(r"top|vertically|horizontal axis", how):
        axis = "horizontal"
    else:
        axis = "any"
    return {"type": "mirror", "axis": axis}


#: Tried in this order before the parser's own forms.
QUESTION_FORMS = (
    *SAME_AS_FORMS,
    *TOUCHING_FORMS,
    *CENTRAL_FORMS,
    *FACT_FORMS,
    *SET_FORMS,
    *WHERE_FORMS,
    *CLOSER_FORMS,
    *CONTAINMENT_FORMS,
    *TALLY_FORMS,
    grid_form,
    mirror_form,
    compare_count_form,
    attribute_form,
    either_size_form,
    size_compare_form,
    relative_form,
    in_band_form,  # "is there a circle in the top row": before exists_form reads it as a place
    exists_form,
    placed_form,
    *CELL_FORMS,
    *POSITION_FORMS,
)
