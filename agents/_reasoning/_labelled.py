"""Classes qualified by whether their objects carry a drawn label: "labelled shapes".

:func:`labelled_filter` reads "labelled shapes", "labeled circles", "shapes with labels", "shapes
that have a label", "objects that are labelled", "unlabelled shapes", "shapes without labels"
as the plain class with ``labelled`` set (``True`` or ``False``); :func:`keep_labelled` applies
it to resolved objects. A phrase naming one label ("the shape labelled B") is not of this kind:
it is left to the reference parser. Before this, "labelled shapes" was read as the shape
carrying the label "SHAPES" and counted 0.

Example:
    >>> labelled_filter("labelled shapes")["labelled"]
    True
    >>> labelled_filter("circles without labels")["shape"]
    'circle'
    >>> labelled_filter("shape labelled B") is None
    True
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["labelled_filter", "keep_labelled"]

_LABEL = r"(?:labels?|tags?|names?)"
_WHICH = r"(?:(?:that|which) )?"
_WITH = rf"(?:with|having|bearing|{_WHICH}(?:has|have|carry|carries|bear|bears)(?: got)?)"
_WITHOUT = rf"(?:without|with no|{_WHICH}(?:have|has) no|lacking)"
_FORMS = (
    (re.compile(r"(?:un-?labell?ed|untagged|unmarked) (.+)", re.I), False),
    (re.compile(r"(?:labell?ed|tagged) (.+)", re.I), True),
    (re.compile(rf"(.+?) {_WITHOUT} (?:an? )?{_LABEL}", re.I), False),
    (re.compile(rf"(.+?) {_WITH} (?:an? |their (?:own )?)?{_LABEL}", re.I), True),
    (re.compile(rf"(.+?) {_WHICH}(?:are |is )?(?:not labell?ed|un-?labell?ed)", re.I), False),
    (re.compile(rf"(.+?) {_WHICH}(?:are |is )?(?:labell?ed|tagged)", re.I), True),
)


def labelled_filter(phrase: str) -> dict[str, Any] | None:
    """The class of ``phrase`` with ``labelled`` set, or ``None`` when the phrase does not
    qualify a class by its labels (see the module docstring)."""
    from spatioxolver.agents._reasoning._refs import parse_filter

    p = " ".join(phrase.split()).strip(" ?.")
    for form, wanted in _FORMS:
        m = form.fullmatch(p)
        if not m:
            continue
        rest = m.group(1)
        words = re.findall(r"[a-z]+", rest.lower())
        # the class must be a plural or a generic word ("shapes", "circles", "objects"): a
        # single capital or a number after "labelled" is the label itself ("labelled B")
        if not words or re.fullmatch(r"[A-Z0-9]{1,3}|\d+", rest.strip()):
            return None
        kept = parse_filter(rest)
        if kept is not None and (kept.get("label") is not None or kept.get("exclude") or kept.get("any_of")):
            return None
        base = kept or {
            "text": p, "label": None, "tone": None, "color": None, "shape": None, "size": None,
            "material": None, "nouns": [],
        }  # fmt: skip
        return {**base, "text": p, "labelled": wanted}
    return None


def keep_labelled(objects: list[Any], wanted: bool, everyone: list[Any], text: Any) -> list[Any]:
    """Those of ``objects`` that carry a drawn label (``wanted``) or carry none. Where no
    object in the picture (``everyone``) carries a label, no label was read (none drawn, or no
    reader installed), and which objects are labelled cannot be told: "cannot tell". So too
    where one of ``objects`` carries none but has writing beside it that could not be read
    (``extras["label_unread"]``): counting only the labels read would count too few."""
    from spatioxolver.agents._reasoning._answer import _CannotTell, _ReferenceProblem

    if not any(o.label for o in everyone):
        raise _ReferenceProblem(
            f"Cannot tell which are {str(text or '')!r}: no label was read on this picture."
        )
    undecided = [o for o in objects if not o.label and o.attributes.extras.get("label_unread")]
    if undecided:
        raise _CannotTell(
            f"which are {str(text or '')!r}: {len(undecided)} of them "
            f"{'has' if len(undecided) == 1 else 'have'} writing beside "
            f"{'it' if len(undecided) == 1 else 'them'} that could not be read"
        )
    return [o for o in objects if bool(o.label) == wanted]
