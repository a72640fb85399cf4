"""Callout tags: a label in a small box or bubble joined to its shape by a leader line.

The tag (a pale box, a rounded bubble, often with a 1 px frame) is filled, so the segmenter
keeps it as a small object, and the letter written in it is read as that object's own label:
the tag was counted as a shape and its shape was left unlabelled. A region is a tag when

* it is small: under half the area of the shape it is joined to, and no taller than
  3 x the height of the writing in it plus 12 px (a tag fits its word);
* writing lies in it: a label read inside its box, or (no label read there) thin ink of a
  glyph's size (``badge_discs._holds_writing``);
* a thin line joins it to one other region (a leader): the foreground that no other region
  holds, grown from the tag, reaches that region, and that reach is a line (at most 5 px
  wide where it leaves the tag's box).

The tag is then no object, and its label (if read) binds to the shape the line reaches, at
the point where the line meets it (as a leader line's end does: ``labels.leader_end``).
A small lettered node joined to two or more others (a diagram's connectors) is no tag.

Example:
    >>> import numpy as np
    >>> callout_tags(np.zeros((4, 4, 3), np.uint8), [], None, {}, np.zeros((4, 4), bool))
    ([], {})
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["callout_tags"]


def _box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _written_in(
    box: tuple[int, int, int, int], labels: list[tuple[str, Any]] | None
) -> list[tuple[str, Any]]:
    x0, y0, x1, y1 = box
    out = []
    for text, b in labels or []:
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            out.append((text, b))
    return out


def callout_tags(
    work: np.ndarray,
    regions: list[Any],
    labels: list[tuple[str, Any]] | None,
    leaders: dict[str, tuple[float, float]],
    foreground: np.ndarray,
) -> tuple[list[Any], dict[str, tuple[float, float]]]:
    """``(regions, leaders)``: the regions without the callout tags (see the module
    docstring), and per tag's label the point where its leader meets the shape it labels."""
    if len(regions) < 2:
        return regions, leaders
    import cv2

    from .badge_discs import _holds_writing

    areas = [float(r.mask.sum()) for r in regions]
    boxes = [_box(r.mask) for r in regions]
    taken = np.zeros(foreground.shape, bool)
    for r in regions:
        taken |= r.mask
    grow = np.ones((5, 5), np.uint8)
    gone: set[int] = set()
    leaders = dict(leaders)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    for k, r in enumerate(regions):
        # the tag's body: its leader, where the region took it in, is thinner than the disc
        body = cv2.morphologyEx(r.mask.astype(np.uint8), cv2.MORPH_OPEN, disc) > 0
        box = _box(body) if body.any() else boxes[k]
        written = _written_in(box, labels)
        if written:
            ink_h = max(b[3] - b[1] for _, b in written)
        elif _holds_writing(work, r.mask):
            ink_h = 0.5 * (box[3] - box[1])
        else:
            continue
        if box[3] - box[1] > 3 * ink_h + 12 or areas[k] > 0.5 * max(a for j, a in enumerate(areas) if j != k):
            continue
        # the foreground no other region holds, grown from the tag
        free = (foreground | r.mask) & ~(taken & ~r.mask)
        n, comp = cv2.connectedComponents(free.astype(np.uint8), connectivity=8)
        ids = np.unique(comp[r.mask])
        ids = ids[ids > 0]
        if ids.size == 0:
            continue
        reach = np.isin(comp, ids)
        rx0, ry0, rx1, ry1 = _box(reach)
        joined = []
        for j, q in enumerate(regions):
            qb = boxes[j]
            if (
                j == k
                or j in gone
                or qb[0] > rx1 + 3
                or qb[2] < rx0 - 3
                or qb[1] > ry1 + 3
                or qb[3] < ry0 - 3
            ):
                continue  # (its box is not beside the reach: no line joins them)
            y0, y1, x0, x1 = max(qb[1] - 3, 0), qb[3] + 3, max(qb[0] - 3, 0), qb[2] + 3
            near = cv2.dilate(q.mask[y0:y1, x0:x1].astype(np.uint8), grow) > 0
            if (near & reach[y0:y1, x0:x1]).any():
                joined.append(j)
        if len(joined) != 1 or areas[k] > 0.5 * areas[joined[0]]:
            continue
        j = joined[0]
        line = (reach | r.mask) & ~(cv2.dilate(body.astype(np.uint8), grow) > 0) & ~regions[j].mask
        if not _thin_line(line, box):
            continue
        gone.add(k)
        touch = cv2.dilate(line.astype(np.uint8), grow) > 0
        ys, xs = np.nonzero(regions[j].mask & touch)
        if ys.size == 0:
            ys, xs = np.nonzero(regions[j].mask)
        x, y = float(np.median(xs)), float(np.median(ys))
        for text, _ in written:
            leaders[text] = (x, y)
    return [r for k, r in enumerate(regions) if k not in gone], leaders


def _thin_line(line: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """Whether ``line`` (the pixels joining a tag to its shape) is a line: some of it, at most
    5 px wide (its depth at most 2.6 px), outside the tag's ``box`` grown by 2 px. A tag that
    touches its shape has no line and no such pixels: it is a badge (``badge_discs``)."""
    import cv2

    outside = line.copy()
    x0, y0, x1, y1 = box
    outside[max(y0 - 2, 0) : y1 + 2, max(x0 - 2, 0) : x1 + 2] = False
    if outside.sum() < 6:
        return False
    depth = cv2.distanceTransform(np.pad(outside, 1).astype(np.uint8), cv2.DIST_L2, 3)
    return float(np.percentile(depth[1:-1, 1:-1][outside], 90)) <= 2.6
