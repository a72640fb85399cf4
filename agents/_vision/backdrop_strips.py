"""Strips of sky or ground cut at a horizon are backdrop, not objects.

Where a ground plane's far edge is not level (a plane seen from a corner, a tilted camera)
or its far rows change faster than the row-by-row backdrop model follows, the backdrop
model leaves thin pieces of sky or ground along the horizon or the frame's top edge: a
graded band that touches the frame, is much wider than tall, and whose colour runs on into
its surroundings along much of its outline (``edge_open``, :mod:`.edge_support`). A solid
standing in the scene, even cut by the frame, has a colour step all round its free outline;
a drawn bar across a canvas is flat (one colour) and sharp. Off the frame's edge, only a band
far longer than tall (:data:`BAND_ELONGATION`: a ground's far rows squeezed at its horizon)
is read so.

Example:
    >>> import numpy as np
    >>> m = np.zeros((100, 200), bool); m[0:8, 120:200] = True
    >>> strip_like(m, {"edge_open": 0.7})
    True
    >>> strip_like(m, {"edge_open": 0.05})
    False
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "strip_like",
    "corner_wedge",
    "drop_backdrop_strips",
    "OPEN_STRIP",
    "STRIP_ELONGATION",
    "BAND_ELONGATION",
    "STRIP_HEIGHT",
    "WEDGE_STRAIGHT",
]

#: Share of the free outline meeting a like colour from which a strip is backdrop (solids on a
#: ground: under 0.2, one by one; pieces of sky cut at a horizon: 0.5-0.9).
OPEN_STRIP = 0.4
#: A strip is at least this many times as wide as it is tall.
STRIP_ELONGATION = 4.0
#: A band not touching the frame is at least this many times as wide as it is tall.
BAND_ELONGATION = 12.0
#: ... and at most this share of the frame's height (a photo's sky is no thin strip).
STRIP_HEIGHT = 0.15


def strip_like(mask: np.ndarray, extras: dict[str, Any]) -> bool:
    """Whether ``mask`` (frame-sized) is a thin graded band on the frame's top, left or right
    edge whose outline is open (``extras["edge_open"]`` at least :data:`OPEN_STRIP`), or a
    graded wedge in a corner of the frame (:func:`corner_wedge`)."""
    if extras.get("flat"):
        return False
    if corner_wedge(mask):
        return True
    if extras.get("edge_open") is None or float(extras["edge_open"]) < OPEN_STRIP:
        return False
    h, w = mask.shape
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return False
    height, width = int(rows[-1] - rows[0] + 1), int(cols[-1] - cols[0] + 1)
    touches = rows[0] <= 1 or cols[0] <= 1 or cols[-1] >= w - 2
    # Off the frame's edge only a band far longer than tall (a ground's far rows squeezed
    # together at a horizon that ends inside the frame).
    long_enough = width >= (STRIP_ELONGATION if touches else BAND_ELONGATION) * height
    return bool(long_enough and height <= STRIP_HEIGHT * h)


#: Most distance (px, 95th percentile) of a wedge's inner outline from one straight line.
WEDGE_STRAIGHT = 1.5


def corner_wedge(mask: np.ndarray) -> bool:
    """Whether ``mask`` (frame-sized) is a triangle holding one corner of the frame and
    cut off inside by one straight line: the sky (or ground) beyond a ground plane's far
    (or near) edge where the plane is seen from its corner. Its colour step to the ground
    is real, so its outline is not open; but a solid shows no straight edge running from
    one side of the frame to the other, around a frame corner, with nothing else of it."""
    import cv2

    h, w = mask.shape
    held = [bool(mask[y, x]) for y, x in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1))]
    if sum(held) != 1:
        return False
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    box = (rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1)
    if not 0.4 <= mask.sum() / box <= 0.6 or min(rows[-1] - rows[0], cols[-1] - cols[0]) < 10:
        return False  # no triangle, or too thin to show its line
    inner = mask & ~cv2.erode(mask.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    inner[:2, :] = inner[-2:, :] = inner[:, :2] = inner[:, -2:] = False  # the frame's edges
    ys, xs = np.nonzero(inner)
    if len(xs) < 20:
        return False
    pts = np.stack([xs, ys], axis=1).astype(np.float64)
    centred = pts - pts.mean(axis=0)
    normal = np.linalg.svd(centred, full_matrices=False)[2][1]  # the line's normal
    return bool(np.percentile(np.abs(centred @ normal), 95) <= WEDGE_STRAIGHT)


def drop_backdrop_strips(
    objects: list[Any], masks: list[np.ndarray | None], pairs: list[tuple[int, int, Any]]
) -> tuple[list[Any], list[np.ndarray | None], list[tuple[int, int, Any]]]:
    """``objects`` and their ``masks`` without the backdrop strips (:func:`strip_like`), and the
    occlusion ``pairs`` (indices into the lists) renumbered, those naming a strip left out."""
    keep = [
        k
        for k, (obj, mask) in enumerate(zip(objects, masks, strict=True))
        if mask is None or not strip_like(mask, obj.attributes.extras or {})
    ]
    if len(keep) == len(objects) or not keep:
        return objects, masks, pairs
    new = {old: n for n, old in enumerate(keep)}
    kept_pairs = [(new[a], new[b], rest) for a, b, rest in pairs if a in new and b in new]
    return [objects[k] for k in keep], [masks[k] for k in keep], kept_pairs
