"""Mirror images of solids in a glossy floor are not objects.

A polished ground plane shows each solid a second time, upside down, right under its foot.
The copy is the solid's colour mixed into the floor's: every pixel lies on the line from the
floor colour toward the solid's own colour, part of the way. A second object standing there
has its own colour, so it is not a mix of its neighbour's and the floor's; a cast shadow mixes
the floor with black, not with the solid's colour (the shadow steps keep those).

The rule asks, for a region whose top touches the bottom of another region and which sits
within that region's width:

* its median colour ``c`` is ``floor + t * (solid - floor)`` with ``0.05 <= t <= 0.6``, the
  residual off that line small next to the solid-floor distance;
* the floor colour is the median of the free pixels around it;
* the solid or its copy is shaded (two flat-coloured shapes, one under the other, are a
  drawing: a pink square under a red one stays).

Example:
    >>> import numpy as np
    >>> drop_floor_reflections([], np.zeros((4, 4, 3), np.uint8))
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .colour import rgb_to_lab
from .flat import is_flat

__all__ = ["drop_floor_reflections", "is_floor_reflection"]

# How much of the solid's colour the floor gives back: POV-Ray's polished and mirror floors
# (fresh3's probe) gave 0.20-0.29. A second, darker solid in front of the first (a dark grey
# metal ball under a red one in a crowded CLEVR-like render) sits at 0.71, 0.22 off the line.
_MIN_MIX, _MAX_MIX = 0.05, 0.6
_MAX_OFF_LINE = 0.2  # residual off the floor-solid line, as a share of their distance (seen: <= 0.14)
_MIN_CONTRAST = 40.0  # the solid must differ from the floor (RGB distance) to tell a mix


def _box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def _floor_colour(mask: np.ndarray, taken: np.ndarray, rgb: np.ndarray, pad: int) -> np.ndarray | None:
    x0, y0, x1, y1 = _box(mask)
    h, w = mask.shape
    ya, yb, xa, xb = max(0, y0 - pad), min(h, y1 + pad + 1), max(0, x0 - pad), min(w, x1 + pad + 1)
    free = ~taken[ya:yb, xa:xb]
    if free.sum() < 20:
        return None
    return np.median(rgb[ya:yb, xa:xb][free].astype(np.float32), axis=0)


def _hangs_below(lower: tuple[int, int, int, int], upper: tuple[int, int, int, int]) -> bool:
    """Whether box ``lower`` starts between the middle and just below the foot of box ``upper``
    and overlaps it sideways (what :func:`is_floor_reflection` asks first)."""
    lx0, ly0, lx1, _ = lower
    ux0, uy0, ux1, uy1 = upper
    uh = uy1 - uy0 + 1
    return uy0 + 0.5 * uh <= ly0 <= uy1 + max(4, 0.06 * uh) and min(lx1, ux1) >= max(lx0, ux0)


def is_floor_reflection(lower: np.ndarray, upper: np.ndarray, taken: np.ndarray, rgb: np.ndarray) -> bool:
    """Whether region ``lower`` is the mirror image of ``upper`` in a glossy floor."""
    lx0, ly0, lx1, ly1 = _box(lower)
    ux0, uy0, ux1, uy1 = _box(upper)
    uh, uw, lw = uy1 - uy0 + 1, ux1 - ux0 + 1, lx1 - lx0 + 1
    # hanging from the solid's foot (its top may show beside the solid's lower half) and
    # reaching further down than the solid
    if not (uy0 + 0.5 * uh <= ly0 <= uy1 + max(4, 0.06 * uh)) or ly1 <= uy1 + 0.25 * uh:
        return False
    # as wide as the solid and under it
    overlap = min(lx1, ux1) - max(lx0, ux0) + 1
    if overlap < 0.75 * lw or not 0.6 * uw <= lw <= 1.2 * uw:
        return False
    # no taller than the solid itself (a mirror copy is the same height or cut by the frame)
    if ly1 - ly0 + 1 > 1.5 * uh:
        return False
    floor = _floor_colour(lower, taken, rgb, pad=max(6, lw // 4))
    if floor is None:
        return False
    if is_flat(rgb_to_lab(rgb[upper])) and is_flat(rgb_to_lab(rgb[lower])):
        return False  # two drawn shapes, one under the other: no solid, no floor to mirror it
    solid = np.median(rgb[upper].astype(np.float32), axis=0)
    seen = np.median(rgb[lower].astype(np.float32), axis=0)
    axis = solid - floor
    span = float(np.linalg.norm(axis))
    if span < _MIN_CONTRAST:
        return False
    t = float(np.dot(seen - floor, axis)) / (span * span)
    off = float(np.linalg.norm(seen - floor - t * axis))
    return _MIN_MIX <= t <= _MAX_MIX and off <= _MAX_OFF_LINE * span


def drop_floor_reflections(regions: list[Any], rgb: np.ndarray) -> list[Any]:
    """``regions`` without the mirror images of other regions in a glossy floor (the solid
    above must be shaded: a flat drawing has no floor to mirror it)."""
    if len(regions) < 2:
        return regions
    taken = np.zeros(rgb.shape[:2], bool)
    for r in regions:
        taken |= r.mask
    boxes = [_box(r.mask) if r.mask.any() else None for r in regions]
    dropped: set[int] = set()
    for k, lower in enumerate(regions):
        for j, upper in enumerate(regions):
            if j == k or j in dropped or boxes[k] is None or boxes[j] is None:
                continue
            if not _hangs_below(boxes[k], boxes[j]):
                continue  # the cheap box test first: a full check per pair cost seconds on icon grids
            if is_floor_reflection(lower.mask, upper.mask, taken, rgb):
                dropped.add(k)
                break
    return [r for k, r in enumerate(regions) if k not in dropped]
