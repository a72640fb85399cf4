"""A chart's axes: the frame, tick marks, tick labels and title around what is plotted.

Shapes drawn by a plotting library sit inside a frame of axis lines (the spines), with short
tick marks outside the frame, numbers beside them and often a title above. None of these is
an object: read as pixels, the numbers became shapes' labels ("object 8") or objects of their
own, and the spines a long dark bar. :func:`without_plot_axes` finds the frame and paints
everything outside it (and the spines) with the colour inside the frame, and a legend inside
it (:mod:`.chart_legends`), so only what is plotted is read. The image keeps its size: places stay where they were.

The frame is asked to be a chart's, not a drawn rectangle:

* a left and a bottom spine: a dark, low-chroma line at least :data:`_MIN_SPAN` of the
  picture long, the two meeting in a corner (a full box adds a top and a right line);
* tick marks on at least one of them: three or more short strokes just outside the spine,
  at even steps (a drawn rectangle, a swimlane's border or a card has none);
* the frame spans most of the picture (:data:`_MIN_SPAN` both ways).

Example:
    >>> import numpy as np
    >>> without_plot_axes(np.full((64, 64, 3), 255, np.uint8))[1] is None
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["line_runs", "plot_frame", "without_plot_axes"]

#: A spine runs at least this share of the picture's width (or height), and so does the frame.
_MIN_SPAN = 0.45
#: Spine ink: darker than this grey level, with less than this spread between channels.
_DARK, _CHROMA = 120, 45
#: The two spines meet within this many pixels (plus their thickness).
_CORNER_SLACK = 3
#: ... and a spine runs on past the corner by a tick mark's length at most.
_TICK_RUN = 12
#: Tick marks: at least this many, their steps within this share of the median step.
_MIN_TICKS, _STEP_SPREAD = 3, 0.2


def line_runs(mask: np.ndarray, length: int, axis: int) -> list[tuple[int, int, int, int]]:
    """Long straight runs of ``mask`` along ``axis`` (1: horizontal, 0: vertical) as
    ``(first, last, start, end)``: the rows (columns) they occupy and where they run."""
    m = mask if axis == 1 else mask.T
    rows = np.nonzero(m.sum(axis=1) >= length)[0]  # enough ink in the row for such a run
    found: list[tuple[int, int, int, int]] = []
    if not len(rows):
        return found
    sums = np.zeros((len(rows), m.shape[1] + 1), np.int32)
    np.cumsum(m[rows], axis=1, out=sums[:, 1:])
    full = (sums[:, length:] - sums[:, :-length]) == length  # a window of ``length`` all ink
    for row, windows in zip(rows.tolist(), full, strict=True):
        starts = np.nonzero(windows)[0]
        if not len(starts):
            continue
        start, end = int(starts.min()), int(starts.max()) + length - 1
        if found and row == found[-1][1] + 1 and abs(found[-1][2] - start) <= 2:
            first, _, s, e = found[-1]
            found[-1] = (first, row, min(s, start), max(e, end))
        else:
            found.append((row, row, start, end))
    return [line for line in found if line[1] - line[0] <= 6]


def _evenly_spaced(centres: list[float]) -> bool:
    if len(centres) < _MIN_TICKS:
        return False
    steps = np.diff(sorted(centres))
    median = float(np.median(steps))
    return median >= 4 and float(np.abs(steps - median).max()) <= _STEP_SPREAD * median + 1.5


def _past_spine(strip: np.ndarray) -> np.ndarray:
    """The two rows of ``strip`` (rows leading away from a spine) where tick marks begin: past
    the spine's own anti-aliased edge (a row dark along most of its length)."""
    start = 0
    while start < len(strip) - 2 and strip[start].mean() > 0.5:
        start += 1
    return strip[start : start + 2]


def _ticks(band: np.ndarray) -> bool:
    """Whether a band beside a spine (rows along it) holds evenly spaced short strokes across it."""
    if band.size == 0:
        return False
    across = band.all(axis=0)  # columns dark across the band's depth
    centres, start = [], None
    for k, dark in enumerate([*across.tolist(), False]):
        if dark and start is None:
            start = k
        elif not dark and start is not None:
            if k - start <= 4:
                centres.append((start + k - 1) / 2)
            start = None
    return _evenly_spaced(centres)


def plot_frame(rgb: np.ndarray) -> tuple[int, int, int, int] | None:
    """``(x0, y0, x1, y1)``: the inside of a chart's frame (spines excluded), or ``None``."""
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 64:
        return None
    h, w = rgb.shape[:2]
    import cv2

    rgb = np.ascontiguousarray(rgb[..., :3], dtype=np.uint8)
    r, g, b = cv2.split(rgb)
    spread = cv2.subtract(cv2.max(cv2.max(r, g), b), cv2.min(cv2.min(r, g), b))
    dark = (cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY) < _DARK) & (spread < _CHROMA)
    if dark.mean() > 0.25:
        return None  # a chart's page is light, its ink thin (a dark picture is no such page)
    across = line_runs(dark, int(_MIN_SPAN * w), axis=1)
    down = line_runs(dark, int(_MIN_SPAN * h), axis=0)
    for top_row, bottom_row, left_end, right_end in sorted(across, key=lambda line: -line[0]):
        for first_col, last_col, top_end, bottom_end in sorted(down, key=lambda line: line[0]):
            # The spines meet; each may run on past the corner by a tick's length.
            meets = (
                -_CORNER_SLACK <= bottom_end - bottom_row <= _CORNER_SLACK + _TICK_RUN
                and -_CORNER_SLACK - _TICK_RUN <= left_end - first_col <= _CORNER_SLACK
            )
            if not meets or bottom_row - top_end < _MIN_SPAN * h or right_end - first_col < _MIN_SPAN * w:
                continue
            below = _past_spine(dark[bottom_row + 1 : bottom_row + 6, first_col : right_end + 1])
            beside = _past_spine(dark[top_end : bottom_row + 1, max(0, first_col - 5) : first_col].T[::-1])
            if not (_ticks(below) or _ticks(beside)):
                continue
            x0, y1 = last_col + 1, top_row
            y0 = _inner_top(across, top_end, first_col, right_end)
            x1 = _inner_right(down, right_end, top_end, bottom_row)
            if x1 - x0 >= _MIN_SPAN * w * 0.8 and y1 - y0 >= _MIN_SPAN * h * 0.8:
                return x0, y0, x1, y1
    return None


def _inner_top(across: list[tuple[int, int, int, int]], top_end: int, left: int, right: int) -> int:
    """The first row inside the frame: below a top spine at the left spine's top, else that top."""
    for first, last, start, end in across:
        if abs(first - top_end) <= _CORNER_SLACK + 6 and start <= left + 6 and end >= right - 6:
            return last + 1
    return top_end


def _inner_right(down: list[tuple[int, int, int, int]], right_end: int, top: int, bottom: int) -> int:
    """The column after the last inside the frame: a right spine's first column, else the
    bottom spine's end."""
    for first, _, start, end in down:
        if abs(first - right_end) <= _CORNER_SLACK + 6 and start <= top + 6 and end >= bottom - 6:
            return first
    return right_end + 1


def without_plot_axes(rgb: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int] | None]:
    """``(image, frame)``: ``rgb`` with a chart's axes, ticks, numbers and title painted over
    with the colour inside its frame, and that frame (``None``, image unchanged, when none)."""
    rgb = np.asarray(rgb)
    frame = plot_frame(rgb)
    if frame is None:
        return rgb, None
    x0, y0, x1, y1 = frame
    inside = rgb[y0:y1, x0:x1]
    ring = np.concatenate(
        [
            inside[:2].reshape(-1, 3),
            inside[-2:].reshape(-1, 3),
            inside[:, :2].reshape(-1, 3),
            inside[:, -2:].reshape(-1, 3),
        ]
    )
    canvas = np.median(ring, axis=0).astype(rgb.dtype)
    out = np.empty_like(rgb)
    out[...] = canvas
    out[y0:y1, x0:x1] = inside
    from .chart_legends import legend_boxes

    for lx0, ly0, lx1, ly1 in legend_boxes(rgb, frame):  # a key inside the plot explains it
        out[max(y0, ly0 - 1) : ly1 + 1, max(x0, lx0 - 1) : lx1 + 1] = canvas
    return out, frame
