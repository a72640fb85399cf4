"""Round solids seen from high up: a can's even top, a cone's pointed top, an orange in shade.

Drawn here with numpy and OpenCV (no project drawing code). Seen from high up a ball, a can and
a cone all show a roundish outline, which the outline classifier names a ball (issue 13, VTK
renders with a high camera):

* a can shows its top, a plane lit evenly, as an ellipse as wide as the outline, over a band
  of its side of another lightness -- a ball's lightness falls smoothly everywhere;
* a cone's apex pokes a few px above its base's round outline: the outline's top is a V whose
  rows widen on a straight line, where a circle's widen as a square root.

And a shaded solid whose whole lit side is in shade (a light from straight above, a camera low)
is too dark for "orange" by lightness, but far too vivid for brown: it is an orange in shade.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.colour import shaded_orange
from spatioxolver.agents._vision.open_words import open_words
from spatioxolver.agents._vision.round_solid_tops import can_top_face, pointed_top

_GROUND = (180.0, 176.0, 168.0)


def _paint(mask: np.ndarray, rgb: np.ndarray) -> np.ndarray:
    out = np.empty(mask.shape + (3,))
    out[:] = _GROUND
    out[mask] = rgb[mask]
    return np.clip(out, 0, 255).astype(np.uint8)


def _ball(r: int = 40, albedo: tuple[float, float, float] = (200, 60, 60), light: float = 1.0):
    """A ball lit from above and to the left (Lambert), ``light`` scaling its linear light."""
    size = 2 * r + 9
    yy, xx = np.mgrid[0:size, 0:size].astype(float)
    nx, ny = (xx - r - 4) / r, (yy - r - 4) / r
    mask = nx**2 + ny**2 <= 1.0
    nz = np.sqrt(np.clip(1.0 - nx**2 - ny**2, 0.0, 1.0))
    lam = np.clip(-0.45 * nx - 0.55 * ny + 0.70 * nz, 0.0, 1.0)
    lin = (np.array(albedo) / 255.0) ** 2.2 * (0.08 + 0.92 * lam[..., None]) * light
    return mask, _paint(mask, 255.0 * np.clip(lin, 0, 1) ** (1 / 2.2))


def _can_from_above(r: int = 40, b: int = 36, band: int = 9):
    """A can seen from high up: its top (an even ellipse) above a band of its darker side."""
    h = 2 * b + band + 9
    top = np.zeros((h, 2 * r + 9), np.uint8)
    cv2.ellipse(top, (r + 4, b + 4), (r, b), 0, 0, 360, 1, -1)
    mask = top.copy()
    cv2.ellipse(mask, (r + 4, b + 4 + band), (r, b), 0, 0, 360, 1, -1)
    cv2.rectangle(mask, (4, b + 4), (2 * r + 4, b + 4 + band), 1, -1)
    # the side is curved: lit from the left, it darkens across its width
    xx = np.broadcast_to(np.arange(top.shape[1])[None, :].astype(float), top.shape)
    side = (0.35 + 0.65 * np.clip(np.cos((xx - 4) / (2 * r) * np.pi * 0.9), 0, 1))[..., None]
    rgb = np.where(top[..., None] > 0, [200.0, 60.0, 60.0], np.array([150.0, 42.0, 42.0]) * side)
    return mask.astype(bool), _paint(mask.astype(bool), rgb)


def _cone_from_above(r: int = 40, rise: int = 5):
    """A cone seen from high up: its base's round outline and the V of its apex above it."""
    size = 2 * r + 9 + rise
    mask = np.zeros((size, 2 * r + 9), np.uint8)
    cx, cy = r + 4, r + 4 + rise
    cv2.circle(mask, (cx, cy), r, 1, -1)
    d = r + rise  # apex to centre; the tangent points on the circle
    half = np.arcsin(r / d)
    pts = [(cx, cy - d)]
    for s in (-1, 1):
        ang = -np.pi / 2 + s * (np.pi / 2 - half)
        pts.append((cx + r * np.cos(ang), cy + r * np.sin(ang)))
    cv2.fillConvexPoly(mask, np.round(np.array(pts)).astype(np.int32), 1)
    mask = mask.astype(bool)
    yy, xx = np.mgrid[0:size, 0 : 2 * r + 9].astype(float)
    theta = np.arctan2(yy - cy, xx - cx)  # a cone's shade turns with the angle about its apex
    shade = 0.35 + 0.6 * (0.5 + 0.5 * np.cos(theta + 2.2))
    rgb = np.array([60.0, 170.0, 180.0])[None, None] * shade[..., None]
    return mask, _paint(mask, rgb)


def _name(mask: np.ndarray, full: np.ndarray, colour: str = "red", shape: str = "sphere"):
    colour, shape, _, _ = open_words(full[mask], mask, colour, shape, "rubber", full=full, basic_terms=True)
    return colour, shape


def _scene() -> np.ndarray:
    """A ground under a light from above: a can seen from high up, a blue ball, a cone."""
    img = np.empty((260, 420, 3), np.uint8)
    img[:] = np.array(_GROUND, np.uint8)
    for (mask, full), (y, x) in (
        (_can_from_above(), (40, 40)),
        (_ball(34, (40, 70, 200)), (120, 170)),
        (_cone_from_above(), (60, 300)),
    ):
        h, w = mask.shape
        img[y : y + h, x : x + w][mask] = full[mask]
    return img


def test_a_can_seen_from_high_up_shows_an_even_top_over_its_side() -> None:
    mask, full = _can_from_above()
    assert can_top_face(mask, full)


def test_a_box_bitten_by_a_ball_in_front_has_a_polygon_for_a_top() -> None:
    """A box seen from above a corner: an even top (a rhombus) over two darker faces; a ball
    in front bites its outline, so the outline's hull is no polygon -- its top still is."""
    m = np.zeros((100, 90), np.uint8)
    outline = np.array([[4, 22], [45, 4], [86, 22], [86, 70], [45, 92], [4, 70]], np.int32)
    cv2.fillPoly(m, [outline], 1)
    cv2.circle(m, (95, 100), 30, 0, -1)  # the bite of a ball in front
    top = np.zeros_like(m)
    cv2.fillPoly(top, [np.array([[4, 22], [45, 4], [86, 22], [45, 40]], np.int32)], 1)
    xx = np.broadcast_to(np.arange(90)[None, :], m.shape)
    rgb = np.where(
        top[..., None] > 0, [60.0, 80.0, 210.0], np.where(xx[..., None] < 45, 130.0, 95.0) * [0.3, 0.4, 1.0]
    )
    mask = m.astype(bool)
    assert not can_top_face(mask, _paint(mask, rgb))


def test_a_scene_seen_from_high_up_names_the_can_the_ball_and_the_cone() -> None:
    import spatioxolver

    img = _scene()
    assert spatioxolver.ask(img, "What shape is the red object?").value == "cylinder"
    assert spatioxolver.ask(img, "What shape is the blue object?").value == "sphere"
    assert spatioxolver.ask(img, "What shape is the cyan object?").value == "cone"


def test_a_shaded_ball_has_no_even_top_and_stays_a_ball() -> None:
    mask, full = _ball()
    assert not can_top_face(mask, full)
    assert not pointed_top(mask)
    assert _name(mask, full)[1] == "sphere"


def test_a_cone_seen_from_high_up_has_a_pointed_top() -> None:
    mask, full = _cone_from_above()
    assert pointed_top(mask)
    assert _name(mask, full, "cyan")[1] == "cone"


def test_round_outlines_without_an_apex_have_no_pointed_top() -> None:
    for r, b in ((30, 30), (60, 60), (100, 100), (60, 54), (60, 40)):
        m = np.zeros((2 * b + 9, 2 * r + 9), np.uint8)
        cv2.ellipse(m, (r + 4, b + 4), (r, b), 0, 0, 360, 1, -1)
        assert not pointed_top(m.astype(bool)), (r, b)


def test_an_orange_ball_in_shade_is_orange_and_a_lit_brown_ball_brown() -> None:
    mask, full = _ball(albedo=(245, 112, 20), light=0.35)
    assert _name(mask, full, "brown")[0] == "orange"
    mask, full = _ball(albedo=(120, 70, 30), light=1.6)
    assert _name(mask, full, "brown")[0] == "brown"


def test_shaded_orange_needs_an_orange_hue_and_chroma_for_its_lightness() -> None:
    assert shaded_orange(np.array([[46.0, 37.0, 53.0]]))  # orange at half light: C/L 1.4
    assert not shaded_orange(np.array([[37.0, 20.0, 37.0]]))  # a brown lit strongly: C/L 1.1
    assert not shaded_orange(np.array([[40.0, 62.0, 42.0]]))  # a dark red: hue 34
    assert not shaded_orange(np.array([[20.0, 12.0, 22.0]]))  # too little chroma to tell


def test_a_ball_whose_upper_half_is_even_is_no_can() -> None:
    # A glossy ball reflecting an even sky shows an even upper half over a darker lower one:
    # no can's top, since the outline narrows at that half's middle row (a can's top face is
    # as wide as the can at its middle).
    import cv2
    from spatioxolver.agents._vision.round_solid_tops import can_top_face

    mask = np.zeros((90, 90), np.uint8)
    cv2.circle(mask, (45, 45), 40, 1, -1)
    rgb = np.zeros((90, 90, 3), np.uint8)
    rgb[...] = (70, 80, 170)
    top = np.zeros_like(mask)
    cv2.ellipse(top, (45, 42), (60, 9), 0, 0, 180, 1, -1)  # the reflected horizon bows down
    top[:42] = 1
    rgb[(top > 0) & (mask > 0)] = (120, 130, 230)
    assert not can_top_face(mask.astype(bool), rgb)
