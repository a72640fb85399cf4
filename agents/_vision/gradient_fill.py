"""Gradient fills of drawn shapes: a colour that is a smooth function of position.

A drawing program fills a shape with a linear gradient (colour linear in position,
:func:`linear_fill`) or a radial one: colour a function of the distance from a
centre, which over a shape's extent is close to ``a + b x + c y + d (x^2 + y^2)`` in each
sRGB channel (:func:`radial_fill`). Lit solids shade too, but not like that on a
polygonal silhouette: a box's faces change in steps at its creases, a cone's or a can's
shading runs across the axis only (not the same in x and y). A round silhouette with a
radial highlight is how a ball is drawn, so the caller asks this only of polygon outlines.

A drawing program's radial gradient has one more property a lit ball lacks, which holds on
any outline, round ones included (:func:`concentric_fill`): its isophotes are concentric
circles about one point (the gradient's centre), and its colour is linear in the distance
from that point. A lit ball's isophotes are ellipses whose centres move toward the light
as they brighten, and its shading along any ray is a cosine (steep at the rim), not a
straight ramp: its colour is no linear function of the distance from any point.

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

__all__ = [
    "concentric_fill",
    "deep_gradient_fill",
    "gradient_fill",
    "linear_fill",
    "radial_fill",
    "POLYGON_WORDS",
]

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
    """The fill of a linear gradient (:func:`linear_fill`), of a radial one on a polygon
    outline (:func:`radial_fill`; named by :func:`.flat.flat_shape`), or of a radial one
    whose isophotes are concentric circles on any outline (:func:`concentric_fill`), else
    ``None``."""
    from .flat import flat_shape

    ramp = linear_fill(mask, full)
    if ramp is None and flat_shape(mask) in POLYGON_WORDS:
        ramp = radial_fill(mask, full)
    if ramp is None:
        ramp = concentric_fill(mask, full)
    return ramp


#: The fewest deep pixels :func:`deep_gradient_fill` fits.
DEEP_PIXELS = 400


def deep_gradient_fill(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """:func:`gradient_fill` of the shape's deep inside only (pixels more than 0.3 of the
    deepest pixel's distance from the outline): a soft drop shadow the segmenter left in the
    mask, a band along one side a few pixels wide, is no part of the fill. At least
    :data:`DEEP_PIXELS` such pixels: over fewer, a small lit cone's or ball's curved shading
    passes for a plane."""
    import cv2

    depth = cv2.distanceTransform(np.pad(mask.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    deep = depth > 0.3 * float(depth.max())
    return gradient_fill(deep, full) if deep.sum() >= DEEP_PIXELS else None


def concentric_fill(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The pixels more than 2 px inside the outline when their colour is linear in the
    distance from one point (a drawing's radial gradient: concentric isophotes; each channel
    within a few units of ``a + b |p - c|``, as :func:`_fits` judges it), else ``None``.

    The distance is taken in pixels (a gradient in user space: circular isophotes) or in
    units of the outline's box (SVG's default ``objectBoundingBox`` units: on a box wider
    than tall the circles stretch into ellipses of the box's proportions); the centre ``c``
    lies within the outline's box, first where the lines along the colour's gradient meet
    (the normals of concentric circles pass through their centre), then refined."""
    interior = _interior(mask, full)
    if interior is None:
        return None
    xs, ys, raw = interior
    pixels = _smoothed(mask, full)[ys, xs]  # JPEG's 8 px blocks blur away, a gradient stays
    height, width = mask.shape
    for sx, sy in ((float(max(mask.shape)),) * 2, (float(width), float(height))):
        centre = _isophote_centre(mask, full, sx / sy)
        if centre is None:
            continue
        u, v = xs / sx, ys / sy
        start = (centre[0] / sx, centre[1] / sy)
        if (
            _share_off(pixels, np.column_stack([np.ones(xs.size), np.hypot(u - start[0], v - start[1])]))
            > 0.2
        ):
            continue  # far from any radial ramp (a lit ball): not worth refining
        centre = _refined_centre(u, v, pixels, start, (width / sx, height / sy))
        distance = np.hypot(u - centre[0], v - centre[1])
        if _fits(pixels, np.column_stack([np.ones(xs.size), distance])):
            return raw.astype(np.uint8)
    return None


def _share_off(pixels: np.ndarray, design: np.ndarray) -> float:
    """The share of pixels more than 12 units off the least-squares fit over ``design``."""
    coef, *_ = np.linalg.lstsq(design, pixels, rcond=None)
    return float((np.abs(pixels - design @ coef).max(axis=1) > 12.0).mean())


def _smoothed(mask: np.ndarray, full: np.ndarray) -> np.ndarray:
    """``full`` blurred (Gaussian, 1.5 px) over the pixels more than 1 px inside the outline
    only, so neither the ground nor the anti-aliased rim bleeds in."""
    import cv2

    depth = cv2.distanceTransform(np.pad(mask.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    weight = (depth > 1.0).astype(np.float64)
    total = np.maximum(cv2.GaussianBlur(weight, (0, 0), 1.5), 1e-6)
    rgb = np.asarray(full, dtype=np.float64)
    return np.stack([cv2.GaussianBlur(rgb[..., k] * weight, (0, 0), 1.5) / total for k in range(3)], -1)


def _refined_centre(
    u: np.ndarray, v: np.ndarray, pixels: np.ndarray, start: tuple[float, float], box: tuple[float, float]
) -> tuple[float, float]:
    """The point within ``box`` (from the origin) whose distance the colour is most nearly
    linear in (least squares over at most 4,000 of the pixels), searched from ``start``."""
    from scipy.optimize import minimize

    step = max(1, u.size // 4000)
    u, v, pixels = u[::step], v[::step], pixels[::step]

    def misfit(point: np.ndarray) -> float:
        x, y = np.clip(point, 0.0, box)
        design = np.column_stack([np.ones(u.size), np.hypot(u - x, v - y)])
        _, residual, *_ = np.linalg.lstsq(design, pixels, rcond=None)
        return float(residual.sum()) if residual.size else 0.0

    found = minimize(
        misfit, np.clip(start, 0.0, box), method="Nelder-Mead", options={"xatol": 1e-3, "fatol": 1e-2}
    )
    x, y = np.clip(found.x, 0.0, box)
    return float(x), float(y)


def _isophote_centre(mask: np.ndarray, full: np.ndarray, stretch: float = 1.0) -> tuple[float, float] | None:
    """The point nearest (least squares, weighted by steepness) to every line through a pixel
    along the colour's gradient, the colour taken along its main axis and smoothed inside the
    outline only (a blur of a radial field is radial about the same point); rows are
    stretched by ``stretch`` first (isophotes that are ellipses of that proportion become
    circles). ``None`` when the colour hardly changes."""
    import cv2

    pixels = np.asarray(full, dtype=np.float64)
    inside = mask.astype(bool)
    colours = pixels[inside]
    _, _, axes = np.linalg.svd(colours - colours.mean(0), full_matrices=False)
    level = (pixels - colours.mean(0)) @ axes[0]
    sigma = max(1.5, float(np.sqrt(inside.sum() / np.pi)) / 12.0)
    weight = inside.astype(np.float64)
    smooth = cv2.GaussianBlur(level * weight, (0, 0), sigma)
    smooth /= np.maximum(cv2.GaussianBlur(weight, (0, 0), sigma), 1e-6)
    gx = cv2.Sobel(smooth, cv2.CV_64F, 1, 0, ksize=3)
    gy = cv2.Sobel(smooth, cv2.CV_64F, 0, 1, ksize=3) / stretch
    depth = cv2.distanceTransform(np.pad(inside.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    ys, xs = np.nonzero(depth > 4.0)
    steep = np.hypot(gx[ys, xs], gy[ys, xs])
    if xs.size < 50 or float(steep.max()) < 1e-3:
        return None
    rows = ys * stretch
    nx, ny = -gy[ys, xs] / np.maximum(steep, 1e-9), gx[ys, xs] / np.maximum(steep, 1e-9)
    along = nx * xs + ny * rows
    normal = np.array([[np.sum(steep * nx * nx), np.sum(steep * nx * ny)], [0.0, np.sum(steep * ny * ny)]])
    normal[1, 0] = normal[0, 1]
    if abs(np.linalg.det(normal)) < 1e-9:
        return None  # parallel lines: a linear ramp, no centre
    cx, cy = np.linalg.solve(normal, [np.sum(steep * nx * along), np.sum(steep * ny * along)])
    return float(cx), float(cy) / stretch


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
