"""Questions whose answer is a set of objects: listings, comparisons against one object,
the closest (farthest) pair, and an attribute of a picked object.

Forms (each takes the question body and returns a query dict or ``None``):

* ``listing`` — "which shapes are red", "list the blue circles", "what are the red shapes"
  -> ``{"type", "filter"}``; the answer names every match (or says there is none).
* ``size_set`` — "what is bigger than the square", "how many shapes are smaller than the
  triangle", "are any circles bigger than the star" -> ``{"type", "asks", "reference",
  "filter", "count"}`` (image area; ``count`` True / False / ``None`` for yes / no).
* ``cell_list`` — "which shapes are in the top row", "what is in column 2" -> the
  ``_cells`` picker (a row or a column) and ``filter``.
* ``pair`` — "which two shapes are closest together", "which two are farthest apart"
  -> ``{"type", "which", "filter"}`` (centre distance on the page, or on the ground).
* ``same_size`` — "is A the same size as B", "is A as big as B" (image area, the rule of "are
  all the shapes the same size": within 20% yes, 1.5x or more no, between "Cannot tell").
* "which colour has the largest shape" -> the ``attribute`` query of "the largest shape";
  "is A larger in size than B" -> ``size_compare``.

Example:
    >>> listing_form("which shapes are red")["filter"]["color"]
    'red'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._cells import _in_cells, cell_selector
from spatioxolver.agents._reasoning._names import (
    _one,
    _ref_name,
    apparent_area,
    display_name,
    resolve,
    said_together,
    spoken_name,
)
from spatioxolver.agents._reasoning._phrases import REL_ALT
from spatioxolver.agents._reasoning._phrases import rel as relation_of
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = ["SET_FORMS", "SET_HANDLERS", "listing_form", "size_set_form", "pair_form"]

_THINGS = r"(?:shapes?|objects?|things?|items?|figures?|ones?|solids?)"
_MANY = r"(?:shapes|objects|things|items|figures|ones|solids)"  # "which shape is blue" asks its shape
_BIG = r"(bigger|larger|smaller|tinier|greater)"
#: Image areas within this ratio are "about the same size": neither is bigger.
SIZE_MARGIN = 1.05
#: The closest pair must be this much closer than the runner-up pair (as ``_closer``).
PAIR_TIE = 1.15


def _vocabulary_words(phrase: str) -> bool:
    """Whether every word of ``phrase`` is a colour / tone / size / material / shape word."""
    from spatioxolver.vocabulary import COLOR_WORDS, MATERIAL_WORDS, SHAPE_WORDS, SIZE_WORDS, TONE_WORDS

    known = set(COLOR_WORDS) | set(TONE_WORDS) | set(SIZE_WORDS) | set(MATERIAL_WORDS)
    shapes = set(SHAPE_WORDS)
    for word in re.findall(r"[a-z]+", phrase.lower()):
        if word in ("and", "or", "the", "in", "colour", "color") or word in known:
            continue
        if word in shapes or word.rstrip("s") in shapes or word.removesuffix("es") in shapes:
            continue
        return False
    return bool(phrase.strip())


def listing_form(body: str) -> dict[str, Any] | None:
    """``which shapes are red`` / ``list the red shapes`` / ``name the blue ones``."""
    m = re.fullmatch(
        rf"(?:which|what) (?:of the )?({_MANY}|[a-z]+ {_MANY}) are (?:colou?red |in )?([a-z ]+?)(?: in colou?r)?",
        body,
        re.I,
    )
    phrase = None
    if m and _vocabulary_words(m.group(2)) and not re.match(r"two\b|both\b", m.group(1), re.I):
        phrase = f"{m.group(2)} {m.group(1)}"
    elif m and re.match(r"not ", m.group(2), re.I) and _vocabulary_words(m.group(2)[4:]):
        phrase = f"{m.group(1)} that are {m.group(2)}"  # "which shapes are not red": the rest, listed
    if phrase is None:
        m = re.fullmatch(
            rf"(?:list|name|show(?: me)?|identify|what are|which are)(?: all)? (?:of )?(?:the )?((?:[a-z]+ )*{_THINGS}"
            rf"|(?:[a-z]+ )*[a-z]+s)(?: (?:that )?(?:you can see|there are|in the (?:image|picture)))?",
            body,
            re.I,
        )
        if m and _vocabulary_words(re.sub(_THINGS, "", m.group(1), flags=re.I)):  # "LIST THE RED SHAPES" too
            phrase = m.group(1)
    if phrase is None:
        return None
    try:
        return {"type": "listing", "filter": parse_filter(phrase)}
    except UnsupportedQuestionError:
        return None


def size_set_form(body: str) -> dict[str, Any] | None:
    """``what is bigger than X`` / ``which shapes are smaller than X`` / ``how many shapes are
    larger than X`` (image area)."""
    count: bool | None = False
    m = re.fullmatch(
        rf"(?:how many|count(?: the)?|number of) (.+?) (?:are |is |look |appear )?{_BIG}(?: in size)? than (.+)",
        body,
        re.I,
    )
    if m:
        count = True
    else:
        m = re.fullmatch(
            rf"(?:which|what)(?: (.+?))? (?:are|is|looks?|appears?) {_BIG}(?: in size)? than (.+)", body, re.I
        ) or re.fullmatch(  # "name the shapes that are bigger than X"
            rf"(?:name|list|show(?: me)?|identify|find)(?: all)?(?: the)? (.+?) (?:that|which) (?:are|is) {_BIG}"
            rf"(?: in size)? than (.+)",
            body,
            re.I,
        )
    if not m:
        m = re.fullmatch(
            rf"(?:are|is) there any (.+?) (?:that (?:are|is) )?{_BIG}(?: in size)? than (.+)", body, re.I
        )
        m = m or re.fullmatch(rf"(?:are|is) any (.+?) {_BIG}(?: in size)? than (.+)", body, re.I)
        if m:
            count = None  # yes / no: is there one
    if not m or re.search(r"\bor\b|,", m.group(3)):
        return None
    thing = (m.group(1) or "").strip()
    try:
        filt = None if not thing or re.fullmatch(_THINGS, thing, re.I) else parse_filter(thing)
        reference = parse_reference(m.group(3))
    except UnsupportedQuestionError:
        return None
    asks = "smaller" if m.group(2).lower() in ("smaller", "tinier") else "larger"
    return {"type": "size_set", "asks": asks, "reference": reference, "filter": filt, "count": count}


def size_in_words_form(body: str) -> dict[str, Any] | None:
    """``is A larger in size than B`` -> the ``size_compare`` query of "is A larger than B"."""
    if not re.search(r"\bin size than\b", body, re.I):
        return None
    from spatioxolver.agents._reasoning._question_forms import size_compare_form

    return size_compare_form(re.sub(r"\s+in size than\b", " than", body, flags=re.I))


def same_size_form(body: str) -> dict[str, Any] | None:
    """``is A the same size as B`` / ``is A as big as B``."""
    m = re.fullmatch(
        r"(?:is|are) (.+?) (?:the same size as|as (?:big|large) as|equal in size to) (.+)", body, re.I
    )
    if not m:
        return None
    try:
        return {"type": "same_size", "objects": [parse_reference(m.group(1)), parse_reference(m.group(2))]}
    except UnsupportedQuestionError:
        return None


def attribute_of_pick_form(body: str) -> dict[str, Any] | None:
    """``which colour has the largest shape`` / ``what colour does the leftmost circle have``."""
    m = re.fullmatch(r"(?:which|what) (colou?r|shape) (?:has|does) (the .+?)(?: have)?", body, re.I)
    if not m or re.search(r"\bthe (?:most|fewest|least)\b", m.group(2), re.I):
        return None
    from spatioxolver.agents._reasoning._question_forms import describe_subject

    attribute = "color" if m.group(1).lower().startswith("colo") else "shape"
    try:
        return describe_subject(attribute, m.group(2))
    except UnsupportedQuestionError:
        return None


_CLOSE = r"(closest|nearest|farthest|furthest|most distant)"


def pair_form(body: str) -> dict[str, Any] | None:
    """``which two shapes are closest together`` / ``which pair of shapes is farthest apart``."""
    each = r"(?:together|apart|(?:to|from) (?:each other|one another)|each other)"
    m = re.fullmatch(
        rf"(?:which|what) (?:two|2|pair of) ?(.*?) (?:are|is) (?:the )?{_CLOSE}(?: {each})?", body, re.I
    ) or re.fullmatch(
        rf"(?:which|what) ({_THINGS}|[a-z]+ {_THINGS}) are (?:the )?{_CLOSE} {each}", body, re.I
    )
    if not m:  # "what are the two closest shapes", "which are the two shapes farthest apart"
        m = re.fullmatch(
            rf"(?:which|what) are the (?:two|2) {_CLOSE}(?: apart)? (.+?)(?: {each})?", body, re.I
        )
        if m:
            return _pair_query(m.group(2), m.group(1))
        m = re.fullmatch(
            rf"(?:which|what) are the (?:two|2) (.+?) (?:that are )?{_CLOSE}(?: {each})?", body, re.I
        )
        return _pair_query(m.group(1), m.group(2)) if m else None
    return _pair_query(m.group(1), m.group(2))


def _pair_query(thing: str, word: str) -> dict[str, Any] | None:
    thing = thing.strip()
    try:
        filt = None if not thing or re.fullmatch(_THINGS, thing, re.I) else parse_filter(thing)
    except UnsupportedQuestionError:
        return None
    which = "nearest" if word.lower() in ("closest", "nearest") else "farthest"
    return {"type": "pair", "which": which, "filter": filt}


def row_listing_form(body: str) -> dict[str, Any] | None:
    """``which shapes are in the top row`` / ``list the shapes in column 2`` / ``what is in the
    second row`` (a whole row or column: every object in it)."""
    m = re.fullmatch(
        r"(?:(?:which|what)(?: (.+?))? (?:are|is)|(?:list|name|show(?: me)?|identify|what are|which are)"
        r"(?: all)?(?: the)? (.+?)) ((?:in|on) (?:the )?.+?)",
        body,
        re.I,
    )
    if not m:
        return None
    found = cell_selector("objects " + m.group(3))
    if found is None or found[1] != "objects" and found[1] is not None:
        return None
    picker = found[0]
    if picker["corner"] or picker["centre"] or (picker["row"] is None) == (picker["column"] is None):
        return None  # a cell, a corner or the centre: one object (``_cells``)
    thing = (m.group(1) or m.group(2) or "").strip()
    try:
        filt = None if not thing or re.fullmatch(_THINGS, thing, re.I) else parse_filter(thing)
    except UnsupportedQuestionError:
        return None
    return {"type": "cell_list", **picker, "filter": filt}


_SIDE_WORDS = {"left": "left of", "right": "right of", "closer": "in front of", "further": "behind"}


def related_listing_form(body: str) -> dict[str, Any] | None:
    """``which shapes are to the right of the triangle`` / ``list the objects above X``: every
    one on that side (as "how many shapes are right of X" counts them)."""
    m = re.fullmatch(
        rf"(?:which|what) (?:of the )?((?:[a-z]+ )?(?:{_MANY}|(?!colou?rs\b|sizes\b|kinds\b|types\b)[a-z]+s))"
        rf" (?:are|lie|sit|stand|appear)(?: located| positioned| placed)?"
        rf" ({REL_ALT}) (.+)",
        body,
        re.I,
    ) or re.fullmatch(
        rf"(?:list|name|show(?: me)?|identify)(?: all)?(?: the)? ((?:[a-z]+ )?(?:{_MANY}|[a-z]+s))(?: that are| which are)?"
        rf" ({REL_ALT}) (.+)",
        body,
        re.I,
    )
    if not m or re.search(r"\b(?:or|than|between|and)\b", m.group(3), re.I):
        return None
    try:
        axis, asks = relation_of(m.group(2))
        filt = parse_filter(m.group(1))
        reference = parse_reference(m.group(3))
    except UnsupportedQuestionError:
        return None
    return {
        "type": "listing",
        "filter": filt,
        "relation": {"axis": axis, "asks": asks, "reference": reference},
    }


SET_FORMS = (
    related_listing_form,
    row_listing_form,
    same_size_form,
    size_in_words_form,
    attribute_of_pick_form,
    size_set_form,
    pair_form,
    listing_form,
)


# ------------------------------------------------------------------ answers
def _names(objs: list[SpatialObject]) -> str:
    return said_together([spoken_name(o) for o in objs])


def _listing(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    filt = q.get("filter")
    found = sorted(resolve(filt, g), key=lambda o: (o.centroid or (0.0, 0.0))[0])
    what = (filt or {}).get("text") or "objects"
    if q.get("relation"):  # "which shapes are right of X": those the count on that side counts
        from spatioxolver.agents._reasoning._symbolic import _count

        counted = _count({"filter": filt, "relation": q["relation"]}, g)
        if counted.value is None:
            return counted
        found = [o for o in found if o.id in counted.objects]
        side = _SIDE_WORDS.get(q["relation"]["asks"], q["relation"]["asks"])
        what = f"{what} {side} {q['relation']['reference'].get('text')}"
    if not found:
        if (filt or {}).get("nouns"):
            raise _ReferenceProblem(f"There is no object matching {what!r} in the scene.")
        text = f"None: there are no {what} in the image."
        return SymbolicAnswer(text=text, value=[], kind="listing", rationale=text)
    return SymbolicAnswer(
        text=_names(found),
        value=[display_name(o) for o in found],
        kind="listing",
        objects=[o.id for o in found],
        rationale=f"{len(found)} object(s) match {what!r}",
    )


def _size_set(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["reference"], g)
    size = apparent_area(ref)
    if not size:
        return cannot_tell(f"the image does not show the size of {display_name(ref)}", "size_set")
    filt = q.get("filter")
    pool = [o for o in resolve(filt, g) if o.id != ref.id and o.frame == ref.frame]
    if not pool and filt and filt.get("nouns"):  # "how many dragons are bigger": not "0"
        raise _ReferenceProblem(f"There is no object matching {filt['text']!r} in the scene.")
    near = [o for o in pool if size / SIZE_MARGIN <= apparent_area(o) <= size * SIZE_MARGIN]
    if near:  # about the same size: on which side it falls is not in the pixels
        return cannot_tell(
            f"{_names(near)} and {_ref_name(q['reference'], ref)} are about the same size in the image",
            "size_set",
            [o.id for o in near] + [ref.id],
        )
    if q["asks"] == "larger":
        found = [o for o in pool if apparent_area(o) > size]
    else:
        found = [o for o in pool if apparent_area(o) < size]
    name = _ref_name(q["reference"], ref)
    why = f"{len(found)} object(s) {q['asks']} than {name} in the image"
    if q.get("count"):
        return SymbolicAnswer(text=str(len(found)), value=len(found), kind="count",
                              objects=[o.id for o in found], rationale=why)  # fmt: skip
    if q.get("count") is None:  # "are any shapes bigger than X"
        return SymbolicAnswer(text="Yes" if found else "No", value=bool(found), kind="yesno",
                              objects=[o.id for o in found], rationale=why)  # fmt: skip
    if not found:
        text = f"None: nothing is {q['asks']} than {name}."
        return SymbolicAnswer(text=text, value=[], kind="listing", rationale=why, objects=[ref.id])
    found.sort(key=apparent_area, reverse=q["asks"] == "larger")
    return SymbolicAnswer(text=_names(found), value=[display_name(o) for o in found], kind="listing",
                          objects=[o.id for o in found], rationale=why)  # fmt: skip


def _same_size(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """Yes / no by image area, with the rule "are all the shapes the same size" uses."""
    from spatioxolver.agents._reasoning._position import _same_area

    a, b = (_one(ref, g) for ref in q["objects"])
    if a.id == b.id:
        raise _ReferenceProblem("the question compares an object with itself.")
    answer = _same_area([a, b])
    answer.kind = "yesno" if answer.value is not None else answer.kind
    return answer


def _pair(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._layout import ground_layout

    objs = [o for o in resolve(q.get("filter"), g) if o.frame == 0 and o.centroid is not None]
    if len(objs) < 2:
        raise _ReferenceProblem("There are not two objects to pair.")
    if all(o.depth is None for o in objs):
        where = {o.id: tuple(o.centroid) for o in objs}  # type: ignore[arg-type]
    else:
        where = ground_layout(g)
    pairs = sorted(
        ((math.dist(where[a.id], where[b.id]), a, b) for i, a in enumerate(objs) for b in objs[i + 1 :]),
        key=lambda p: p[0],
        reverse=q["which"] == "farthest",
    )
    best = pairs[0]
    if len(pairs) > 1:
        near, far = sorted((best[0], pairs[1][0]))
        if far < PAIR_TIE * max(near, 1e-9):
            other = pairs[1]
            return cannot_tell(
                f"{display_name(best[1])} and {display_name(best[2])} are about as {q['which']} as "
                f"{display_name(other[1])} and {display_name(other[2])}",
                "pair",
                [best[1].id, best[2].id, other[1].id, other[2].id],
            )
    a, b = sorted(best[1:], key=lambda o: o.centroid[0])  # type: ignore[index]
    return SymbolicAnswer(
        text=f"{spoken_name(a)} and {spoken_name(b)}",
        value=[display_name(a), display_name(b)],
        kind="pair",
        objects=[a.id, b.id],
        rationale=f"the {q['which']} pair of {len(objs)} objects ({best[0]:.0f} px apart)",
    )


def _cell_list(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = _in_cells(q, g)
    k = 0 if q.get("row") is not None else 1  # a row reads left to right, a column top to bottom
    found.sort(key=lambda o: o.centroid[k])  # type: ignore[index]
    place = "row" if k == 0 else "column"
    if not found:
        text = f"None: no matching object is in that {place}."
        return SymbolicAnswer(text=text, value=[], kind="listing", rationale=text)
    return SymbolicAnswer(text=_names(found), value=[display_name(o) for o in found], kind="listing",
                          objects=[o.id for o in found], rationale=f"{len(found)} object(s) in that {place}")  # fmt: skip


SET_HANDLERS = {
    "listing": _listing,
    "size_set": _size_set,
    "pair": _pair,
    "cell_list": _cell_list,
    "same_size": _same_size,
}
