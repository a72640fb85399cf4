"""Questions about the other objects that share one attribute with a named object (CLEVR's
``same_color`` / ``same_shape`` / ``same_size`` / ``same_material``), and their answerer.

* "is there anything else that has the same colour as the cube", "is there another object of
  the same colour as X", "does anything else have the same shape as X", "are there other
  spheres with the same size as X" -> ``asks="exists"``;
* "how many other objects have the same colour as X", "how many things are the same size as
  X" -> ``asks="count"``;
* "which shapes are the same colour as X" -> ``asks="list"``;
* "is the cube the same colour as the sphere" / "does A have the same shape as B" ->
  ``asks="pair"`` (with ``subject``; "the same size as" stays the image-area rule of
  :mod:`._sets`);
* "what shape is the other thing that has the same colour as X" -> ``asks="attribute"``
  (the one other object's attribute; a typed problem when there are none or several).

Query: ``{"type": "same_as", "attribute", "reference", "filter", "asks", "ask_attribute"}``.
The named object itself is never counted (CLEVR's rule). An attribute the pixels did not
give (a flat shape's size) is a typed "Cannot tell", never a guess.

Example:
    >>> same_as_form("how many other objects have the same colour as the red cube")["asks"]
    'count'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _norm, _one, _ref_name, display_name, resolve
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["SAME_AS_FORMS", "SAME_AS_HANDLERS", "same_as_form"]

_ATTR = r"(colou?r|shape|size|material)"
#: "... (that has / of / with) the same colour as X" at the end of the question.
_TAIL = re.compile(
    r"\s+(?:(?:that|which|who) (?:is|are|has|have|shares?)\s+|(?:of|with|in|having|sharing)\s+|"
    r"(?:is|are|has|have|shares?)\s+)?(?:the |a |an )?same " + _ATTR + r" (?:as|like) (.+)$",
    re.I,
)
#: Words of the head that only say "another object" ("anything else", "other shapes").
_FILLER = re.compile(
    r"\b(?:any|anything|anyone|something|some|else|other|others|another|more|a|an|the|there|one|ones|"
    r"objects?|things?|items?|shapes?|figures?|elements?)\b",
    re.I,
)
#: The words of "other" alone (the class nouns stay for the filter).
_OTHER = re.compile(
    r"\b(?:any|anything|anyone|something|some|else|other|others|another|more|there|ones?)\b", re.I
)
_ASK_ATTR = re.compile(
    r"^(?:what|which) (colou?r|shape|size|material) (?:is|are|does|do) (?:the )?(?:other )?(.*?)(?: have| has)?$|"
    r"^what is the (colou?r|shape|size|material) of (?:the )?(?:other )?(.*)$",
    re.I,
)


def _attr(word: str) -> str:
    return "color" if word.lower().startswith("colo") else word.lower()


def _class_filter(phrase: str) -> dict[str, Any] | None:
    """The class of the other objects ("other spheres" -> spheres; "anything else" -> any)."""
    rest = _FILLER.sub(" ", phrase)
    if not rest.strip():
        return None
    filt = parse_filter(_OTHER.sub(" ", phrase))
    if filt is not None and filt.get("label") is not None:
        raise UnsupportedQuestionError(f"cannot read {phrase!r} as a class of objects")
    return filt


def same_as_form(body: str) -> dict[str, Any] | None:
    """The ``same_as`` query of ``body``, else ``None`` (see the module docstring)."""
    tail = _TAIL.search(body)
    if not tail:
        return None
    head = body[: tail.start()].strip()
    attribute = _attr(tail.group(1))
    try:
        reference = parse_reference(tail.group(2))
        ask_attr = _ASK_ATTR.match(head)
        if ask_attr:
            word = ask_attr.group(1) or ask_attr.group(3)
            noun = ask_attr.group(2) if ask_attr.group(1) else ask_attr.group(4)
            asks, phrase, asked = "attribute", noun or "", _attr(word)
        else:
            m = re.fullmatch(r"(?:is|are) there (.*)", head, re.I) or re.fullmatch(
                r"(?:does|do|is|are) (.*)", head, re.I
            )
            c = re.fullmatch(
                r"(?:how many|count(?: the)?|what number of|the number of) (.*?)(?: are there| is there)?",
                head,
                re.I,
            )
            w = re.fullmatch(r"(?:which|what) (.*)", head, re.I)
            if c:
                asks, phrase = "count", c.group(1)
            elif m and re.search(r"\b(?:any\w*|another|others?|else|something|more)\b", m.group(1), re.I):
                asks, phrase = "exists", m.group(1)
            elif m and attribute != "size" and re.match(r"(?:is|does) ", head, re.I):
                # "is the cube the same colour as the sphere": a pair ("the same size" is same_size's)
                subject = parse_reference(re.sub(r"\s+(?:have|has)$", "", m.group(1), flags=re.I))
                return {"type": "same_as", "attribute": attribute, "reference": reference,
                        "subject": subject, "filter": None, "asks": "pair", "ask_attribute": None}  # fmt: skip
            elif w:
                asks, phrase = "list", w.group(1)
            else:
                return None
            asked = None
        phrase = re.sub(r"\b(?:are|is|have|has|does|do)\b", " ", phrase, flags=re.I)
        filt = _class_filter(phrase)
    except UnsupportedQuestionError:
        return None
    if reference.get("nouns") and not any(reference.get(k) for k in ("color", "shape", "label")):
        return None
    return {
        "type": "same_as",
        "attribute": attribute,
        "reference": reference,
        "filter": filt,
        "asks": asks,
        "ask_attribute": asked,
    }


def _same_as(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["reference"], g)
    key = q["attribute"]
    name = _ref_name(q["reference"], ref)
    want = _norm(getattr(ref.attributes, key))
    noun = "colour" if key == "color" else key
    if want is None:
        return cannot_tell(f"the {noun} of {name} could not be read from the pixels", "same_as", [ref.id])
    if q["asks"] == "pair":
        other = _one(q["subject"], g)
        if other.id == ref.id:
            raise _ReferenceProblem("The question names the same object twice.")
        have = _norm(getattr(other.attributes, key))
        if have is None:
            return cannot_tell(
                f"the {noun} of {display_name(other)} could not be read", "same_as", [other.id]
            )
        holds = have == want
        return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="same_as", objects=[other.id, ref.id],
                              rationale=f"{have} and {want}")  # fmt: skip
    pool = [o for o in resolve(q["filter"], g, frame=ref.frame) if o.id != ref.id]
    hits = [o for o in pool if _norm(getattr(o.attributes, key)) == want]
    unread = [o for o in pool if getattr(o.attributes, key) is None]
    asks = q["asks"]
    if unread and not (asks == "exists" and hits):
        return cannot_tell(f"the {noun} of {len(unread)} other object(s) could not be read", "same_as")
    ids = [o.id for o in hits]
    why = f"{len(hits)} other object(s) share the {noun} of {name} ({want})"
    if asks == "exists":
        holds = bool(hits)
        return SymbolicAnswer(
            text="Yes" if holds else "No", value=holds, kind="same_as", objects=ids, rationale=why
        )
    if asks == "count":
        return SymbolicAnswer(
            text=str(len(hits)), value=len(hits), kind="same_as", objects=ids, rationale=why
        )
    if asks == "list":
        names = [display_name(o) for o in hits]
        text = ", ".join(names) if names else "none"
        return SymbolicAnswer(text=text, value=names, kind="same_as", objects=ids, rationale=why)
    if len(hits) != 1:
        raise _ReferenceProblem(
            f"{len(hits)} other objects share the {noun} of {name}, so 'the other one' names "
            f"{'nothing' if not hits else 'several'}."
        )
    value = getattr(hits[0].attributes, q["ask_attribute"])
    if value is None:
        return cannot_tell(
            f"the {q['ask_attribute']} of {display_name(hits[0])} could not be read", "same_as", ids
        )
    value = _norm(value)
    return SymbolicAnswer(text=value, value=value, kind="same_as", objects=ids, rationale=why)


SAME_AS_FORMS = (same_as_form,)
SAME_AS_HANDLERS = {"same_as": _same_as}
