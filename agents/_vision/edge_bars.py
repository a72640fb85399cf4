"""A plain bar flush along the picture's edge: a header strip, not a shape drawn on the page.

Swimlane charts carry a header strip at the start of each lane, pages a title bar, tables
a header row: a solid rectangle (it fills its box) lying flat against one side of the frame
over its whole length along that side, long and thin along it. Shapes drawn on a page stand
clear of the frame's edges; a solid cut by the frame is cut at an angle or round, seldom a
thin rectangle flush with the edge along its whole side.

Example:
    >>> import numpy as np
    >>> bar = np.zeros((200, 300), bool); bar[:, :30] = True  # a lane's header down the left
    >>> box = np.zeros((200, 300), bool); box[80:120, 100:160] = True
    >>> edge_bar(bar), edge_bar(box)
    (True, False)
"""

from __future__ import annotations

import numpy as np

__all__ = ["edge_bar"]

#: A bar fills this share of its bounding box (a solid rectangle).
_FILLS = 0.95
#: ... is this many times longer than thick, thick at most this share of the frame across it,
_ELONGATION, _THIN = 2.5, 0.25
#: ... and runs along at least this share of the frame's side.
_ALONG = 0.2
#: Flush: within this share of the frame's shorter side of the edge (2 px at least).
_GAP = 0.005


def edge_bar(mask: np.ndarray) -> bool:
    """Whether ``mask`` is a plain bar lying flush along one side of the frame (a header strip)."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return False
    h, w = mask.shape
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    bh, bw = y1 - y0, x1 - x0
    if ys.size < _FILLS * bh * bw:
        return False
    # (side touched, the bar's length along that side, its thickness across it, the frame's)
    # (flush: within a pen's width of the edge, where the frame's own line may run)
    gap = max(2, round(_GAP * min(h, w)))
    sides = (
        (y0 <= gap or y1 >= h - gap, bw, bh, w, h),
        (x0 <= gap or x1 >= w - gap, bh, bw, h, w),
    )
    for flush, length, thick, frame_along, frame_across in sides:
        if (
            flush
            and length >= _ELONGATION * thick
            and thick <= _THIN * frame_across
            and length >= _ALONG * frame_along
        ):
            return True
    return False
