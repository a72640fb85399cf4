"""Shapes cut by the image's frame: the frame closes what it cuts.

A drawing's outline-only shape, or a hatched one, that runs off the edge of the picture
leaves its ring open there: read as pixels it encloses nothing, so it looks like a line (a
connector, a rule) and is dropped, and a hatched fill's gaps are no holes. The frame is
that shape's edge as far as the picture shows it: :func:`closed_at_frame` joins, along each
side of the frame, the first and last pixel of a component lying on it, when nothing else
lies between them. A solid shape cut by the frame already covers that span; a line that
reaches the frame touches it once and is left as it is.
"""

from __future__ import annotations

import numpy as np

__all__ = ["closed_at_frame"]


def closed_at_frame(mask: np.ndarray, sides: tuple[bool, bool, bool, bool] = (True,) * 4) -> np.ndarray:
    """``mask`` (foreground, 2-D) with each component's span along each side of the frame
    filled, where the span holds only that component and the ground. ``sides`` (top, left,
    bottom, right): which of the array's edges are the frame (a crop's may be only some).

    Example:
        >>> arc = np.zeros((8, 10), np.uint8); arc[0, 2] = arc[0, 7] = 1
        >>> arc[1:5, 2] = arc[1:5, 7] = arc[5, 2:8] = 1  # a U cut by the top of the frame
        >>> closed_at_frame(arc)[0].tolist()
        [0, 0, 1, 1, 1, 1, 1, 1, 0, 0]
    """
    import cv2

    _, labels = cv2.connectedComponents(np.ascontiguousarray(mask.astype(np.uint8)), connectivity=8)
    out = mask.copy()
    for side, edge in zip((labels[0], labels[:, 0], labels[-1], labels[:, -1]), range(4), strict=True):
        if not sides[edge]:
            continue
        target = (out[0], out[:, 0], out[-1], out[:, -1])[edge]
        for k in np.unique(side[side > 0]):
            on = np.flatnonzero(side == k)
            if on.size < 2 or on[-1] - on[0] + 1 == on.size:
                continue
            span = side[on[0] : on[-1] + 1]
            if np.all((span == 0) | (span == k)):
                target[on[0] : on[-1] + 1] = 1
    return out
