"""Gradient fills of drawn shapes: a colour that is a smooth function of position.

A drawing program fills a shape with a linear gradient (colour linear in position,
:func:`linear_fill`) or a radial one: colour a function of the distance from a
centre, which over a shape's extent is close to ``a + b x + c y + d (x^2 + y^2)`` in each
sRGB channel (:func:`radial_fill`). Lit solids shade too, but not like that on a
polygonal silhouette: a box's faces change in steps at its creases, a cone's or a can's
shading runs across the axis only (not the same in x and y). A round silhouette with a
radial highlight is how a ball is drawn, so the caller asks this only of polygon outlines.

Example:
    >>> import numpy as np
    >>> yy, xx = np.mgrid[0:60, 0:60]
    >>> mask = (abs(xx - 30) < 25) & (abs(yy - 30) < 25)
    >>> r2 = ((xx - 20.0) ** 2 + (yy - 20.0) ** 2) / 3600.0
    >>> rgb = np.stack([200 - 120 * r2, 60 - 30 * r2, 60 - 30 * r2], -1).clip(0, 255)
    >>> radial_fill(mask, rgb.astype(np.uint8)) is not None
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["gradient_fill", "linear_fill", "radial_fill", "POLYGON_WORDS"]

#: Outlines no lit ball, can or cone shows: a radial shading on them is a gradient fill.
POLYGON_WORDS = frozenset(
    {"triangle", "square", "rectangle", "pentagon", "hexagon", "octagon", "star", "diamond"}
)


def radial_fill(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The pixels more than 2 px inside the outline when their colour is a radial gradient
    (each sRGB channel within a few units of ``a + b x + c y + d r^2``: residual 20-80
    percentile range under 6 and under 3 % of the pixels more than 12 off) that spans some
    range (a channel's 10-90 percentile range 8 or more; a flat fill is :func:`.flat.is_flat`'s),
    else ``None``."""
    interior = _interior(mask, full)
    if interior is None:
        return None
    xs, ys, raw = interior
    pixels = raw.astype(np.float64)
    scale = float(max(mask.shape))
    x, y = (xs - xs.mean()) / scale, (ys - ys.mean()) / scale
    design = np.column_stack([np.ones(xs.size), x, y, x * x + y * y])
    if not _fits(pixels, design):
        return None
    # The shading must span some range (a flat fill is :func:`.flat.is_flat`'s).
    spread = np.percentile(pixels, 90, axis=0) - np.percentile(pixels, 10, axis=0)
    if float(spread.max()) < 8.0:
        return None
    return raw.astype(np.uint8)


def gradient_fill(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The fill of a linear gradient (:func:`linear_fill`), or of a radial one on a polygon
    outline (:func:`radial_fill`; named by :func:`.flat.flat_shape`), else ``None``."""
    from .flat import flat_shape

    ramp = linear_fill(mask, full)
    if ramp is None and (radial := radial_fill(mask, full)) is not None and flat_shape(mask) in POLYGON_WORDS:
        ramp = radial
    return ramp


def linear_fill(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The pixels more than 2 px inside the outline when their colour is a linear function of
    position (a drawing's gradient fill, linear in sRGB as drawing programs make it: each
    channel within a few units of a fitted plane, residual 20-80 percentile range under 6,
    and under 3 % of the pixels more than 12 off),
    else ``None``. A lit solid's shading is not planar: a ball's is radial, a box's changes in
    steps at its edges, a can has a lit top, metal reflects."""
    interior = _interior(mask, full)
    if interior is None:
        return None
    xs, ys, pixels = interior
    scale = float(max(mask.shape))
    design = np.column_stack([np.ones(xs.size), xs / scale, ys / scale])
    return pixels if _fits(pixels.astype(np.float64), design) else None


def _interior(mask: np.ndarray, full: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The columns, rows and colours of the pixels more than 2 px inside the outline, or
    ``None`` where they are under 100 or under a quarter of the shape (too thin to fit)."""
    import cv2

    m = np.pad(mask.astype(np.uint8), 1)
    dist = cv2.distanceTransform(m, cv2.DIST_L2, 3)[1:-1, 1:-1]
    deep = dist > 2.0
    if deep.sum() < 100 or deep.sum() < 0.25 * mask.sum():
        return None
    ys, xs = np.nonzero(deep)
    return xs, ys, np.asarray(full)[deep].reshape(-1, 3)


def _fits(pixels: np.ndarray, design: np.ndarray) -> bool:
    """Whether each channel of ``pixels`` is the least-squares fit over ``design`` within a few
    units: residual 20-80 percentile range under 6, and under 3 % of the pixels more than 12
    off anywhere (a shape of another colour drawn on the fill is no part of it)."""
    coef, *_ = np.linalg.lstsq(design, pixels, rcond=None)
    residual = pixels - design @ coef
    q = np.percentile(residual, [20, 80], axis=0)
    off = float((np.abs(residual).max(axis=1) > 12.0).mean())
    return bool(((q[1] - q[0]) < 6.0).all()) and off < 0.03
