"""A round silhouette seen from high up that is a can or a cone, not a ball.

Seen from high up, a ball, a can and a cone all show a roundish silhouette, and the outline
classifier (:mod:`.shape`) names it a ball. Two cues tell the others apart:

* a can's top is a plane: under a distant light its colour is even (a plateau of lightness)
  over an ellipse as wide as the silhouette, at its top, with the side's band below it, of
  another lightness (brighter or darker). A ball's surface turns everywhere: no region of it
  as wide as the ball is even, its lightness falls smoothly from the lit side (a cel-shaded
  ball's even patches are narrower than the ball) -- :func:`can_top_face`;
* a cone's apex, a few px above its base's round outline, makes the silhouette's top a V:
  the rows' widths grow on a straight line from zero down to half the widest row, where a
  circle's or an ellipse's grow as a square root (fast, then slower) -- :func:`pointed_top`.

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

__all__ = ["can_top_face", "pointed_top", "round_can"]

#: The top face's lightness (CIELAB L) spreads at most this much (interquartile range): a plane
#: under a distant light is even; a ball's upper half spans 15 units and more.
_EVEN_TOP = 5.0
#: The side's band differs from the top by this much L or more (median against median).
_STEP = 8.0


def can_top_face(mask: np.ndarray, full: np.ndarray) -> bool:
    """Whether a round silhouette (a bounding-box crop and its RGB) shows a can's top from
    high up: an even ellipse (lightness IQR under :data:`_EVEN_TOP`, filling 93 % or more of
    its fitted ellipse), at least 85 % as wide as the silhouette, starting at its top, over a
    band below it (3 % or more of the silhouette, its centre lower by a quarter of the face's
    half-height: a stroke around a drawn ellipse is no side) whose median lightness
    differs by :data:`_STEP` or more. A box's top is even too, but it is a polygon, and so is
    its whole outline unless something in front bites it (:func:`.solid_cues.hull_corners`:
    six corners or fewer); silhouettes under 16 px wide are not judged."""
    import cv2

    from .colour import rgb_to_lab
    from .solid_cues import hull_corners, polygonal_outline

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
    corners = hull_corners(filled.astype(bool))
    if corners is not None and corners <= 6:
        return False  # a box's top: a polygon (its outline may be bitten by what stands in front)
    if fys.min() > np.flatnonzero(m.any(axis=1))[0] + max(3, 0.06 * h):
        return False  # the even part starts below the top: no top face
    widths = m.sum(axis=1)
    if widths[int(round(float(fys.mean())))] < 0.95 * widths.max():
        return False  # the silhouette narrows at the face's middle row: a ball's upper half
    q1, q3 = np.percentile(vals, [25, 75])
    if q3 - q1 > _EVEN_TOP:
        return False
    grown = cv2.dilate(filled, np.ones((3, 3), np.uint8)) > 0
    band = core & ~grown
    if band.sum() < 0.03 * m.sum():
        return False
    bys = np.nonzero(band)[0]
    if bys.mean() <= fys.mean() + 0.25 * (np.ptp(fys) + 1) / 2:
        return False  # the other part is not below the even one (a stroke rings it): no side
    return abs(float(np.nanmedian(light[band])) - float(np.median(vals))) >= _STEP


def round_can(mask: np.ndarray, full: np.ndarray | None) -> bool:
    """A round silhouette that is a can: a squat can's outline
    (:func:`.solid_cues.squat_can_outline`) or, with the pixels, a can's top face
    (:func:`can_top_face`)."""
    from .solid_cues import squat_can_outline

    return squat_can_outline(mask) or full is not None and can_top_face(mask, full)


#: A V's widths lie on their line within this share of the widest row (a circle's top, the
#: rows down to half its width, misses a line by 0.036-0.055 of its width; an ellipse of
#: aspect 0.9 by 0.021-0.032); and the V runs over at least :data:`_V_ROWS` rows.
_V_RMS, _V_ROWS = 0.012, 6


def pointed_top(mask: np.ndarray) -> bool:
    """Whether a roundish silhouette's top is a cone's apex: from the top row down to the first
    row half as wide as the widest, the widths lie on a line (RMS within :data:`_V_RMS` of the
    widest and 1.5 px; :data:`_V_ROWS` rows or more) that meets zero width within 1.5 rows of
    the top; below the widest row the base's half-ellipse (RMS within 6 % of the widest). A
    box's corner on top is a V too, but its hull is a polygon
    (:func:`.solid_cues.polygonal_outline`); silhouettes under 20 px wide are not judged."""
    from .solid_cues import _row_widths, polygonal_outline

    m = np.asarray(mask, bool)
    widths = _row_widths(m) if m.any() else np.zeros(0)
    widest = float(widths.max()) if widths.size else 0.0
    if widest < 20 or widths.size < 16 or polygonal_outline(m):
        return False
    n = int(np.flatnonzero(widths >= 0.5 * widest)[0]) + 1
    if n < _V_ROWS:
        return False
    ys = np.arange(n)
    a, b = np.polyfit(ys, widths[:n], 1)
    if a <= 0:
        return False
    rms = float(np.sqrt(np.mean((a * ys + b - widths[:n]) ** 2)))
    if rms > min(_V_RMS * widest, 1.5) or abs(-b / a) > 1.5:
        return False
    centre = int(round(float(np.flatnonzero(widths >= 0.98 * widest).mean())))
    below = np.arange(centre, widths.size)
    minor = float(widths.size - centre)
    ellipse = widest * np.sqrt(np.clip(1.0 - ((below - centre + 0.5) / max(minor, 1.0)) ** 2, 0.0, 1.0))
    return float(np.sqrt(np.mean((widths[centre:] - ellipse) ** 2))) <= 0.06 * widest
