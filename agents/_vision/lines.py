"""Thin lines in a drawing: a diagram's connectors and arrows are not objects.

A connector touching a shape is peeled off its component (an opening removes it), an arrow's
head of the line's colour goes with its line, and a component that is all line is one line.
A side of an outline-only shape (taking it away opens the shape's hole) is no connector.
Where the clean-up's opening erased a thin grey line but kept the knot where two lines
cross, or its arrowhead, that knot is no object either (:func:`knot_of_lines`).
"""

from __future__ import annotations

import numpy as np

__all__ = ["line_like", "peel_lines", "peel_pattern_lines", "knot_of_lines"]


def peel_lines(
    comp: np.ndarray, crop_rgb: np.ndarray, min_area: int
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """``(pieces, lines)``: a component without the thin lines attached to it (a diagram's
    connector, an arrow's shaft touching a shape), each line on its own, and what is left in
    connected pieces. A line is what an opening 7 px wide removes that is at most 5 px wide,
    encloses nothing and runs at least 12 times its width; star tips, corners and
    outline-only rings stay with their shape. A piece left over that is smaller than the
    line it touches and of the line's colour is its arrowhead."""
    import cv2

    from .ring_connectors import peel_ring_lines

    ringed = peel_ring_lines(comp, min_area)  # outline-only shapes joined by connectors
    if ringed is not None:
        return ringed
    u8 = comp.astype(np.uint8)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    opened = cv2.morphologyEx(u8, cv2.MORPH_OPEN, kernel)  # the frame edge cuts nothing thin
    if int(opened.sum()) == int(u8.sum()):
        return [comp], []
    if not opened.any():  # all of it is thin: a line, an arrow with a small head, or a glyph
        return ([], [comp]) if line_like(comp) else ([comp], [])
    from .mixed_rings import filled_and_rings

    mixed = filled_and_rings(comp, min_area, crop_rgb)  # filled nodes and outline-only ones, joined
    if mixed is not None:
        return mixed
    n, lab = cv2.connectedComponents(u8 & (1 - opened), connectivity=8)
    lines = [lab == k for k in range(1, n) if int((lab == k).sum()) >= min_area and _connector(lab == k)]
    holes = _hole_area(u8)
    if holes and lines:
        # A side of an outline-only shape closes its ring (taking it away opens the hole);
        # a connector does not. The pocket an arrowhead closes against a shape's side (less
        # ground than the line's own ink) is no ring.
        lines = [
            q for q in lines if holes - _hole_area(u8 & ~q.astype(np.uint8) & 1) < max(0.1 * holes, q.sum())
        ]
    if not lines:
        return [comp], []
    rest = comp & ~np.any(lines, axis=0)
    shafts = [int(q.sum()) for q in lines]  # (a piece is a head if smaller than the shaft alone)
    for q, line in enumerate(lines):
        head = _fused_head(line, rest, crop_rgb)
        lines[q] = line | head
        rest &= ~head
    m, cc = cv2.connectedComponents(rest.astype(np.uint8), connectivity=8)
    pieces = []
    grown = [cv2.dilate(q.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) for q in lines]
    ground = np.median(crop_rgb[~comp].astype(np.float32), axis=0) if (~comp).any() else None
    for k in range(1, m):
        piece = cc == k
        size = int(piece.sum())
        colour = np.median(crop_rgb[piece].astype(np.float32), axis=0)
        head = None
        for q, g in enumerate(grown):
            ink = np.median(crop_rgb[lines[q]].astype(np.float32), axis=0)
            if (g & piece).any() and size < shafts[q] and _same_ink(colour, ink, ground):
                head = q
                break
        if head is not None:
            lines[head] = lines[head] | piece
        elif size >= min_area:
            pieces.append(piece)
    return pieces, lines


def _same_ink(head: np.ndarray, line: np.ndarray, ground: np.ndarray | None) -> bool:
    """Whether a head of colour ``head`` is drawn in the ink of a line whose median colour is
    ``line``: within 40 sRGB units, or the line is that ink blended with the ground (a thin
    anti-aliased line shows lighter than its ink: ``line = head + t (ground - head)``, ``t``
    under 0.9, each channel within 20 units)."""
    return float(np.abs(head - line).max()) < 40.0 or _thinned_ink(head, line, ground)


def _thinned_ink(head: np.ndarray, line: np.ndarray, ground: np.ndarray | None) -> bool:
    """Whether ``line`` is ink of colour ``head`` blended with ``ground`` (see :func:`_same_ink`)."""
    if ground is None:
        return False
    toward = ground - head
    size = float(toward @ toward)
    if size < 40.0**2:
        return False
    t = float((line - head) @ toward) / size
    return 0.0 <= t <= 0.9 and float(np.abs(line - head - t * toward).max()) < 20.0


#: A connector's deepest point (half-width, px) where an arrowhead or a corner joins it.
_HEAD_DEPTH = 4.5


#: A connector's rotated box is at most this wide for its length (a joined word is wider) ...
_ACROSS = 0.25
#: ... and holds at most this many times the ink of one stroke of its width along it.
_INK_PER_LENGTH = 1.6


def _connector(mask: np.ndarray) -> bool:
    """Whether ``mask``, thin ink an opening took off a shape, is a connector or an arrow's
    shaft: an open stroke (:func:`~.scenery.open_stroke`) whose width is read along its
    middle (the median of its ridge's half-widths), so that the arrowhead at its end or the
    shape's corner it touches does not make it thick, and whose length is taken along it
    (the long side of its rotated box: a diagonal arrow is as long as an upright one)."""
    import cv2

    from .scenery import open_stroke

    if open_stroke(mask):
        return True
    ys, xs = np.nonzero(mask)
    crop = np.pad(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 1).astype(np.uint8)
    dist = cv2.distanceTransform(crop, cv2.DIST_L2, 3)
    ridge = dist[(dist > 0) & (dist >= cv2.dilate(dist, np.ones((3, 3), np.uint8)))]
    depth = float(np.median(ridge))
    if depth > 2.5 or float(dist.max()) > _HEAD_DEPTH:
        return False
    across, length = sorted(cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))[1])
    if length < 24 * max(depth, 1.0) or across > _ACROSS * length:
        return False  # short, or a line of writing (a word's letters joined), not one path
    if float(mask.sum()) > _INK_PER_LENGTH * length * 2 * max(depth, 1.0):
        return False  # more ink than one stroke of that width and length holds
    contours, _ = cv2.findContours(crop, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(crop)
    cv2.drawContours(filled, contours, -1, 1, -1)
    return float(filled.sum()) < 2.0 * float(crop.sum())  # it encloses nothing


#: An arrowhead's ink is within this much (max over R, G, B) of its line's.
_INK_MATCH = 40.0
#: ... and at least this far from the fill it is drawn on.
_INK_APART = 60.0


def _fused_head(line: np.ndarray, rest: np.ndarray, crop_rgb: np.ndarray) -> np.ndarray:
    """The arrowhead of ``line`` that the opening left fused to the shape it points at: the
    pixels of ``rest`` of the line's ink, connected to the line, unlike the colour of the
    piece they sit on, and no bigger than the line (a black arrow on a black shape takes
    nothing)."""
    import cv2

    pix = crop_rgb.astype(np.float32)
    ink = np.median(pix[line], axis=0)
    inky = rest & (np.abs(pix - ink).max(axis=2) < _INK_MATCH)
    if not inky.any():
        return inky
    n, cc = cv2.connectedComponents(inky.astype(np.uint8), connectivity=8)
    touching = cv2.dilate(line.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    head = np.isin(cc, np.unique(cc[touching & inky]))
    if not head.any() or int(head.sum()) > int(line.sum()):
        return np.zeros_like(rest)
    ring = cv2.dilate(head.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & rest & ~inky
    if not ring.any() or float(np.abs(np.median(pix[ring], axis=0) - ink).max()) < _INK_APART:
        return np.zeros_like(rest)
    # the anti-aliased rim between the head and the fill goes with the head
    return head | (
        cv2.dilate(head.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        & rest
        & ~_fill_like(rest, ring, pix)
    )


def _fill_like(rest: np.ndarray, ring: np.ndarray, pix: np.ndarray) -> np.ndarray:
    fill = np.median(pix[ring], axis=0)
    return rest & (np.abs(pix - fill).max(axis=2) < _INK_MATCH / 2)


def peel_pattern_lines(comp: np.ndarray, min_area: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """``(pieces, lines)`` for a hatched or dotted shape (``comp``): the connectors attached to
    it. Its stripes are thin too, so :func:`peel_lines` cannot tell them from a connector;
    here the shape's body is its filled outline opened 7 px wide (a connector is thinner),
    and what runs outside that body as an open stroke (:func:`~.scenery.open_stroke`: 12
    times as long as wide; a star's tips are short) is a line."""
    import cv2

    from .pattern_fill import filled_outline
    from .scenery import open_stroke

    solid = filled_outline(comp).astype(np.uint8)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    body = cv2.morphologyEx(solid, cv2.MORPH_OPEN, kernel)
    if int(body.sum()) == int(solid.sum()):
        return [comp], []
    reach = cv2.dilate(body, np.ones((3, 3), np.uint8)).astype(bool)
    n, lab = cv2.connectedComponents((comp & ~reach).astype(np.uint8), connectivity=8)
    lines = [lab == k for k in range(1, n) if int((lab == k).sum()) >= min_area and open_stroke(lab == k)]
    if not lines:
        return [comp], []
    rest = comp & ~np.any(lines, axis=0)
    m, cc, stats, _ = cv2.connectedComponentsWithStats(rest.astype(np.uint8), connectivity=8)
    pieces = [cc == k for k in range(1, m) if int(stats[k, cv2.CC_STAT_AREA]) >= min_area]
    return pieces, lines


def _hole_area(mask: np.ndarray) -> int:
    """Pixels ``mask`` encloses (not reachable from the border without crossing it)."""
    import cv2

    padded = np.pad(mask.astype(np.uint8), 1)
    outside = padded.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    return int((outside == 0).sum())


def line_like(mask: np.ndarray) -> bool:
    """A line with at most a small head (an arrow): at least 85 % of it within 2.5 px of
    its edge, running at least 24 times that, enclosing nothing."""
    import cv2

    ys, xs = np.nonzero(mask)
    crop = np.pad(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 1).astype(np.uint8)
    depth = cv2.distanceTransform(crop, cv2.DIST_L2, 3)
    if float((depth > 2.5).sum()) > 0.15 * float(crop.sum()):
        return False
    if max(cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))[1]) < 60:
        return False  # (its length along it: a diagonal arrow is as long as an upright one)
    thin = crop.copy()
    thin[depth > 2.5] = 0
    return _connector(thin.astype(bool))


#: A knot is within this CIELAB distance of its lines' colour (a coloured shape on a grey
#: connector is far more).
KNOT_COLOUR = 15.0


def _about(
    piece: np.ndarray, origin: tuple[int, int], raw_labels: np.ndarray, label: int
) -> tuple[int, int, np.ndarray | None]:
    """The corner of the window about ``piece`` (twice its size each way, 12 px at least)
    and component ``label``'s pixels in it, when those outside the piece and its rim are
    thin lines (85 % within 2.5 px of their edge); else ``None`` for the pixels."""
    import cv2

    y, x = origin
    h, w = piece.shape
    pad = max(12, 2 * max(h, w))
    y0, x0 = max(0, y - pad), max(0, x - pad)
    y1, x1 = min(raw_labels.shape[0], y + h + pad), min(raw_labels.shape[1], x + w + pad)
    raw = raw_labels[y0:y1, x0:x1] == label
    rest = raw.copy()
    grown = cv2.dilate(np.pad(piece, 2).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    gy, gx = np.nonzero(grown)
    gy, gx = gy + y - 2 - y0, gx + x - 2 - x0
    keep = (gy >= 0) & (gy < rest.shape[0]) & (gx >= 0) & (gx < rest.shape[1])
    rest[gy[keep], gx[keep]] = False
    if not rest.any():
        return y0, x0, None
    depth = cv2.distanceTransform(np.pad(rest, 1).astype(np.uint8), cv2.DIST_L2, 3)
    if float((depth > 2.5).sum()) > 0.15 * float(rest.sum()):
        return y0, x0, None
    return y0, x0, raw


def knot_of_lines(
    piece: np.ndarray, origin: tuple[int, int], raw_labels: np.ndarray, raw_stats: np.ndarray, rgb: np.ndarray
) -> bool:
    """Whether ``piece`` (a small component that survived the clean-up's opening, its crop at
    ``origin`` (y, x)) is a knot of thin lines the opening erased: where two connectors
    cross, or an arrowhead. The unopened component it lies in (``raw_labels`` /
    ``raw_stats`` as OpenCV gives them) is all line (:func:`line_like`), at least three
    times the piece, and of the piece's colour (:data:`KNOT_COLOUR`: a small shape a
    connector touches differs)."""
    import cv2

    y, x = origin
    h, w = piece.shape
    ids = np.unique(raw_labels[y : y + h, x : x + w][piece])
    ids = ids[ids > 0]
    if ids.size != 1:
        return False
    r = int(ids[0])
    rx, ry, rw, rh, rarea = (int(v) for v in raw_stats[r])
    if rarea < 3 * int(piece.sum()):
        return False
    raw = raw_labels[ry : ry + rh, rx : rx + rw] == r
    if not line_like(raw):
        # A connector from a shape's border: the component holds that shape too, but about
        # the piece it is only thin lines (an arrowhead at the end of its line).
        ry, rx, about = _about(piece, origin, raw_labels, r)
        if about is None:
            return False
        raw, (rh, rw) = about, about.shape
    rest = raw.copy()  # the lines alone, without the piece and its rim
    grown = cv2.dilate(piece.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    oy, ox = y - ry, x - rx
    ys, xs = np.nonzero(grown)
    inside = (ys + oy >= 0) & (ys + oy < rh) & (xs + ox >= 0) & (xs + ox < rw)
    rest[ys[inside] + oy, xs[inside] + ox] = False
    if not rest.any():
        return False
    line = np.median(rgb[ry : ry + rh, rx : rx + rw][rest].astype(np.float32), axis=0)
    knot = np.median(rgb[y : y + h, x : x + w][piece].astype(np.float32), axis=0)
    from .colour import rgb_to_lab

    if float(np.linalg.norm(rgb_to_lab(line[None]) - rgb_to_lab(knot[None]))) < KNOT_COLOUR:
        return True
    # A thin line shows its ink blended with the ground; the knot shows the ink itself.
    around = ~raw_labels[ry : ry + rh, rx : rx + rw].astype(bool)
    ground = (
        np.median(rgb[ry : ry + rh, rx : rx + rw][around].astype(np.float32), axis=0)
        if around.any()
        else None
    )
    return _thinned_ink(knot, line, ground)
