"""A double outline is one shape: a ring drawn round a shape at an even, narrow gap.

A diagram marks a node with a double border (Graphviz's ``doublecircle`` and
``doubleoctagon``, an accepting state in an automaton, a framed button): an outer ring traced
round the shape a few pixels away from it. The gap of ground between them splits the pair
into two regions, and a count sees two shapes. A ring whose hole the other region fills up to
a narrow gap of even width (the inner shape is the ring's own outline shrunk: a circle in a
circle, a box in a box) is merged with it. A small shape inside a large ring (a dot in a
circle), or one off to a side, leaves a wide or uneven gap and stays an object of its own.

Example:
    >>> merge_double_outlines([])
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["merge_double_outlines"]

#: The inner shape covers at least this share of the outer one (holes filled) ...
_FILLS = 0.55
#: ... and the gap is at most this share of the outer one's equivalent radius, at its widest.
_GAP = 0.25
#: The gap's width is even: its widest (90th percentile) at most this times its median + 2 px.
_EVEN = 2.0


def merge_double_outlines(regions: list[Any]) -> list[Any]:
    """``regions`` with each inner shape of a double outline merged into its outer ring
    (see the module docstring); the list returned is new, the merged rings' masks are new."""
    if len(regions) < 2:
        return regions
    import cv2

    from .arrowheads import holes_filled

    boxes = [_box(r.mask) for r in regions]
    merged: set[int] = set()
    for i, outer in enumerate(regions):
        if boxes[i] is None or i in merged:
            continue
        x0, y0, x1, y1 = boxes[i]
        m = outer.mask[y0:y1, x0:x1]
        whole = holes_filled(m)
        rim = whole & ~(cv2.erode(whole.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0)
        radius = float(np.sqrt(whole.sum() / np.pi))
        for j, inner in enumerate(regions):
            b = boxes[j]
            if (
                j == i
                or j in merged
                or b is None
                or not (x0 <= b[0] and y0 <= b[1] and b[2] <= x1 and b[3] <= y1)
            ):
                continue
            im = inner.mask[y0:y1, x0:x1]
            if (im & whole).sum() < 0.95 * im.sum():
                continue
            body = holes_filled(im)
            if body.sum() < _FILLS * whole.sum():
                continue
            # The gap's width all round: each point of the outer outline's distance to the body.
            apart = cv2.distanceTransform((~body).astype(np.uint8), cv2.DIST_L2, 3)[rim]
            if apart.size == 0:
                continue
            widest, middle = float(np.percentile(apart, 90)), float(np.median(apart))
            if widest > _GAP * radius or widest > _EVEN * middle + 2.0:
                continue
            outer.mask = outer.mask.copy()
            outer.mask[y0:y1, x0:x1] |= im  # the gap stays ground: the colour is not read there
            merged.add(j)
    return [r for k, r in enumerate(regions) if k not in merged]


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1
