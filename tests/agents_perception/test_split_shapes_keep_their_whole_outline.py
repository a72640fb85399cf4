"""Two shapes of one colour joined in one blob are split at their neck by a watershed from
their cores; each piece keeps its whole outline (the rims the watershed's background marker
flooded go to the nearest piece), so a box and an ellipse joined by a short bar come out at
their full size, not shrunk to their cores."""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.part_split import split_touching


def test_split_pieces_cover_the_whole_blob_at_full_size():
    part = np.zeros((120, 400), bool)
    part[20:100, 20:170] = True  # a box
    yy, xx = np.mgrid[0:120, 0:400]
    part |= ((xx - 300) / 80.0) ** 2 + ((yy - 60) / 40.0) ** 2 <= 1.0  # an ellipse
    part[55:65, 170:225] = True  # a short bar joining them
    pieces = split_touching(part, 40)
    assert len(pieces) == 2
    union = np.any(pieces, axis=0)
    assert (union == part).all()
    box = max(pieces, key=lambda p: p[:, :100].sum())
    ys, xs = np.nonzero(box)
    assert (ys.min(), ys.max(), xs.min()) == (20, 99, 20)
