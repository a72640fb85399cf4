"""Outlines drawn with a dashed pen (SVG ``stroke-dasharray``): one shape, not its dashes.

Read pixel by pixel, a dashed outline is a chain of short thin strokes of one ink with small
gaps of the ground between them. Each dash alone is a small mark; together they close around
the ground like an outline-only shape. :func:`dashed_rings` finds such chains among the
connected components of a drawing: thin components (their inscribed radius at most
:data:`MAX_HALF_WIDTH` px), at least :data:`MIN_DASHES` of them, of one ink (within
:data:`SAME_INK` of their median, :data:`SAME_SHARE` of them), whose gaps (up to about three pen widths) a closing
bridges, and which, bridged, enclose a hole of the ground at least as large as the chain (a
dashed connector or a word does not close around anything that large).

The caller relabels the dashes and the bridges between them as one component, a closed ring
whose pixels are the ink and the ground in its gaps; that ring is read like a patterned shape
(its colour from its inkiest pixels, its shape from its outer outline), since its gaps, like a
hatched fill's, are ground and no colour of its own.

Example:
    >>> import numpy as np, cv2
    >>> ring = np.zeros((80, 80), np.uint8)
    >>> _ = cv2.circle(ring, (40, 40), 30, 1, 2)
    >>> ring[np.add.outer(np.arange(80), np.arange(80)) % 10 < 4] = 0  # cut into dashes
    >>> n, labels, stats, _ = cv2.connectedComponentsWithStats(ring, connectivity=8)
    >>> lab = np.zeros((80, 80, 3), np.float32)
    >>> n > 6, len(dashed_rings(labels, stats, lab, ring.astype(np.float32)))
    (True, 1)
"""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_HALF_WIDTH", "MIN_DASHES", "SAME_INK", "SAME_SHARE", "dashed_rings"]

#: A dashed outline has at least this many dashes ...
MIN_DASHES = 6
#: ... each a thin stroke: its inscribed radius (half its width, more at a dash bent round
#: a corner) at most this (px) ...
MAX_HALF_WIDTH = 4.5
#: ... all of one ink: each dash's median CIELAB colour within this distance of theirs.
SAME_INK = 15.0
#: ... at least this share of the chain's thin components (a letter the closing reaches
#: stays apart; a row of words of one ink has no hole to enclose).
SAME_SHARE = 0.8
#: The closing that bridges the gaps: a disc of this many half pen widths (+1 px) in radius.
#: Between two dashes of width w it bridges a gap up to about 2 * sqrt(radius * w), three pen
#: widths: dash arrays leave gaps of one to three.
REACH = 5.0


def _half_widths(labels: np.ndarray, stats: np.ndarray) -> np.ndarray:
    """Each component's inscribed radius (0 for specks and for components too long to be a dash)."""
    import cv2

    n = stats.shape[0]
    half = np.zeros(n, np.float32)
    longest = 0.25 * min(labels.shape)
    for k in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[k])
        if area < 3 or max(w, h) > longest:
            continue
        piece = np.pad((labels[y : y + h, x : x + w] == k).astype(np.uint8), 1)
        half[k] = float(cv2.distanceTransform(piece, cv2.DIST_L2, 3).max())
    return half


def _ink(lab: np.ndarray, distance: np.ndarray, dash: np.ndarray) -> np.ndarray:
    """A dash's ink: the median CIELAB colour of its quarter farthest from the ground (a short
    dash is mostly anti-aliased rim, a blend of ink and ground)."""
    far = distance[dash]
    return np.median(lab[dash][far >= np.quantile(far, 0.75)], axis=0)


def _encloses_ground(chain: np.ndarray) -> bool:
    """Whether the bridged chain, filled, covers at least twice its own pixels (a ring around
    the ground; a dashed connector or a word is its own filling)."""
    import cv2

    ys, xs = np.nonzero(chain)
    crop = chain[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.uint8)
    contours, _ = cv2.findContours(np.pad(crop, 1), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    solid = np.zeros((crop.shape[0] + 2, crop.shape[1] + 2), np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    return int(solid.sum()) >= 2 * int(crop.sum())


def dashed_rings(
    labels: np.ndarray, stats: np.ndarray, lab: np.ndarray, distance: np.ndarray
) -> dict[int, tuple[list[int], np.ndarray]]:
    """``{first dash's label: ([the other dashes' labels], ring mask)}``: the ring mask (full
    frame) is the dashes and the ground bridged between them, nothing of another component.
    ``lab``: the frame in CIELAB; ``distance``: each pixel's colour distance to the ground."""
    import cv2

    n = stats.shape[0]
    if n < 1 + MIN_DASHES:
        return {}
    half = _half_widths(labels, stats)
    thin = (half > 0) & (half <= MAX_HALF_WIDTH)
    if int(thin.sum()) < MIN_DASHES:
        return {}
    dashes = thin[labels]
    reach = max(2, round(REACH * float(np.median(half[thin])) + 1.0))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))
    bridged = cv2.morphologyEx(dashes.astype(np.uint8), cv2.MORPH_CLOSE, disc)
    m, groups = cv2.connectedComponents(bridged, connectivity=8)
    out: dict[int, tuple[list[int], np.ndarray]] = {}
    for g in range(1, m):
        chain = groups == g
        members = [int(k) for k in np.unique(labels[chain & dashes])]
        if len(members) < MIN_DASHES or not _encloses_ground(chain):
            continue
        inks = np.array([_ink(lab, distance, labels == k) for k in members], np.float32)
        same = np.linalg.norm(inks - np.median(inks, axis=0), axis=1) <= SAME_INK
        if int(same.sum()) < max(MIN_DASHES, SAME_SHARE * len(members)):
            continue  # strokes of several inks (words, marks): no one pen's outline
        kept = [k for k, s in zip(members, same, strict=True) if s]  # a letter beside it stays apart
        own = np.isin(labels, kept)
        ring = (cv2.morphologyEx(own.astype(np.uint8), cv2.MORPH_CLOSE, disc) > 0) & ((labels == 0) | own)
        if not _encloses_ground(ring):
            continue
        out[kept[0]] = (kept[1:], ring)
    return out
