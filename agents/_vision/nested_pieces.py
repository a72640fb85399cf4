"""A piece of one colour lying within a larger object of that colour, touching it, is part of it.

A glossy solid mirrors the sky and the ground in bands across its body, and the segmenter can
cut it along such a band into two pieces of one colour: a ball's light cap over its body, a
cone's shaded flank beside its lit one. Each piece then counts as an object ("two blue
balls"). Two solids of one colour seen one behind the other overlap only in part, and the
one behind shows beyond the one in front; a piece of one solid lies almost wholly within its
box and shares a long boundary with it.

Example:
    >>> import numpy as np
    >>> body = np.zeros((100, 100), bool); body[20:80, 20:80] = True
    >>> cap = np.zeros((100, 100), bool); cap[22:40, 30:70] = True; body &= ~cap
    >>> nested_pieces([body, cap], ["blue", "blue"])
    [1]
    >>> nested_pieces([body, cap], ["blue", "red"])
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["nested_pieces", "drop_nested_pieces", "NESTED_SHARE", "PIECE_AREA", "SHARED_BOUNDARY"]

#: The piece's box lies at least this share within the larger object's box (the glossy pieces
#: seen: 0.76-1.0; a solid behind another shows beyond it).
NESTED_SHARE = 0.75
#: ... its area is at most this share of the larger object's ...
PIECE_AREA = 0.7
#: ... and at least this share of its outline touches the larger object (a cut, not a gap).
SHARED_BOUNDARY = 0.2


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return None
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def _inside(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / max((a[2] - a[0]) * (a[3] - a[1]), 1)


def _shared(piece: np.ndarray, other: np.ndarray) -> float:
    import cv2

    k = np.ones((3, 3), np.uint8)
    rim = piece & ~cv2.erode(piece.astype(np.uint8), k).astype(bool)
    near = cv2.dilate(other.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    return float((rim & near).sum()) / max(int(rim.sum()), 1)


def nested_pieces(masks: list[np.ndarray | None], colours: list[str | None]) -> list[int]:
    """Indices of the pieces (frame-sized ``masks``) that are part of a larger object of the
    same colour: their box :data:`NESTED_SHARE` within its box, their area at most
    :data:`PIECE_AREA` of its, :data:`SHARED_BOUNDARY` of their outline on it."""
    boxes = [None if m is None else _box(m) for m in masks]
    areas = [0 if m is None else int(m.sum()) for m in masks]
    found = []
    for k, (mask, box) in enumerate(zip(masks, boxes, strict=True)):
        if mask is None or box is None or colours[k] is None:
            continue
        for j, (other, obox) in enumerate(zip(masks, boxes, strict=True)):
            if j == k or other is None or obox is None or colours[j] != colours[k]:
                continue
            if areas[k] > PIECE_AREA * areas[j] or _inside(box, obox) < NESTED_SHARE:
                continue
            if _shared(mask, other) >= SHARED_BOUNDARY:
                found.append(k)
                break
    return found


def drop_nested_pieces(
    objects: list[Any], masks: list[np.ndarray | None], pairs: list[tuple[int, int, Any]]
) -> tuple[list[Any], list[np.ndarray | None], list[tuple[int, int, Any]]]:
    """``objects`` and their ``masks`` without the pieces of a larger object of their colour
    (:func:`nested_pieces`), and the occlusion ``pairs`` (indices into the lists) renumbered."""
    # Shaded solids only: a glossy solid cut along a reflection. A flat shape drawn on a card of
    # its fill's colour (an outlined square on a card) is a shape of its own.
    colours = [
        None if (getattr(o.attributes, "extras", None) or {}).get("flat") else o.attributes.color
        for o in objects
    ]
    pieces = set(nested_pieces(masks, colours))
    if not pieces:
        return objects, masks, pairs
    keep = [k for k in range(len(objects)) if k not in pieces]
    new = {old: n for n, old in enumerate(keep)}
    kept_pairs = [(new[a], new[b], rest) for a, b, rest in pairs if a in new and b in new]
    return [objects[k] for k in keep], [masks[k] for k in keep], kept_pairs
