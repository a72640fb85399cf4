"""Lines of writing in a drawing: titles, captions, words under icons.

A slide or a diagram carries text that is not an object: a title, a caption, a word
written under each icon. The segmenter finds every letter (or a few touching letters) as a
small region. One letter alone may look like a shape; a *line* of them does not: several
thin-stroked regions of similar height, side by side on one baseline, with gaps under about
a letter's height. :func:`text_lines` finds such lines (no OCR needed), so their letters are
kept out of the objects, and says which lines hold more than one word (running text, never
a label of one object). Small marks in a line's band (a colon's dots, a dash) belong to it.

Example:
    >>> import numpy as np
    >>> text_lines([], np.zeros((10, 10, 3), np.uint8))
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["text_lines", "TextLine", "stroke_in_gap"]


class TextLine:
    """One line of writing: its member region indices, box and word count."""

    def __init__(self, members: list[int], box: tuple[int, int, int, int], words: int) -> None:
        self.members = members
        self.box = box
        self.words = words

    def __repr__(self) -> str:
        return f"TextLine(members={self.members}, box={self.box}, words={self.words})"


def _stroke_depth(mask: np.ndarray, rgb: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """Half the stroke width of the ink in ``box`` (loops the segmenter filled are ignored:
    only pixels unlike the ground around them count as ink)."""
    import cv2

    x0, y0, x1, y1 = box
    h, w = mask.shape
    X0, Y0, X1, Y1 = max(x0 - 3, 0), max(y0 - 3, 0), min(x1 + 3, w), min(y1 + 3, h)
    m = mask[Y0:Y1, X0:X1]
    lum = rgb[Y0:Y1, X0:X1].astype(np.float32).mean(axis=2)
    ring = cv2.dilate(m.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~m
    ink = m
    if ring.any():
        candidate = m & (np.abs(lum - float(np.median(lum[ring]))) > 40.0)
        if candidate.sum() >= 0.2 * m.sum():
            ink = candidate
    return float(cv2.distanceTransform(np.pad(ink, 1).astype(np.uint8), cv2.DIST_L2, 3).max())


def _ink(mask: np.ndarray, rgb: np.ndarray) -> tuple[float, float, float]:
    r, g, b = np.median(rgb[mask].astype(np.float32), axis=0)
    return float(r), float(g), float(b)


def _letters(regions: list[Any], rgb: np.ndarray) -> dict[int, tuple[int, int, int, int]]:
    """Regions that could be a letter (or a few touching letters): small, thin-stroked."""
    out = {}
    limit = 0.01 * rgb.shape[0] * rgb.shape[1]
    for k, r in enumerate(regions):
        mask = r.mask
        area = int(mask.sum())
        if area == 0 or area > limit:
            continue
        ys, xs = np.nonzero(mask)
        box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
        height = box[3] - box[1]
        if height < 5 or height > 0.12 * rgb.shape[0]:
            continue
        if _stroke_depth(mask, rgb, box) > max(1.5, 0.3 * height):
            continue
        out[k] = box
    return out


def _merged_word(mask: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """Whether one region is a word whose letters touch (a bold or blurred title): at least
    three times as wide as tall, and a row through its middle crosses ink six times or more
    (a ring or a bar crosses it twice at most)."""
    x0, y0, x1, y1 = box
    if x1 - x0 < 3 * (y1 - y0):
        return False
    crop = mask[y0:y1, x0:x1]
    runs = 0
    for frac in (0.4, 0.5, 0.6):
        row = crop[int(frac * (y1 - y0))].astype(np.int8)
        runs = max(runs, int((np.diff(np.concatenate([[0], row, [0]])) == 1).sum()))
    return runs >= 6


def text_lines(regions: list[Any], rgb: np.ndarray) -> list[TextLine]:
    """Lines of writing among ``regions`` (objects with a boolean ``mask``).

    A line is at least three letter-like regions, or two spanning at least twice their
    height, or one word whose letters touch (:func:`_merged_word`), each overlapping the next on the vertical by half the smaller height, heights
    within a factor 2.5, horizontal gaps under 1.2 x the taller one (a stroke at most 0.3 x
    the height: bold titles too). Words are counted
    at gaps over 0.25 x the line's median height that hold no upright stroke of ink (a thin
    "l" the segmenter lost is a letter, not a space: :func:`stroke_in_gap`).

    Args:
        regions: the segmenter's regions.
        rgb: the image they come from.

    Returns:
        The lines found, each with its member indices into ``regions``.
    """
    boxes = _letters(regions, rgb)
    if not boxes:
        return []
    keys = sorted(boxes, key=lambda k: boxes[k][0])
    parent = {k: k for k in keys}

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a_i, a in enumerate(keys):
        ax0, ay0, ax1, ay1 = boxes[a]
        for b in keys[a_i + 1 :]:
            bx0, by0, bx1, by1 = boxes[b]
            ha, hb = ay1 - ay0, by1 - by0
            if bx0 - ax1 > 1.2 * max(ha, hb):
                continue
            overlap = min(ay1, by1) - max(ay0, by0)
            if overlap < 0.5 * min(ha, hb) or max(ha, hb) > 2.5 * min(ha, hb):
                continue
            parent[find(b)] = find(a)
    groups: dict[int, list[int]] = {}
    for k in keys:
        groups.setdefault(find(k), []).append(k)
    lines = []
    for members in groups.values():
        xs0 = [boxes[k][0] for k in members]
        box = (
            min(xs0),
            min(boxes[k][1] for k in members),
            max(boxes[k][2] for k in members),
            max(boxes[k][3] for k in members),
        )
        heights = sorted(boxes[k][3] - boxes[k][1] for k in members)
        median_h = heights[len(heights) // 2]
        if len(members) == 1 and not _merged_word(regions[members[0]].mask, box):
            continue
        if len(members) == 2 and box[2] - box[0] < 2 * (box[3] - box[1]):
            continue
        inks = [_ink(regions[k].mask, rgb) for k in members]
        neutral = all(max(c) - min(c) < 40 for c in inks)
        alike = max(float(np.abs(np.array(c) - np.array(inks[0])).max()) for c in inks) < 30
        if not (neutral or (alike and len(members) >= 3)):
            continue  # writing is in ink: grey / black / white, or one colour throughout
        order = sorted(members, key=lambda k: boxes[k][0])
        words = 1
        right = boxes[order[0]][2]
        for k in order[1:]:
            if boxes[k][0] - right > 0.25 * median_h and not stroke_in_gap(
                rgb, box, right, boxes[k][0], median_h
            ):
                words += 1
            right = max(right, boxes[k][2])
        if words == len(order) and _badges_apart(regions, order):
            continue  # labels on badges side by side (a "1" disc beside a "6" disc), not writing
        lines.extend(_framed_labels(regions, order, boxes) or [TextLine(order, box, words)])
    _punctuation(regions, lines)
    return lines


def _badges_apart(regions: list[Any], members: list[int]) -> bool:
    """Whether every member is a small filled disc or square holding writing (a badge, see
    ``inner_labels``: its outline filled covers most of its box, its letter a hole in it),
    each a word apart from the next: labels in a row, each read as its shape's badge. The
    letters of a word are never all a word's gap apart."""
    from .inner_labels import _badge, _filled

    for k in members:
        mask = regions[k].mask
        ys, xs = np.nonzero(mask)
        crop = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        if not _badge(mask) or crop.sum() > 0.97 * _filled(crop).sum():
            return False
    return True


def stroke_in_gap(rgb: np.ndarray, box: tuple[int, int, int, int], x0: int, x1: int, height: int) -> bool:
    """Whether the gap between two letters of a line (columns ``x0..x1`` of its ``box``)
    holds an upright stroke of ink at least half a letter tall: a thin letter ("l", "i",
    "t") the segmenter's opening erased, not a space between words."""
    _, y0, _, y1 = box
    if x1 <= x0 or y1 <= y0:
        return False
    band = rgb[y0:y1, max(box[0], 0) : box[2]].astype(np.float32).mean(axis=2)
    ground = float(np.median(band))  # a line of writing is mostly its ground
    gap = np.abs(rgb[y0:y1, x0:x1].astype(np.float32).mean(axis=2) - ground) > 60.0
    return bool(gap.sum(axis=0).max() >= 0.5 * height)


def _framed_labels(regions: list[Any], members: list[int], boxes: dict[int, Any]) -> list[TextLine]:
    """A line made only of rings or frames, each around its letters (boxed or circled labels
    side by side), as one one-word line per frame: two labels, not a word of two letters.
    ``[]`` when the line is anything else."""
    from .badges import ring_glyphs

    rings = ring_glyphs([regions[k].mask for k in members])
    held = {j for inner in rings.values() for j in inner}
    if len(rings) < 2 or len(held) + len(rings) < len(members):
        return []
    out = []
    for r, inner in rings.items():
        ks = [members[r]] + [members[j] for j in inner]
        out.append(TextLine(ks, boxes[members[r]], 1))
    return out


def _punctuation(regions: list[Any], lines: list[TextLine]) -> None:
    """Add to each line the small marks inside its band (dots, colons, commas, dashes: too
    small or too round to pass as letters)."""
    taken = {k for line in lines for k in line.members}
    for line in lines:
        x0, y0, x1, y1 = line.box
        height = y1 - y0
        for k, r in enumerate(regions):
            if k in taken:
                continue
            ys, xs = np.nonzero(r.mask)
            if ys.size == 0 or ys.size > 0.5 * height * height:
                continue
            bx0, by0, bx1, by1 = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
            inside = by0 >= y0 - 0.2 * height and by1 <= y1 + 0.3 * height
            if inside and bx0 <= x1 + 1.2 * height and bx1 >= x0 - 1.2 * height:
                line.members.append(k)
                taken.add(k)
