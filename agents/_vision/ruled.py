"""Ruled and graph paper, and a border around the picture: a drawing's backdrop, not what is drawn.

Shapes drawn on graph paper (or a ruled page, a chart's grid) sit on a backdrop of thin,
evenly spaced lines across the whole picture. The smooth background model cannot explain
them, so they made the picture look busy to the reliability score and cut outline-only
shapes into pieces. :func:`unruled` finds them and paints them out before anything is read:

* a **line row** is a row whose median colour (objects cover less than half of it) stands
  out from the rows five pixels above and below it, the same way from both (a ridge, so a smooth gradient or a
  sky's horizon is none); runs of line rows at most 5 px thick are lines;
* four or more such lines, evenly spaced (most gaps within a quarter of the median gap),
  make a ruling; columns are tested the same way;
* a pixel of a line whose colour lies on the way from the paper (the rows beside the line)
  to the line's colour, or a little past it (where two lines cross), is painted with the
  paper beside it; a shape drawn over the line keeps its own colour.

:func:`unframed` paints out a border drawn around the whole picture (one colour along all
four edges, at most 8 % of the shorter side thick, unlike the canvas inside it) with the
canvas's colour: a thick border would otherwise be taken for the background and the canvas
inside it for one big object.

Example:
    >>> import numpy as np
    >>> img = np.full((120, 160, 3), 255, np.uint8); img[::12] = (200, 215, 235); img[:, ::12] = (200, 215, 235)
    >>> img[40:80, 50:90] = (200, 30, 30)
    >>> clean, found = unruled(img)
    >>> found, int(np.abs(clean[:, :48].astype(int) - 255).max()), clean[60, 70].tolist()
    (True, 0, [200, 30, 30])
"""

from __future__ import annotations

import numpy as np

__all__ = ["unruled", "unframed"]

#: A line row's median stands out from its neighbours' by this many grey levels (a channel).
_RIDGE = 5.0
#: Lines are at most this thick (pixels): OpenCV draws a line of thickness 3 or 4 five rows thick.
_MAX_THICK = 5
#: A ruling has at least this many lines.
_MIN_LINES = 4
#: A pixel within this distance (RGB) of the paper-to-line segment is line.
_TOLERANCE = 14.0


def unruled(rgb: np.ndarray) -> tuple[np.ndarray, bool]:
    """``(image, found)``: ``rgb`` with the lines of a ruled or graph-paper backdrop painted
    out (the paper beside each line), and whether any ruling was found."""
    rgb = np.asarray(rgb)
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 32:
        return rgb, False
    rows = _lines(rgb)
    cols = _lines(rgb.transpose(1, 0, 2))
    if not rows and not cols:
        return rgb, False
    out = rgb.astype(np.float32)
    out = _paint_out(out, rows)
    out = _paint_out(out.transpose(1, 0, 2), cols).transpose(1, 0, 2)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8), True


def _lines(rgb: np.ndarray) -> list[tuple[int, int]]:
    """The ``(first, last)`` rows of each line of a ruling across ``rgb``'s rows, or ``[]``."""
    step = max(1, rgb.shape[1] // 256)  # a sample of columns is enough for a median
    med = np.median(rgb[:, ::step], axis=1).astype(np.float32)  # H x 3
    h = med.shape[0]
    k = _MAX_THICK
    if h < 2 * k + 8:
        return []
    padded = np.pad(med, ((k, k), (0, 0)), mode="reflect")  # a line along the edge too
    up, down = med - padded[:h], med - padded[2 * k :]
    # Standing out from both neighbours the same way (a row next to a line does not).
    stands_out = np.where(up * down > 0, np.minimum(np.abs(up), np.abs(down)), 0.0)
    ridge = (stands_out >= _RIDGE).any(axis=1)
    runs = []
    y = 0
    while y < h:
        if not ridge[y]:
            y += 1
            continue
        start = y
        while y < h and ridge[y]:
            y += 1
        if y - start <= _MAX_THICK:
            runs.append((start, y - 1))
    if len(runs) < _MIN_LINES:
        return []
    centres = np.array([(a + b) / 2.0 for a, b in runs])
    gaps = np.diff(centres)
    gap = float(np.median(gaps))
    if gap < 2 * _MAX_THICK + 2:
        return []
    even = np.abs(gaps - gap) <= 0.25 * gap
    if even.mean() < 0.7:
        return []
    return runs


def _paint_out(img: np.ndarray, runs: list[tuple[int, int]]) -> np.ndarray:
    """``img`` (float, H x W x 3) with the line pixels of each row run painted with the paper
    beside them (the mean of the rows just outside the run)."""
    h = img.shape[0]
    for a, b in runs:
        beside = [img[y] for y in (a - 1, b + 1) if 0 <= y < h]  # one side along the edge
        paper_rows = sum(beside) / len(beside)  # W x 3
        paper = np.median(paper_rows, axis=0)
        line = np.median(img[a : b + 1].reshape(-1, 3), axis=0)
        step = line - paper
        span = float(step @ step)
        if span < 1.0:
            continue
        for y in range(a, b + 1):
            px = img[y]
            t = np.clip(((px - paper) @ step) / span, -0.2, 2.0)
            off = px - (paper + t[:, None] * step)
            on_line = np.sqrt((off * off).sum(axis=1)) <= _TOLERANCE
            img[y, on_line] = paper_rows[on_line]
    return img


#: A border is at most this share of the shorter side thick.
_MAX_BORDER = 0.08
#: Grey levels (a channel) within which a border row is its colour, and the canvas is not.
_BORDER_TOLERANCE = 24.0


def unframed(rgb: np.ndarray) -> tuple[np.ndarray, bool]:
    """``(image, found)``: ``rgb`` with a border around the whole picture painted with the
    colour of the canvas inside it, and whether one was found."""
    rgb = np.asarray(rgb)
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 32:
        return rgb, False
    colour = np.median(np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]]), axis=0).astype(np.float32)
    limit = max(1, int(_MAX_BORDER * min(rgb.shape[:2])))
    sides = [rgb, rgb[::-1], rgb.transpose(1, 0, 2), rgb.transpose(1, 0, 2)[::-1]]
    depths = [_border_depth(side, colour, limit) for side in sides]
    if min(depths) == 0 or max(depths) > limit:
        return rgb, False
    h, w = rgb.shape[:2]
    top, bottom, left, right = depths
    inner = rgb[top + 1 : h - bottom - 1, left + 1 : w - right - 1]
    ring = np.concatenate(
        [
            inner[:2].reshape(-1, 3),
            inner[-2:].reshape(-1, 3),
            inner[:, :2].reshape(-1, 3),
            inner[:, -2:].reshape(-1, 3),
        ]
    )
    canvas = np.median(ring, axis=0)
    if np.abs(canvas - colour).max() < _BORDER_TOLERANCE:
        return rgb, False  # no border: the edge is the canvas itself
    step = max(1, min(inner.shape[:2]) // 64)
    if np.abs(np.median(inner[::step, ::step].reshape(-1, 3), axis=0) - colour).max() < _BORDER_TOLERANCE:
        # Mostly the edge's colour inside too: a margin of the canvas around a frame drawn
        # on it (a table's outer rule), not a border around the picture.
        return rgb, False
    out = rgb.copy()
    # One more row inward: the border's anti-aliased or compressed inner edge.
    out[: top + 1], out[h - bottom - 1 :] = canvas, canvas
    out[:, : left + 1], out[:, w - right - 1 :] = canvas, canvas
    return out, True


def _border_depth(side: np.ndarray, colour: np.ndarray, limit: int) -> int:
    """How many rows from ``side``'s first one are the border's colour (most of each row),
    ``limit + 1`` when more."""
    for depth in range(limit + 1):
        row = side[depth].astype(np.float32)
        if (np.abs(row - colour).max(axis=1) <= _BORDER_TOLERANCE).mean() < 0.9:
            return depth
    return limit + 1
