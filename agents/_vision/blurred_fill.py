"""A flat shape seen blurred: its pixels are blends of one fill and the page round it.

A drawing passed on as a thumbnail scaled up, a screenshot of a zoomed page or an
out-of-focus photo of a screen blurs every edge: a flat disc then fades from its fill to the
page over several pixels, and the fade read like shading, so the disc became a "sphere" and a
star's thin arms a "metal sphere". Shading and blur differ in colour, not in smoothness: a
blurred edge holds only mixtures of the fill and the page (every pixel on the segment from
the page's colour to the fill's, in CIELAB), while a shaded solid darkens or lightens past
its core (a darker rim, a highlight) and its shades leave that segment.

:func:`blended_core` tests it in the image's own (sRGB) values, where blur mixes colours
linearly: the page is the plain crop round the object, away from it; the fill is the colour
of the object's deepest pixels; every pixel of the object lies within :data:`_OFF_LINE` of
the segment between them, not past the fill (where the crop shows no page, as round a
square that fills its box, the object's outermost pixels stand for it); and the blend stays at the rim: the inner half
of the object is the fill already (a ball shaded darker toward its rim on a dark page mixes
the same two colours, but over its whole radius).

Example:
    >>> import numpy as np
    >>> blended_core(np.zeros((4, 4), bool), np.zeros((4, 4, 3), np.uint8)) is None
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["blended_core"]

#: Most pixels lie within this many sRGB levels of the page-to-fill segment ...
_OFF_LINE = 6.0
#: ... and none lies past the fill by more than this share of the segment (a darker rim) ...
_PAST_FILL = 0.05
#: ... and the inner half of the object is within this share of the fill.
_INNER_FILL = 0.95
#: The page round the object is plain: its pixels' spread (sRGB, 90th percentile) under this.
_PLAIN_PAGE = 8.0
#: The fill differs from the page by at least this much (sRGB levels).
_MIN_CONTRAST = 40.0
#: A rim within this many levels of the fill shows no blend to test.
_SHARP = 10.0


def blended_core(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The fill pixels (RGB, the object's deepest) of a flat shape blurred into a plain page,
    else ``None`` (see the module docstring). ``mask`` and ``full`` are the object's crop,
    with the page round it."""
    import cv2

    mask = np.asarray(mask, bool)
    full = np.asarray(full)
    if mask.sum() < 40 or full.shape[:2] != mask.shape:
        return None
    dist = cv2.distanceTransform(np.pad(mask.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    if dist.max() < 3:
        return None
    core = dist >= 0.6 * dist.max()
    fill_px = full[core].reshape(-1, 3)
    fill = np.median(fill_px.astype(np.float32), axis=0)
    px = full[mask].reshape(-1, 3).astype(np.float32)
    # The other end of the blend: the page, where the crop shows it well away from the object
    # (beyond the blur's reach); else the object's own outermost pixels (a square fills its box).
    outside = cv2.distanceTransform(np.pad((~mask).astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    page_px = full[outside > 4].reshape(-1, 3).astype(np.float32)
    if len(page_px) >= 30:
        end = np.median(page_px, axis=0)
        if np.percentile(np.linalg.norm(page_px - end, axis=1), 90) > _PLAIN_PAGE:
            return None
        if float(np.linalg.norm(fill - end)) < _MIN_CONTRAST:
            return None
    else:
        end = np.median(full[mask & (dist <= 1.5)].reshape(-1, 3).astype(np.float32), axis=0)
    axis = fill - end
    length = float(np.linalg.norm(axis))
    if length < _SHARP:  # no ramp at all: one colour throughout, or nothing to tell
        return fill_px if np.percentile(np.linalg.norm(px - fill, axis=1), 95) < _OFF_LINE else None
    t = (px - end) @ axis / (length * length)
    off = np.linalg.norm(px - end - t[:, None] * axis, axis=1)
    if np.percentile(off, 95) > _OFF_LINE or np.percentile(t, 99) > 1.0 + _PAST_FILL:
        return None
    inner = dist[mask] > 0.5 * dist.max()
    if np.percentile(t[inner], 5) < _INNER_FILL:
        return None  # mixed over its whole depth: shaded toward its rim, not blurred at it
    return fill_px
