"""Questions about the labels drawn beside objects ("A", "3", a word), and either-or
questions that name a superlative.

* ``attribute`` with ``attribute="label"`` — "which label is on the leftmost shape", "what
  letter is next to the circle", "which letter marks the triangle", "what is the label of
  the red square", "how is the blue square labelled": the label read from the pixels (or
  given by marks) of the object the rest of the question picks;
* ``pairwise`` / ``apparent_pair`` — "which shape is the leftmost: A or B", "which is the
  biggest, A or B": the superlative said of two named objects;
* ``attribute`` / ``has_attribute`` of a labelled object named bare — "what is shape B",
  "what is C" (its shape), "is P purple", "is shape 3 a circle".

Example:
    >>> label_form("Which letter marks the triangle")["attribute"]
    'label'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._phrases import SUP_ALT, superlative
from spatioxolver.agents._reasoning._question_forms import describe_subject
from spatioxolver.agents._reasoning._refs import parse_reference

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["LABEL_FORMS", "label_form", "superlative_pair_form", "named_label_form"]

_ONE_LABEL = r"(?:label|letter|number|digit|tag|mark|marker|character|caption|word)"
_LABEL = rf"{_ONE_LABEL}(?: or {_ONE_LABEL})?"  # "which letter or number is on ..."
_NEAR = (
    r"(?:on|next to|beside|by|near|under|underneath|below|beneath|above|over|attached to|belonging to|"
    r"written (?:on|next to|beside|under|below|above|by)|drawn (?:on|next to|beside|under|below|above|by))"
)
_FORMS = (
    rf"(?:which|what) {_LABEL}(?: is| appears| is written| is drawn| is shown| is placed| sits)? {_NEAR} (.+)",
    rf"(?:which|what) {_LABEL} (?:marks|labels|names|identifies|goes with|belongs to|is used for) (.+)",
    rf"what is the {_LABEL} (?:on|next to|beside|under|below|above|near|by) (.+)",
    # "the number of X" is a count: only the other label words take "of" / "for"
    r"what is the (?:label|letter|digit|tag|mark|marker|character|caption|word) (?:of|for) (.+)",
    r"(?:how|what) is (.+?) (?:labell?ed|marked|tagged|named)(?: with| as| by)?",
    rf"(?:what|which) (?:{_LABEL} )?does (.+?) (?:have|carry|bear)(?: as (?:its|a) {_LABEL})?",
    rf"(?:which|what) {_LABEL} (?:has|carries|bears) (.+)",  # "which label has the leftmost shape"
    # "what does the label on the red square say", "what is written next to the star",
    # "what is the blue square called", "name the label of the largest figure"
    rf"what does the {_LABEL} (?:on|next to|beside|by|near|under|below|above|over|of|for) (.+?) (?:say|read)",
    r"what is (?:written|drawn|printed) (?:on|next to|beside|by|near|under|below|above|over) (.+)",
    r"what is (the .+?) called",
    rf"(?:name|give|tell me|say) the {_LABEL} (?:of|on|for|next to|beside) (.+)",
)


def label_form(body: str) -> dict[str, Any] | None:
    """The label of the object the question picks (see the module docstring)."""
    for form in _FORMS:
        m = re.fullmatch(form, body, re.I)
        if m:
            subject = m.group(1).strip()
            if " does " in form and not re.search(rf"\b{_LABEL}\b", body, re.I):
                return None  # "what does X have" without a label word: not this form
            try:
                return describe_subject("label", subject)
            except UnsupportedQuestionError:
                return None
    return None


_SUP_PAIRS = {
    "leftmost": ("H", "left"), "rightmost": ("H", "right"), "topmost": ("V", "above"),
    "bottommost": ("V", "below"), "closest": ("D", "closer"), "farthest": ("D", "further"),
}  # fmt: skip


def superlative_pair_form(body: str) -> dict[str, Any] | None:
    """``which shape is the leftmost: A or B`` / ``which is the biggest, A or B``."""
    m = re.fullmatch(
        rf"(?:which|what)(?: one| object| shape| [a-z]+)? is (?:the )?({SUP_ALT})(?: one| object| shape)?"
        rf"(?: of (?:the|these) two)?\s*[:,-]?\s*(.+?),? or (.+)",
        body,
        re.I,
    )
    which = superlative(m.group(1)) if m else None
    if not m or which is None:
        return None
    try:
        objects = [parse_reference(m.group(2)), parse_reference(m.group(3))]
    except UnsupportedQuestionError:
        return None
    if which in ("largest", "smallest"):
        return {
            "type": "apparent_pair",
            "objects": objects,
            "asks": "larger" if which == "largest" else "smaller",
        }
    if which not in _SUP_PAIRS:
        return None
    axis, asks = _SUP_PAIRS[which]
    return {"type": "pairwise", "axis": axis, "asks": asks, "objects": objects}


#: A labelled object named without "the": "shape B", "figure 3", "shape number 2", a capital letter, a number, a
#: lower-case letter other than the words "a" and "i" ("is c a star").
_NAMED = (
    r"(?:(?i:shape|figure|object|item|box|node|point)\s+(?:(?i:number|no\.?)\s*)?[A-Za-z0-9]{1,3}"
    r"|[A-Z]|[b-hj-z]|\d{1,3})"
)


def named_label_form(body: str) -> dict[str, Any] | None:
    """``what is shape B`` / ``what is C`` (its shape); ``is P purple`` / ``is shape 3 a circle``."""
    m = re.fullmatch(rf"(?i:what(?: is|'s)) ({_NAMED})", body)
    if m:
        return describe_subject("shape", m.group(1))
    m = re.fullmatch(  # "what is the shape labelled 'B'": its shape, as "what is shape B"
        r"what(?: is|'s) the (?:shape|object|figure|item|one|thing) (?:labell?ed|marked|tagged|named)"
        r"(?: with| as| by)?(?: the)?(?: letter| number| label| tag| word)? [\"']?([A-Za-z0-9]{1,3}|[A-Za-z][A-Za-z0-9]{3,11})[\"']?",
        body,
        re.I,
    )
    if m:
        return describe_subject("shape", f"shape {m.group(1)}")
    m = re.fullmatch(rf"(?i:is) ({_NAMED}) (?i:(an? [a-z]+(?: [a-z]+)?|(?:light |dark |pale )?[a-z]+))", body)
    if m is None:
        return None
    try:
        predicate = parse_reference(m.group(2))
    except UnsupportedQuestionError:
        return None
    if predicate.get("label") or predicate.get("nouns") or predicate.get("place"):
        return None
    if not any(predicate.get(k) for k in ("color", "shape", "size", "material")):
        return None
    subject = parse_reference(f"the object labelled {m.group(1).split()[-1]}")
    return {"type": "has_attribute", "subject": subject, "predicate": predicate}


#: Tried before the attribute and position forms.
LABEL_FORMS = (label_form, superlative_pair_form, named_label_form)
