"""Silhouette features of one object mask and a shape / orientation estimate.

Shapes are CLEVR's three (cube, sphere, cylinder), told apart from the outline:

* a sphere's silhouette fills its enclosing circle and its fitted ellipse;
* a cylinder shows two straight parallel sides and elliptical (curved) ends: its top
  and bottom outline profiles are better fitted by a parabola than by two lines;
* a cube shows straight edges only: a polygon with few vertices fits it tightly and
  its top / bottom profiles are piecewise linear (a roof or a V, or flat).

Example:
    >>> import numpy as np, cv2
    >>> m = np.zeros((60, 60), np.uint8); _ = cv2.circle(m, (30, 30), 20, 1, -1)
    >>> classify_shape(silhouette_features(m.astype(bool)))[0]
    'sphere'
"""

from __future__ import annotations

import math

import numpy as np

from spatioxolver.vocabulary import SHAPES

__all__ = ["silhouette_features", "classify_shape", "orientation_degrees", "SHAPES"]


def _profile_fit(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
    """RMS residual of a parabola fit and of the best two-line (V / roof) fit.

    The two-line fit tries 7 break points (20 %..80 % of the profile); the residual of a
    line over any prefix / suffix comes from cumulative sums, so no loop of fits runs.
    """
    n = xs.size
    if n < 6:
        return 0.0, 0.0
    xn = (xs - xs.mean()) / max(np.ptp(xs), 1.0)
    quad = np.polyfit(xn, ys, 2)
    r_quad = float(np.sqrt(np.mean((np.polyval(quad, xn) - ys) ** 2)))
    ks = np.array([int(f * n) for f in np.linspace(0.2, 0.8, 7)])
    ks = ks[(ks >= 3) & (n - ks >= 3)]
    if ks.size == 0:
        return r_quad, r_quad

    def sse(x: np.ndarray, y: np.ndarray, counts: np.ndarray) -> np.ndarray:
        c = np.cumsum(np.stack([x, y, x * x, x * y, y * y]), axis=1)[:, counts - 1]
        sx, sy, sxx, sxy, syy = c
        m = counts.astype(float)
        vxx = sxx - sx * sx / m
        cov = sxy - sx * sy / m
        return np.maximum(
            syy - sy * sy / m - np.where(vxx > 1e-12, cov * cov / np.maximum(vxx, 1e-12), 0.0), 0.0
        )

    left = sse(xn, ys, ks)
    right = sse(xn[::-1], ys[::-1], n - ks)
    r_lin = float(np.sqrt((left + right).min() / n))
    return r_quad, r_lin


#: Silhouettes smaller than this (px, the longer side) are measured on a smoothed,
#: enlarged copy: the outline of a 25 px cylinder is all staircase at its own size.
_MIN_SIDE = 40


def _smooth_small(crop: np.ndarray) -> np.ndarray:
    """A small binary crop enlarged to about :data:`_MIN_SIDE` px with its outline smoothed
    (bilinear on a slightly blurred copy, thresholded at one half); others unchanged."""
    import cv2

    side = max(crop.shape)
    if side >= _MIN_SIDE or side < 4:
        return crop
    f = _MIN_SIDE / side
    pad = np.pad(crop.astype(np.float32), 1)
    big = cv2.resize(pad, None, fx=f, fy=f, interpolation=cv2.INTER_LINEAR)
    big = cv2.GaussianBlur(big, (0, 0), 0.5 * f)
    out = (big >= 0.5).astype(np.uint8)
    ys, xs = np.nonzero(out)
    if ys.size < 5:
        return crop
    return np.ascontiguousarray(out[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def silhouette_features(mask: np.ndarray, *, smooth_small: bool = False) -> dict[str, float]:
    """Scale-free outline features of a boolean mask (the whole image or a crop).

    ``smooth_small``: measure a silhouette under :data:`_MIN_SIDE` px on a smoothed,
    enlarged copy (user images, where object sizes vary; the classifier's weights were
    fitted on the renderer's raw small masks, which keep it off for renders).
    """
    import cv2

    from .objects import mask_bounds

    bounds = mask_bounds(mask)
    crop = (
        np.zeros((0, 0), np.uint8) if bounds is None else mask[bounds[0] : bounds[1], bounds[2] : bounds[3]]
    )
    if np.count_nonzero(crop) < 5:
        return {"area": float(np.count_nonzero(crop))}
    crop = np.ascontiguousarray(crop).astype(np.uint8)
    if smooth_small:
        crop = _smooth_small(crop)
    ys = np.nonzero(crop)[0]
    y0, y1, x0, x1 = 0, crop.shape[0] - 1, 0, crop.shape[1] - 1
    contours, _ = cv2.findContours(crop, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    area = float(ys.size)
    perimeter = float(cv2.arcLength(contour, True)) or 1.0
    hull = cv2.convexHull(contour)
    hull_area = float(cv2.contourArea(hull)) or area
    (_, _), radius = cv2.minEnclosingCircle(contour)
    rect = cv2.minAreaRect(contour)
    rect_area = float(rect[1][0] * rect[1][1]) or area
    width, height = float(x1 - x0 + 1), float(y1 - y0 + 1)
    ellipse_fill = 1.0
    if len(contour) >= 5:
        (_, _), (ea, eb), _ = cv2.fitEllipse(contour)
        ellipse_fill = area / max(math.pi * ea * eb / 4.0, 1.0)
    hull_perimeter = float(cv2.arcLength(hull, True)) or perimeter
    poly = cv2.approxPolyDP(hull, 0.03 * hull_perimeter, True)
    # Top and bottom outline profiles over the central 80 % of the width.
    cols = np.arange(crop.shape[1])
    has = crop.any(axis=0)
    top = np.where(has, crop.argmax(axis=0), 0).astype(float)
    bottom = np.where(has, crop.shape[0] - 1 - crop[::-1].argmax(axis=0), 0).astype(float)
    lo, hi = int(0.1 * crop.shape[1]), int(math.ceil(0.9 * crop.shape[1]))
    sel = has[lo:hi]
    scale = max(width, 1.0)
    tq, tl = _profile_fit(cols[lo:hi][sel], top[lo:hi][sel] / scale)
    bq, bl = _profile_fit(cols[lo:hi][sel], bottom[lo:hi][sel] / scale)
    return {
        "area": area,
        "aspect": height / width,
        "circularity": 4 * math.pi * area / perimeter**2,
        "solidity": area / hull_area,
        "circle_fill": area / max(math.pi * radius**2, 1.0),
        "rect_fill": area / rect_area,
        "ellipse_fill": ellipse_fill,
        "vertices": float(len(poly)),
        "top_quad": tq,
        "top_lin": tl,
        "bottom_quad": bq,
        "bottom_lin": bl,
    }


# Multinomial logistic regression (columns: cube, sphere, cylinder) over the features
# listed in _FEATURES, fitted on about 2000 objects of 200 tabletop and 120 floating-object
# renders of the synthetic world (held-out accuracy 95 % tabletop, 93 % floating; refit
# whenever the segmenter's masks change). Scale-free features only: image size does not matter.
_FEATURES = (
    "circle_fill",
    "circularity",
    "log_aspect",
    "rect_fill",
    "ellipse_fill",
    "vertices_8",
    "top_curve",
    "bottom_curve",
    "solidity",
)
_WEIGHTS = np.array(
    [
        [-5.9829, 12.3378, -6.3548],
        [3.25, -3.7692, 0.5192],
        [-2.3541, -4.2484, 6.6024],
        [3.1699, -20.4165, 17.2466],
        [-9.5056, 10.7913, -1.2857],
        [-9.6898, 7.4557, 2.2342],
        [-6.1369, 3.1748, 2.962],
        [-2.4441, 1.5182, 0.9259],
        [30.3861, -12.1866, -18.1995],
    ]
)
_BIAS = np.array([-14.282, 5.7302, 8.5518])


def _vector(f: dict[str, float]) -> np.ndarray:
    return np.array(
        [
            f["circle_fill"],
            f["circularity"],
            math.log(f["aspect"]),
            f["rect_fill"],
            f["ellipse_fill"],
            f["vertices"] / 8.0,
            (f["top_lin"] - f["top_quad"]) * 20.0,
            (f["bottom_lin"] - f["bottom_quad"]) * 20.0,
            f["solidity"],
        ]
    )


def classify_shape(features: dict[str, float]) -> tuple[str, float, dict[str, float]]:
    """``(shape, confidence, probabilities)`` for CLEVR's cube / sphere / cylinder."""
    if features.get("area", 0.0) < 5 or "aspect" not in features:
        return "unknown", 0.0, {}
    logits = _vector(features) @ _WEIGHTS + _BIAS
    probs = np.exp(logits - logits.max())
    probs /= probs.sum()
    best = int(np.argmax(probs))
    return (
        SHAPES[best],
        float(probs[best]),
        {s: round(float(p), 4) for s, p in zip(SHAPES, probs, strict=False)},
    )


def orientation_degrees(mask: np.ndarray) -> float:
    """Apparent orientation of the mask's major axis, degrees in ``[0, 180)`` from image x."""
    ys, xs = np.nonzero(mask)
    if ys.size < 3:
        return 0.0
    x = xs - xs.mean()
    y = ys - ys.mean()
    mu20, mu02, mu11 = float((x * x).mean()), float((y * y).mean()), float((x * y).mean())
    theta = 0.5 * math.degrees(math.atan2(2 * mu11, mu20 - mu02))
    return theta % 180.0
