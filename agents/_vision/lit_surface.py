"""A plain surface under graded light: one colour whose brightness alone varies across the frame.

A lamp's pool on a rendered floor (a spot light, a positional light close to the ground) grades
the ground's lightness in every direction, so no row or column of the picture is plain and the
smooth backdrop model misfits it: the same signs as a photograph's continuous tone. What tells
them apart is what light does to paint: it scales the surface's colour, so every pixel of the
pool keeps the same direction in RGB (the same hue and saturation, under gamma too) while its
brightness changes a lot, and the change is smooth down to the pixel. A photograph's continuous
field (sky, sand, foliage, skin) changes hue across the frame, changes brightness little, or
carries fine detail everywhere.

Example:
    >>> import numpy as np
    >>> yy, xx = np.mgrid[0:200, 0:300]
    >>> light = 0.4 + 0.6 * np.exp(-((xx - 150) ** 2 + (yy - 100) ** 2) / 2 / 70.0**2)
    >>> floor = (light[..., None] * np.array([150, 180, 230])).astype(np.uint8)
    >>> lit_surface(floor)
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["lit_surface", "SAME_HUE_DEGREES", "LIT_SHARE", "LIGHT_RANGE", "SMOOTH_DETAIL"]

#: Pixels whose RGB direction lies within this many degrees of the dominant one share its paint.
SAME_HUE_DEGREES = 2.5
#: The frame share those pixels must cover (a floor under a few solids; a lamp's pool on a
#: rendered floor 0.66-0.94).
LIT_SHARE = 0.6
#: Their brightness (RGB length) from the 10th to the 90th percentile must change by this
#: factor at least: a pool of light (1.6-3.0), not an even field (a grainy sky 1.2, sand 1.1).
LIGHT_RANGE = 1.4
#: The median absolute Laplacian of their CIELAB lightness (per pixel) stays under this: light
#: falls off smoothly (rendered pools 0.23-0.35); a textured field carries detail (1.0 and more).
SMOOTH_DETAIL = 0.5


def lit_surface(small: np.ndarray) -> bool:
    """Whether most of ``small`` (RGB, the quality copy) is one colour under smoothly graded light."""
    import cv2

    from .colour import rgb_to_lab

    rgb = np.asarray(small, np.float32)
    lightness = rgb_to_lab(np.asarray(small, np.uint8)).astype(np.float32)[..., 0]
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    length = np.linalg.norm(rgb, axis=-1)
    usable = (np.hypot(gx, gy) < 2.5) & (length > 40.0)  # off edges; too dark pixels have no hue
    if usable.sum() < LIT_SHARE * lightness.size:
        return False
    directions = rgb[usable] / length[usable][:, None]
    dominant = np.median(directions, axis=0)
    dominant /= max(float(np.linalg.norm(dominant)), 1e-6)
    angle = np.degrees(np.arccos(np.clip(directions @ dominant, -1.0, 1.0)))
    same = angle < SAME_HUE_DEGREES
    if same.sum() < LIT_SHARE * lightness.size:
        return False
    brightness = length[usable][same]
    low, high = np.percentile(brightness, [10, 90])
    if high < LIGHT_RANGE * max(float(low), 1.0):
        return False
    detail = np.abs(cv2.Laplacian(lightness, cv2.CV_32F, ksize=1))[usable][same]
    return float(np.median(detail)) < SMOOTH_DETAIL
