"""Writing beside a shape that OCR could not read: the shape may carry a label nobody read.

The label step drops a glyph it could not read when it is much smaller than the shapes (a
letter's size), so an unread label leaves no trace, and "how many labelled shapes" counted
only the labels read, too few and with confidence. :func:`mark_unread_writing` notes, on the
object region nearest each such glyph (within a label's reach, :func:`.labels.near_an_object`),
``notes["label_unread"]``: whether that shape is labelled cannot be told from the pixels read.
A glyph inside a label read, a piece of a leader line (a straight hairline, or a stroke that
runs from a label to a shape), a glyph of running text and a glyph turned back into an object
leave no note.

Example:
    >>> mark_unread_writing([], [], [], [])
    0
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .labels import inside_any, near_an_object, straight_stroke

__all__ = ["mark_unread_writing"]


def _box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _gap(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0), max(b[1] - a[3], a[1] - b[3], 0))


def mark_unread_writing(
    lone: list[Any], labels: list[tuple[str, Any]], regions: list[Any], kept: list[Any]
) -> int:
    """Note ``label_unread`` on the region nearest each unread glyph of ``lone`` (one-word
    glyphs offered to OCR) that is not in a label read (``labels``), not a leader line's
    piece and not one of ``kept`` (glyphs made objects again or spent on a read label);
    returns how many glyphs were left unread beside a shape."""
    boxes = [b for _, b in labels]
    shapes = [r for r in regions if r.mask.any() and not any(r is g for g in kept)]
    if not shapes:
        return 0
    shape_boxes = [_box(r.mask) for r in shapes]
    unread = 0
    for g in lone:
        if not g.mask.any() or any(g is q for q in kept) or "text_box" in g.notes:
            continue
        if inside_any(g.mask, boxes) or straight_stroke(g.mask):
            continue
        box = _box(g.mask)
        if not near_an_object(box, shapes):
            continue  # a stray mark far from every shape labels none of them
        k = min(range(len(shapes)), key=lambda j: _gap(box, shape_boxes[j]))
        shapes[k].notes["label_unread"] = True
        unread += 1
    return unread
