"""A cut through a glossy ball's highlight is no neck between two solids (issue 13).

A ball's specular highlight is a bright, washed-out, smoothly graded blob inside its one
colour; the convex cut must not split a part along it (a ray-traced red ball read as a
"red cylinder" plus a "white sphere"). Drawn per pixel with numpy (no project drawing
code): a concave silhouette of two Lambert-shaded red lobes, with a Gaussian highlight
lying across the neck between them, stays whole; the same silhouette without the
highlight, and with the highlight away from the neck, is still cut in two.
"""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.convex_cut import convex_pieces

H, W = 160, 220


def _lobes(highlight_at: tuple[float, float] | None) -> tuple[np.ndarray, np.ndarray]:
    """Two overlapping red discs, shaded as balls lit from the upper left, on a grey ground;
    a white Gaussian highlight (sigma 7 px) added at ``highlight_at``."""
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    part = np.zeros((H, W), bool)
    shade = np.zeros((H, W))
    for cx, cy, r in ((80.0, 80.0, 50.0), (146.0, 84.0, 42.0)):
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (r * r)
        inside = (d2 <= 1) & ~part
        nz = np.sqrt(np.clip(1 - d2, 0, 1))
        shade[inside] = np.clip(-0.4 * (xx - cx) / r - 0.5 * (yy - cy) / r + 0.77 * nz, 0, 1)[inside]
        part |= d2 <= 1
    rgb = np.full((H, W, 3), 150.0)
    base = np.array([200.0, 30.0, 35.0])
    lit = (0.35 + 0.65 * shade)[..., None] * base
    if highlight_at is not None:
        hx, hy = highlight_at
        glow = np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * 7.0**2))[..., None]
        lit = lit + glow * (255.0 - lit)
    rgb[part] = lit[part]
    return part, np.clip(rgb, 0, 255).astype(np.uint8)


def _neck_x() -> float:
    """Where the two discs' outlines cross (the neck's column)."""
    # (x-80)^2 + (y-80)^2 = 50^2 and (x-146)^2 + (y-84)^2 = 42^2, solved for the chord's x at y = 82
    return 80.0 + (50.0**2 - 42.0**2 + 66.0**2 + 4.0**2) / (2 * 66.0) - 2.0


def test_without_a_highlight_the_two_lobes_are_cut():
    part, rgb = _lobes(None)
    assert len(convex_pieces(part, 40, rgb)) == 2


def test_a_highlight_across_the_neck_keeps_the_ball_whole():
    part, rgb = _lobes((_neck_x(), 82.0))
    assert len(convex_pieces(part, 40, rgb)) == 1


def test_a_highlight_away_from_the_neck_does_not_stop_the_cut():
    part, rgb = _lobes((62.0, 60.0))
    assert len(convex_pieces(part, 40, rgb)) == 2
