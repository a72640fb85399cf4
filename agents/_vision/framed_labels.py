"""Small boxed labels: a letter or a word in a thin rectangular frame (a callout box, often on
a leader line), too small for the segmenter to keep.

A frame drawn with a 1-2 px pen and the 7-12 px letters inside it are thinned away by the
segmenter's opening; what is left of them is the raw foreground no region took. A frame
there is a hole of that foreground that is a rectangle (it fills its box), of a small
label's size, ringed all round by a thin stroke, with ink inside it: the hole is read (the
``ocr`` extra, recognition only) enlarged from the input image, and the frame's box is the
label's (its leader line, if any, then starts at the box: :func:`.labels.leader_end`).

Example:
    >>> import numpy as np
    >>> framed_labels(np.zeros((20, 20), bool), np.zeros((20, 20), bool), np.zeros((20, 20, 3), np.uint8))
    []
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

__all__ = ["framed_labels"]

#: A frame's hole is this many px tall at most (larger boxed labels are kept by the segmenter).
_MAX_HOLE = 40
#: ... and at least this many.
_MIN_HOLE = 7


def _rectangles(free: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes ``(x0, y0, x1, y1)`` of the holes of ``free`` that are small upright rectangles
    ringed by a thin stroke."""
    import cv2

    contours, hierarchy = cv2.findContours(free.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    out = []
    h, w = free.shape
    for contour, (_, _, _, parent) in zip(contours, hierarchy[0], strict=True):
        if parent < 0:
            continue  # an outer boundary, not a hole
        x, y, bw, bh = cv2.boundingRect(contour)
        if not (_MIN_HOLE <= bh <= _MAX_HOLE and _MIN_HOLE <= bw <= 8 * _MAX_HOLE):
            continue
        hole = np.zeros((bh + 2, bw + 2), np.uint8)
        cv2.drawContours(hole, [contour], -1, 1, thickness=-1, offset=(1 - x, 1 - y))
        if hole.sum() < 0.85 * bw * bh:
            continue  # not a rectangle (a letter's counter, a ring)
        # (a hole's contour runs on the frame's inner pixels: the inside is one pixel in)
        x, y, bw, bh = x + 1, y + 1, bw - 2, bh - 2
        # A thin frame: a stroke just outside the inside runs all round it, and little of the
        # foreground lies 4-6 px out (a frame, not a hole in a filled shape).
        X0, Y0, X1, Y1 = max(x - 7, 0), max(y - 7, 0), min(x + bw + 7, w), min(y + bh + 7, h)
        crop = free[Y0:Y1, X0:X1]
        box = np.zeros(crop.shape, np.uint8)
        box[y - Y0 : y - Y0 + bh, x - X0 : x - X0 + bw] = 1
        near = cv2.dilate(box, np.ones((3, 3), np.uint8)).astype(bool) & ~box.astype(bool)
        far = cv2.dilate(box, np.ones((13, 13), np.uint8)).astype(bool) & ~cv2.dilate(
            box, np.ones((9, 9), np.uint8)
        ).astype(bool)
        if crop[near].mean() < 0.8 or crop[far].mean() > 0.25:
            continue
        out.append((x, y, x + bw, y + bh))
    return out


def framed_labels(
    raw: np.ndarray,
    taken: np.ndarray,
    work: np.ndarray,
    source: np.ndarray | None = None,
    *,
    min_score: float = 0.8,
) -> list[tuple[str, tuple[int, int, int, int]]]:
    """``[(text, box)]``: the labels read in small thin frames of the foreground ``raw`` that
    no region took (``taken``), ``box`` the frame's (working pixels); ``source``: the input
    image when larger than ``work``. Empty without the ``ocr`` extra."""
    import cv2

    from .labels import _engine, _recognise, best_reading

    if not raw.any():
        return []
    engine = _engine()
    if engine is None:
        return []
    from .reliability import image_quality

    if image_quality(work)["reliability"] < 0.5:
        return []  # a photo's window frames hold no labels
    free = raw.astype(bool) & ~taken.astype(bool)
    src = source if source is not None else work
    f = src.shape[1] / work.shape[1]
    lum = work.astype(np.float32).mean(axis=2)
    out = []
    for x0, y0, x1, y1 in _rectangles(free):
        inside = lum[y0:y1, x0:x1]
        ground = float(np.median(inside))
        ink = np.abs(inside - ground) > 60.0
        rows = np.nonzero(ink.any(axis=1))[0]
        if ink.sum() < 6 or rows.size == 0 or rows[-1] - rows[0] + 1 < 5:
            continue  # an empty frame (a rectangle drawn, not a label)
        # The frame's inside, from the input image, its ground made white and its ink black.
        X0, Y0, X1, Y1 = (round(v * f) for v in (x0, y0, x1, y1))
        crop = src[Y0:Y1, X0:X1].astype(np.float32).mean(axis=2)
        if crop.size == 0:
            continue
        g = float(np.median(crop))
        dark_ink = g > float(crop.min()) + (float(crop.max()) - g)  # (light ink on a dark fill)
        grey = (
            np.clip(255 * (crop - crop.min()) / max(g - crop.min(), 1), 0, 255)
            if dark_ink
            else np.clip(255 * (crop.max() - crop) / max(crop.max() - g, 1), 0, 255)
        )
        scale = max(1.0, 40.0 / grey.shape[0])
        grey = cv2.resize(grey.astype(np.uint8), None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        pad = max(4, grey.shape[0] // 4)
        grey = cv2.copyMakeBorder(grey, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
        text, score = best_reading([_recognise(engine, grey)], min_score)
        if score < min_score or not re.fullmatch(r"[A-Za-z0-9]{1,12}", text):
            continue
        text = text.upper() if len(text) == 1 and text.isalpha() else text
        out.append((text, (x0 - 3, y0 - 3, x1 + 3, y1 + 3)))
    return out


def with_framed_labels(
    labels: list[tuple[str, Any]], framed: list[tuple[str, tuple[int, int, int, int]]]
) -> list[tuple[str, Any]]:
    """``labels`` with the ``framed`` ones added, and any other reading inside a frame (a piece
    of the frame read as "L") dropped."""
    if not framed:
        return labels

    def within(box: Any, frame: tuple[int, int, int, int]) -> bool:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return frame[0] - 2 <= cx <= frame[2] + 2 and frame[1] - 2 <= cy <= frame[3] + 2

    kept = [(t, b) for t, b in labels if not any(within(b, fb) for _, fb in framed)]
    return kept + list(framed)
