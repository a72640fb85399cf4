"""Things standing on a panel: a table top or floor tile, a card or a slide region.

A large component of one uniform colour that carries smaller objects of other colours (a
floor polygon seen in perspective under a few solids, a coloured card with shapes drawn on
it) is one connected blob of foreground. The colour split cannot take it apart: each object
is a few percent of the blob, under the share a split needs (a speck of texture must not
become an object). :func:`split_panel` peels the panel off first:

* the panel is the component's dominant colour: the pixels within :data:`PANEL_TOLERANCE`
  CIELAB units of the peak of its colour histogram, at least :data:`PANEL_SHARE` of it, in
  one connected piece (a flat fill: a shaded ball's gradient or a box's faces hold no such
  plateau beside parts of another hue);
* what is left, opened to drop the anti-aliased rims, is the objects on it: pieces of at
  least the minimum area that differ from the panel in hue (chromaticity), or, of the same
  hue, lie inside it (a grey box on a grey table's top is still surrounded by table);
* each piece is a compact blob much smaller than the panel, standing on it (its centre or
  its lowest point inside the panel's hull), and the panel makes much of the component's
  outer rim (a panel carries objects; two shapes of similar size touching
  are the colour split's business, and an outline, a drop shadow or a stroke along a
  shape's side is no object on it).

Whether the panel is a ground or an object is the caller's question: :func:`is_ground`
answers it from what stands on it. Shaded solids (no piece one uniform colour) stand on a
ground (a table top, a floor polygon under a sky), which is scenery, like a floor that
fills the frame; flat shapes drawn on a card leave the card an object.

Example:
    >>> import numpy as np
    >>> rgb = np.full((100, 160, 3), 255, np.uint8); rgb[10:90, 10:150] = (230, 200, 120)
    >>> rgb[30:50, 30:50] = (200, 30, 30); rgb[40:70, 100:130] = (30, 60, 200)
    >>> from agents._vision.colour import rgb_to_lab
    >>> comp = np.zeros((100, 160), bool); comp[10:90, 10:150] = True
    >>> panel, pieces = split_panel(comp, rgb, rgb_to_lab(rgb), 40)
    >>> len(pieces), int(panel.sum()) == 80 * 140
    (2, True)
"""

from __future__ import annotations

import numpy as np

from .plot_panes import pane_across_lines

__all__ = ["split_panel", "is_ground", "PANEL_SHARE", "PANEL_TOLERANCE"]

#: The panel's colour covers at least this share of the component.
PANEL_SHARE = 0.45
#: CIELAB distance from the histogram's peak colour within which a pixel is panel.
PANEL_TOLERANCE = 7.0
#: A piece of the panel's own hue must be this much inside it (share of its rim on panel).
_ENCLOSED = 0.6
#: rg-chromaticity (x 100) distance from the panel's at which a piece is another hue.
_HUE_GAP = 6.0
#: Components under this many minimum areas are never panels.
_MIN_PANEL_AREAS = 40
#: A panel makes at least this share of the component's outer rim (objects on a table top
#: overhang its far edge; an outline or a drop shadow runs all round or along a side).
_OUTER_SHARE = 0.3
#: Each object on a panel is at most this share of the panel, all of them this share.
_PIECE_SHARE = 0.35
_PIECES_SHARE = 0.7
#: A piece with this share of its inside at one lightness is a flat fill, not a lit solid.
_FLAT_SHARE = 0.7
#: A solid's lightness spreads over this many CIELAB units inside it (5th to 95th percentile).
_SHADED_SPREAD = 10.0
#: An object is compact: this solidity (area over its hull's) and this half-thickness (px).
_SOLIDITY = 0.6
_HALF_THICKNESS = 3.0


def _stands_on(piece: np.ndarray, hull: np.ndarray) -> bool:
    """Whether ``piece`` lies on the panel whose outline's convex hull is ``hull``: its centre
    or the middle of its lowest row (where a solid meets a table top; a tall one overhangs the
    far edge) is inside. A drop shadow's strip along a shape's lower edge lies outside it."""
    import cv2

    ys, xs = np.nonzero(piece)
    bottom = ys.max()
    points = ((float(xs.mean()), float(ys.mean())), (float(xs[ys == bottom].mean()), float(bottom)))
    return any(cv2.pointPolygonTest(hull, p, False) >= 0 for p in points)


def _compact(piece: np.ndarray) -> bool:
    """Whether ``piece`` is a compact blob (an object), not a stroke, a sliver or an L-shaped
    shadow."""
    import cv2

    contours, _ = cv2.findContours(piece.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.contourArea(cv2.convexHull(max(contours, key=cv2.contourArea)))
    if hull <= 0 or piece.sum() < _SOLIDITY * hull:
        return False
    depth = cv2.distanceTransform(np.pad(piece.astype(np.uint8), 1), cv2.DIST_L2, 3)
    return float(depth.max()) >= _HALF_THICKNESS


def _peak_colour(lab: np.ndarray) -> np.ndarray:
    """The modal colour of ``lab`` pixels: the fullest cell of a coarse (4-unit) histogram,
    refined to the median of the pixels near it."""
    q = np.floor(lab / 4.0).astype(np.int32)
    keys = (q[:, 0] * 4096 + (q[:, 1] + 64) * 64 + (q[:, 2] + 64)).astype(np.int64)
    values, counts = np.unique(keys, return_counts=True)
    top = values[int(np.argmax(counts))]
    near = lab[keys == top]
    centre = np.median(near, axis=0)
    close = lab[np.linalg.norm(lab - centre, axis=1) < PANEL_TOLERANCE]
    return np.median(close, axis=0) if len(close) else centre


def _chromaticity(rgb: np.ndarray) -> np.ndarray:
    pix = np.asarray(rgb, np.float32).reshape(-1, 3)
    return (pix[:, :2] + 2.0) / (pix.sum(axis=1, keepdims=True) + 6.0) * 100.0


def _one_fill(plateau: np.ndarray, near: np.ndarray, outer: np.ndarray, area: int) -> bool:
    """Whether ``plateau`` is a panel's fill: at least :data:`PANEL_SHARE` of the component
    (``area`` px) in the panel's colour ``near`` (the colour spread in bits, texture or
    stripes, is no fill) and at least :data:`_OUTER_SHARE` of its outer rim ``outer`` (the
    fill of an outlined or drop-shadowed shape: its rim is no panel's)."""
    return int((plateau & near).sum()) >= PANEL_SHARE * area and float(plateau[outer].mean()) >= _OUTER_SHARE


def split_panel(
    comp: np.ndarray, rgb: np.ndarray, lab: np.ndarray, min_area: int
) -> tuple[np.ndarray, list[np.ndarray]] | None:
    """``(panel, pieces)`` when ``comp`` (a crop's component mask; ``rgb`` and ``lab`` the
    same crop) is a uniform panel carrying smaller objects, else ``None``. ``panel`` is the
    panel's own pixels (the component less its objects); ``pieces`` the objects' masks."""
    import cv2

    area = int(comp.sum())
    if area < _MIN_PANEL_AREAS * min_area:
        return None
    pix = lab[comp].astype(np.float32)
    centre = _peak_colour(pix)
    near = np.zeros(comp.shape, bool)
    near[comp] = np.linalg.norm(pix - centre, axis=1) < PANEL_TOLERANCE
    if near.sum() < PANEL_SHARE * area:
        return None
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    n, blobs, stats, _ = cv2.connectedComponentsWithStats(near.astype(np.uint8), connectivity=8)
    plateau = blobs == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    outer = comp & ~cv2.erode(comp.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    if not _one_fill(plateau, near, outer, area):
        # a plot's pane ruled by grid lines: its cells joined across the lines
        plateau = pane_across_lines(comp, near, min_area)
        if plateau is None or not _one_fill(plateau, near, outer, area):
            return None
    rest = comp & ~cv2.dilate(plateau.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    rest = cv2.morphologyEx(rest.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
    m, parts, pstats, _ = cv2.connectedComponentsWithStats(rest.astype(np.uint8), connectivity=8)
    beside = cv2.dilate(cv2.dilate(plateau.astype(np.uint8), kernel), kernel).astype(bool)  # panel's reach
    panel_hue = np.median(_chromaticity(rgb[plateau]), axis=0)
    contours, _ = cv2.findContours(plateau.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    pieces: list[np.ndarray] = []
    plateau_area = int(plateau.sum())
    for k in range(1, m):
        if pstats[k, cv2.CC_STAT_AREA] < min_area:
            continue
        piece = parts == k
        if _writing_round_panel(piece, near, kernel):
            continue  # the panel's own fill in a letter's loop, ringed by its ink (a "9" on a card)
        if piece.sum() > _PIECE_SHARE * plateau_area or not _compact(piece) or not _stands_on(piece, hull):
            return None  # two sizeable surfaces side by side, a stroke, a sliver, a shadow beside it
        rim = piece & ~cv2.erode(piece.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        on_panel = float((rim & beside).sum()) / max(int(rim.sum()), 1)
        hue = np.median(_chromaticity(rgb[piece]), axis=0)
        other_hue = float(np.linalg.norm(hue - panel_hue)) >= _HUE_GAP
        if not (other_hue and on_panel > 0.0 or on_panel >= _ENCLOSED):
            return None  # a face or a shade of the panel's own surface, not a thing on it
        pieces.append(_regrow(piece, comp, plateau))
    if not pieces or sum(int(p.sum()) for p in pieces) > _PIECES_SHARE * plateau_area:
        return None
    covered = np.logical_or.reduce(pieces)
    return comp & ~covered, pieces


def _writing_round_panel(piece: np.ndarray, near: np.ndarray, kernel: np.ndarray) -> bool:
    """Whether ``piece`` is a letter's loop written on the panel, not a thing standing on it:
    the panel's own colour (``near``) ringed by thin strokes an opening by ``kernel`` removes,
    the loop no wider across than a few strokes (an outlined shape drawn on a card, of the
    card's colour, is much wider than its outline; a shape on a card is a fill of its own)."""
    import cv2

    share = float(near[piece].mean())
    if share < 0.25:
        return False
    other = piece & ~near
    if share < 0.8:
        solid = cv2.morphologyEx(other.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
        if int(solid.sum()) >= 0.5 * int(other.sum()):
            return False
    loop = float(cv2.distanceTransform(np.pad(piece & near, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    stroke = float(cv2.distanceTransform(np.pad(other, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    return loop <= 3.0 * max(stroke, 1.0) + 2.0


def _regrow(piece: np.ndarray, comp: np.ndarray, plateau: np.ndarray) -> np.ndarray:
    """``piece`` given back the rim pixels the opening took (its anti-aliased edge), within
    the component and off the panel."""
    import cv2

    grown = cv2.dilate(piece.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    return piece | (grown & comp & ~plateau)


def is_ground(pieces: list[np.ndarray], lab: np.ndarray, panel: np.ndarray | None = None) -> bool:
    """Whether a panel carrying ``pieces`` is a ground (a table top, a floor polygon): most
    of what stands on it, by area, are shaded solids (lightness inside, away from the rim,
    spreading over :data:`_SHADED_SPREAD` CIELAB units between its 5th and 95th
    percentiles: lit and dark faces, a ball's falloff), not flat fills (under 2, or
    :data:`_FLAT_SHARE` of it within 3 units of its median: a white letter on a card, its
    blended rim aside). With the ``panel``'s mask, pixels of the panel's own colour inside a
    piece are the panel seen through it (the counter of an "A" written on a card), not a
    second tone of the piece."""
    import cv2

    seen_through = np.zeros(lab.shape[:2], bool)
    if panel is not None and panel.any():
        centre = np.median(lab[panel], axis=0)
        seen_through = np.linalg.norm(lab - centre, axis=2) < PANEL_TOLERANCE
    shaded = 0
    for piece in pieces:
        inner = cv2.erode(piece.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
        sample = inner if inner.sum() >= 20 else piece
        if (sample & ~seen_through).sum() >= 20:
            sample = sample & ~seen_through
        light = lab[sample][:, 0]
        low, high = np.percentile(light, [5, 95])
        # (a flat fill whose blended rim the erosion left, a bold letter's strokes: most of it
        # at one lightness; a lit solid's shading spreads it)
        flat = float((np.abs(light - np.median(light)) < 3.0).mean()) >= _FLAT_SHARE
        if high - low > _SHADED_SPREAD and not flat:
            shaded += int(piece.sum())
    return 2 * shaded > sum(int(p.sum()) for p in pieces)
