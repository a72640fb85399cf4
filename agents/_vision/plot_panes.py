"""A plot's gridded panes: thin grid lines ruled on a wall or floor that carries solids.

matplotlib's 3-D axes (mplot3d) draw three panes, a floor and two walls, ruled by thin grid
and axis lines, with the plotted solids standing on the floor. Two readings went wrong:

* where a pane's fill is close to the figure's colour, the pane is ground and its grid lines
  are a lattice with holes, like a hatched fill's stripes. :func:`grid_carrying_solids`
  tells the two apart: a hatched or dotted fill is one ink, all of it thin (or dots of that
  ink), while a grid carrying solids holds thick compact bodies of another colour than its
  lines (a ball, a box), which are objects, not part of a pattern;
* where the pane's fill differs from the figure's, the pane is one component whose fill the
  grid lines cut into cells, none big enough to be a panel on its own.
  :func:`pane_across_lines` joins the cells across the lines, so that the solids on the
  pane can be taken apart from it (:func:`.panels.split_panel`).

A pane ruled so is the plot's floor or wall, scenery like a table top (:func:`ruled_pane`),
whatever stands on it: a sheet of graph paper carrying shapes is the page they are drawn on.

Both ask that the lines be one connected network of thin strokes: a texture's specks (each
its own bit) or a fill of thick stripes is neither.

Example:
    >>> import numpy as np, cv2
    >>> comp = np.zeros((200, 200), bool)
    >>> for t in range(10, 191, 20):
    ...     comp[t : t + 2, 10:192] = True; comp[10:192, t : t + 2] = True
    >>> lab = np.zeros((200, 200, 3), np.float32); lab[..., 0] = 70.0
    >>> grid_carrying_solids(comp, lab, 40)
    False
    >>> ball = np.zeros((200, 200), np.uint8); _ = cv2.circle(ball, (100, 100), 25, 1, -1)
    >>> comp |= ball.astype(bool); lab[ball.astype(bool)] = (45.0, 60.0, 40.0)
    >>> grid_carrying_solids(comp, lab, 40)
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["grid_carrying_solids", "pane_across_lines", "ruled_pane"]

#: Lines are at most this wide (px): an opening by a disc this wide takes them off.
_LINE_WIDTH = 5
#: The thin lines make at least this share of a gridded component (the rest: its solids) ...
_LINES_SHARE = 0.35
#: ... and their biggest connected piece this share of them (a network, not specks).
_NETWORK_SHARE = 0.5
#: A body of another colour than the lines: this CIELAB distance from their ink, or its
#: lightness spread (5th to 95th percentile) over this many units (a lit solid's shading).
_OTHER_INK = 15.0
_SHADED_SPREAD = 10.0
#: A pane's fill is cut by its lines into at least this many cells of this many minimum areas.
_CELLS = 3
_CELL_AREAS = 4
#: A solid on a grid is compact: this solidity (area over its hull's).
_SOLIDITY = 0.6


def _lines_and_bodies(
    mask: np.ndarray, min_area: int, share: float = _LINES_SHARE
) -> tuple[np.ndarray, np.ndarray] | None:
    """``(lines, bodies)``: the thin strokes of ``mask`` (what an opening by a
    :data:`_LINE_WIDTH` disc takes off) and its thick parts, when the strokes are one
    network of at least ``share`` of it; else ``None``."""
    import cv2

    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (_LINE_WIDTH + 2, _LINE_WIDTH + 2))
    bodies = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, disc).astype(bool)
    lines = mask & ~cv2.dilate(bodies.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    total = int(lines.sum())
    if total < max(share * float(mask.sum()), 4 * min_area):
        return None
    n, parts, stats, _ = cv2.connectedComponentsWithStats(lines.astype(np.uint8), connectivity=8)
    if n <= 1 or int(stats[1:, cv2.CC_STAT_AREA].max()) < _NETWORK_SHARE * total:
        return None  # specks or separate strokes: a texture, hatching's loose dashes
    return lines, bodies


def grid_carrying_solids(comp: np.ndarray, lab: np.ndarray, min_area: int) -> bool:
    """Whether ``comp`` (a crop's component whose holes make a lattice; ``lab`` the crop in
    CIELAB) is a grid of thin lines carrying solids, not a hatched or dotted fill: its thin
    strokes are one connected network of at least :data:`_LINES_SHARE` of it, and it holds
    at least one thick compact body (at least ``min_area``) that is not of the lines' ink:
    :data:`_OTHER_INK` CIELAB units from it, or shaded. A dot of a dotted fill, a bold
    stroke of the hatching's own ink, or a thick outline ring (not compact) is no solid."""
    import cv2

    split = _lines_and_bodies(comp, min_area)
    if split is None:
        return False
    lines, bodies = split
    ink = np.median(lab[lines].astype(np.float32), axis=0)
    n, parts, stats, _ = cv2.connectedComponentsWithStats(bodies.astype(np.uint8), connectivity=8)
    for k in range(1, n):
        if stats[k, cv2.CC_STAT_AREA] < min_area:
            continue
        piece = parts == k
        contours, _ = cv2.findContours(piece.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        hull = cv2.contourArea(cv2.convexHull(max(contours, key=cv2.contourArea)))
        if hull <= 0 or piece.sum() < _SOLIDITY * hull:
            continue  # a ring or a bent stroke, no solid
        pix = lab[piece].astype(np.float32)
        low, high = np.percentile(pix[:, 0], [5, 95])
        if float(np.linalg.norm(np.median(pix, axis=0) - ink)) >= _OTHER_INK or high - low > _SHADED_SPREAD:
            return True
    return False


def pane_across_lines(comp: np.ndarray, near: np.ndarray, min_area: int) -> np.ndarray | None:
    """The pane of ``comp`` (a crop's component) whose fill ``near`` (the pixels of the
    component's dominant colour) thin lines cut into cells: the biggest connected piece of
    the fill joined with the lines that cross it, when those lines are one network of thin
    strokes (:func:`_lines_and_bodies` on what is not fill) that cut the fill into several
    sizeable cells (:data:`_CELLS`, :data:`_CELL_AREAS`; a shape's outline runs round its fill, it cuts none);
    else ``None``. The solids on the
    pane are thick, so they stay out of it."""
    import cv2

    split = _lines_and_bodies(comp & ~near, min_area, share=0.0)
    if split is None:
        return None
    lines, _bodies = split
    n, parts, stats, _ = cv2.connectedComponentsWithStats((near | lines).astype(np.uint8), connectivity=8)
    if n <= 1:
        return None
    pane = parts == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    # the lines cross the fill, cutting it into cells (a shape's outline only runs round it)
    m, _cells, cstats, _ = cv2.connectedComponentsWithStats((near & pane).astype(np.uint8), connectivity=4)
    sizeable = cstats[1:, cv2.CC_STAT_AREA] >= _CELL_AREAS * min_area
    return pane if int(sizeable.sum()) >= _CELLS else None


#: A ruled pane's lines reach across this share of its width and height.
_SPAN = 0.5
#: CIELAB distance from the pane's own colour at which a pixel is line, not fill.
_FILL_TOLERANCE = 7.0


def ruled_pane(panel: np.ndarray, lab: np.ndarray, min_area: int) -> bool:
    """Whether ``panel`` (a panel's mask; ``lab`` the crop in CIELAB) is ruled by lines: away
    from its rim, the pixels off its own colour are one network of thin strokes
    (:func:`_lines_and_bodies`) that reaches across :data:`_SPAN` of the panel's width and
    height (a grid, not the blended ring round a thing that stood on it)."""
    import cv2

    if not panel.any():
        return False
    inside = cv2.erode(panel.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool)
    pix = lab[panel].astype(np.float32)
    centre = np.median(pix, axis=0)
    off = inside & (np.linalg.norm(lab.astype(np.float32) - centre, axis=-1) >= _FILL_TOLERANCE)
    split = _lines_and_bodies(off, min_area, share=0.5)
    if split is None:
        return False
    n, parts, stats, _ = cv2.connectedComponentsWithStats(split[0].astype(np.uint8), connectivity=8)
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    ys, xs = np.nonzero(panel)
    width, height = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    return bool(
        stats[k, cv2.CC_STAT_WIDTH] >= _SPAN * width and stats[k, cv2.CC_STAT_HEIGHT] >= _SPAN * height
    )
