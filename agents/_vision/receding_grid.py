"""Is there a grid of tiles on the floor, turned on it and seen in perspective?

:func:`~.reliability.tiled_floor` finds tiles whose rows run level across the picture
(the floor's grid square to the camera). A grid turned on the floor has no level edge:
its two sets of tile edges run obliquely, one down to the right and one down to the left,
and each set converges on its own vanishing point on the horizon -- above every edge of
the set, at one height for both sets. :func:`converging_families` finds that in the
long straight segments (``x1, y1, x2, y2``) a Hough transform returns:

* a *family* is the segments sloping one way (2-88 degrees from level, or 92-178); it
  converges when most pairs of its members that are not parallel (1.5 degrees apart or
  more) meet at least a tenth of the height above both segments (a fan drawn from a point
  meets at its own end; hatching and a cube's parallel edges do not meet at all), after
  the members that disagree most are dropped (an object's edge, moire at the horizon);
* both families converge, and their vanishing points stand at about one height (the
  median meeting height of each, within half the picture's height: one horizon);
* the families cross each other inside the picture (a grid, not two separate fans).

Example:
    >>> converging_families([], 100)
    False
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["converging_families", "step_edges", "turned_grid"]

#: Lines of a family, pairs meeting above, and crossings between the two families needed.
_MEMBERS = 4
_MEETINGS = 3
_CROSSINGS = 3
#: Share of a family's non-parallel pairs that must meet above both segments.
_CONVERGE = 0.6
#: Pairs closer in angle than this (degrees) are parallel: their meeting point is noise.
_PARALLEL = 1.5
#: A tile edge is a step between two tiles' colours: the floor this far (px, on the ~0.06 MP
#: copy) to either side differs by this much (CIELAB) at most of the points sampled on it.
_SIDE_PX = 3.0
_STEP = 12.0
_STEPS = 0.5


def _meeting(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float] | None:
    """Where the lines through segments ``a`` and ``b`` meet, or ``None`` if parallel."""
    ax1, ay1, ax2, ay2 = a[:4]
    bx1, by1, bx2, by2 = b[:4]
    dax, day, dbx, dby = ax2 - ax1, ay2 - ay1, bx2 - bx1, by2 - by1
    den = dax * dby - day * dbx
    if abs(den) < 1e-9:
        return None
    t = ((bx1 - ax1) * dby - (by1 - ay1) * dbx) / den
    return ax1 + t * dax, ay1 + t * day


def _vanishing_height(family: list[tuple[float, ...]], h: int) -> float | None:
    """The median height at which the family's non-parallel pairs meet, when most of them
    meet well above both segments (a set of tile edges converging); else ``None``. Members
    that disagree most (an object's edge, a moire streak at the horizon) are dropped one by
    one while the family keeps :data:`_MEMBERS` lines."""
    members = list(range(len(family)))
    meets: dict[tuple[int, int], float | None] = {}  # pair -> height met above both, or None
    for i, a in enumerate(family):
        for j in range(i + 1, len(family)):
            b = family[j]
            met = None if abs(a[4] - b[4]) < _PARALLEL else _meeting(a, b)
            if met is not None:
                meets[i, j] = met[1] if met[1] < min(a[1], a[3], b[1], b[3]) - 0.1 * h else None
    while len(members) >= _MEMBERS:
        pairs = [(i, j) for (i, j) in meets if i in members and j in members]
        heights = [meets[p] for p in pairs if meets[p] is not None]
        if len(heights) >= _MEETINGS and len(heights) >= _CONVERGE * len(pairs):
            return float(np.median(heights))
        if not pairs:
            return None
        # drop the member whose pairs meet above least often
        agree = {m: [meets[p] is not None for p in pairs if m in p] for m in members}
        members.remove(min(members, key=lambda m: float(np.mean(agree[m])) if agree[m] else 1.0))
    return None


def _crossings(one: list[tuple[float, ...]], other: list[tuple[float, ...]]) -> int:
    """How many pairs of segments, one from each family, cross within both segments."""
    n = 0
    for a in one:
        for b in other:
            met = _meeting(a, b)
            if met is None:
                continue
            x, y = met
            if all(
                min(s[0], s[2]) - 2 <= x <= max(s[0], s[2]) + 2
                and min(s[1], s[3]) - 2 <= y <= max(s[1], s[3]) + 2
                for s in (a, b)
            ):
                n += 1
    return n


def converging_families(segments, h: int) -> bool:
    """Whether the segments (``x1, y1, x2, y2`` rows, image rows growing downwards) hold a
    floor grid turned in perspective: two crossing families of oblique lines, each
    converging on a vanishing point above it, both at one height (module docstring)."""
    down_right, down_left = [], []
    for x1, y1, x2, y2 in np.asarray(segments, float).reshape(-1, 4):
        angle = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180.0
        if 2.0 <= angle <= 88.0:
            down_right.append((x1, y1, x2, y2, angle))
        elif 92.0 <= angle <= 178.0:
            down_left.append((x1, y1, x2, y2, angle))
    if len(down_right) < _MEMBERS or len(down_left) < _MEMBERS:
        return False
    heights = [_vanishing_height(f, h) for f in (down_right, down_left)]
    if heights[0] is None or heights[1] is None or abs(heights[0] - heights[1]) > 0.5 * h:
        return False
    return _crossings(down_right, down_left) >= _CROSSINGS


def step_edges(lab: np.ndarray, segments) -> bool:
    """Whether the long segments are mostly steps between two colours (a checker's tile
    edges) rather than lines drawn on one floor (grout or grid lines, the same floor on both
    sides): the Lab colour :data:`_SIDE_PX` either side of points along each segment differs
    by :data:`_STEP` or more at :data:`_STEPS` of the points or more."""
    h, w = lab.shape[:2]
    steps, seen = 0, 0
    for x1, y1, x2, y2 in np.asarray(segments, float).reshape(-1, 4):
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 1.0:
            continue
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        for t in np.linspace(0.1, 0.9, 9):
            x, y = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
            ax, ay = round(x + _SIDE_PX * nx), round(y + _SIDE_PX * ny)
            bx, by = round(x - _SIDE_PX * nx), round(y - _SIDE_PX * ny)
            if not (0 <= ax < w and 0 <= bx < w and 0 <= ay < h and 0 <= by < h):
                continue
            seen += 1
            steps += float(np.linalg.norm(lab[ay, ax] - lab[by, bx])) >= _STEP
    return seen > 0 and steps >= _STEPS * seen


def turned_grid(small: np.ndarray) -> bool:
    """Whether the ~0.06 MP copy shows a floor grid turned in perspective
    (:func:`converging_families` on the long straight edges :func:`~.reliability.tiled_floor`
    reads)."""
    import cv2

    grey = cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_RGB2GRAY)
    h, w = grey.shape
    lines = cv2.HoughLinesP(
        cv2.Canny(grey, 40, 100),
        1,
        np.pi / 180,
        threshold=30,
        minLineLength=max(8, int(0.25 * min(h, w))),
        maxLineGap=4,
    )
    if lines is None:
        return False
    # A floor runs out of the frame: its tile edges reach the left, right or bottom edge (a
    # plot's gridded pane is drawn inside a margin).
    ends = lines.reshape(-1, 4).astype(float)
    xs, ys = ends[:, [0, 2]], ends[:, [1, 3]]
    out = ((xs <= 2) | (xs >= w - 3) | (ys >= h - 3)).any(axis=1)
    if int(out.sum()) < 2 or not converging_families(lines, h):
        return False
    # A checker's tiles meet in steps of colour; thin lines drawn over one plain floor (a
    # grid of grout lines) leave that floor on both sides, and the floor reads as plain.
    from .colour import rgb_to_lab

    return step_edges(rgb_to_lab(np.ascontiguousarray(small)).astype(np.float32), lines)
