"""The backdrop seen past a floor's far edges: plain straight-edged pieces cut by the top of the frame.

A 3-D scene's ground plane seen from above its horizon often ends inside the frame: past its
far corner the backdrop (a sky, a plain or graded background) shows as a wedge in a top corner
of the picture, or as a strip along the top edge, bounded by the floor's straight edges. The
segmenter, modelling the floor as the background, cuts those pieces out as flat triangles and
quadrilaterals, which counted as objects ("5 objects" for three solids; "the leftmost object
is a light blue triangle"). A piece is backdrop when, in a picture that shows shaded solids
(graded inside; a flat drawing's shapes cut by the frame are left alone), it is plain inside,
lies in the upper half of the frame along its top edge, holds one of its top corners, and is
convex with a slanted straight inner border: the floor's edges, not an object's outline (a
title bar spans the top; a drawn rectangle cut at a corner fills its box). Graded pieces (a
sky's gradient cut at the frame) are read later from their outlines: :mod:`.backdrop_strips`.

Example:
    >>> import numpy as np
    >>> lab = np.zeros((100, 160, 3), np.float32); lab[..., 0] = 50.0
    >>> wedge = np.zeros((100, 160), bool)
    >>> for y in range(30): wedge[y, : 40 - y * 4 // 3] = True
    >>> lab[wedge, 0] = 85.0
    >>> ball = np.zeros((100, 160), bool); ball[50:80, 70:100] = True
    >>> lab[50:80, 70:100, 0] = np.linspace(30, 80, 30)[None, :]
    >>> beyond_floor(wedge, lab, [ball])
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["beyond_floor", "shaded"]

#: A piece is plain when 90 % of its pixels lie within this many CIELAB units of its median.
PLAIN_SPREAD = 6.0
#: A region is shaded (a solid's graded body) when its lightness, off its rim (which blends
#: with the ground), spans this many L units between its 10th and 90th percentiles (a flat
#: fill, JPEG'd: 3 or less; a dim solid's facets: 6 and up).
SHADED_SPAN = 6.0
#: ... and fills at most this share of its bounding box (its inner edge runs aslant).
SLANTED = 0.85
#: A straight-edged piece fills this share of its convex hull.
CONVEX = 0.95
#: Its outline, simplified to within this share of its perimeter, has at most 5 corners.
SIMPLIFY = 0.02


def shaded(mask: np.ndarray, lab: np.ndarray) -> bool:
    """Whether the region ``mask`` is graded inside (a shaded solid's body)."""
    import cv2

    core = cv2.erode(mask.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)  # rims blend
    lightness = lab[core][:, 0]
    if lightness.size < 50:
        return False
    low, high = np.percentile(lightness, [10, 90])
    return float(high - low) >= SHADED_SPAN


def beyond_floor(mask: np.ndarray, lab: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether ``mask`` is the backdrop past a floor's edge (see the module), given the other
    regions' masks ``others`` (one of them must be a shaded solid)."""
    import cv2

    h, w = mask.shape
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if rows.size == 0 or rows[0] > 0 or rows[-1] >= 0.5 * h:
        return False
    if (cols[0] == 0) == (cols[-1] == w - 1):
        return False  # held by one top corner (a bar across the top is a title bar or a band)
    box = float((rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1))
    if float(mask.sum()) > SLANTED * box:
        return False  # a rectangle cut at the corner: drawn; a floor's edge runs aslant
    if not any(shaded(m, lab) for m in others):
        return False
    pixels = lab[mask]
    if pixels.shape[0] < 30:
        return False
    spread = np.linalg.norm(pixels - np.median(pixels, axis=0), axis=1)
    if float(np.percentile(spread, 90)) > PLAIN_SPREAD:
        return False
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return False
    contour = contours[0]
    hull = cv2.convexHull(contour)
    if float(mask.sum()) < CONVEX * max(float(cv2.contourArea(hull)), 1.0):
        return False
    corners = cv2.approxPolyDP(contour, SIMPLIFY * cv2.arcLength(contour, True), True)
    return len(corners) <= 5
