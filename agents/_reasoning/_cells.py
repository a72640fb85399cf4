"""Cells of a grid and corners of the frame: "the shape in row 2, column 3", "how many
circles are in the top row", "what is in the top left corner", "what is at the centre".

Rows and columns are the objects' centroids clustered along one axis (a gap wider than half
the typical object size starts a new one, as for "how many rows"), numbered from the top and
from the left; a whole row or column left empty inside a grid of one even pitch still counts
(:func:`_with_empty_slots`). A corner is the object nearest that corner of the frame, and it must lie in
that quarter of it; the centre is the object nearest the middle of the layout, unless two
are about as near (then "cannot tell").

Query dicts:

* ``cell_pick`` — ``{"row": int | None, "column": int | None, "corner": str | None,
  "centre": bool, "filter"}`` as an object question ("what is in ..."); a row or a column
  alone may carry ``rank`` and ``from_start``: "the second shape in the top row" (counted
  from the left, or from the top in a column), "the rightmost circle in row 2";
* attribute questions ("what colour is the shape in row 1, column 2") carry the same picker
  as their ``select``;
* ``cell_count`` — "how many X are in the top row / the second column";
* ``band_most`` — "which row has the most shapes", "which column contains the fewest circles";
* ``in_band`` — "is the red star in the first row", "is X in column 2" (yes / no);
  "is there a circle in the top row" is a ``cell_count`` with ``exists``;
* ``same_band`` — "is the square in the same row as the star".

Example:
    >>> cell_selector("the shape in the second row, third column")[0]["row"]
    1
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import (
    _no_match,
    _one,
    display_name,
    resolve,
    spoken_name,
    typical_size,
)
from spatioxolver.agents._reasoning._order import _order
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference, singular

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = ["CELL_FORMS", "CELL_HANDLERS", "bands", "cell_selector", "layout_middle", "pick_cell"]

_NUM = {
    "first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2, "3rd": 2, "three": 2,
    "fourth": 3, "4th": 3, "four": 3, "fifth": 4, "5th": 4, "five": 4, "sixth": 5, "6th": 5, "six": 5,
}  # fmt: skip
_WORD = "|".join(_NUM)
_ROW = rf"(?:row (\d+|{_WORD})|(?:the )?({_WORD}|top|middle|bottom|last) row)"
_COL = rf"(?:column (\d+|{_WORD})|(?:the )?({_WORD}|left|leftmost|middle|right|rightmost|last)(?:[- ]hand)? column)"
_PLACE = r"(?:in|at|on|of)"
_THEN = r",? (?:and |in |of |at )?(?:the )?"  # between a row and a column


def _index(number: str | None, word: str | None) -> int | str:
    if number:
        return int(number) - 1 if number.isdigit() else _NUM[number.lower()]
    w = (word or "").lower()
    if w in ("top", "left", "leftmost"):
        return 0
    if w in ("bottom", "right", "rightmost", "last"):
        return "last"
    if w == "middle":
        return "middle"
    return _NUM[w]


#: "second", "last", "leftmost ... from the left": a place counted along one row or column.
_RANK = re.compile(
    rf"(?:the )?(?:({_WORD}|last|final)|(left|right|top|bottom)(?:-?most)?|(?:far|very) (left|right|top|bottom))"
    r"(?: (.+?))?(?: (?:from|counting from|on) the (left|right|top|bottom))?",
    re.I,
)
_BAND_ENDS = {"row": ("left", "right"), "column": ("top", "bottom")}


def _ranked_in_band(picker: dict[str, Any], rest: str | None, band: str) -> tuple[dict[str, Any], str | None]:
    """``picker`` with ``rank`` / ``from_start`` when ``rest`` counts along the band ("second
    shape", "leftmost circle", "third from the right"), with the rest of the noun phrase;
    unchanged otherwise. A count that runs across the band ("the top shape in row 2") is none."""
    m = _RANK.fullmatch(rest or "")
    if not m or (m.group(1) and m.group(1).lower() in ("one", "two", "three", "four", "five", "six")):
        return picker, rest
    start, end = _BAND_ENDS[band]
    side = (m.group(2) or m.group(3) or m.group(5) or "").lower()
    if side and side not in (start, end):
        return picker, rest
    if m.group(1):
        word = m.group(1).lower()
        last = word in ("last", "final")
        rank = 0 if last else _NUM[word]
        from_start = (side != end) != last
    else:
        rank, from_start = 0, side == start
    return {**picker, "rank": rank, "from_start": from_start}, m.group(4)


def cell_selector(phrase: str) -> tuple[dict[str, Any], str | None] | None:
    """``(picker, the rest)`` of "the shape in row 2, column 3" / "the circle in the top row" /
    "the object in the top left corner" / "the shape at the centre of the grid" / "the second
    shape in the top row", else ``None``."""
    p = phrase.strip().rstrip("?.").strip()
    picker: dict[str, Any] = {"row": None, "column": None, "corner": None, "centre": False}
    m = re.fullmatch(rf"(?:the )?(?:(.+?) )?{_PLACE} (?:the )?{_ROW}{_THEN}{_COL}", p, re.I)
    if m:
        picker["row"], picker["column"] = _index(m.group(2), m.group(3)), _index(m.group(4), m.group(5))
        return picker, m.group(1)
    m = re.fullmatch(rf"(?:the )?(?:(.+?) )?{_PLACE} (?:the )?{_COL}{_THEN}{_ROW}", p, re.I)
    if m:
        picker["column"], picker["row"] = _index(m.group(2), m.group(3)), _index(m.group(4), m.group(5))
        return picker, m.group(1)
    m = re.fullmatch(rf"(?:the )?(?:(.+?) )?{_PLACE} (?:the )?{_ROW}", p, re.I)
    if m:
        picker["row"] = _index(m.group(2), m.group(3))
        return _ranked_in_band(picker, m.group(1), "row")
    m = re.fullmatch(rf"(?:the )?(?:(.+?) )?{_PLACE} (?:the )?{_COL}", p, re.I)
    if m:
        picker["column"] = _index(m.group(2), m.group(3))
        return _ranked_in_band(picker, m.group(1), "column")
    m = re.fullmatch(
        r"(?:the )?(?:(.+?) )?(?:in|at|near) the (top|upper|bottom|lower)[- ]?(left|right)(?:[- ]hand)?(?: corner| cell| square| position| spot| box| place)?"
        r"(?: of (?:the )?(?:image|picture|grid|scene|frame))?",
        p,
        re.I,
    )
    if m:
        vertical = "top" if m.group(2).lower() in ("top", "upper") else "bottom"
        picker["corner"] = f"{vertical} {m.group(3).lower()}"
        return picker, m.group(1)
    m = re.fullmatch(
        r"(?:the )?(?:(.+?) )?(?:in|at) the (?:very )?(?:centre|center|middle) of the (?:grid|image|picture|scene|frame|page)|"
        r"(?:the )?(?:(.+?) )?(?:in|at) the (?:very )?(?:centre|center)|"
        r"(?:the )?(?:(.+?) )?(?:in|at) the (?:very )?(?:centre|center|middle) (?:cell|square|box|spot|position)",
        p,
        re.I,
    )
    if m:
        picker["centre"] = True
        return picker, m.group(1) or m.group(2) or m.group(3)
    return None


def cell_form(body: str) -> dict[str, Any] | None:
    """``what is in row 2, column 3`` / ``which shape is in the top left corner`` / ``what is
    the shape at the centre of the grid``."""
    m = re.fullmatch(
        r"(?:which|what)(?: (.+?))? (?:is|lies|sits|appears)(?: located| placed)? (.+)", body, re.I
    )
    if not m:
        return None
    candidates = [(m.group(1), m.group(2))]
    whole = re.fullmatch(r"(?:which|what) is (the .+)", body, re.I)
    if whole:
        candidates.append((None, whole.group(1)))
    for subject, phrase in candidates:
        found = cell_selector(phrase)
        if found is None:
            continue
        picker, rest = found
        if subject and rest:
            continue
        try:
            query = {"type": "cell_pick", **picker, "filter": parse_filter(subject or rest)}
        except UnsupportedQuestionError:
            return None
        if subject and _ASKS_SHAPE.fullmatch(subject):
            query["asks"] = "shape"  # "what shape is in row 2": its shape is the answer
        return query
    return None


#: "what shape / which kind of shape is in ...": the subject asks for the shape.
_ASKS_SHAPE = re.compile(r"(?:(?:kind|type|sort) of )?shape", re.I)


def cell_count_form(body: str) -> dict[str, Any] | None:
    """``how many X are (there) in the top row / the second column``."""
    m = re.fullmatch(r"how many (.+?)(?: are| is)?(?: there)? ((?:in|on) (?:the )?.+?)", body, re.I)
    if not m:
        return None
    found = cell_selector("objects " + m.group(2))
    if found is None or found[0]["corner"] or found[0]["centre"]:
        return None
    try:
        return {"type": "cell_count", **found[0], "filter": parse_filter(m.group(1))}
    except UnsupportedQuestionError:
        return None


def band_most_form(body: str) -> dict[str, Any] | None:
    """``which row has the most shapes`` / ``which column contains the fewest circles``."""
    m = re.fullmatch(
        r"(?:which|what) (row|column) (?:has|contains|holds|includes|has got)(?: got)? the (most|fewest|least|"
        r"greatest number of|largest number of|smallest number of|highest number of|lowest number of)(?: (.+?))?"
        r"(?: in it)?",
        body,
        re.I,
    )
    if not m:
        return None
    try:
        filt = parse_filter(m.group(3))
    except UnsupportedQuestionError:
        return None
    most = m.group(2).lower() in ("most", "greatest number of", "largest number of", "highest number of")
    return {"type": "band_most", "band": m.group(1).lower(), "most": most, "filter": filt}


def in_band_form(body: str) -> dict[str, Any] | None:
    """``is the red star in the first row`` / ``is X in column 2`` (yes / no about one object),
    ``is there a circle in the top row`` (a count above zero), ``is X in the same row as Y``."""
    m = re.fullmatch(r"(?:is|are) (.+?) in the same (row|column) as (.+)", body, re.I)
    if m:
        try:
            refs = [parse_reference(m.group(1)), parse_reference(m.group(3))]
        except UnsupportedQuestionError:
            return None
        return {"type": "same_band", "band": m.group(2).lower(), "subject": refs[0], "other": refs[1]}
    m = re.fullmatch(r"(?:is|are) (?:there )?(?:(a|an|any) )?(.+?) ((?:in|on) (?:the )?.+?)", body, re.I)
    if not m:
        return None
    found = cell_selector("objects " + m.group(3))
    if found is None or found[0]["corner"] or found[0]["centre"] or found[1] != "objects":
        return None
    try:
        if m.group(1) or body.lower().startswith(("is there", "are there")):
            return {"type": "cell_count", **found[0], "filter": parse_filter(m.group(2)), "exists": True}
        words = m.group(2).split()
        if singular(words[-1]) != words[-1].lower():
            return None  # "are the circles in the first row": all of them, not one
        return {"type": "in_band", **found[0], "subject": parse_reference(m.group(2))}
    except UnsupportedQuestionError:
        return None


#: (``in_band_form`` is tried apart, before the "is there a X" forms: see ``_question_forms``.)
CELL_FORMS = (band_most_form, cell_count_form, cell_form)


# ------------------------------------------------------------------ answerers
def bands(objs: list[SpatialObject], k: int) -> list[list[SpatialObject]]:
    """Objects grouped into rows (``k`` = 1) or columns (``k`` = 0), first to last."""
    gap = 0.5 * typical_size(objs)
    ordered = sorted(objs, key=lambda o: o.centroid[k])  # type: ignore[index]
    bands: list[list[SpatialObject]] = [[ordered[0]]]
    for a, b in zip(ordered, ordered[1:], strict=False):
        if b.centroid[k] - a.centroid[k] > gap:  # type: ignore[index]
            bands.append([])
        bands[-1].append(b)
    return _with_empty_slots(bands, k)


#: A gap between two bands of a regular grid this near a whole multiple of its pitch.
_SLOT_TOLERANCE = 0.12


def _with_empty_slots(groups: list[list[SpatialObject]], k: int) -> list[list[SpatialObject]]:
    """``groups`` with the empty rows (columns) inside a regular grid put back, as empty
    bands: five columns with the fourth empty are five, and "column 5" is the last.

    Only where the bands show one pitch: at least two neighbours that far apart, every gap
    within :data:`_SLOT_TOLERANCE` of one to three pitches, and each band tight (its
    centres within a fifth of the pitch). An empty first or last band leaves no trace.
    """
    if len(groups) < 3:
        return groups
    centres = [sorted(o.centroid[k] for o in band) for band in groups]  # type: ignore[index]
    middles = [c[len(c) // 2] for c in centres]
    gaps = [b - a for a, b in zip(middles, middles[1:], strict=False)]
    pitch = min(gaps)
    steps = [g / pitch for g in gaps]
    regular = (
        sum(round(m) == 1 for m in steps) >= 2
        and all(abs(m - round(m)) <= _SLOT_TOLERANCE and round(m) <= 3 for m in steps)
        and max(c[-1] - c[0] for c in centres) <= 0.2 * pitch
    )
    if not regular or all(round(m) == 1 for m in steps):
        return groups
    out = [groups[0]]
    for m, band in zip(steps, groups[1:], strict=False):
        out.extend([] for _ in range(round(m) - 1))
        out.append(band)
    return out


def _band(bands: list[list[SpatialObject]], index: int | str, what: str) -> list[SpatialObject]:
    n = len(bands)
    if index == "last":
        return bands[-1]
    if index == "middle":
        if n % 2 == 0:
            raise _ReferenceProblem(f"There are {n} {what}s: none is the middle one.")
        return bands[n // 2]
    if not isinstance(index, int) or index >= n:
        raise _ReferenceProblem(f"There are only {n} {what}(s).")
    return bands[index]


def _in_cells(q: dict[str, Any], g: SceneGraph) -> list[SpatialObject]:
    """The objects of the picked row and / or column, among all objects (the grid is the
    whole layout; the filter applies after)."""
    objs = [o for o in g.objects if o.frame == 0 and o.centroid is not None]
    if not objs:
        raise _ReferenceProblem(_no_match("object", g))
    keep = set(o.id for o in objs)
    if q.get("row") is not None:
        keep &= {o.id for o in _band(bands(objs, 1), q["row"], "row")}
    if q.get("column") is not None:
        keep &= {o.id for o in _band(bands(objs, 0), q["column"], "column")}
    wanted = {o.id for o in resolve(q.get("filter"), g)}
    return [o for o in objs if o.id in keep and o.id in wanted]


def _layout_frame(g: SceneGraph, objs: list[SpatialObject]) -> tuple[float, float]:
    if g.images:
        return float(g.images[0].width), float(g.images[0].height)
    return max(o.bbox[2] for o in objs if o.bbox), max(o.bbox[3] for o in objs if o.bbox)  # type: ignore[index]


def pick_cell(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """The one object in the picked cell / corner / centre (see the module docstring)."""
    if q.get("corner") or q.get("centre"):
        objs = [o for o in resolve(q.get("filter"), g) if o.centroid is not None]
        if not objs:
            raise _ReferenceProblem(_no_match((q.get("filter") or {}).get("text", "object"), g))
        w, h = _layout_frame(g, objs)
        if q.get("corner"):
            vertical, horizontal = q["corner"].split()
            target = (0.0 if horizontal == "left" else w, 0.0 if vertical == "top" else h)
            best = min(objs, key=lambda o: math.dist(o.centroid, target))  # type: ignore[arg-type]
            x, y = best.centroid  # type: ignore[misc]
            if (x < w / 2) != (horizontal == "left") or (y < h / 2) != (vertical == "top"):
                raise _ReferenceProblem(f"No object is in the {q['corner']} corner.")
            return _one_object(best, f"in the {q['corner']} corner", q.get("asks"))
        xs = (
            [c for o in objs for c in (o.bbox[0], o.bbox[2])]
            if all(o.bbox for o in objs)
            else [o.centroid[0] for o in objs]
        )
        ys = (
            [c for o in objs for c in (o.bbox[1], o.bbox[3])]
            if all(o.bbox for o in objs)
            else [o.centroid[1] for o in objs]
        )
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        ranked = sorted(objs, key=lambda o: math.dist(o.centroid, centre))  # type: ignore[arg-type]
        if len(ranked) > 1:
            d0, d1 = (math.dist(o.centroid, centre) for o in ranked[:2])  # type: ignore[arg-type]
            if d1 - d0 < 0.25 * typical_size(objs):
                why = f"{display_name(ranked[0])} and {display_name(ranked[1])} are about as near the centre"
                return cannot_tell(why, "cell_pick")
        return _one_object(ranked[0], "at the centre", q.get("asks"))
    found = _in_cells(q, g)
    if not found:
        raise _ReferenceProblem("No object matching it is in that place of the grid.")
    if q.get("rank") is not None:
        return _rank_in_band(q, found)
    if len(found) > 1:
        names = ", ".join(display_name(o) for o in found[:6])
        raise _ReferenceProblem(f"{len(found)} objects are there ({names}); say which.")
    return _one_object(found[0], "in that cell", q.get("asks"))


def _rank_in_band(q: dict[str, Any], found: list[SpatialObject]) -> SymbolicAnswer:
    """The object at ``rank`` along the picked row (from the left) or column (from the top);
    a neighbour within a quarter of the typical size of it leaves the place undecided."""
    k = 0 if q.get("row") is not None else 1
    order = sorted(found, key=lambda o: o.centroid[k], reverse=not q["from_start"])  # type: ignore[index]
    band = "row" if k == 0 else "column"
    if q["rank"] >= len(order):
        raise _ReferenceProblem(f"Only {len(order)} matching object(s) are in that {band}.")
    best = order[q["rank"]]
    for j in (q["rank"] - 1, q["rank"] + 1):
        if 0 <= j < len(order) and abs(order[j].centroid[k] - best.centroid[k]) < 0.25 * typical_size(found):  # type: ignore[index]
            return cannot_tell(
                f"{display_name(order[j])} and {display_name(best)} are level in that {band}", "cell_pick"
            )
    return _one_object(best, f"number {q['rank'] + 1} in that {band}", q.get("asks"))


def layout_middle(
    g: SceneGraph, order: list[SpatialObject], filt: dict[str, Any] | None
) -> SymbolicAnswer | None:
    """ "What is in the middle" of objects (``order``: left to right) standing in more than one
    row and column: the one object midway left to right when the count is odd and no
    neighbour is level with it (a mirrored layout's centre-line shape), else the layout's
    centre (as "at the centre"); ``None`` for a single row or column."""
    placed = [o for o in order if o.centroid is not None]
    if len(placed) < 3 or len(bands(placed, 0)) < 2 or len(bands(placed, 1)) < 2:
        return None
    n = len(order)
    if (
        n % 2 == 1
        and all(_order(g, "H", order[k], order[n // 2]) is not None for k in (n // 2 - 1, n // 2 + 1))
        and _mirrored_pairs(order[: n // 2], order[n // 2 + 1 :])
    ):
        return _one_object(order[n // 2], f"number {n // 2 + 1} of {n} left to right")
    return pick_cell({"centre": True, "filter": filt}, g)


def _mirrored_pairs(left: list[SpatialObject], right: list[SpatialObject]) -> bool:
    """Whether each object left of the middle one has a partner right of it at its height
    (a mirrored layout, whose middle shape stands on the centre line); shapes scattered at
    other heights have no middle by left-to-right order alone."""
    if not left or len(left) != len(right):
        return False
    tol = 0.5 * typical_size(left + right)
    ys = sorted(o.centroid[1] for o in right)  # type: ignore[index]
    return all(
        abs(a - b) <= tol
        for a, b in zip(sorted(o.centroid[1] for o in left), ys, strict=True)  # type: ignore[index]
    )


def _one_object(obj: SpatialObject, where: str, asks: str | None = None) -> SymbolicAnswer:
    name = display_name(obj)
    if asks == "shape" and not obj.attributes.shape and not obj.label:
        # "What shape is in row 2?" about a heart or an arrow: its colour alone is no answer,
        # and no shape word fits its outline.
        return cannot_tell(
            f"the {name} object {where} has a shape none of the engine's shape words name", "cell_pick"
        )
    return SymbolicAnswer(
        text=spoken_name(obj), value=name, kind="cell_pick", objects=[obj.id], rationale=f"{name} is {where}"
    )


def _count_cells(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = _in_cells(q, g)
    filt = q.get("filter") or {}
    if filt.get("nouns") and not resolve(filt, g):
        # "How many hearts are in the top row": no object anywhere has that word (a heart's
        # outline is none of the shapes the engine names), so "0" would claim too much.
        return cannot_tell(
            f"no object in the image is described as {' '.join(filt['nouns'])!r}, so they cannot be counted",
            "count",
        )
    if (filt.get("shape") or filt.get("nouns")) and not filt.get("label"):
        relaxed = {**q, "filter": {**filt, "shape": None, "nouns": []}}
        ids = {o.id for o in found}
        unread = [
            o
            for o in _in_cells(relaxed, g)
            if o.id not in ids
            and not o.attributes.shape
            and not o.label
            and (filt.get("nouns") or not o.attributes.extras.get("shape_other"))
        ]
        if unread:
            # An object there whose shape was not read may be one of them (as in a count of
            # the whole image): the count is only a lower bound.
            return cannot_tell(
                f"{len(unread)} object(s) there have no shape name, so there are at least {len(found)}",
                "count",
                [o.id for o in found],
            )
    if q.get("exists"):  # "is there a circle in the top row"
        return SymbolicAnswer(
            text="Yes" if found else "No", value=bool(found), kind="exists", objects=[o.id for o in found]
        )
    return SymbolicAnswer(text=str(len(found)), value=len(found), kind="count", objects=[o.id for o in found])


def _band_name(k: int, n: int, band: str) -> str:
    ends = ("top", "bottom") if band == "row" else ("left", "right")
    word = ends[0] if k == 0 else ends[1] if k == n - 1 else "middle" if n == 3 else None
    return f"the {word} {band} ({band} {k + 1})" if word else f"{band} {k + 1}"


def _band_most(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """The row (column) with the most (fewest) matching objects; rows are bands of all the
    objects, as for "how many rows"; a tie is a typed "cannot tell"."""
    objs = [o for o in g.objects if o.frame == 0 and o.centroid is not None]
    if not objs:
        raise _ReferenceProblem(_no_match("object", g))
    groups = bands(objs, 1 if q["band"] == "row" else 0)
    if len(groups) < 2:
        raise _ReferenceProblem(f"The objects form a single {q['band']}.")
    wanted = {o.id for o in resolve(q.get("filter"), g)}
    counts = [sum(o.id in wanted for o in band) for band in groups]
    best = max(counts) if q["most"] else min(counts)
    winners = [k for k, c in enumerate(counts) if c == best]
    listed = ", ".join(f"{_band_name(k, len(groups), q['band'])}: {c}" for k, c in enumerate(counts))
    if len(winners) > 1:
        return cannot_tell(f"{len(winners)} {q['band']}s tie ({listed})", "band_most")
    name = _band_name(winners[0], len(groups), q["band"])
    return SymbolicAnswer(text=name, value=name, kind="band_most", rationale=listed)


def _same_band(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    a, b = _one(q["subject"], g), _one(q["other"], g)
    if a.id == b.id:
        raise _ReferenceProblem("The question names the same object twice.")
    objs = [o for o in g.objects if o.frame == 0 and o.centroid is not None]
    k = 1 if q["band"] == "row" else 0
    band_of = {o.id: i for i, group in enumerate(bands(objs, k)) for o in group}
    holds = band_of.get(a.id) == band_of.get(b.id)
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="same_band", objects=[a.id, b.id])


def _in_band(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    obj = _one(q["subject"], g)
    there = {o.id for o in _in_cells({**q, "filter": None}, g)}
    holds = obj.id in there
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="in_band", objects=[obj.id])


CELL_HANDLERS = {
    "cell_pick": pick_cell,
    "cell_count": _count_cells,
    "band_most": _band_most,
    "in_band": _in_band,
    "same_band": _same_band,
}
