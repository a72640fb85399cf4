"""Pieces of one word read as separate labels, joined and read again.

A word whose letters the segmenter kept in two kinds (thin strokes and solid blobs: a bold
serif "River" whose "R" and "i" pass the stroke test and "v", "e", "r" do not) is read as
several groups, each a fragment ("Riv", "iver", "er"), and each fragment became a label of
its own. Fragments written side by side on one line, closer than a letter's height, are one
word: :func:`join_fragments` reads the window round them all, and keeps the joined reading
when it is sure.

Example:
    >>> join_fragments([("A", (0, 0, 10, 14))], lambda box: ("", 0.0))
    [('A', (0, 0, 10, 14))]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["join_fragments"]

Box = tuple[int, int, int, int]


def _beside(a: Box, b: Box) -> bool:
    """Whether two word boxes sit on one line, under 0.6 x their height apart."""
    h = max(a[3] - a[1], b[3] - b[1])
    overlap_y = min(a[3], b[3]) - max(a[1], b[1]) > 0.4 * h
    gap = max(a[0], b[0]) - min(a[2], b[2])
    return overlap_y and gap < 0.6 * h


def join_fragments(
    labels: list[tuple[str, Any]], read: Callable[[Box], tuple[str, float]]
) -> list[tuple[str, Any]]:
    """``labels`` (``[(text, box)]``) with the fragments of one word joined where ``read``
    (a box -> ``(text, sure)``: the text and whether the reading is sure) reads the
    joined window surely; unsure, the fragments stay as they were."""
    out = [(t, tuple(int(v) for v in b)) for t, b in labels]
    tried: set[tuple[int, ...]] = set()
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i][1], out[j][1]
                if not _beside(a, b):
                    continue
                box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if box in tried:
                    continue
                tried.add(box)
                text, ok = read(box)
                if not ok or len(text) < max(len(out[i][0]), len(out[j][0])):
                    continue
                out = [lab for k, lab in enumerate(out) if k not in (i, j)] + [(text, box)]
                merged = True
                break
            if merged:
                break
    return out
