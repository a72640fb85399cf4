"""The pixels an object's colour is read from (its body away from the anti-aliased rim, or
the fill inside a dark outline stroke) and the area of its convex hull."""

from __future__ import annotations

import numpy as np

__all__ = ["body_pixels", "inner_pixels", "hull_area"]


def body_pixels(rgb: np.ndarray, mask: np.ndarray, whole_rim: bool = True) -> np.ndarray:
    """Mask pixels away from the outline (anti-aliased rims mix in the background).

    The crop is the object's tight box, so the outline touches the crop's edge: with
    ``whole_rim`` outside the crop counts as background (an axis-aligned rectangle loses its
    rim on all four sides); without it (a world prior's renders, read as they were tuned)
    the rim along the crop's edge stays.
    """
    import cv2

    border = {"borderType": cv2.BORDER_CONSTANT, "borderValue": 0} if whole_rim else {}
    inner = cv2.erode(mask.astype(np.uint8), np.ones((3, 3), np.uint8), **border).astype(bool)
    if inner.sum() < 12:
        inner = mask.astype(bool)
    return rgb[inner]


def inner_pixels(rgb: np.ndarray, mask: np.ndarray, whole_rim: bool = True) -> np.ndarray | None:
    """The fill of a shape drawn with a dark outline stroke: pixels at least 4 px inside,
    when most of the 4 px band along the outline is black / dark grey; else ``None``
    (``whole_rim`` as for :func:`body_pixels`)."""
    import cv2

    from .colour import rgb_to_lab

    border = {"borderType": cv2.BORDER_CONSTANT, "borderValue": 0} if whole_rim else {}
    inner = cv2.erode(mask.astype(np.uint8), np.ones((9, 9), np.uint8), **border).astype(bool)
    if inner.sum() < 40:
        return None
    m = mask.astype(bool)
    outside = cv2.dilate(m.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~m
    band_px = rgb[m & ~inner]
    if band_px.shape[0] < 10 or outside.sum() < 10:
        return None
    band, around = rgb_to_lab(band_px), rgb_to_lab(rgb[outside])
    dark = (band[:, 0] < 35.0) & (np.hypot(band[:, 1], band[:, 2]) < 12.0)
    # An ink stroke is darker than what lies on both sides of it (a dark canvas is no outline).
    if dark.mean() <= 0.3 or float(np.median(around[:, 0])) < 60.0:
        return None
    return rgb[inner]


def hull_area(mask: np.ndarray) -> float:
    """Area of the mask's convex hull (an occluded object's outline, completed), in px."""
    import cv2

    pts = cv2.findNonZero(mask.astype(np.uint8))
    if pts is None:
        return 0.0
    return round(max(float(cv2.contourArea(cv2.convexHull(pts))), float(mask.sum())), 1)
