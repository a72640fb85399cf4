"""A round silhouette seen from high up that is a can, not a ball: its top is an even plane.

Seen from high up, a ball and a can both show a roundish silhouette, and the outline
classifier (:mod:`.shape`) names it a ball. A can's top is a plane: under a distant light its
colour is even (a plateau of lightness) over an ellipse as wide as the silhouette, at its
top, with the side's band below it, of another lightness (brighter or darker). A ball's
surface turns everywhere: no region of it as wide as the ball is even, its lightness falls
smoothly from the lit side (a cel-shaded ball's even patches are narrower than the ball).

Example:
    >>> import numpy as np, cv2
    >>> mask = np.zeros((70, 80), np.uint8)
    >>> _ = cv2.ellipse(mask, (40, 42), (36, 24), 0, 0, 360, 1, -1)  # the base, below the top
    >>> _ = cv2.ellipse(mask, (40, 30), (36, 24), 0, 0, 360, 1, -1)  # the top
    >>> top = np.zeros_like(mask)
    >>> _ = cv2.ellipse(top, (40, 30), (36, 24), 0, 0, 360, 1, -1)
    >>> rgb = np.where(top[..., None] > 0, [200, 60, 60], [90, 25, 25]).astype(np.uint8)
    >>> can_top_face(mask.astype(bool), rgb)
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["can_top_face", "round_can"]

#: The top face's lightness (CIELAB L) spreads at most this much (interquartile range): a plane
#: under a distant light is even; a ball's upper half spans 15 units and more.
_EVEN_TOP = 5.0
#: The side's band differs from the top by this much L or more (median against median).
_STEP = 8.0


def can_top_face(mask: np.ndarray, full: np.ndarray) -> bool:
    """Whether a round silhouette (a bounding-box crop and its RGB) shows a can's top from
    high up: an even ellipse (lightness IQR under :data:`_EVEN_TOP`, filling 93 % or more of
    its fitted ellipse), at least 85 % as wide as the silhouette, starting at its top, over a
    band below it (3 % or more of the silhouette, its centre lower) whose median lightness
    differs by :data:`_STEP` or more. A box's top is even too, but its hull is a polygon
    (:func:`.solid_cues.polygonal_outline`); silhouettes under 16 px wide are not judged."""
    import cv2

    from .colour import rgb_to_lab
    from .solid_cues import polygonal_outline

    m = np.ascontiguousarray(mask, dtype=bool)
    h, w = m.shape
    if w < 16 or h < 12 or m.sum() < 150 or polygonal_outline(m):
        return False
    core = cv2.erode(np.pad(m, 2).astype(np.uint8), np.ones((3, 3), np.uint8))[2:-2, 2:-2] > 0
    if core.sum() < 100:
        return False
    light = np.full(m.shape, np.nan)
    light[core] = rgb_to_lab(np.asarray(full)[core].reshape(-1, 3))[:, 0]
    # the top face: the pixels near the lightness of the silhouette's upper middle
    rows = np.flatnonzero(core.any(axis=1))
    top_row = int(rows[0])
    seed_rows = slice(top_row, top_row + max(3, int(0.15 * (rows[-1] - top_row + 1))))
    cols = slice(int(0.35 * w), max(int(0.65 * w), int(0.35 * w) + 1))
    seed = light[seed_rows, cols]
    seed = seed[np.isfinite(seed)]
    if seed.size < 6:
        return False
    level = float(np.median(seed))
    near = core & (np.abs(np.nan_to_num(light, nan=-1e3) - level) <= 4.0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(near.astype(np.uint8), connectivity=4)
    ys, xs = np.nonzero(near[seed_rows, cols])
    if n < 2 or ys.size == 0:
        return False
    seed_labels = labels[seed_rows, cols][ys, xs]
    face_label = int(np.bincount(seed_labels).argmax())
    face = labels == face_label
    face = cv2.morphologyEx(face.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)) > 0
    face &= m
    contours, _ = cv2.findContours(face.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    if len(contour) < 12:
        return False
    (_, _), (ea, eb), _ = cv2.fitEllipse(contour)
    filled = np.zeros(m.shape, np.uint8)
    cv2.drawContours(filled, [contour], -1, 1, -1)
    fill = float(filled.sum()) / max(np.pi * ea * eb / 4.0, 1.0)
    fys, fxs = np.nonzero(filled)
    face_width = float(np.ptp(fxs) + 1)
    sil_width = float(np.ptp(np.nonzero(m)[1]) + 1)
    vals = light[face & core]
    vals = vals[np.isfinite(vals)]
    if vals.size < 50 or not (0.93 <= fill <= 1.07) or face_width < 0.85 * sil_width:
        return False
    if fys.min() > np.flatnonzero(m.any(axis=1))[0] + max(3, 0.06 * h):
        return False  # the even part starts below the top: no top face
    q1, q3 = np.percentile(vals, [25, 75])
    if q3 - q1 > _EVEN_TOP:
        return False
    grown = cv2.dilate(filled, np.ones((3, 3), np.uint8)) > 0
    band = core & ~grown
    if band.sum() < 0.03 * m.sum():
        return False
    bys = np.nonzero(band)[0]
    if bys.mean() <= fys.mean():
        return False  # the other part lies above the even one: no side below a top
    return abs(float(np.nanmedian(light[band])) - float(np.median(vals))) >= _STEP


def round_can(mask: np.ndarray, full: np.ndarray | None) -> bool:
    """A round silhouette that is a can: a squat can's outline
    (:func:`.solid_cues.squat_can_outline`) or, with the pixels, a can's top face
    (:func:`can_top_face`)."""
    from .solid_cues import squat_can_outline

    return squat_can_outline(mask) or full is not None and can_top_face(mask, full)
