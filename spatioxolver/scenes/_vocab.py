"""CLEVR's object vocabulary: shapes, sizes, materials and the eight colours.

The values are CLEVR's (``properties.json`` of clevr-dataset-gen): large objects have
scale ``r = 0.7``, small ones ``r = 0.35``. Geometry per shape at scale ``r``:

* sphere: radius ``r``;
* cube: half side ``r / sqrt(2)`` (CLEVR shrinks cubes so they look as big as spheres);
* cylinder: radius ``r``, half height ``r`` (axis along the object's local z).
"""

from __future__ import annotations

import math

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

SHAPES: tuple[str, ...] = ("cube", "sphere", "cylinder")
SIZES: dict[str, float] = {"large": 0.7, "small": 0.35}
MATERIALS: tuple[str, ...] = ("rubber", "metal")
COLORS: dict[str, tuple[int, int, int]] = {
    "gray": (87, 87, 87),
    "red": (173, 35, 35),
    "blue": (42, 75, 215),
    "green": (29, 105, 20),
    "brown": (129, 74, 25),
    "purple": (129, 38, 192),
    "cyan": (41, 208, 208),
    "yellow": (255, 238, 51),
}
COLOR_NAMES: tuple[str, ...] = tuple(COLORS)


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
