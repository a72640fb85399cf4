"""Splitting one colour part of a segment into objects.

:func:`split_touching` cuts a concave blob (two objects of one colour in contact) by
watershed, unless it is one stroke-drawn glyph (:func:`is_ink`) or one thin outline stroke;
:func:`apart` gives each separate piece of a colour part its own part (two shapes of one hue
on either side of a third, once the third was split off).
"""

from __future__ import annotations

import numpy as np

__all__ = ["is_ink", "split_touching", "apart"]


def is_ink(part: np.ndarray, crop_rgb: np.ndarray) -> bool:
    """Whether ``part`` is written in ink: one flat black or dark grey (a letter, a digit;
    a shaded grey solid's dark side is not flat)."""
    import cv2

    from .flat import is_flat

    inner = cv2.erode(part.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    px = crop_rgb[inner if inner.sum() >= 12 else part].astype(np.float32)
    r, g, b = np.median(px, axis=0)
    if not (max(r, g, b) < 70.0 and max(r, g, b) - min(r, g, b) < 30.0):
        return False
    from .colour import rgb_to_lab

    return is_flat(rgb_to_lab(px.reshape(-1, 3)))


def split_touching(
    part: np.ndarray, min_area: int, crop_rgb: np.ndarray | None = None, drawing: bool = False
) -> list[np.ndarray]:
    """Split a concave blob (two same-coloured objects in contact) by watershed; in a
    ``drawing``, not one stroke-drawn glyph in ink (:func:`is_ink` of ``crop_rgb``, asked only
    when it decides) nor one thin outline stroke."""
    import cv2

    area = int(part.sum())
    if area < 3 * min_area:
        return [part]
    u8 = part.astype(np.uint8)
    contours, _ = cv2.findContours(u8, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull_area = sum(cv2.contourArea(cv2.convexHull(c)) for c in contours) or area
    # Concavity of the outline, holes filled: an outline-only shape (a ring) is as convex
    # as its disc; its hole is not a gap between two objects.
    filled = sum(cv2.contourArea(c) for c in contours) or area
    if area / hull_area > 0.95 or filled / hull_area > 0.95:
        return [part]
    if drawing and filled - area >= min_area and _ground_hole(u8, min_area):
        # A ring around the ground (holes that are not were filled): one outline-only
        # shape, however ragged JPEG left its outline; touching shapes enclose no ground.
        return [part]
    dist = cv2.distanceTransform(u8, cv2.DIST_L2, 5)
    cores = (dist > 0.7 * dist.max()).astype(np.uint8)
    n, markers = cv2.connectedComponents(cores, connectivity=8)
    if n <= 2:
        return [part]
    cores_labels = markers.copy()
    sizes = np.bincount(markers.ravel())[1:]
    if sizes.min() < 0.02 * area:
        return [part]
    markers = markers.astype(np.int32)
    markers[~part] = n  # background marker
    rgb_like = cv2.cvtColor((dist / max(dist.max(), 1e-6) * 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
    cv2.watershed(rgb_like, markers)
    # Two objects in contact meet at a neck narrower than their bodies; a cut as wide as
    # the blob's thickest stroke splits one stroke-drawn shape: a bold glyph in ink (depth
    # at most 0.3 of its extent) or a thin outline stroke (0.15); touching discs or boxes
    # are 0.35-0.5.
    ys, xs = np.nonzero(part)
    extent = min(int(ys.max() - ys.min()), int(xs.max() - xs.min())) + 1
    line = int(((markers == -1) & part).sum())
    depth = float(dist.max())
    ink = drawing and crop_rgb is not None and depth <= 0.3 * extent and is_ink(part, crop_rgb)
    stroke = drawing and depth <= (0.3 if ink else 0.15) * extent
    if stroke and line >= 1.6 * depth * (n - 2):
        return [part]
    out = []
    for k in range(1, n):
        piece = (markers == k) & part
        if piece.sum() >= min_area:
            out.append(piece)
    # The watershed decides the split (its pieces, its cut); the pixels go to the nearest
    # core: its flooding runs up the distance from the outline, so the rims of one shape
    # can come out in the other's piece, or in neither (a box joined to an ellipse by a short
    # bar came out as its core alone).
    if len(out) < 2:
        return [part]
    from .nearest import nearest_labels

    kept = [k for k in range(1, n) if ((markers == k) & part).sum() >= min_area]
    seeds = np.where(part & np.isin(cores_labels, kept), cores_labels, 0).astype(np.int32)
    owner = nearest_labels(seeds)
    return [part & (owner == k) for k in kept]


def _ground_hole(u8: np.ndarray, min_area: int) -> bool:
    """Whether the mask has a hole of at least ``min_area`` px."""
    import cv2

    contours, hierarchy = cv2.findContours(u8, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return False
    return any(
        h[3] >= 0 and cv2.contourArea(c) >= min_area for c, h in zip(contours, hierarchy[0], strict=False)
    )


def apart(part: np.ndarray, min_area: int) -> list[np.ndarray]:
    """A colour part in separate pieces (the shape between two shapes of one hue was split
    off, leaving at most a thin rim of blended pixels between them) as one part per
    substantial piece; the rim's pixels go to the nearest piece. A stroke (most of it thin
    enough for the 5 px opening to erase) is one part: its opening is arcs, not shapes."""
    import cv2

    from .nearest import nearest_labels

    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    opened = cv2.morphologyEx(part.astype(np.uint8), cv2.MORPH_OPEN, kernel)
    if int(opened.sum()) < 0.5 * int(part.sum()):
        return [part]  # a stroke (an outline 4-5 px wide), not shapes joined by a thin rim
    n, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    if n <= 2:
        return [part]
    areas = stats[1:, cv2.CC_STAT_AREA]
    big = [k + 1 for k, a in enumerate(areas) if a >= max(4 * min_area, 0.1 * part.sum())]
    if len(big) < 2:
        return [part]
    seeds = np.zeros(labels.shape, np.int32)
    for k, b in enumerate(big, start=1):
        seeds[labels == b] = k
    owner = nearest_labels(seeds)
    return [part & (owner == k) for k in range(1, len(big) + 1)]
