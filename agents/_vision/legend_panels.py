"""Legend panels: a box in a corner of a diagram holding several lines of writing (a key: "1 lamp",
a colour swatch with a word beside it, a title), which explains the objects and is none of them.

A panel is an object region whose box is ringed by its own pixels (a frame, or a fill the
letters sit on), that lies in a corner of the picture (near a side and the top or bottom),
and that holds three or more rows of glyphs (or of letter-sized pieces of its own pixels, a
key whose letters came out in one region with its frame). The panel, every region inside its box (the
swatches, pieces of its letters) and its glyphs are set aside before labels are read, so
none of its words becomes a label and none of its swatches an object.

Example:
    >>> drop_legend_panels([], [], (100, 100))
    ([], [])
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["drop_legend_panels"]

#: A panel lies within this share of the picture's width of its left or right side, and of its
#: height of its top or bottom.
_CORNER = 0.2
#: ... and holds at least this many rows of writing.
_MIN_ROWS = 3


def _box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _ringed(mask: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """Whether the region's own pixels run along the four sides of its box."""
    x0, y0, x1, y1 = box
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    sides = [
        mask[y0 : y0 + 2, x0:x1].any(axis=0),
        mask[y1 - 2 : y1, x0:x1].any(axis=0),
        mask[y0:y1, x0 : x0 + 2].any(axis=1),
        mask[y0:y1, x1 - 2 : x1].any(axis=1),
    ]
    return all(float(s.mean()) >= 0.85 for s in sides)


def _in_corner(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> bool:
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    side = x0 < _CORNER * w or x1 > (1 - _CORNER) * w
    end = y0 < _CORNER * h or y1 > (1 - _CORNER) * h
    return side and end and (x1 - x0) < 0.45 * w and (y1 - y0) < 0.6 * h


def _rows(boxes: list[tuple[int, int, int, int]]) -> int:
    """Rows of glyph boxes (centres a glyph's height apart or more)."""
    if not boxes:
        return 0
    height = float(np.median([b[3] - b[1] for b in boxes]))
    centres = sorted((b[1] + b[3]) / 2 for b in boxes)
    rows = 1
    for a, b in zip(centres, centres[1:], strict=False):
        if b - a > 0.7 * height:
            rows += 1
    return rows


def _own_writing(mask: np.ndarray, box: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """Boxes of the pieces of ink inside a ringed region's frame that are its own pixels (the
    letters of a key kept in one region with the frame round them), each a letter's size:
    under a third of the box's height and a quarter of its width."""
    import cv2

    x0, y0, x1, y1 = box
    inner = mask[y0 + 3 : y1 - 3, x0 + 3 : x1 - 3].astype(np.uint8)
    if inner.size == 0 or not inner.any():
        return []
    n, _, stats, _ = cv2.connectedComponentsWithStats(inner, connectivity=8)
    out = []
    for k in range(1, n):
        bx, by, bw, bh, area = (int(v) for v in stats[k])
        if area >= 4 and bh < (y1 - y0) / _MIN_ROWS and bw < (x1 - x0) / 4:
            out.append((x0 + 3 + bx, y0 + 3 + by, x0 + 3 + bx + bw, y0 + 3 + by + bh))
    areas = np.array([(b[2] - b[0]) * (b[3] - b[1]) for b in out], float)
    # Letters differ in size; the dots or tiles of a pattern do not.
    return out if areas.size >= 2 and areas.std() > 0.25 * areas.mean() else []


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def drop_legend_panels(
    regions: list[Any], glyphs: list[Any], shape: tuple[int, ...]
) -> tuple[list[Any], list[Any]]:
    """``(regions, glyphs)`` without legend panels, what lies inside them and their writing."""
    glyph_boxes = [_box(g.mask) for g in glyphs if g.mask.any()]
    panels = []
    for r in regions:
        if not r.mask.any():
            continue
        box = _box(r.mask)
        if not _in_corner(box, shape) or not _ringed(r.mask, box):
            continue
        held = [b for b in glyph_boxes if _inside(b, box)]
        if not r.notes.get("pattern_regular"):  # (a regular pattern's dots are no writing)
            own = _own_writing(r.mask, box)
            # (shapes of the drawing's size inside the frame: a box round shapes, not a key)
            tall = 2.5 * float(np.median([b[3] - b[1] for b in own])) if own else 0.0
            inner = [_box(q.mask) for q in regions if q is not r and q.mask.any()]
            if not any(_inside(b, box) and b[3] - b[1] > tall for b in inner):
                held += own
        if len(held) >= 2 * _MIN_ROWS and _rows(held) >= _MIN_ROWS:
            panels.append(box)
    if not panels:
        return regions, glyphs

    def in_panel(mask: np.ndarray) -> bool:
        return mask.any() and any(_inside(_box(mask), p) for p in panels)

    return [r for r in regions if not in_panel(r.mask)], [g for g in glyphs if not in_panel(g.mask)]
