"""Labels drawn on a picture that nobody could read (no ``ocr`` extra).

Without a reader the segmenter keeps the small marks it would have read as objects, each
marked ``extras["unread_mark"]``: a letter or a number beside a shape, or a small shape.
An answer that takes one in (a count, "the leftmost object") would guess which, so it is a
typed "cannot tell". A reference to a label ("shape A", "object 3") on a picture whose
labels cannot be read is not "no such object" either: the answer says the labels were not
read (``no_answer="labels unread"``) and how to read them.

Example:
    >>> unread_marks([])
    []
"""

from __future__ import annotations

from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer

__all__ = ["unread_marks", "unread_label_answer", "marks_count_answer", "LABELS_UNREAD"]

#: The ``no_answer`` of a question about labels that could not be read.
LABELS_UNREAD = "labels unread"

_HOW = "install the ocr extra (pip install 'spatioxolver[ocr]') or pass the labels as marks"


def unread_marks(objects: list[Any]) -> list[Any]:
    """The objects that may be a label nobody read (``extras["unread_mark"]``)."""
    return [o for o in objects if o.attributes.extras.get("unread_mark")]


def marks_count_answer(found: list[Any], kind: str) -> SymbolicAnswer | None:
    """The typed "cannot tell" for a count or a choice that takes in marks that may be
    unread labels; ``None`` when it takes in none."""
    marks = unread_marks(found)
    if not marks:
        return None
    why = f"{len(marks)} of the objects it takes in may be labels (letters or numbers) that could not be read; {_HOW}"
    return SymbolicAnswer(
        text=f"Cannot tell: {why}.",
        value=None,
        kind=kind,
        objects=[o.id for o in found],
        rationale=why,
        no_answer="cannot tell",
    )


def _label_refs(query: Any) -> list[str]:
    found: list[str] = []
    stack = [query]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("label") and "text" in item:
                found.append(str(item.get("text") or item["label"]))
            stack += list(item.values())
        elif isinstance(item, (list, tuple)):
            stack += list(item)
    return found


def unread_label_answer(query: dict[str, Any], graph: Any, kind: str) -> SymbolicAnswer | None:
    """The typed answer for a question naming a label ("shape A") on a picture read from its
    pixels with no reader for its labels (no object carries one, and the ``ocr`` extra is not
    installed); ``None`` otherwise."""
    labels = _label_refs(query)
    asks_label = query.get("attribute") == "label"  # "which tag is on the red square"
    if labels and any(o.label for o in graph.objects):
        return _label_not_read(query, graph, kind)
    if not (labels or asks_label) or any(o.label for o in graph.objects):
        return None
    if not graph.objects or any(o.attributes.extras.get("source") != "geometric" for o in graph.objects):
        return None
    from spatioxolver.agents._vision.labels import ocr_available

    if ocr_available():
        return None
    why = f"the labels drawn in the picture could not be read; {_HOW}"
    # (a label named: the sentence of a reference that matches nothing, the fallback's cue)
    text = (
        f"There is no object matching {labels[0]!r} that can be found: {why}."
        if labels
        else f"Cannot tell: {why}."
    )
    return SymbolicAnswer(text=text, value=None, kind=kind, rationale=why, no_answer=LABELS_UNREAD)


def _label_not_read(query: dict[str, Any], graph: Any, kind: str) -> SymbolicAnswer | None:
    """ "node K" where labels were read but none is K while some shape carries no label read:
    K may be the one that was not read, so the answer cannot tell (``None`` otherwise)."""
    named: list[str] = []
    stack: list[Any] = [query]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("label") and "text" in item:
                named.append(str(item["label"]))
            stack += list(item.values())
        elif isinstance(item, (list, tuple)):
            stack += list(item)
    read = {str(o.label).upper() for o in graph.objects if o.label}
    missing = [n for n in named if n.upper() not in read]
    bare = [o for o in graph.objects if not o.label and o.attributes.extras.get("source") == "geometric"]
    if not missing or not bare:
        return None
    why = f"no label {missing[0]!r} was read, and {len(bare)} shape(s) here carry a label that was not read"
    return SymbolicAnswer(
        text=f"Cannot tell: {why}.", value=None, kind=kind, rationale=why, no_answer=LABELS_UNREAD
    )
