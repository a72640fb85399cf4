"""Filled shapes and outline-only shapes joined by connectors in one component.

A flowchart mixes filled nodes (a filled start pill) with outline-only boxes, all joined by
arrows: one component whose filled parts survive the opening that peels connectors
(:func:`~.lines.peel_lines`), while the outlines, thin as the arrows, do not. The rings
among the thin ink are found as :func:`~.ring_connectors.peel_ring_lines` finds them in an
all-outline diagram (the ink within a pen's width of a hole it encloses), and each ring
stays one shape instead of falling into fragments beside the connectors.

Example:
    >>> import numpy as np, cv2
    >>> img = np.zeros((120, 300), np.uint8)
    >>> _ = cv2.ellipse(img, (50, 60), (40, 25), 0, 0, 360, 1, -1)  # a filled pill
    >>> _ = cv2.line(img, (90, 60), (180, 60), 1, 2)  # an arrow's shaft
    >>> _ = cv2.rectangle(img, (180, 30), (280, 90), 1, 2)  # an outline-only box
    >>> pieces, lines = filled_and_rings(img.astype(bool), 40)
    >>> len(pieces), len(lines)
    (2, 1)
"""

from __future__ import annotations

import numpy as np

__all__ = ["filled_and_rings"]


def filled_and_rings(
    comp: np.ndarray, min_area: int, crop_rgb: np.ndarray | None = None
) -> tuple[list[np.ndarray], list[np.ndarray]] | None:
    """``(pieces, lines)`` for a component holding both filled shapes and outline-only
    rings joined by connectors, or ``None`` where it holds no such mix. With ``crop_rgb``,
    an arrowhead fused to the filled shape it points at goes with its line."""
    import cv2

    from .ring_connectors import MAX_HALF_WIDTH, peel_ring_lines

    u8 = comp.astype(np.uint8)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    opened = cv2.morphologyEx(u8, cv2.MORPH_OPEN, kernel)
    if not opened.any():
        return None
    # The filled parts: what the opening kept, deep enough for a node (an arrowhead the
    # opening kept is a connector's, ink as thin as its pen); the thin ink is the rest, off
    # their anti-aliased rims.
    n, cc = cv2.connectedComponents(opened, connectivity=8)
    depth = cv2.distanceTransform(u8, cv2.DIST_L2, 5)
    body = np.zeros(comp.shape, np.uint8)
    for k in range(1, n):
        piece = cc == k
        if float(depth[piece].max()) > 2 * MAX_HALF_WIDTH or _round(piece):
            body[piece] = 1
    if not body.any():
        return None
    # (an arrowhead the opening kept is no node: wider than a pen, judged apart from its shaft)
    heads = opened.astype(bool) & ~body.astype(bool)
    thin = comp & ~cv2.dilate(body, np.ones((5, 5), np.uint8)).astype(bool)
    ringed = peel_ring_lines(thin, min_area, heads)
    if ringed is None:
        return None
    from .lines import _fused_head

    rings, lines = ringed
    # (a filled shape's thin tips, which the opening also took, are no connectors: they stay)
    lines = [q for q in lines if _runs_long(q)]
    if not rings or not lines:
        return None
    rest = comp.copy()
    for part in (*rings, *lines):
        rest &= ~part
    if crop_rgb is not None:
        for q, line in enumerate(lines):
            # (the line reaches the node again over the rim the thin ink left out)
            reach = line | (cv2.dilate(line.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool) & comp)
            head = _fused_head(reach, rest & ~reach, crop_rgb) | (reach & rest)
            lines[q] = line | head
            rest &= ~head
    n, cc = cv2.connectedComponents(rest.astype(np.uint8), connectivity=8)
    filled, heads = [], []
    grown = [cv2.dilate(q.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) for q in lines]
    for k in range(1, n):
        piece = cc == k
        size = int(piece.sum())
        if size < min_area:
            continue
        if not cv2.morphologyEx(piece.astype(np.uint8), cv2.MORPH_OPEN, kernel).any():
            continue
        # an arrowhead: a small solid at one connector's end, smaller than the shaft (a
        # marker on a timeline's axis has lines on both sides: a shape)
        touched = [q for q, g in zip(lines, grown, strict=True) if (g & piece).any()]
        small = not (piece & body.astype(bool)).any()  # (a node deep enough is no head)
        if small and len(touched) == 1 and size < int(touched[0].sum()) and not _round(piece):
            heads.append(piece)
            continue
        filled.append(piece)
    if not filled:
        return None
    return filled + list(rings), list(lines) + heads


#: A connector runs at least this many times its mean width.
_RUN = 8.0


def _runs_long(piece: np.ndarray) -> bool:
    """Whether ``piece`` runs long for its width (a connector, not a filled shape's tip)."""
    import cv2

    ys, xs = np.nonzero(piece)
    (_, _), (a, b), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    length = max(a, b, 1.0)
    return length >= _RUN * max(float(piece.sum()) / length, 1.0)


def _round(piece: np.ndarray) -> bool:
    """A round solid deeper than a pen: a disc holding about its inscribed circle (a
    timeline's marker, a small node), not an arrowhead's triangle (1.65 times it, 1.3 and more once the
    opening rounded its corners)."""
    import cv2

    from .ring_connectors import MAX_HALF_WIDTH

    deep = float(cv2.distanceTransform(np.pad(piece.astype(np.uint8), 1), cv2.DIST_L2, 5).max())
    return deep > MAX_HALF_WIDTH and float(piece.sum()) <= 1.2 * np.pi * deep * deep
