"""Arrowheads and line stubs that touch a drawn shape are no part of it.

A graph's edge ends in a filled arrowhead whose tip touches the node's outline. The head is
thick, so it survives the opening that cuts thin leader lines (:mod:`.leader_spurs`) and
stays fused to the node: the node's region grows a barb, and its shape cannot be named (a
rectangle with a triangle hanging off a corner is no rectangle). An outline-only node (which
the spur cut leaves alone) keeps the heads and the stubs of the lines drawn to it.

The shape is what its fill shows: the convex hull of the region's pixels of the fill colour
(of an outline-only shape: the ground it encloses), widened by the outline stroke with mitred
corners, as a pen draws it. The stroke's width is read from the median distance of the
region's ink beyond the hull (the stroke runs all round the shape; a head is a small part of
it). A piece further out is cut off when it is mostly ink (not the fill's colour), reaches at
least a pixel past the stroke and touches it along no more than about twice that reach (a
barb sticks out; an uneven pen's thicker side lies along the outline). The cut pixels become
free foreground again, like a cut leader. A star's tips are fill, inside the hull, and stay.

Example:
    >>> import numpy as np
    >>> cut_arrowheads([], np.zeros((4, 4, 3), np.uint8))
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["cut_arrowheads", "holes_filled"]

#: Ink differs from the fill by at least this much (CIE Lab distance, L scaled to 0-100).
_INK = 25.0
#: A fill pixel is within this Lab distance of the fill's median.
_FILL = 12.0
#: A cut piece reaches at least this far (px) beyond the stroke's band ...
_REACH = 1.0
#: ... and has at least this many pixels.
_MIN_PIECE = 3
#: The fill must be most of the region (outline-only shapes are left alone).
_FILL_SHARE = 0.5


def cut_arrowheads(regions: list[Any], rgb: np.ndarray) -> list[Any]:
    """``regions`` with the ink barbs beyond their filled shape cut off (see the module
    docstring; the regions are changed in place; the list is returned)."""
    if not regions:
        return regions
    import cv2

    lab = None
    h, w = rgb.shape[:2]
    for r in regions:
        ys, xs = np.nonzero(r.mask)
        if ys.size < 400:
            continue
        y0, y1 = max(int(ys.min()) - 2, 0), min(int(ys.max()) + 3, h)
        x0, x1 = max(int(xs.min()) - 2, 0), min(int(xs.max()) + 3, w)
        if lab is None:
            lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB).astype(np.float32) * np.array(
                [100 / 255, 1, 1], np.float32
            )
        m = r.mask[y0:y1, x0:x1]
        crop = lab[y0:y1, x0:x1]
        whole = holes_filled(m)
        if m.sum() < 0.6 * whole.sum():
            # An outline-only shape: its inside (the ground seen through it) is what it encloses,
            # and all of its own pixels are ink.
            fill, ink = whole & ~m, m
        else:
            core = cv2.erode(m.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
            if core.sum() < 0.3 * m.sum():
                continue
            gap = np.linalg.norm(crop - np.median(crop[core], axis=0), axis=2)
            fill, ink = m & (gap < _FILL), m & (gap >= _INK)
            if fill.sum() < _FILL_SHARE * m.sum():
                continue
        if ink.sum() < _MIN_PIECE or fill.sum() < _MIN_PIECE:
            continue
        points = cv2.findNonZero(fill.astype(np.uint8))
        hull_points = cv2.convexHull(points).reshape(-1, 2).astype(np.float64)
        hull = np.zeros(m.shape, np.uint8)
        cv2.fillConvexPoly(hull, hull_points.astype(np.int32), 1)
        beyond = cv2.distanceTransform((1 - hull).astype(np.uint8), cv2.DIST_L2, 3)
        outside = ink & (beyond > 0)
        if outside.sum() < _MIN_PIECE:
            continue
        # A stroke w px wide puts pixels at distances 1..w beyond the hull: median (w + 1) / 2.
        stroke = max(2.0 * float(np.median(beyond[outside])) - 1.0, 1.0)
        # The stroke's band is the hull widened with mitred corners, as a pen draws an outline
        # (a sharp corner's stroke reaches further out than the stroke's width). The region
        # beyond the band is barb candidates; a piece is cut when it is mostly ink and reaches
        # clearly past the band.
        band = np.zeros(m.shape, np.uint8)
        cv2.fillPoly(band, [np.round(_mitred(hull_points, stroke + 0.5)).astype(np.int32)], 1)
        past = cv2.distanceTransform((1 - band).astype(np.uint8), cv2.DIST_L2, 3)
        loose = m & (band == 0)
        n, parts = cv2.connectedComponents(loose.astype(np.uint8), connectivity=8)
        cut = np.zeros_like(m)
        for j in range(1, n):
            part = parts == j
            if part.sum() < _MIN_PIECE or not (part & ink).any():
                continue
            reach = float(past[part].max())
            if reach < _REACH:
                continue
            if float(np.count_nonzero(part & (past < 1.5))) > 2.0 * reach + 6.0:
                continue  # it lies along the outline (an uneven pen's thick side), not off it
            if float(np.mean(ink[part])) < 0.5:
                continue  # mostly the fill's colour: a part of the shape, not a head drawn to it
            cut |= part
        if cut.any():
            r.mask = r.mask.copy()
            r.mask[y0:y1, x0:x1] &= ~cut
    return regions


def holes_filled(mask: np.ndarray) -> np.ndarray:
    """``mask`` with every hole (background not reached from the crop's border) filled."""
    import cv2

    padded = np.pad(mask.astype(np.uint8), 1)
    reach = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(padded, reach, (0, 0), 2)
    return (padded != 2)[1:-1, 1:-1]


def _mitred(polygon: np.ndarray, width: float) -> np.ndarray:
    """A convex polygon (``N x 2``, either winding) widened by ``width`` with mitred corners."""
    if len(polygon) < 3:
        return polygon
    centre = polygon.mean(axis=0)
    edges = np.roll(polygon, -1, axis=0) - polygon
    lengths = np.linalg.norm(edges, axis=1)
    keep = lengths > 1e-6
    polygon, edges, lengths = polygon[keep], edges[keep], lengths[keep]
    normals = np.stack([edges[:, 1], -edges[:, 0]], axis=1) / lengths[:, None]
    mids = polygon + edges / 2.0
    flip = np.sum((mids - centre) * normals, axis=1) < 0
    normals[flip] *= -1.0  # outward
    before = np.roll(normals, 1, axis=0)  # the edge ending at each vertex
    both = before + normals
    # The corner moves along the bisector by width / cos(half the turn), capped (a pen's
    # mitre limit turns a very sharp corner into a bevel).
    scale = width / np.maximum((1.0 + np.sum(before * normals, axis=1)) / 2.0, 0.01)
    return polygon + both / 2.0 * np.minimum(scale, 10.0 * width)[:, None]
