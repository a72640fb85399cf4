"""Questions about one object's geometry and its counterpart: how many sides it has, its
mirror image, the object at the front / back, and the object a drawn label names.

Forms (question body in, query dict or ``None`` out):

* ``sides`` — "how many sides / edges / corners does the square have"
  -> ``{"type", "part", "subject"}``; the number follows from the perceived shape name.
* ``mirror_of`` — "which shape is the mirror image of X" -> ``{"type", "subject"}``; the
  object at X's place reflected in the layout's vertical centre line.
* "which object is furthest back / in front" -> an ``extreme`` query (closest / farthest).
* "what is shape C" / "what is object 3" -> the ``the_one`` query of that label.
* ``most_sides`` — "which shape has the most / fewest sides (corners, edges)"
  -> ``{"type", "which", "filter"}``; a shape whose name settles no count makes it "cannot tell".

Example:
    >>> sides_form("how many sides does the square have")["part"]
    'sides'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _norm, _object_answer, display_name, resolve, typical_size
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["FACT_FORMS", "FACT_HANDLERS", "sides_form", "mirror_of_form", "PARTS"]

_PART = r"(sides?|edges?|corners?|vertices|vertexes|angles?|faces?|points?)"
#: Straight sides (= corners) of the flat shapes; a circle and an ellipse have none.
_POLYGON = {"circle": 0, "ellipse": 0, "triangle": 3, "square": 4, "rectangle": 4, "diamond": 4, "pentagon": 5,
            "hexagon": 6, "octagon": 8}  # fmt: skip
#: Faces, edges and corners of a cube ("sides" of a box are its faces).
_CUBE = {"sides": 6, "faces": 6, "edges": 12, "corners": 8, "vertices": 8}
PARTS = ("sides", "edges", "corners", "vertices", "angles", "faces", "points")


def _part(word: str) -> str:
    word = word.lower()
    if word.startswith("vert"):
        return "vertices"
    return word if word.endswith("s") else word + "s"


def sides_form(body: str) -> dict[str, Any] | None:
    """``how many sides does X have`` / ``how many corners has X`` / ``number of edges of X``."""
    m = re.fullmatch(
        rf"(?:how many|what is the number of|number of) {_PART} (?:does|do|has|have|is there on|are there on|are on)"
        rf" (.+?)(?: have| got)?",
        body,
        re.I,
    ) or re.fullmatch(rf"(?:how many|(?:what is the )?number of) {_PART} (?:of|on) (.+)", body, re.I)
    if m is None:  # "the hexagon has how many sides"
        m = re.fullmatch(rf"(.+?) (?:has|have) how many {_PART}", body, re.I)
        if m:
            return _sides_query(m.group(2), m.group(1))
    return _sides_query(m.group(1), m.group(2)) if m else None


def _sides_query(part: str, subject: str) -> dict[str, Any] | None:
    try:
        ref = parse_reference(subject)
    except UnsupportedQuestionError:
        return None
    return {"type": "sides", "part": _part(part), "subject": ref}


def _sides(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._names import _one

    obj = _one(q["subject"], g)
    shape, part = _norm(obj.attributes.shape), q["part"]
    name = display_name(obj)
    if shape is None:
        return cannot_tell(f"the shape of {name} could not be read from the pixels", "sides", [obj.id])
    n: int | None = None
    if shape in _POLYGON and part in ("sides", "edges", "corners", "vertices", "angles"):
        n = _POLYGON[shape]
    elif shape == "star" and part == "points":
        n = 5  # the drawn star has five points; its "corners" are ambiguous (5 or 10)
    elif shape == "cube" and part in _CUBE:
        n = _CUBE[part]
    if n is None:
        return cannot_tell(
            f"'{part}' of a {shape} is not a count the shape's name settles", "sides", [obj.id]
        )
    return SymbolicAnswer(
        text=str(n), value=n, kind="count", objects=[obj.id], rationale=f"{name} is a {shape}: {n} {part}"
    )


def mirror_of_form(body: str) -> dict[str, Any] | None:
    """``which shape is the mirror image of X`` / ``what is the reflection of X`` / ``which shape mirrors X``."""
    m = re.fullmatch(
        r"(?:which|what)(?: (?:shape|object|one|thing|item|figure))? is (?:the )?(?:mirror(?: image)?|reflection|"
        r"mirrored (?:copy|counterpart|twin)|mirror twin|counterpart)(?: image)? of (.+)",
        body,
        re.I,
    ) or re.fullmatch(
        r"(?:which|what)(?: (?:shape|object|one|thing|item|figure))? (?:mirrors|reflects) (.+)", body, re.I
    )
    m = m or re.fullmatch(  # "which shape is the square's mirror image"
        r"(?:which|what)(?: (?:shape|object|one|thing|item|figure))? is (.+?)(?:'s| s) "
        r"(?:mirror(?: image| twin)?|reflection)",
        body,
        re.I,
    )
    if not m:
        return None
    from spatioxolver.agents._reasoning._question_forms import describe_subject

    try:
        pick = describe_subject("shape", m.group(1))
    except UnsupportedQuestionError:
        return None
    return {"type": "mirror_of", "pick": pick}


def _mirror_of(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    from spatioxolver.agents._reasoning._describe import HANDLERS

    picked = HANDLERS["attribute"](q["pick"], g)
    if picked.value is None or len(picked.objects) != 1:
        raise _ReferenceProblem(picked.problem or "the question names more than one object.")
    obj = next(o for o in g.objects if o.id == picked.objects[0])
    objs = [o for o in g.objects if o.frame == obj.frame and o.centroid is not None and o.bbox is not None]
    if obj.centroid is None or len(objs) < 2:
        raise _ReferenceProblem("The object's place in the image is not known.")
    lo, hi = min(o.bbox[0] for o in objs), max(o.bbox[2] for o in objs)  # type: ignore[index]
    mid = (lo + hi) / 2.0
    want = (2 * mid - obj.centroid[0], obj.centroid[1])
    tol = 0.35 * typical_size(objs)
    name = display_name(obj)
    if abs(want[0] - obj.centroid[0]) < tol:
        return _object_answer(obj, "mirror_of", rationale=f"{name} lies on the mirror line")
    ranked = sorted(objs, key=lambda o: math.dist(o.centroid, want))  # type: ignore[arg-type]
    best = ranked[0]
    if math.dist(best.centroid, want) >= tol or best.id == obj.id:  # type: ignore[arg-type]
        text = (
            f"None: no object lies at the mirror place of {name} (across the layout's vertical centre line)."
        )
        return SymbolicAnswer(text=text, value=None, kind="mirror_of", objects=[obj.id], rationale=text,
                              no_answer="none")  # fmt: skip
    same = (best.attributes.shape, best.attributes.color) == (obj.attributes.shape, obj.attributes.color)
    if not same:
        text = (f"None: {display_name(best)} is at the mirror place of {name}, but its shape or colour "
                "differs, so it is not a mirror image.")  # fmt: skip
        return SymbolicAnswer(text=text, value=None, kind="mirror_of", objects=[best.id], rationale=text,
                              no_answer="none")  # fmt: skip
    side = "right" if best.centroid[0] > obj.centroid[0] else "left"  # type: ignore[index]
    answer = _object_answer(best, "mirror_of", rationale=f"reflected in x = {mid:.0f}")
    answer.text = f"{answer.text} (on the {side})"
    return answer


_OTHERS = r"(?: (?:of )?(?:all )?the (?:others|other (?:objects|shapes|ones)|rest))?"
_BACK = (
    r"(?:furthest|farthest|most) back|(?:at|in) the (?:very )?back|(?:the )?furthest back|deepest|"
    rf"in the background|behind{_OTHERS}"
)
_FRONT = (
    r"(?:most )?in front|(?:at|in) the (?:very )?front|(?:the )?(?:closest|nearest) to the front|foremost|"
    rf"in the foreground|in front{_OTHERS}"
)


def _pool(thing: str | None) -> dict[str, Any] | None:
    """The filter of the objects a superlative picks among (``None``: any object)."""
    thing = (thing or "").strip()
    generic = not thing or re.fullmatch(
        r"(?:one|objects?|items?|things?|shapes?|solids?|figures?)", thing, re.I
    )
    return None if generic else parse_filter(thing)


def depth_pick_form(body: str) -> dict[str, Any] | None:
    """``which object is furthest back`` / ``what is in front`` / ``which cube is at the back``."""
    m = re.fullmatch(
        rf"(?:which|what)(?: (.+?))? (?:is|are|sits|stands) (?:the )?({_BACK}|{_FRONT})", body, re.I
    )
    if not m:
        return None
    try:
        filt = _pool(m.group(1))
    except UnsupportedQuestionError:
        return None
    which = "farthest" if re.fullmatch(_BACK, m.group(2), re.I) else "closest"
    return {"type": "extreme", "which": which, "filter": filt}


_LABEL = r"['\"]?([A-Za-z]|\d{1,2})['\"]?"


def label_name_form(body: str) -> dict[str, Any] | None:
    """``what is shape C`` / ``what is object 3`` / ``what is labelled A``: the object that label names."""
    m = re.fullmatch(rf"what is (?:the )?(?:shape|object|figure|item|number) {_LABEL}", body) or re.fullmatch(
        rf"what is (?:labell?ed|marked|tagged)(?: with| as)?(?: the (?:letter|number|label))? {_LABEL}",
        body,
        re.I,
    )
    if not m:
        return None
    return {"type": "the_one", "filter": parse_reference(f"the shape labelled {m.group(1)}")}


def most_sides_form(body: str) -> dict[str, Any] | None:
    """``which shape has the most sides`` / ``what has the fewest corners`` / ``which red shape
    has the most edges``."""
    m = re.fullmatch(
        r"(?:which|what)(?: (.+?))? (?:has|have|is the one with|with) (?:the )?(most|fewest|least|greatest number of|"
        r"smallest number of|largest number of|highest number of|lowest number of) "
        r"(sides|edges|corners|vertices|angles)",
        body,
        re.I,
    )
    if not m:
        return None
    try:
        filt = _pool(m.group(1))
    except UnsupportedQuestionError:
        return None
    which = "most" if re.match(r"most|greatest|largest|highest", m.group(2), re.I) else "fewest"
    return {"type": "most_sides", "which": which, "filter": filt}


def _most_sides(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objs = resolve(q.get("filter"), g) if q.get("filter") else [o for o in g.objects if o.frame == 0]
    if not objs:
        raise _ReferenceProblem("there is no such shape in the scene")
    unread = [o for o in objs if _norm(o.attributes.shape) not in _POLYGON]
    if unread:  # a star, a solid or an unnamed outline: its count is not settled by its name
        return cannot_tell(
            f"the sides of {display_name(unread[0])} are not settled by its shape",
            "most_sides",
            [o.id for o in unread],
        )
    counts = {o.id: _POLYGON[_norm(o.attributes.shape) or ""] for o in objs}
    best = max(counts.values()) if q["which"] == "most" else min(counts.values())
    picked = [o for o in objs if counts[o.id] == best]
    if len(picked) == 1:
        return _object_answer(picked[0], "most_sides", f"{display_name(picked[0])}: {best} sides")
    names = " and ".join(display_name(o) for o in picked)
    return SymbolicAnswer(
        text=f"{names} ({best} sides each)", value=[display_name(o) for o in picked], kind="most_sides",
        objects=[o.id for o in picked], rationale=f"{len(picked)} shapes share {best} sides",
    )  # fmt: skip


FACT_FORMS = (sides_form, mirror_of_form, depth_pick_form, label_name_form, most_sides_form)
FACT_HANDLERS = {"sides": _sides, "mirror_of": _mirror_of, "most_sides": _most_sides}
