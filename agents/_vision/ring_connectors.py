"""Outline-only shapes joined by connectors: each ring is a shape, the lines between are not.

A diagram drawn with unfilled nodes (an org chart of outlined boxes, a network graph of
outlined circles) is, pixel by pixel, thin ink everywhere: the nodes' outlines and the
connectors between them are strokes of about one width, so the opening that peels a
connector off a filled shape (:func:`~.lines.peel_lines`) takes the outlines away as well,
and the whole graph stays one component.

What tells an outline from a connector is the ground it closes around: an outline encloses
a hole, a connector encloses nothing. :func:`peel_ring_lines` keeps, of a thin component,
the ink within one pen width (and a pixel of anti-aliasing) of a hole: the rings. What is
left, in connected pieces, is off every ring; a piece that is a thin open stroke
(:func:`thin_open`: all of it within :data:`MAX_HALF_WIDTH` of its edge, enclosing nothing;
an arrowhead at its end is no wider) is a connector, and its rings fall apart into the nodes.

Example:
    >>> import numpy as np, cv2
    >>> img = np.zeros((120, 240), np.uint8)
    >>> _ = cv2.rectangle(img, (10, 30), (80, 90), 1, 2)
    >>> _ = cv2.circle(img, (190, 60), 32, 1, 2)
    >>> _ = cv2.line(img, (80, 60), (158, 60), 1, 2)
    >>> rings, lines = peel_ring_lines(img.astype(bool), 30)
    >>> len(rings), len(lines)
    (2, 1)
"""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_HALF_WIDTH", "peel_ring_lines", "thin_open"]

#: A pen is thin where its inscribed radius (half its width) is at most this (px); an
#: arrowhead's, at the end of a connector, too.
MAX_HALF_WIDTH = 4.5
#: A connector runs at least this many times its pen's width.
_RUN = 3.0
#: At least one of them runs this many times its pen's width (JPEG ringing round an outline
#: leaves short stubs only).
_LONG_RUN = 8.0
#: ... or is a stub against a ring, at most this share of the component's ink.
_STUB_SHARE = 0.1
#: The ink of a thin component: its ridge's median half-width at most this (px) ...
_RIDGE = 3.0
#: ... and at most this share of it further than that from its edge (a filled shape is deep).
_DEEP_SHARE = 0.1


def _holes(mask: np.ndarray) -> np.ndarray:
    """The ground ``mask`` encloses (not reachable from the border without crossing it)."""
    import cv2

    padded = np.pad(mask.astype(np.uint8), 1)
    outside = padded.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    return (outside == 0)[1:-1, 1:-1]


def _depth(mask: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.distanceTransform(np.pad(mask.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]


def _half_width(mask: np.ndarray, depth: np.ndarray) -> float:
    """The median half-width along ``mask``'s ridge (its middle line)."""
    import cv2

    ridge = mask & (depth > 0) & (depth >= cv2.dilate(depth, np.ones((3, 3), np.uint8)))
    return float(np.median(depth[ridge])) if ridge.any() else 0.0


def thin_open(mask: np.ndarray, half: float) -> bool:
    """Whether ``mask`` is a thin open stroke of a pen ``half`` px wide each side: none of it
    deeper than :data:`MAX_HALF_WIDTH` (a connector with its arrowhead), running at least
    :data:`_RUN` times the pen's width, and enclosing no ground (a letter's stem is short)."""
    import cv2

    if float(_depth(mask).max()) > MAX_HALF_WIDTH or _holes(mask).any():
        return False
    ys, xs = np.nonzero(mask)
    length = max(cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))[1])
    return length >= _RUN * 2 * max(half, 1.0)


def _long(piece: np.ndarray, half: float) -> bool:
    """Whether ``piece`` runs at least :data:`_LONG_RUN` times its pen's width: a connector."""
    import cv2

    ys, xs = np.nonzero(piece)
    return max(cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))[1]) >= _LONG_RUN * 2 * max(
        half, 1.0
    )


def _stub(piece: np.ndarray, comp: np.ndarray) -> bool:
    """Whether ``piece`` is a short thin mark against a ring, at most :data:`_STUB_SHARE` of
    the component's ink: what an earlier step left of a connector (its end, its arrowhead)."""
    return float(_depth(piece).max()) <= MAX_HALF_WIDTH and float(piece.sum()) <= _STUB_SHARE * float(
        comp.sum()
    )


def peel_ring_lines(
    comp: np.ndarray, min_area: int, heads: np.ndarray | None = None
) -> tuple[list[np.ndarray], list[np.ndarray]] | None:
    """``(rings, lines)`` for a thin component (``comp``, a boolean crop) made of outline-only
    shapes and the connectors between them; ``None`` where it is not one: it is not thin
    ink, encloses no ground, or what lies off its rings is not all thin open strokes
    (``heads``: pixels of arrowheads wider than a pen, judged apart from their shafts)."""
    import cv2

    if int(comp.sum()) < min_area:
        return None
    ink = comp if heads is None else comp & ~heads
    depth = _depth(ink)
    half = _half_width(ink, depth)
    if half > _RIDGE or float((depth > _RIDGE + 1).sum()) > _DEEP_SHARE * float(ink.sum()):
        return None  # a filled shape (its hole, if any, a letter written on it)
    holes = _holes(comp)
    if int(holes.sum()) < min_area:
        return None
    reach = int(np.ceil(2 * half)) + 2  # one pen width and the anti-aliased rim
    near = cv2.dilate(
        holes.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1,) * 2)
    )
    ring = comp & near.astype(bool)
    rest = comp & ~ring
    if not rest.any():
        return None
    n, lab = cv2.connectedComponents(rest.astype(np.uint8), connectivity=8)
    lines = []
    for k in range(1, n):
        piece = lab == k
        if int(piece.sum()) < 4:
            ring |= piece  # a stray pixel of a ring's corner
            continue
        shaft = piece if heads is None or not (piece & ~heads).any() else piece & ~heads
        if not thin_open(shaft, half) and not _stub(piece, comp):
            return None  # a mark that is no connector: leave the component to the others
        lines.append(piece)
    if not any(_long(q, half) for q in lines):
        return None  # stubs alone (a compressed outline's ringing): no connector drawn
    m, cc, stats, _ = cv2.connectedComponentsWithStats(ring.astype(np.uint8), connectivity=8)
    rings = [cc == k for k in range(1, m) if int(stats[k, cv2.CC_STAT_AREA]) >= min_area]
    if not rings:
        return None
    return rings, lines
