"""A row of small pieces strung along one band of rows is a ground's far edge, not objects.

Towards the horizon a ground's pattern or texture (tiles, granite, wood grain) shrinks below
a pixel and blends into its mean colour, and the ground's far rows darken or fade into the
sky: the smooth backdrop model and the ground's palette follow neither, and leave a string of
thin graded pieces side by side along the horizon, all of one colour, none taller than a few
rows. Solids standing on the ground are taller than that band and differ in colour; one small
far solid alone is not a string. Flat pieces (a dashed rule on a page) are never read so.

Example:
    >>> import numpy as np
    >>> masks = []
    >>> for x in range(10, 190, 30):
    ...     m = np.zeros((120, 200), bool); m[40:44, x : x + 20] = True; masks.append(m)
    >>> far_band(masks, ["gray"] * 6, [False] * 6)
    [0, 1, 2, 3, 4, 5]
    >>> far_band(masks[:2], ["gray"] * 2, [False] * 2)
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["far_band", "drop_far_band", "BAND_PIECE_HEIGHT", "BAND_ROWS", "BAND_SPREAD", "BAND_PIECES"]

#: A piece of the far band is at most this share of the frame's height tall (the ground's far
#: rows at a horizon: 0.01-0.04; solids standing on a ground, even far ones, 0.08 and more).
BAND_PIECE_HEIGHT = 0.05
#: The pieces of one band lie within this share of the frame's height.
BAND_ROWS = 0.07
#: ... spread over at least this share of the frame's width (left of the first to right of the last).
BAND_SPREAD = 0.3
#: ... and are at least this many.
BAND_PIECES = 3


def _extent(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return None
    return int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1])


def far_band(masks: list[np.ndarray | None], colours: list[str | None], flat: list[bool]) -> list[int]:
    """Indices of the pieces (frame-sized ``masks``) forming a ground's far band: at least
    :data:`BAND_PIECES` graded pieces of one colour, each at most :data:`BAND_PIECE_HEIGHT` of
    the frame tall, together within :data:`BAND_ROWS` of its height and spread over
    :data:`BAND_SPREAD` of its width."""
    shape = next((m.shape for m in masks if m is not None), None)
    if shape is None:
        return []
    h, w = shape
    pieces = []
    for k, (mask, colour, is_flat) in enumerate(zip(masks, colours, flat, strict=True)):
        box = None if mask is None or is_flat or colour is None else _extent(mask)
        if box is not None and box[1] - box[0] + 1 <= BAND_PIECE_HEIGHT * h:
            pieces.append((k, colour, box))
    found: set[int] = set()
    for _, colour, (top, _, _, _) in pieces:
        # the band whose top row is this piece's: every piece of the colour inside it
        group = [
            (k, box) for k, c, box in pieces if c == colour and box[0] >= top and box[1] < top + BAND_ROWS * h
        ]
        if len(group) < BAND_PIECES:
            continue
        left = min(box[2] for _, box in group)
        right = max(box[3] for _, box in group)
        if right - left + 1 >= BAND_SPREAD * w:
            found.update(k for k, _ in group)
    return sorted(found)


def drop_far_band(
    objects: list[Any], masks: list[np.ndarray | None], pairs: list[tuple[int, int, Any]]
) -> tuple[list[Any], list[np.ndarray | None], list[tuple[int, int, Any]]]:
    """``objects`` and their ``masks`` without the pieces of a ground's far band
    (:func:`far_band`), and the occlusion ``pairs`` (indices into the lists) renumbered."""
    band = set(
        far_band(
            masks,
            [o.attributes.color for o in objects],
            [bool((o.attributes.extras or {}).get("flat")) for o in objects],
        )
    )
    if not band or len(band) == len(objects):
        return objects, masks, pairs
    keep = [k for k in range(len(objects)) if k not in band]
    new = {old: n for n, old in enumerate(keep)}
    kept_pairs = [(new[a], new[b], rest) for a, b, rest in pairs if a in new and b in new]
    return [objects[k] for k in keep], [masks[k] for k in keep], kept_pairs
