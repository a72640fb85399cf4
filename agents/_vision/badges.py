"""Circled labels ("badges"): a letter or number written inside a small ring drawn beside a
shape. The ring is part of the label, not a shape of its own.

:func:`badge_letters` finds thin closed rings, smaller than the largest shape drawn, whose
hole holds exactly one small region (the glyph); the glyph is offered to OCR like other
label ink and, when it is read, :func:`drop_badges` removes its ring from the objects, so
the label binds the shape beside it. A ring whose inside OCR cannot read (a dot in a
circle, a target) stays what it was: an outline shape and the mark in it.

A ring smaller than a label's letter is often taken for a glyph itself; :func:`ring_glyphs`
finds such rings among the glyphs offered to OCR, and :func:`without_rings` paints them
over with the ground inside them, so the recogniser reads the letter, not a "©".

Example:
    >>> badge_letters([])
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .objects import mask_box

__all__ = ["badge_letters", "drop_badges", "drop_frames", "ring_glyphs", "without_rings", "ring_core"]


def _thin_ring(mask: np.ndarray) -> bool:
    """A closed outline (its hole at least half its filled area) of strokes at most 4 px deep."""
    import cv2

    from .scenery import hollow

    x0, y0, x1, y1 = mask_box(mask)
    crop = mask[y0:y1, x0:x1]
    if min(crop.shape) < 10:
        return False
    depth = float(cv2.distanceTransform(np.pad(crop, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    return depth <= 4.0 and hollow(crop)


def badge_letters(regions: list[Any]) -> list[tuple[Any, Any]]:
    """``[(ring, glyph), ...]``: thin closed rings under 0.6 x the tallest other region's height
    holding exactly one region inside their box, itself under 0.8 x the ring's height."""
    if len(regions) < 3:
        return []
    boxes = [mask_box(r.mask) if r.mask.any() else None for r in regions]
    out = []
    for i, ring in enumerate(regions):
        b = boxes[i]
        if b is None:
            continue
        h = b[3] - b[1]
        others = [boxes[j][3] - boxes[j][1] for j in range(len(regions)) if j != i and boxes[j] is not None]
        if not others or h >= 0.6 * max(others) or not _thin_ring(ring.mask):
            continue
        inside = [
            j
            for j, q in enumerate(boxes)
            if j != i and q is not None and q[0] > b[0] and q[1] > b[1] and q[2] < b[2] and q[3] < b[3]
        ]
        if len(inside) == 1 and boxes[inside[0]][3] - boxes[inside[0]][1] < 0.8 * h:
            regions[inside[0]].notes["badge"] = True
            out.append((ring, regions[inside[0]]))
    return out


def drop_badges(regions: list[Any], pairs: list[tuple[Any, Any]], read: list[Any]) -> list[Any]:
    """``regions`` without the rings (and glyphs) of badges whose glyph lies in a read label box."""
    from .labels import inside_any

    gone = [r for ring, glyph in pairs if inside_any(glyph.mask, read) for r in (ring, glyph)]
    return [r for r in regions if not any(r is g for g in gone)]


#: A label's box is at least this share of its frame's height (a callout box or a circled
#: letter is drawn snug round it; an org chart's box or a graph's node holding a letter is
#: several times the letter's height, and it is the shape).
_SNUG = 0.3


def drop_frames(regions: list[Any], read: list[Any]) -> list[Any]:
    """``regions`` without the frames of read labels: a thin closed ring or box outline (a
    leader line may hang from it), under 0.6 x the tallest other region's height, whose box
    holds a read label's box (under 0.8 x its height, at least :data:`_SNUG` of it) and no other region (a boxed or
    circled label; an outline shape holding a dot stays, since the dot is no read label)."""
    if len(regions) < 2 or not read:
        return regions
    boxes = [mask_box(r.mask) if r.mask.any() else None for r in regions]
    gone = set()
    for i, r in enumerate(regions):
        b = boxes[i]
        if b is None:
            continue
        h = b[3] - b[1]
        others = [q[3] - q[1] for j, q in enumerate(boxes) if j != i and q is not None]
        if not others or h >= 0.6 * max(others):
            continue

        def within(q: Any, b: tuple[int, int, int, int] = b) -> bool:
            return q[0] >= b[0] and q[1] >= b[1] and q[2] <= b[2] and q[3] <= b[3]

        # (a frame is snug round its label; a node's outline holding its letter is not)
        held = [q for q in read if within(q) and _SNUG * h <= q[3] - q[1] < 0.8 * h]
        if not held or any(j != i and q is not None and within(q) for j, q in enumerate(boxes)):
            continue
        if _frame_around(r.mask, held[0]):
            gone.add(i)
    return [r for i, r in enumerate(regions) if i not in gone]


def _frame_around(mask: np.ndarray, box: Any) -> bool:
    """Whether ``mask`` is thin strokes (at most 4 px deep) leaving the label ``box`` empty and
    closing around it: its rows and columns through the box's middle meet ink on both sides."""
    import cv2

    x0, y0, x1, y1 = (int(v) for v in box)
    bx0, by0, bx1, by1 = mask_box(mask)
    crop = mask[by0:by1, bx0:bx1]
    depth = float(cv2.distanceTransform(np.pad(crop, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    if depth > 4.0 or mask[y0:y1, x0:x1].mean() > 0.05:
        return False
    cy, cx = (y0 + y1) // 2, (x0 + x1) // 2
    row, col = mask[cy], mask[:, cx]
    return bool(row[:x0].any() and row[x1:].any() and col[:y0].any() and col[y1:].any())


def ring_glyphs(masks: list[np.ndarray]) -> dict[int, list[int]]:
    """``{ring: [glyph, ...]}``: indices of ``masks`` that are rings (their convex hull at
    least half empty) whose box holds the boxes of other masks, each under
    0.8 x the ring's height (a letter in a circle), mapped to those masks."""
    boxes = [mask_box(m) if m.any() else None for m in masks]
    out: dict[int, list[int]] = {}
    for i, m in enumerate(masks):
        b = boxes[i]
        if b is None or min(b[2] - b[0], b[3] - b[1]) < 10:
            continue
        inside = [
            j
            for j, q in enumerate(boxes)
            if j != i
            and q is not None
            and q[0] > b[0]
            and q[1] > b[1]
            and q[2] < b[2]
            and q[3] < b[3]
            and q[3] - q[1] < 0.8 * (b[3] - b[1])
        ]
        if inside and _hollow_hull(m[b[1] : b[3], b[0] : b[2]]):
            out[i] = inside
    return out


def _hull(mask: np.ndarray) -> np.ndarray:
    """The convex hull of ``mask``, filled."""
    import cv2

    pts = cv2.findNonZero(mask.astype(np.uint8))
    hull = np.zeros(mask.shape, np.uint8)
    if pts is not None:
        cv2.fillConvexPoly(hull, cv2.convexHull(pts), 1)
    return hull.astype(bool)


def _hollow_hull(crop: np.ndarray) -> bool:
    """Whether the ink's convex hull is at least half empty: a ring, even one the segmenter
    broke open (a 1 px ring loses an arc to antialiasing)."""
    hull = _hull(crop)
    return int((hull & ~crop).sum()) >= 0.5 * int(hull.sum())


def without_rings(rgb: np.ndarray, rings: list[np.ndarray]) -> np.ndarray:
    """``rgb`` (any resolution; the ``rings`` masks are resized to it) with each ring's
    pixels, and 1 px around them, painted in the median colour of the ground inside it."""
    import cv2

    if not rings:
        return rgb
    out = rgb.copy()
    h, w = rgb.shape[:2]
    for ring in rings:
        m = (
            ring
            if ring.shape == (h, w)
            else cv2.resize(ring.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
        )
        m = cv2.dilate(m.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        hole = _hull(m) & ~m
        if not hole.any():
            continue
        ground = np.median(rgb[hole], axis=0).astype(rgb.dtype)
        # (and the gap of a ring broken open: its missing arc, where the hull's rim is ground)
        out[
            m | (_hull(m) & ~cv2.erode(_hull(m).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool))
        ] = ground
    return out


def ring_core(ink: np.ndarray) -> np.ndarray | None:
    """The inside of a ring that the letter it circles touches (one mark: a serif "N" in a
    tight circle reads as "?", an "M" as "@"), or ``None`` when ``ink`` (a mark's crop) is no
    such ring: its convex hull about as wide as tall, its rim (a tenth of its width deep) at
    least 70 % inked, and ink inside it too (not an empty ring, nor a filled disc)."""
    import cv2

    ys, xs = np.nonzero(ink)
    if ys.size == 0:
        return None
    w, h = int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1
    if min(w, h) < 12 or not 0.8 <= w / h <= 1.25:
        return None
    hull = _hull(ink)
    depth = max(2, round(0.1 * min(w, h)))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * depth + 1,) * 2)
    core = cv2.erode(hull.astype(np.uint8), disc).astype(bool)
    rim = hull & ~core
    if (ink & rim).sum() < 0.7 * rim.sum():
        return None
    core = cv2.erode(core.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(
        bool
    )  # (its blended inner edge)
    inked = (ink & core).sum()
    if core.sum() < 16 or inked < 0.15 * core.sum() or inked > 0.7 * core.sum():
        return None
    return core
