"""Large or small for a drawn (flat) shape, beside the other drawn shapes (issue 13wd).

People call a drawn shape large or small by how far it reaches, not by how much ink it has:
a star or a triangle drawn as big as a circle covers less area. So the size class splits the
shapes' extents (the longer side of the box) at their widest gap, not the image areas
(perception's ``extras["size_score"]``, used only for a shape without a box); when no gap is
clear (all shapes about one size, or two gaps about as wide) the size is not claimed ("Cannot
tell").

Example:
    >>> split_extents([40.0, 44.0, 90.0, 96.0])
    [False, False, True, True]
"""

from __future__ import annotations

import math

from spatioxolver.schema import SpatialObject

__all__ = ["drawn_size", "extent", "split_extents"]

#: the widest gap between sorted extents must be at least this ratio ...
_MIN_GAP = 1.35
#: ... and the next widest at most this fraction of it (in log terms)
_CLEAR = 0.6


def split_extents(extents: list[float]) -> list[bool] | None:
    """Per extent: large (True) or small (False); ``None`` when no single clear gap."""
    if len(extents) < 2 or min(extents) <= 0:
        return None
    order = sorted(extents)
    gaps = sorted((math.log(b / a), a) for a, b in zip(order, order[1:]))
    widest, cut = gaps[-1]
    if widest < math.log(_MIN_GAP) or (len(gaps) > 1 and gaps[-2][0] > _CLEAR * widest):
        return None
    return [e > cut for e in extents]


def extent(obj: SpatialObject) -> float | None:
    """The longer side of the object's box, px (``None`` without a box)."""
    if not obj.bbox:
        return None
    x0, y0, x1, y1 = obj.bbox
    return float(max(x1 - x0, y1 - y0))


def drawn_size(obj: SpatialObject, objects: list[SpatialObject] | None = None) -> str | None:
    """``"large"`` / ``"small"`` for a flat shape among ``objects`` (see the module), else ``None``."""
    extras = obj.attributes.extras or {}
    if not extras.get("flat"):
        return None
    flat = [o for o in (objects or []) if (o.attributes.extras or {}).get("flat") and extent(o)]
    if obj not in flat:  # no box to measure: perception's split of the image areas
        score = extras.get("size_score")
        return None if not isinstance(score, (int, float)) else ("large" if score > 0 else "small")
    split = split_extents([extent(o) for o in flat])
    if split is None:
        return None
    return "large" if split[flat.index(obj)] else "small"
