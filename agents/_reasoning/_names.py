"""Naming and finding objects for the symbolic reasoner: how an object is said
(:func:`display_name`, :func:`spoken_name`) and which objects a parsed reference names
(:func:`resolve`, :func:`bind_reference`)."""

from __future__ import annotations

import math
import re
import statistics
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem
from spatioxolver.agents._reasoning._refs import singular

from spatioxolver.schema import SceneGraph, SpatialObject
from spatioxolver.vocabulary import ATTRIBUTE_SYNONYMS

__all__ = [
    "apparent_area",
    "bind_reference",
    "display_name",
    "resolve",
    "said_together",
    "spoken_name",
    "typical_size",
    "unseen_nouns",
    "unseen_reason",
]


def _toned(obj: SpatialObject) -> str | None:
    tone, colour = obj.attributes.extras.get("tone"), obj.attributes.color
    return f"{tone} {colour}" if colour and tone in ("light", "dark") else colour


def display_name(obj: SpatialObject) -> str:
    """The label drawn on the object, else its attribute description, else its id."""
    if obj.label:
        return obj.label
    a = obj.attributes
    words = [w for w in (a.size, _toned(obj), a.material, a.shape) if w]
    return " ".join(words) if words else obj.id


def said_together(words: list[str]) -> str:
    """``["red"]`` -> ``"red"``; ``["red", "purple", "blue"]`` -> ``"red, purple and blue"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def spoken_name(obj: SpatialObject) -> str:
    """Open-ended wording: ``object 3 (the small red metal cube)``, or the description alone."""
    a = obj.attributes
    words = " ".join(w for w in (a.size, _toned(obj), a.material, a.shape) if w)
    if obj.label and obj.attributes.extras.get("label_drawn") and not _is_tag(obj.label):
        # A word written beside it in the image: say what it is, and its label.
        return f"the {words} labelled {obj.label!r}" if words else obj.label
    if obj.label and not _is_tag(obj.label):  # a model's own name ("red square") is said as is
        return obj.label
    if obj.label:
        return f"object {obj.label} (the {words})" if words else f"object {obj.label}"
    return words or obj.id


def _is_tag(label: str) -> bool:
    """A drawn mark (a letter or a number), not a name."""
    return bool(re.fullmatch(r"[A-Za-z]|\d+", label.strip()))


def _bare(text: Any) -> str:
    return " ".join(re.sub(r"^(?:the|a|an)\s+", "", str(text or "").strip().lower()).split())


def _object_answer(best: SpatialObject, kind: str, rationale: str = "") -> SymbolicAnswer:
    """An answer naming one object: spoken in ``text``, its display name in ``value``."""
    return SymbolicAnswer(
        text=spoken_name(best), value=display_name(best), kind=kind, objects=[best.id], rationale=rationale
    )


def _ref_name(ref: dict[str, Any], obj: SpatialObject) -> str:
    if ref.get("label"):
        return str(ref["label"])
    text = re.sub(r"^(?:the|a|an)\s+", "", ref.get("text") or "", flags=re.I).strip()
    return text or display_name(obj)


def _norm(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip().lower()
    for table in ATTRIBUTE_SYNONYMS.values():
        if value in table:
            return table[value]
    return value


def _object_words(obj: SpatialObject) -> set[str]:
    """Singular words an object is called by: its shape, and the words of a non-tag label."""
    words = {singular(w) for w in re.findall(r"[a-z]+(?:-[a-z]+)*", (obj.attributes.shape or "").lower())}
    label = (obj.label or "").strip()
    if label and not _is_tag(label):
        words |= {singular(w) for w in re.findall(r"[a-z]+(?:-[a-z]+)*", label.lower())}
    return words


#: The flat shapes a drawing shows a solid as (front view): what "box", "ball" and "cone"
#: name in a diagram. A cylinder has no single view (a rectangle from the side, a circle
#: from above), so it names no flat shape. A chart's bar is drawn as a rectangle, a short
#: one as a square.
_FLAT_VIEWS = {
    "cube": ("square", "rectangle"),
    "sphere": ("circle",),
    "cone": ("triangle",),
    "bar": ("rectangle", "square"),
}


def _matches(ref: dict[str, Any], obj: SpatialObject) -> bool:
    if ref.get("exclude"):  # "shapes that are not red"
        if any(_matches(part, obj) for part in ref["exclude"]):
            return False
        return _matches({**ref, "exclude": None}, obj)
    if ref.get("any_of"):  # "red or blue objects"
        return any(_matches(part, obj) for part in ref["any_of"])
    label = ref.get("label")
    if label is not None:
        return obj.label is not None and obj.label.strip().upper() == str(label).strip().upper()
    if obj.label and not _is_tag(obj.label) and _bare(obj.label) == _bare(ref.get("text")):
        return True  # the object's own name, as a model's perception gave it
    a = obj.attributes
    if ref.get("tone") and a.extras.get("tone") != ref["tone"]:
        return False
    for key, have in (("color", a.color), ("shape", a.shape), ("size", a.size), ("material", a.material)):
        want = ref.get(key)
        if want is None or _norm(have) == _norm(want):
            continue
        if key == "shape" and _norm(have) in _FLAT_VIEWS.get(_norm(want) or "", ()):
            continue  # "the ball" in a flat drawing is its circle
        return False
    nouns = ref.get("nouns") or []
    # A noun outside the shape vocabulary ("elephant") matches an object called that (a
    # model's perception may name any class); geometric objects are cubes, spheres, cylinders.
    return not nouns or set(nouns) <= _object_words(obj)


_BY_SIZE = ("largest", "smallest", "larger", "smaller")
_BY_HEIGHT = {"tallest": "largest", "shortest": "smallest", "taller": "larger", "shorter": "smaller"}


def _drawn_height(obj: SpatialObject) -> float:
    return float(obj.bbox[3] - obj.bbox[1]) if obj.bbox is not None else 0.0


def _sized(found: list[SpatialObject], place: str, size: Any = None) -> list[SpatialObject]:
    """The one of ``found`` largest or smallest in the image ("the largest shape", "the
    smaller square"); all of them when the two at the top are within a tenth of each other's
    area, or when a comparative ("the larger square") has more than two to choose from (the
    reference is then ambiguous, and says so)."""
    if len(found) < 2:
        return found if place in ("largest", "smallest") else []
    if place in ("larger", "smaller") and len(found) > 2:
        return found
    size = size or apparent_area
    ranked = sorted(found, key=size, reverse=place in ("largest", "larger"))
    first, second = size(ranked[0]), size(ranked[1])
    if max(first, second) < 1.1 * min(first, second):
        return found
    return [ranked[0]]


def _placed(found: list[SpatialObject], place: str) -> list[SpatialObject]:
    """The one of ``found`` furthest toward ``place`` ("the right blue square" of two); all of
    them when two are about level there (the reference is then ambiguous, and says so); none
    when there is only one (a place word picks among several: "the left cube" of one cube
    names nothing the image shows)."""
    if place in _BY_SIZE:
        return _sized(found, place)
    if place in _BY_HEIGHT:
        # "the tallest bar": the height a drawing shows; a 3-D scene's heights are not its
        # image heights, so there the reference stays open (and says it is ambiguous)
        if any(o.depth is not None for o in found):
            return found
        return _sized(found, _BY_HEIGHT[place], _drawn_height)
    at = [o for o in found if o.centroid is not None]
    if len(at) < 2:
        return []
    k = 0 if place in ("leftmost", "rightmost") else 1
    sign = 1.0 if place in ("leftmost", "topmost") else -1.0
    ranked = sorted(at, key=lambda o: sign * o.centroid[k])  # type: ignore[index]
    spread = typical_size(at)
    if abs(ranked[0].centroid[k] - ranked[1].centroid[k]) < 0.25 * spread:  # type: ignore[index]
        return found
    return [ranked[0]]


def resolve(ref: dict[str, Any] | None, graph: SceneGraph, *, frame: int = 0) -> list[SpatialObject]:
    """Objects of ``frame`` matching a reference (all of them for ``None``)."""
    objects = [o for o in graph.objects if o.frame == frame]
    if ref is None:
        return objects
    if ref.get("exclude"):  # "shapes that are not red": the class less the parts left out
        kept = resolve({**ref, "exclude": None}, graph, frame=frame)
        _readable_for(ref["exclude"], kept, ref.get("text"))
        dropped = {o.id for part in ref["exclude"] for o in resolve(part, graph, frame=frame)}
        return [o for o in kept if o.id not in dropped]
    if ref.get("sides") is not None:  # "shapes with four sides": flat shapes only, all read
        _flat_shapes_read(objects, ref.get("text"), ref["sides"])
    if ref.get("any_of"):
        ids = {o.id for part in ref["any_of"] for o in resolve(part, graph, frame=frame)}
        return [o for o in objects if o.id in ids]
    if ref.get("labelled") is not None:  # "labelled shapes": those carrying a drawn label
        from spatioxolver.agents._reasoning._labelled import keep_labelled

        kept = resolve({**ref, "labelled": None}, graph, frame=frame)
        return keep_labelled(kept, ref["labelled"], objects, ref.get("text"))
    if ref.get("place"):
        return _placed(resolve({**ref, "place": None}, graph, frame=frame), ref["place"])
    if ref.get("label") is not None and not any(o.label for o in objects):
        # No labels were bound (no marks): fall back to the description, if any.
        if any(ref.get(k) for k in ("color", "shape", "size", "material")):
            ref = {**ref, "label": None}
    elif ref.get("label_or_description") and not any(_matches(ref, o) for o in objects):
        # "The shape labelled green" where no shape carries the word: the green shape.
        ref = {**ref, "label": None}
    if ref.get("label") is None:
        called = _called(ref, objects)
        if called:
            return called
    if ref.get("size") and ref.get("label") is None:
        pool = [o for o in objects if _matches({**ref, "size": None}, o)]
        if pool and all(o.attributes.size is None for o in pool):
            return _by_relative_size(ref, pool)
    return [o for o in objects if _matches(ref, o)]


def _called(ref: dict[str, Any], objects: list[SpatialObject]) -> list[SpatialObject]:
    """The objects whose drawn word label is the reference's words, a generic noun aside
    ("the ball shape", "the ball" where a triangle is labelled ball): a word written on one
    object names it before the vocabulary's sense of the word (a circle) does."""
    generic = {"shape", "object", "one", "thing", "figure", "item", "icon", "node"}
    words = [w for w in _bare(ref.get("text")).strip(" '\"").split() if w not in generic]
    if not words:
        return []
    wanted = " ".join(words)
    return [
        o
        for o in objects
        if o.label
        and o.attributes.extras.get("label_drawn")
        and not _is_tag(o.label)
        and _bare(o.label) == wanted
    ]


_SOLIDS = ("cube", "sphere", "cylinder", "cone")


def _readable_for(parts: list[dict[str, Any]], objs: list[SpatialObject], text: Any) -> None:
    """Raise "cannot tell" when an object's attribute a negation needs was not read ("not red"
    says nothing about an object whose colour is unknown)."""
    keys = {k for part in parts for k in ("color", "shape", "size", "material") if part.get(k)}
    unread = [o for o in objs if any(getattr(o.attributes, k) is None for k in keys)]
    if unread:
        raise _ReferenceProblem(
            f"Cannot tell which are {str(text or '')!r}: the {'/'.join(sorted(keys))} of "
            f"{len(unread)} object(s) could not be read from the pixels."
        )


def _flat_shapes_read(objs: list[SpatialObject], text: Any, sides: int) -> None:
    """Raise "cannot tell" unless every object is a named flat shape (a solid's sides are faces
    and edges, not the outline's; an unread shape, a polygon, or a star asked about five
    corners (its points) may have that many)."""
    unsure = ("polygon", "star") if sides == 5 else ("polygon",)
    unread = [o for o in objs if not o.attributes.shape or _norm(o.attributes.shape) in unsure]
    solids = [o for o in objs if _norm(o.attributes.shape) in _SOLIDS]
    if unread or solids:
        why = "are solids" if solids else "have a shape whose sides cannot be counted"
        raise _ReferenceProblem(
            f"Cannot tell which are {str(text or '')!r}: {len(solids) or len(unread)} object(s) {why}."
        )


#: "the big circle" among circles of no size class (a drawing, no world prior): the circles
#: above the widest gap in image area, when that gap is at least this ratio.
_SIZE_GAP = 1.5


def apparent_area(obj: SpatialObject) -> float:
    """The object's area in the image (its mask, else its box; what an outline-only shape
    encloses), px."""
    inside = obj.attributes.extras.get("outline_area")
    if isinstance(inside, (int, float)) and inside > 0:
        return float(inside)
    if obj.area:
        return float(obj.area)
    if obj.bbox is not None:
        return float((obj.bbox[2] - obj.bbox[0]) * (obj.bbox[3] - obj.bbox[1]))
    return 0.0


def typical_size(objs: list[SpatialObject]) -> float:
    """The median object's side length (square root of its area), px."""
    return statistics.median(math.sqrt(max(float(o.area or 1.0), 1.0)) for o in objs)


def _by_relative_size(ref: dict[str, Any], pool: list[SpatialObject]) -> list[SpatialObject]:
    """The objects of ``pool`` the size word picks by image area (see :data:`_SIZE_GAP`); among
    drawn shapes the split of their extents (the same gap, in lengths) must pick the same ones."""
    if len(pool) == 1:
        return pool
    from spatioxolver.agents._reasoning._drawn_size import extent, split_extents

    what = re.sub(r"^(?:the|a|an)\s+", "", ref.get("text") or "", flags=re.I)
    picked = _split_pick(pool, apparent_area, _SIZE_GAP, ref)
    if all(o.attributes.extras.get("flat") and extent(o) for o in pool):
        # drawn shapes: a clear split of their extents decides; else it must agree with the areas
        large, clear = split_extents([extent(o) or 0.0 for o in pool])
        if large is not None and clear:
            want = _norm(ref["size"]) == "large"
            return [o for o, big in zip(pool, large, strict=True) if big == want]
        by_extent = _split_pick(pool, lambda o: extent(o) or 0.0, math.sqrt(_SIZE_GAP), ref)
        if picked is not None and (by_extent is None or {o.id for o in by_extent} != {o.id for o in picked}):
            raise _ReferenceProblem(
                f"Cannot tell which is {what!r}: the shapes' areas and their extents split them differently."
            )
    if picked is None:
        raise _ReferenceProblem(
            f"Cannot tell which is {what!r}: the {len(pool)} candidates are about the same size in the image."
        )
    return picked


def _split_pick(
    pool: list[SpatialObject], size: Any, gap: float, ref: dict[str, Any]
) -> list[SpatialObject] | None:
    """The large (or small) side of ``pool`` split at the widest ratio of ``size``; ``None``
    when that ratio is under ``gap``."""
    ranked = sorted(pool, key=size)
    ratios = [size(b) / max(size(a), 1.0) for a, b in zip(ranked, ranked[1:], strict=False)]
    k = max(range(len(ratios)), key=ratios.__getitem__)
    if ratios[k] < gap:
        return None
    return ranked[k + 1 :] if _norm(ref["size"]) == "large" else ranked[: k + 1]


def _one(ref: dict[str, Any], graph: SceneGraph) -> SpatialObject:
    found = resolve(ref, graph) or _tone_as_description(ref, graph)
    name = ref.get("text") or ref.get("label")
    if not found:
        raise _ReferenceProblem(_no_match(name, graph))
    if len(found) > 1:
        names = ", ".join(display_name(o) for o in found[:6])
        raise _ReferenceProblem(f"{name!r} is ambiguous: it matches {len(found)} objects ({names}).")
    return found[0]


def _tone_as_description(ref: dict[str, Any], graph: SceneGraph) -> list[SpatialObject]:
    """The one object "the dark blue hexagon" can name when no blue hexagon was read as dark:
    the only blue hexagon, unless it was read as the other tone (light). Where light and dark
    meet is a matter of words; a tone the colour reading did not give still describes the
    one object of that colour and shape. (A count or an existence question keeps the tone
    strict: this is for naming one object.)"""
    tone = ref.get("tone")
    if not tone:
        return []
    other = {"light": "dark", "dark": "light"}.get(tone)
    loose = [o for o in resolve({**ref, "tone": None}, graph) if o.attributes.extras.get("tone") != other]
    return loose if len(loose) == 1 else []


def bind_reference(ref: dict[str, Any], graph: SceneGraph) -> tuple[SpatialObject | None, str | None, str]:
    """``(object, None, name)`` for the one object ``ref`` names, else ``(None, problem, name)``.

    ``problem`` is the reasoner's sentence ("There is no object matching ..." / "... is
    ambiguous ..."); ``name`` is how the answer names the object (its label, else the phrase).
    """
    try:
        obj = _one(ref, graph)
    except _ReferenceProblem as problem:
        return None, str(problem), str(ref.get("text") or ref.get("label"))
    return obj, None, _ref_name(ref, obj)


def _no_match(name: Any, graph: SceneGraph, frame: int = 0) -> str:
    """The reasoner's sentence for a reference that matches nothing."""
    if not any(o.frame == frame for o in graph.objects):
        return "There are no objects in the scene."
    return f"There is no object matching {name!r} in the scene."


def unseen_nouns(query: Any, graph: SceneGraph) -> list[str]:
    """Head nouns outside the vocabulary (a reference's ``nouns``) of every reference in
    ``query`` (a query dict, or a list of references) that names no object of ``graph``."""
    found: list[str] = []
    stack = [query]
    while stack:
        item = stack.pop(0)
        if isinstance(item, dict):
            if item.get("nouns") and not resolve(item, graph):
                found += [n for n in item["nouns"] if n not in found]
            stack += list(item.values())
        elif isinstance(item, (list, tuple)):
            stack += list(item)
    return found


def unseen_reason(nouns: list[str]) -> str:
    """Why a question about ``nouns`` (words the engine has no picture of) cannot be told:
    "none here" would claim more than it sees (a photo's clock may be a segment it called
    a cylinder)."""
    words = " or ".join(repr(n) for n in nouns)
    return (
        f"no object here is described as {words}, and the offline engine reads shapes, solids, "
        "colours and drawn labels, not such things; use a vision-language model"
    )
