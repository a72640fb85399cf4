"""A band of rows crowded with solids is still the tiled floor's (issue 13).

The floor is drawn here with numpy (no project drawing code): checker tiles in
perspective under a plain wall, each row of pixels mapped back onto the floor plane
(depth ``k / (y - horizon)``), and a row of blocks of seven colours standing side by side
across most of the width. The floor is read band by band by the colours that recur across
the width; in the crowded band the blocks' colours take the clusters, the tiles' two greys
merge into one, and before the band got no palette: its visible tiles became a strip of
foreground across the whole frame joining every block into one object. A ground goes on
through such a band, so the palettes of the bands above and below now stand in for it.
"""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.background import foreground_evidence

_COLOURS = (
    (200, 40, 40),
    (40, 90, 200),
    (240, 200, 40),
    (40, 160, 70),
    (150, 60, 170),
    (240, 130, 30),
    (40, 190, 200),
)


def _crowded_floor(w: int = 640, h: int = 480) -> np.ndarray:
    horizon, f = 120, 500.0
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    img = np.zeros((h, w, 3)) + np.array([205.0, 200.0, 190.0])  # a plain wall
    below = ys > horizon + 0.5
    # 4x4 supersampled tiles: anti-aliased edges as a renderer leaves them
    tiles = np.zeros((h, w))
    for dy in (-0.375, -0.125, 0.125, 0.375):
        for dx in (-0.375, -0.125, 0.125, 0.375):
            zz = np.where(below, 2.0 * f / np.maximum(ys + dy - horizon, 1e-6), 0.0)
            tiles += ((np.floor((xs + dx - w / 2) * zz / f / 0.8) + np.floor(zz / 0.8)) % 2) / 16
    grey = 215.0 - 75.0 * tiles
    img = np.where(below[..., None], grey[..., None] * np.ones(3), img)
    # seven blocks side by side from x = 40 to 600, rows 262 to 288, small gaps between them
    for k, colour in enumerate(_COLOURS):
        x0 = 40 + k * 80
        img[262:288, x0 : x0 + 72] = np.array(colour) * np.linspace(1.0, 0.8, 72)[None, :, None]
    return img.round().astype(np.uint8)


def test_no_strip_of_floor_runs_across_the_crowded_band() -> None:
    fg = foreground_evidence(_crowded_floor())
    assert fg.patterned
    across = fg.object_mask.mean(axis=1)
    # before: rows 260-289 (the crowded bands) were foreground from edge to edge
    assert float(across[260:262].max()) < 0.5
    assert float(across[288:290].max()) < 0.5
    # the floor beside the row of blocks, in the crowded bands (before: 0.80 and 0.98 of it)
    assert float(fg.object_mask[262:288, :34].mean()) < 0.5
    assert float(fg.object_mask[262:288, 606:].mean()) < 0.5
    # the blocks themselves stay foreground
    assert float(fg.object_mask[264:286, 45:105].mean()) > 0.9
