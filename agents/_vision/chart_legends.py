"""A chart's legend: the framed key inside the plot that names what each colour stands for.

A plotting library draws the legend as a small box with a thin grey frame, its face the
plot's own colour, holding a row per entry: a small marker or patch of the entry's colour,
then the entry's words. Read as pixels, the markers were shapes ("3 squares" where the plot
has one) and the words were gone with the other writing. :func:`legend_boxes` finds such
boxes inside a chart's frame (:mod:`.plot_axes`), so they are painted over with the plot's
colour before anything is read.

A box is a legend when:

* its frame is four thin straight lines of one grey, ending where the box ends (a grid's
  lines run on past any cell; a chart's frame is the whole plot);
* it is small beside the plot (under :data:`_MAX_WIDTH` of its width and :data:`_MAX_AREA`
  of its area) and its face is mostly the plot's colour (a filled shape's outline holds its
  fill);
* it holds dark writing and some strong colour (the entries' markers).

Example:
    >>> import numpy as np
    >>> legend_boxes(np.full((80, 80, 3), 255, np.uint8), (0, 0, 80, 80))
    []
"""

from __future__ import annotations

import numpy as np

from .plot_axes import line_runs

__all__ = ["legend_boxes"]

#: A legend is at most this share of the plot's width, and of its area.
_MAX_WIDTH, _MAX_AREA = 0.5, 0.2
#: Its frame's lines differ from the plot's colour by at least this (grey levels).
_LINE_CONTRAST = 15
#: A frame line may run on past a corner by this many pixels (rounded corners, anti-aliasing).
_SLACK = 5


def _mean_in(mask: np.ndarray, box: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = box
    part = mask[y0:y1, x0:x1]
    return float(part.mean()) if part.size else 0.0


def legend_boxes(rgb: np.ndarray, frame: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """``[(x0, y0, x1, y1)]``: the legends inside ``frame`` (image pixels, frame lines included)."""
    fx0, fy0, fx1, fy1 = frame
    inner = np.asarray(rgb[fy0:fy1, fx0:fx1, :3]).astype(np.int16)
    fh, fw = inner.shape[:2]
    if fh < 40 or fw < 40:
        return []
    canvas = np.median(inner[:: max(1, fh // 64), :: max(1, fw // 64)].reshape(-1, 3), axis=0)
    diff = np.abs(inner - canvas).max(axis=2)
    spread = inner.max(axis=2) - inner.min(axis=2)
    line = (diff >= _LINE_CONTRAST) & (spread < 40)
    plain = diff < _LINE_CONTRAST
    writing = (inner.mean(axis=2) < 110) & (spread < 40)
    colour = spread >= 60
    across = line_runs(line, max(12, int(0.05 * fw)), axis=1)
    down = line_runs(line, max(8, int(0.04 * fh)), axis=0)
    boxes = []
    for top in across:
        for bottom in across:
            if bottom[0] - top[1] < 8 or abs(bottom[2] - top[2]) > _SLACK or abs(bottom[3] - top[3]) > _SLACK:
                continue
            x0, x1 = min(top[2], bottom[2]), max(top[3], bottom[3])
            if x1 - x0 > _MAX_WIDTH * fw or (x1 - x0) * (bottom[1] - top[0]) > _MAX_AREA * fw * fh:
                continue
            sides = [
                d
                for d in down
                if d[2] <= top[1] + 2 * _SLACK
                and d[3] >= bottom[0] - 2 * _SLACK
                and (abs(d[0] - x0) <= 2 * _SLACK or abs(d[1] - x1) <= 2 * _SLACK)
                and d[3] - d[2] <= bottom[1] - top[0] + 2 * _SLACK  # ends where the box ends
            ]
            if not any(abs(d[0] - x0) <= 2 * _SLACK for d in sides) or not any(
                abs(d[1] - x1) <= 2 * _SLACK for d in sides
            ):
                continue
            face = (x0 + 2, top[1] + 2, x1 - 1, bottom[0] - 1)
            if (
                _mean_in(plain, face) >= 0.6
                and 0.005 <= _mean_in(writing, face) <= 0.3
                and _mean_in(colour, face) >= 0.002
            ):
                boxes.append((fx0 + x0, fy0 + top[0], fx0 + x1 + 1, fy0 + bottom[1] + 1))
    return boxes
