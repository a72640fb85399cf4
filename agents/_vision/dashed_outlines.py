"""Outlines drawn with a dashed pen (SVG ``stroke-dasharray``): one shape, not its dashes.

Read pixel by pixel, a dashed outline is a chain of short thin strokes of one ink with small
gaps of the ground between them. Each dash alone is a small mark; together they close around
the ground like an outline-only shape. :func:`dashed_rings` finds such chains among the
connected components of a drawing: thin components (their inscribed radius at most
:data:`MAX_HALF_WIDTH` px), at least :data:`MIN_DASHES` of them, of one ink (within
:data:`SAME_INK` of one another; letters of another ink beside them stay apart), whose gaps
(up to about three pen widths) a closing bridges, and which, bridged, enclose a hole of the
ground at least as large as the chain (a dashed connector or a word does not close around
anything that large). A mark of the same ink beside the ring, off its loop, stays apart.

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

__all__ = ["MAX_HALF_WIDTH", "MIN_DASHES", "SAME_INK", "dashed_rings"]

#: A dashed outline has at least this many dashes ...
MIN_DASHES = 6
#: ... each a thin stroke: its inscribed radius (half its width, more at a dash bent round
#: a corner) at most this (px) ...
MAX_HALF_WIDTH = 4.5
#: ... all of one ink: each dash's CIELAB ink (:func:`_ink`) within this distance of the pen's.
SAME_INK = 15.0
#: The closing that bridges the gaps: a disc of this many half pen widths (+1 px) in radius.
#: Between two dashes of width w it bridges a gap up to about 2 * sqrt(radius * w), three pen
#: widths: dash arrays leave gaps of one to three.
REACH = 5.0
#: ... and, for the rings that closing leaves open, this many times wider (a thin pen's
#: long gaps; each pass only among the dashes no ring has taken).
WIDER = (1.0, 1.6, 2.4)


def _half_widths(labels: np.ndarray, stats: np.ndarray) -> np.ndarray:
    """Each component's inscribed radius (0 for specks, for components too long to be a dash
    and for closed outlines: a piece enclosing more ground than itself is a shape's outline,
    such as a grid's thin card frames, not a dash)."""
    import cv2

    n = stats.shape[0]
    half = np.zeros(n, np.float32)
    longest = 0.25 * min(labels.shape)
    for k in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[k])
        if area < 3 or max(w, h) > longest:
            continue
        piece = np.pad((labels[y : y + h, x : x + w] == k).astype(np.uint8), 1)
        radius = float(cv2.distanceTransform(piece, cv2.DIST_L2, 3).max())
        if radius <= MAX_HALF_WIDTH and int((_filled(piece.astype(bool)) & (piece == 0)).sum()) > area:
            continue  # a thin closed outline (only thin pieces can be dashes: asked of them only)
        half[k] = radius
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


def _filled(mask: np.ndarray) -> np.ndarray:
    """``mask`` with every hole filled (its outer outlines drawn solid)."""
    import cv2

    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    solid = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    return solid.astype(bool)


def _ring(labels: np.ndarray, kept: list[int], disc: np.ndarray) -> np.ndarray | None:
    """The dashes ``kept`` and the ground a closing by ``disc`` bridges between them, when
    that closes around the ground (else ``None``)."""
    import cv2

    own = np.isin(labels, kept)
    ring = (cv2.morphologyEx(own.astype(np.uint8), cv2.MORPH_CLOSE, disc) > 0) & ((labels == 0) | own)
    return ring if _encloses_ground(ring) else None


def _rings_at(
    labels: np.ndarray, dashes: np.ndarray, lab: np.ndarray, distance: np.ndarray, reach: int
) -> dict[int, tuple[list[int], np.ndarray]]:
    """The rings a closing by a disc of radius ``reach`` makes of the ``dashes`` (a mask)."""
    import cv2

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
        apart = np.linalg.norm(inks[:, None] - inks[None], axis=2)
        # the pen: the ink most dashes share (a word's letters beside the ring are another ink)
        same = apart[int(np.argmax((apart <= SAME_INK).sum(axis=1)))] <= SAME_INK
        kept = [k for k, s in zip(members, same, strict=True) if s]
        if len(kept) < MIN_DASHES:
            continue
        ring = _ring(labels, kept, disc)
        if ring is None:
            continue
        # a mark of the same ink beside the ring (a letter under it) is not on its loop
        hole = _filled(ring) & ~ring
        to_hole = cv2.distanceTransform((~hole).astype(np.uint8), cv2.DIST_L2, 3)
        on_loop = [k for k in kept if float(to_hole[labels == k].min()) <= 0.5 * reach + 1.0]
        if len(on_loop) < len(kept):
            ring = _ring(labels, on_loop, disc) if len(on_loop) >= MIN_DASHES else None
        if ring is not None:
            out[on_loop[0]] = (on_loop[1:], ring)
    return out


def dashed_rings(
    labels: np.ndarray, stats: np.ndarray, lab: np.ndarray, distance: np.ndarray
) -> dict[int, tuple[list[int], np.ndarray]]:
    """``{first dash's label: ([the other dashes' labels], ring mask)}``: the ring mask (full
    frame) is the dashes and the ground bridged between them, nothing of another component.
    ``lab``: the frame in CIELAB; ``distance``: each pixel's colour distance to the ground."""

    n = stats.shape[0]
    if n < 1 + MIN_DASHES:
        return {}
    half = _half_widths(labels, stats)
    thin = (half > 0) & (half <= MAX_HALF_WIDTH)
    if int(thin.sum()) < MIN_DASHES:
        return {}
    base = REACH * float(np.median(half[thin]))
    out: dict[int, tuple[list[int], np.ndarray]] = {}
    for widen in WIDER:
        # Dash arrays differ from shape to shape: rings the narrower closing leaves open are
        # tried again, wider, among the dashes no ring has taken yet.
        dashes = thin[labels]
        if int(thin.sum()) < MIN_DASHES:
            break
        reach = max(2, round(widen * base + 1.0))
        out.update(_rings_at(labels, dashes, lab, distance, reach))
        for first, (others, _) in out.items():
            thin[[first, *others]] = False
    return out
