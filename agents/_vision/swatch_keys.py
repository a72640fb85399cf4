"""Keys of colour swatches: a column of small equal squares, each with a word written after it.

A key explains a drawing's colours ("river", "farm" beside a blue and a green square). When its
frame is a 1 px line on a ground of its own colour, no panel region holds it
(``legend_panels``), and its swatches were counted as shapes and its words read as their
labels. A key is found from the swatches themselves: three or more small filled squares (or
near squares) of one size, in one column (left edges within 3 px), evenly spaced, two or more with
writing starting just right of it on its row (a glyph under 2.5 x its side away), all under half the size of the other regions (at least two of them).
The swatches, the writing on their rows and just above the column (a "Key" title) and a thin
frame round them holding no other region are set aside before labels are read: none of the words is a label, none of the swatches an object.

Example:
    >>> drop_swatch_keys([], [])
    ([], [])
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["drop_swatch_keys"]

_MIN_ROWS = 3
#: Swatches are at most this many px on a side (a key's squares are the writing's size).
_MAX_SIDE = 40


def _box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _swatch(mask: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    return 6 <= min(w, h) and max(w, h) <= _MAX_SIDE and 0.75 <= w / h <= 1.33 and mask.sum() >= 0.7 * w * h


def _writing_after(box: tuple[int, int, int, int], glyph_boxes: list[tuple[int, int, int, int]]) -> list[int]:
    """The glyphs of the row just right of the swatch ``box`` (their indices): the first within
    2.5 x its side, each next under a side from the last (a word, some of whose letters the
    segmenter may have erased)."""
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    cy = (y0 + y1) / 2
    row = [
        i
        for i, b in enumerate(glyph_boxes)
        if x1 <= b[0] and b[0] - x1 < 3 * side and abs((b[1] + b[3]) / 2 - cy) < 0.5 * side
    ]
    if not row:
        return []
    # the run goes on from the first glyph, glyph by glyph (gaps under a side)
    row.sort(key=lambda i: glyph_boxes[i][0])
    if glyph_boxes[row[0]][0] - x1 > 2.5 * side:
        return []
    end, run = glyph_boxes[row[0]][2], [row[0]]
    for i in row[1:]:
        if glyph_boxes[i][0] - end > side:
            break
        end, run = max(end, glyph_boxes[i][2]), run + [i]
    return run


def _within(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def drop_swatch_keys(regions: list[Any], glyphs: list[Any]) -> tuple[list[Any], list[Any]]:
    """``(regions, glyphs)`` without the keys' swatches and writing (see the module docstring)."""
    if len(regions) < _MIN_ROWS + 2 or len(glyphs) < _MIN_ROWS:
        return regions, glyphs
    boxes = [_box(r.mask) if r.mask.any() else None for r in regions]
    glyph_boxes = [_box(g.mask) if g.mask.any() else (0, 0, 0, 0) for g in glyphs]
    cand = {
        k: _writing_after(b, glyph_boxes)
        for k, b in enumerate(boxes)
        if b is not None and _swatch(regions[k].mask[b[1] : b[3], b[0] : b[2]], b)
    }
    drop_r: set[int] = set()
    drop_g: set[int] = set()
    for k in sorted(cand, key=lambda k: boxes[k][1]):
        if k in drop_r:
            continue
        b = boxes[k]
        side = max(b[2] - b[0], b[3] - b[1])
        column = [
            j
            for j in cand
            if abs(boxes[j][0] - b[0]) <= 3 and 0.8 <= (boxes[j][3] - boxes[j][1]) / (b[3] - b[1]) <= 1.25
        ]
        column.sort(key=lambda j: boxes[j][1])
        if len(column) < _MIN_ROWS or sum(1 for j in column if cand[j]) < 2:
            continue  # (two rows show writing, at least: a short word's letters may be erased)
        steps = np.diff([boxes[j][1] for j in column])
        if steps.min() < side or steps.max() > 1.3 * steps.min() or steps.max() > 3 * side:
            continue  # not one evenly spaced column
        others = [boxes[j] for j in range(len(regions)) if j not in column and boxes[j] is not None]
        if len(others) < 2 or side > 0.5 * float(np.median([max(o[2] - o[0], o[3] - o[1]) for o in others])):
            continue  # the squares are the drawing's shapes, not a key's swatches
        drop_r.update(column)
        for j in column:
            drop_g.update(cand[j])
        # a title just above the column ("Key", "Legend")
        top, x0 = boxes[column[0]][1], b[0]
        right = max(glyph_boxes[i][2] for j in column for i in cand[j])
        drop_g.update(
            i
            for i, g in enumerate(glyph_boxes)
            if g[3] <= top and top - g[3] < 1.5 * side and g[0] >= x0 - side and g[2] <= right + side
        )
    if not drop_r:
        return regions, glyphs
    # the key's frame: a thin region round the swatches holding no other region
    for k, b in enumerate(boxes):
        if b is None or k in drop_r or regions[k].mask.sum() > 0.3 * (b[2] - b[0]) * (b[3] - b[1]):
            continue
        held = [j for j, q in enumerate(boxes) if j != k and q is not None and _within(q, b)]
        if held and set(held) <= drop_r:
            drop_r.add(k)
            drop_g.update(i for i, g in enumerate(glyph_boxes) if _within(g, b))
    return (
        [r for k, r in enumerate(regions) if k not in drop_r],
        [g for i, g in enumerate(glyphs) if i not in drop_g],
    )
