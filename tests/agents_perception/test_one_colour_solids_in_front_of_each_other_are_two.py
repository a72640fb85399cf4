"""Two shaded solids of one colour, one in front of the other, are two objects (issue 13).

Balls, boxes, cans and cones are convex, so each one's silhouette is convex; a shaded part
that one straight cut between two of its concavities divides into convex pieces is several
solids. Drawn here per pixel with numpy (no project drawing code): a ball resting behind a
can's top, a ball in front of a can, and three boxes of one colour, all Lambert-shaded; and,
as controls, one shaded ball, one shaded can with a shallow nibble, a can bitten on both sides by two
nearer balls of another colour, and a flat drawn arrow
(concave by design, its head and shaft convex) that stay whole.
"""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.convex_cut import convex_pieces

H, W = 160, 200


def _grid() -> tuple[np.ndarray, np.ndarray]:
    return np.mgrid[0:H, 0:W].astype(float)


def _ball(cx: float, cy: float, r: float) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = _grid()
    d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (r * r)
    nz = np.sqrt(np.clip(1 - d2, 0, 1))
    shade = np.clip(-0.4 * (xx - cx) / r - 0.5 * (yy - cy) / r + 0.77 * nz, 0, 1)
    return d2 <= 1, shade


def _can(cx: float, top: float, r: float, height: float) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = _grid()
    u = (xx - cx) / r
    cap = ((xx - cx) / r) ** 2 + ((yy - top) / (0.35 * r)) ** 2 <= 1
    base = ((xx - cx) / r) ** 2 + ((yy - top - height) / (0.35 * r)) ** 2 <= 1
    body = (np.abs(u) <= 1) & (yy >= top) & (yy <= top + height) | base
    side = np.clip(0.6 * np.sqrt(np.clip(1 - u * u, 0, 1)) - 0.5 * u, 0, 1)
    return body | cap, np.where(cap, 0.95, side)


def _box(x0: float, y0: float, s: float) -> tuple[np.ndarray, np.ndarray]:
    """A box seen from above at an angle: a front square, a top and a right side face."""
    import cv2

    d = 0.35 * s
    faces = (
        ([(x0, y0 + d), (x0 + d, y0), (x0 + d + s, y0), (x0 + s, y0 + d)], 0.95),  # top
        ([(x0, y0 + d), (x0 + s, y0 + d), (x0 + s, y0 + d + s), (x0, y0 + d + s)], 0.6),  # front
        ([(x0 + s, y0 + d), (x0 + s + d, y0), (x0 + s + d, y0 + s), (x0 + s, y0 + d + s)], 0.3),
    )
    mask = np.zeros((H, W), bool)
    shade = np.zeros((H, W))
    for pts, light in faces:
        m = np.zeros((H, W), np.uint8)
        cv2.fillPoly(m, [np.array(pts, np.int32)], 1)
        mask |= m.astype(bool)
        shade[m.astype(bool)] = light
    return mask, shade


def _paint(layers, rgb=(200, 90, 30)) -> tuple[np.ndarray, np.ndarray]:
    """Layers back to front: each covers what is behind it."""
    mask = np.zeros((H, W), bool)
    light = np.zeros((H, W))
    for m, s in layers:
        light = np.where(m, s, light)
        mask |= m
    img = np.full((H, W, 3), 180.0)
    img[mask] = (0.15 + 0.85 * light[mask])[:, None] * np.array(rgb, float)
    return mask, img.astype(np.uint8)


def _count(mask: np.ndarray, img: np.ndarray) -> list[np.ndarray]:
    return convex_pieces(mask, 40, img)


def test_a_ball_behind_a_cans_top_is_cut_off_at_the_neck() -> None:
    mask, img = _paint([_ball(100, 40, 16), _can(100, 62, 34, 70)])
    pieces = _count(mask, img)
    assert len(pieces) == 2
    ball = min(pieces, key=lambda p: p.sum())
    ys, _ = np.nonzero(ball)
    assert ys.max() < 62  # the small piece is the ball above the can's top
    assert sum(int(p.sum()) for p in pieces) == int(mask.sum())


def test_a_ball_in_front_of_a_can_is_two_solids() -> None:
    mask, img = _paint([_can(120, 30, 32, 80), _ball(80, 100, 40)])
    assert len(_count(mask, img)) == 2


def test_three_boxes_of_one_colour_are_three() -> None:
    mask, img = _paint([_box(14, 40, 40), _box(62, 56, 40), _box(110, 36, 40)])
    from scipy import ndimage

    assert ndimage.label(mask)[1] == 1  # drawn as one blob
    assert len(_count(mask, img)) == 3


def test_one_ball_stays_whole() -> None:
    mask, img = _paint([_ball(100, 80, 50)])
    assert len(_count(mask, img)) == 1


def test_a_can_with_a_shallow_nibble_stays_whole() -> None:
    mask, img = _paint([_can(100, 30, 40, 90)])
    yy, xx = _grid()
    nibble = (xx - 142) ** 2 + (yy - 80) ** 2 <= 5**2  # a highlight or shadow's bite, 3 px deep
    mask &= ~nibble
    img[nibble] = 180
    assert len(_count(mask, img)) == 1


def test_a_flat_arrow_is_not_cut_at_its_head() -> None:
    yy, xx = _grid()
    shaft = (xx >= 20) & (xx <= 120) & (np.abs(yy - 80) <= 12)
    head = (xx >= 120) & (xx <= 180) & (np.abs(yy - 80) <= (180 - xx) * 0.8)
    mask = shaft | head
    img = np.full((H, W, 3), 240, np.uint8)
    img[mask] = (30, 90, 200)
    assert len(_count(mask, img)) == 1


def test_a_can_bitten_by_two_nearer_balls_of_another_colour_stays_whole() -> None:
    can, can_light = _can(100, 20, 30, 110)
    balls = _ball(64, 80, 18)[0] | _ball(136, 80, 18)[0]
    visible = can & ~balls  # a neck between the two bites, as between two solids
    _, img = _paint([(visible, can_light)])
    assert len(convex_pieces(visible, 40, img)) == 2  # the outline alone reads as two
    assert len(convex_pieces(visible, 40, img, others=balls)) == 1  # the balls fill the bites


def _star(cx: float, cy: float, r_out: float, r_in: float) -> np.ndarray:
    angles = np.deg2rad(np.arange(10) * 36.0 - 90.0)
    radii = np.where(np.arange(10) % 2 == 0, r_out, r_in)
    return np.stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)], axis=1)


def _outlined_star(r_out: float) -> tuple[np.ndarray, np.ndarray]:
    import cv2

    img = np.full((H, W, 3), 232, np.uint8)
    pts = np.round(_star(100, 84, r_out, 0.45 * r_out)).astype(np.int32)
    cv2.fillPoly(img, [pts], (245, 140, 20), lineType=cv2.LINE_AA)
    cv2.polylines(img, [pts], True, (30, 30, 30), 3, lineType=cv2.LINE_AA)
    return np.linalg.norm(img.astype(float) - 232, axis=2) > 30, img


def test_a_drawn_star_in_a_dark_outline_is_not_cut_into_solids() -> None:
    # fill and ink together are two tones, not flat: only the dark rim all round tells a drawing
    for r_out in (16, 24, 60):
        mask, img = _outlined_star(r_out)
        assert len(convex_pieces(mask, 40, img)) == 1, r_out


def test_the_outline_test_passes_a_shaded_solid() -> None:
    from spatioxolver.agents._vision.convex_cut import _outlined

    mask, img = _outlined_star(24)
    assert _outlined(mask, img)
    ball, light = _ball(100, 80, 50)
    _, lit = _paint([(ball, light)])
    assert not _outlined(ball, lit)  # its rim darkens away from the light only
