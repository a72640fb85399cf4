"""A partly hidden object's outline, completed, for naming its shape.

The shape classifier reads a silhouette; an object another one partly hides shows a bite
taken out of it (a ball behind a box lost a corner-shaped piece and read as a cylinder, a
box behind a ball a round one). Every object touching another is a candidate (a straight
occluding edge, such as a can's side, takes no bite the occlusion test could see). A ball's
outline is completed by an ellipse
when the outline's free part (away from the objects in front) lies on one, the visible part
inside it and its hidden part under them. Other outlines are left as they are: completing
them by their convex hull fixed a box behind a ball but turned more partly hidden cans into
boxes on the tabletop renders (`bench_perception.py` shape 0.945 -> 0.938; the ellipse alone:
0.949).
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["completed_outline"]

_NEAR = 5  # px: outline points this close to another object are where it hides this one
_ON_ELLIPSE = 0.9  # share of the free outline points on the fitted ellipse ...
_TOLERANCE = 0.06  # ... within this relative distance
_INSIDE = 0.95  # the visible part lies inside the ellipse
_UNDER = 0.8  # the ellipse's hidden part lies under the objects in front
_MIN_AXIS = 12.0  # px, semi-axis: a smaller outline is too coarse to tell an ellipse from a hexagon
_MIN_FREE = 40  # free outline points needed for a fit


def completed_outline(mask: np.ndarray, others: np.ndarray) -> np.ndarray:
    """``mask`` completed where ``others`` (the other objects' pixels) hide it.

    Args:
        mask: boolean mask of the object (visible pixels), image-sized.
        others: boolean mask of every other object, same shape.

    Returns:
        A boolean mask of the same shape: the fitted ellipse united with ``mask``, or
        ``mask`` itself.
    """
    import cv2

    mask = np.ascontiguousarray(mask, dtype=bool)
    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return mask
    contour = max(contours, key=cv2.contourArea)
    near = cv2.dilate(others.astype(np.uint8), np.ones((2 * _NEAR + 1, 2 * _NEAR + 1), np.uint8)).astype(bool)
    pts = contour.reshape(-1, 2)
    free = pts[~near[pts[:, 1], pts[:, 0]]]
    if len(free) < _MIN_FREE or len(free) == len(pts):
        return mask
    ellipse = _ellipse_on(free)
    if ellipse is None:
        return mask
    shape = np.zeros(m.shape, np.uint8)
    cv2.ellipse(shape, ellipse, 1, -1)
    inside = shape.astype(bool)
    if (mask & inside).sum() < _INSIDE * mask.sum():
        return mask
    hidden = inside & ~mask
    if hidden.sum() and (hidden & near).sum() < _UNDER * hidden.sum():
        return mask
    return inside | mask


def _ellipse_on(points: np.ndarray) -> tuple | None:
    """The ellipse fitted to ``points`` when most of them lie on it, else ``None``."""
    import cv2

    (cx, cy), (w, h), angle = cv2.fitEllipse(points.astype(np.float32))
    a, b = w / 2.0, h / 2.0
    if not (math.isfinite(a) and math.isfinite(b)) or min(a, b) < _MIN_AXIS:
        return None
    t = math.radians(angle)
    p = points.astype(np.float64) - (cx, cy)
    x = p[:, 0] * math.cos(t) + p[:, 1] * math.sin(t)
    y = -p[:, 0] * math.sin(t) + p[:, 1] * math.cos(t)
    r = np.sqrt((x / a) ** 2 + (y / b) ** 2)
    tol = max(_TOLERANCE, 1.0 / min(a, b))
    if float((np.abs(r - 1.0) <= tol).mean()) < _ON_ELLIPSE:
        return None
    return ((cx, cy), (w, h), angle)
