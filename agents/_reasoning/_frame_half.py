"""Which half of the picture an object is in: "is X on the left or the right side of the image?".

* "is the star on the left or the right side of the image", "is X on the left or right",
  "is X in the left or right half of the picture", "is X at the top or the bottom of the
  image", "is X in the upper or lower half", "which side of the picture is X on",
  "on which side of the image is X" -> ``{"type": "frame_half", "subject": ref, "axis"}``
  (``"H"`` across, ``"V"`` down; "which side" asks across).

Answered with the half the object's centre lies in ("left" / "right", "top" / "bottom"). A
centre within 4% of the image's width (height) of its middle is a typed "cannot tell", as
for the yes/no form "is X on the left side of the image" (``frame_side``).

Two objects ("is A left or right of B") are the ``which_side`` form's; this one needs the
image, or no second noun at all.

Example:
    >>> frame_half_form("is the red circle on the left or the right side of the image")["axis"]
    'H'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _one, _ref_name
from spatioxolver.agents._reasoning._refs import parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["FRAME_HALF_FORMS", "FRAME_HALF_HANDLERS", "frame_half_form"]

_IMAGE = r"(?:image|picture|photo|photograph|scene|drawing|frame|figure|canvas|page|screen)"
_OF_IMAGE = rf"(?: (?:of|in) (?:the |this )?{_IMAGE})?"
_PART = r"(?:[- ]hand)?(?: (?:side|half|part|edge))?"
#: The two ends of each axis as a question words them, and the word each answer uses.
_ENDS = {
    "left": ("H", "left"), "right": ("H", "right"),
    "top": ("V", "top"), "upper": ("V", "top"), "bottom": ("V", "bottom"), "lower": ("V", "bottom"),
}  # fmt: skip
_END = "left|right|top|upper|bottom|lower"
_EITHER = re.compile(
    rf"is (.+?) (?:(?:on|in|at|towards?|to) )?(?:the )?({_END}){_PART} or (?:on |in |at |towards? |to )?(?:the )?"
    rf"({_END}){_PART}{_OF_IMAGE}",
    re.I,
)
_WHICH_SIDE = (
    re.compile(
        rf"(?:on |in )?(?:which|what) (?:side|half) of the {_IMAGE} (?:is|are) (.+?)(?: on| in| located)?",
        re.I,
    ),
    re.compile(rf"(?:which|what) (?:side|half) (?:is|are) (.+?) (?:on|in)(?: the {_IMAGE})?", re.I),
)


def frame_half_form(body: str) -> dict[str, Any] | None:
    """The ``frame_half`` query of ``body`` (see the module docstring), else ``None``."""
    text = body.strip()
    m = _EITHER.fullmatch(text)
    if m:
        first, second = _ENDS[m.group(2).lower()], _ENDS[m.group(3).lower()]
        if first[0] != second[0] or first[1] == second[1]:
            return None  # "left or top" asks two axes; "left or left" asks nothing
        return _query(m.group(1), first[0])
    for pattern in _WHICH_SIDE:
        m = pattern.fullmatch(text)
        if m:
            return _query(m.group(1), "H")
    return None


def _query(phrase: str, axis: str) -> dict[str, Any] | None:
    try:
        subject = parse_reference(phrase)
    except UnsupportedQuestionError:
        return None
    return {"type": "frame_half", "subject": subject, "axis": axis}


def _frame_half(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    obj = _one(q["subject"], g)
    info = next(
        (i for i in g.images if getattr(i, "frame", 0) == obj.frame), g.images[0] if g.images else None
    )
    if obj.centroid is None or info is None:
        raise _ReferenceProblem("The object's place in the image is not known.")
    name = _ref_name(q["subject"], obj)
    horizontal = q["axis"] == "H"
    size = float(info.width if horizontal else info.height)
    at = float(obj.centroid[0] if horizontal else obj.centroid[1])
    if abs(at - size / 2) < 0.04 * size:
        return cannot_tell(f"{name} is at the middle of the image", "frame_half", [obj.id])
    if horizontal:
        side = "left" if at < size / 2 else "right"
    else:
        side = "top" if at < size / 2 else "bottom"
    return SymbolicAnswer(text=side, value=side, kind="frame_half", objects=[obj.id])


FRAME_HALF_FORMS = (frame_half_form,)
FRAME_HALF_HANDLERS = {"frame_half": _frame_half}
