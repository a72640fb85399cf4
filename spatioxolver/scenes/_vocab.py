"""CLEVR's object vocabulary and the geometry of each shape, for the renderer.

The names and values live in :mod:`spatioxolver.vocabulary` (re-exported here): large
objects have scale ``r = 0.7``, small ones ``r = 0.35``. Geometry per shape at scale ``r``:

* sphere: radius ``r``;
* cube: half side ``r / sqrt(2)`` (CLEVR shrinks cubes so they look as big as spheres);
* cylinder: radius ``r``, half height ``r`` (axis along the object's local z).
"""

from __future__ import annotations

import math

from spatioxolver.vocabulary import COLOR_NAMES, COLORS, MATERIALS, SHAPES, SIZES

__all__ = [
    "SHAPES",
    "SIZES",
    "MATERIALS",
    "COLORS",
    "COLOR_NAMES",
    "half_extents",
    "half_height",
    "bounding_radius",
]


def half_extents(shape: str, r: float) -> tuple[float, float, float]:
    """Half extents of the shape's local bounding box at scale ``r``."""
    if shape == "cube":
        h = r / math.sqrt(2.0)
        return (h, h, h)
    if shape in ("sphere", "cylinder"):
        return (r, r, r)
    raise ValueError(f"unknown shape {shape!r}")


def half_height(shape: str, r: float) -> float:
    """Height of the centre above the ground for an upright object of scale ``r``."""
    return half_extents(shape, r)[2]


def bounding_radius(shape: str, r: float) -> float:
    """Radius of a sphere around the centre that contains the whole object."""
    hx, hy, hz = half_extents(shape, r)
    if shape == "sphere":
        return r
    if shape == "cube":
        return math.sqrt(hx * hx + hy * hy + hz * hz)
    return math.sqrt(r * r + hz * hz)
