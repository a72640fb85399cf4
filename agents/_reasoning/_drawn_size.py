"""Large or small for a drawn (flat) shape, beside the other drawn shapes (issue 13wd).

Two readings of "large" exist: how far a shape reaches (the longer side of its box; a star
drawn as big as a circle covers less area) and how much of the image it covers (perception's
split of the image areas, ``extras["size_score"]``). The answer is given when they agree:
the split of the extents at their widest gap must put the same shapes on the large side as the
split of the areas, unless the extent split is clear on its own (one gap at least 1.35x, the
next at most 0.6 of it in log terms) and the areas' own split (in lengths) is not as clear and
different, which then decides; and when either split is clear, a shape both put on the same
side is answered (a circle far larger than every other shape by area, and beyond the widest
gap of the extents). Otherwise the size is not claimed
("Cannot tell"), never a guess.

Example:
    >>> split_extents([40.0, 44.0, 90.0, 96.0])
    ([False, False, True, True], True)
"""

from __future__ import annotations

import math

from spatioxolver.schema import SpatialObject

__all__ = ["drawn_size", "extent", "split_extents"]

#: the widest gap between sorted extents must be at least this ratio to split at all ...
_MIN_GAP = 1.25
#: ... at least this ratio, with the next widest at most _CLEAR of it (log terms), to be clear
_CLEAR_GAP = 1.35
_CLEAR = 0.6


def split_extents(extents: list[float]) -> tuple[list[bool] | None, bool]:
    """Per extent: large (True) or small (False) at the widest gap (``None`` when no gap is
    1.25x), and whether that split is clear on its own (see the module)."""
    if len(extents) < 2 or min(extents) <= 0:
        return None, False
    order = sorted(extents)
    gaps = sorted((math.log(b / a), a) for a, b in zip(order, order[1:], strict=False))
    widest, cut = gaps[-1]
    if widest < math.log(_MIN_GAP):
        return None, False
    clear = widest >= math.log(_CLEAR_GAP) and (len(gaps) == 1 or gaps[-2][0] <= _CLEAR * widest)
    return [e > cut for e in extents], clear


def extent(obj: SpatialObject) -> float | None:
    """The longer side of the object's box, px (``None`` without a box)."""
    if not obj.bbox:
        return None
    x0, y0, x1, y1 = obj.bbox
    return float(max(x1 - x0, y1 - y0))


def _area_large(obj: SpatialObject) -> bool | None:
    score = (obj.attributes.extras or {}).get("size_score")
    return None if not isinstance(score, (int, float)) else score > 0


def drawn_size(obj: SpatialObject, objects: list[SpatialObject] | None = None) -> str | None:
    """``"large"`` / ``"small"`` for a flat shape among ``objects`` (see the module), else ``None``."""
    if not (obj.attributes.extras or {}).get("flat"):
        return None
    flat = [o for o in (objects or []) if (o.attributes.extras or {}).get("flat") and extent(o)]
    if obj not in flat:  # no box to measure: perception's split of the image areas
        large = _area_large(obj)
        return None if large is None else ("large" if large else "small")
    by_extent, clear = split_extents([extent(o) for o in flat])
    by_area = [_area_large(o) for o in flat]
    # the areas' own split, in lengths: when it is clear too and picks other shapes (a square
    # as large as a 2:1 bar reaches less far), only a shape both put on one side is answered
    by_side, side_clear = split_extents([math.sqrt(float(o.area)) if o.area else 0.0 for o in flat])
    i = flat.index(obj)
    if by_extent is not None and by_side is not None and (clear or side_clear) and by_extent[i] == by_side[i]:
        large = by_extent[i]  # a clear split, and the other reading puts the shape on the same side
    elif clear and not (side_clear and by_side != by_extent):
        large = by_extent[i]  # type: ignore[index]
    elif by_extent is not None and by_extent == by_area:
        large = by_area[flat.index(obj)]
    else:
        large = None  # no clear extent split, and the area split is missing or disagrees
    return None if large is None else ("large" if large else "small")
