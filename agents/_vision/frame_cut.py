"""Shapes cut by the image's frame: the frame closes what it cuts.

A drawing's outline-only shape, or a hatched one, that runs off the edge of the picture
leaves its ring open there: read as pixels it encloses nothing, so it looks like a line (a
connector, a rule) and is dropped, and a hatched fill's gaps are no holes. The frame is
that shape's edge as far as the picture shows it: :func:`closed_at_frame` joins, along each
side of the frame, the first and last pixel of a component lying on it, when nothing else
lies between them. A solid shape cut by the frame already covers that span; a line that
reaches the frame touches it once and is left as it is.

What the frame cuts away is unseen, so the name of what shows may not be the shape's: a
disc cut by an edge reads as a hexagon. An outline whose free part (off the frame) lies on
one ellipse is named from that ellipse, circle or ellipse (:func:`cut_shape`); a polygon
whose two edges running into the frame meet beyond it is named on the polygon they close
(:func:`completed_past_frame`: a triangle whose tip is cut off is no "polygon"). (Leaving
every other cut shape unread was tried: a cut square does read as a rectangle, a cut
triangle as a polygon, but one unread shape makes every count of shapes "at least", and on
the probe's fresh seeds that cost more right answers than it spared wrong ones.)
"""

from __future__ import annotations

import numpy as np

__all__ = ["closed_at_frame", "cut_shape", "completed_past_frame"]

#: A shape is cut when it lies along a side of the frame for this share of its extent there.
CUT_RUN = 0.15
#: Its name from what shows is kept when that is round: this share of the free outline on one ellipse.
_ROUND_AXES = 1.15


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


def cut_shape(mask: np.ndarray, shape: str) -> str:
    """``shape`` for a flat shape's ``mask`` (frame-sized, boolean): ``"circle"`` /
    ``"ellipse"`` when the frame cuts it (:data:`CUT_RUN`) and its free outline (off the
    frame) lies on one ellipse; else ``shape`` as read.

    Example:
        >>> m = np.zeros((60, 80), bool); yy, xx = np.mgrid[:60, :80]
        >>> m[(yy - 10) ** 2 + (xx - 40) ** 2 <= 30**2] = True  # a disc cut by the top edge
        >>> cut_shape(m, "hexagon")
        'circle'
    """
    import cv2

    from .amodal import _MIN_FREE, _ellipse_on
    from .objects import mask_bounds

    bounds = mask_bounds(mask)
    if bounds is None:
        return shape
    y0, y1, x0, x1 = bounds
    h, w = mask.shape
    runs = (
        (y0 == 0, int(mask[0].sum()), x1 - x0),
        (y1 == h, int(mask[-1].sum()), x1 - x0),
        (x0 == 0, int(mask[:, 0].sum()), y1 - y0),
        (x1 == w, int(mask[:, -1].sum()), y1 - y0),
    )
    if not any(on and run >= max(3, CUT_RUN * extent) for on, run, extent in runs):
        return shape
    contours, _ = cv2.findContours(
        np.ascontiguousarray(mask, dtype=np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
    )
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2)
    free = pts[(pts[:, 0] > 1) & (pts[:, 0] < w - 2) & (pts[:, 1] > 1) & (pts[:, 1] < h - 2)]
    fit = _ellipse_on(free) if len(free) >= _MIN_FREE else None
    if fit is not None:
        a, b = sorted(fit[1])
        return "circle" if b <= _ROUND_AXES * a else "ellipse"
    if shape in ("circle", "ellipse", "star"):
        return shape
    sides = tuple(on and run >= max(3, CUT_RUN * extent) for on, run, extent in runs)
    completed = completed_past_frame(mask[y0:y1, x0:x1], sides)  # type: ignore[arg-type]
    if completed is None:
        return shape
    from .flat import flat_shape

    named = flat_shape(completed, partly_hidden=True)
    return shape if named in ("unknown", "polygon") else named


def completed_past_frame(crop: np.ndarray, sides: tuple[bool, bool, bool, bool]) -> np.ndarray | None:
    """A flat polygon the frame cuts (``crop``: its mask cut to its box; ``sides``: top,
    bottom, left, right, whether the frame cuts it there), completed beyond the frame: the
    two edges that run into the frame are extended until they meet out there
    (:func:`.amodal.completed_polygon`, the frame's outside taking the place of a shape in
    front); a triangle whose tip the frame cuts is a triangle again. ``None`` when the
    edges do not meet past the frame (a box's sides run parallel into it: how far it goes
    is unseen)."""
    from .amodal import completed_polygon
    from .pattern_fill import filled_outline

    solid = filled_outline(crop)
    h, w = solid.shape
    margin = max(h, w)
    top, bottom, left, right = (margin if cut else 0 for cut in sides)
    padded = np.pad(solid, ((top, bottom), (left, right)))
    outside = np.ones(padded.shape, bool)
    outside[top : top + h, left : left + w] = False
    out = completed_polygon(padded, outside)
    if np.count_nonzero(out) <= np.count_nonzero(padded):
        return None
    ys, xs = np.nonzero(out)
    return out[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
