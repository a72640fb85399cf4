"""A checker floor turned on the ground is a tiled floor, and its rows are its own (issue 13).

The scenes are ray cast here with numpy (no project drawing code): a camera above a ground
plane tiled in two colours, the grid turned by 20-40 degrees about the vertical, so no tile
edge is level; two coloured balls stand on it. Both sets of tile edges run obliquely and
converge on two vanishing points on one horizon.

Before, only a grid with level rows was found to be tiles: the turned grid was no tiled
floor, no pattern was read, and every question said "cannot tell" (POV-Ray's checker
floors in the grounds and fresh3 probes). Then, once the tiles' recurring colours were read,
the continuous-tone test still measured the raw rows of the floor (a checker's rows are far
from their median colour) and abstained; it now measures what the floor's own colours leave.
Crossed hatching, a fan of rays and a plain floor are still no tiles; nor is a plain floor
with a turned grid of thin dark lines drawn on it (VTK's ground grid): its lines have the
same floor on both sides, no step between two tiles' colours, and the floor reads as plain
(before, three such renders abstained at reliability 0.30, their grid crossings read as
grey solids).
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.receding_grid import converging_families
from spatioxolver.agents._vision.reliability import image_quality

from spatioxolver import ask

_BALLS = ((-1.3, 1.6, 0.6, (0.85, 0.12, 0.1)), (1.2, 0.6, 0.55, (0.1, 0.3, 0.9)))


def _turned_checker(
    turn: float | None, sky: bool, w: int = 560, h: int = 420, lines: bool = False
) -> np.ndarray:
    """sRGB: two balls on a floor of cream and brown tiles (side 1) turned by ``turn`` degrees
    (``None``: a plain floor), under a sky or seen from high enough to fill the frame;
    ``lines``: a pale plain floor with the turned grid drawn as thin grey lines instead."""
    w2, h2 = 2 * w, 2 * h
    cam = np.array([0.0, 3.0, -6.5]) if sky else np.array([0.0, 6.0, -6.5])
    aim = np.array([0.0, 0.6, 0.8]) if sky else np.array([0.0, 0.0, 0.8])
    fwd = (aim - cam) / np.linalg.norm(aim - cam)
    right = np.cross([0.0, 1.0, 0.0], fwd)
    right /= np.linalg.norm(right)
    up = np.cross(fwd, right)
    ys, xs = np.mgrid[0:h2, 0:w2].astype(float)
    t = np.tan(np.radians(24))
    d = (
        fwd
        + right * (((xs + 0.5) / w2 * 2 - 1) * w2 / h2 * t)[..., None]
        + up * ((1 - (ys + 0.5) / h2 * 2) * t)[..., None]
    )
    d /= np.linalg.norm(d, axis=-1, keepdims=True)
    img = np.zeros((h2, w2, 3)) + np.array([0.5, 0.66, 0.92])
    with np.errstate(divide="ignore", invalid="ignore"):
        tg = np.where(d[..., 1] < 0, -cam[1] / d[..., 1], np.inf)
    floor = np.isfinite(tg)
    p = cam + d * np.where(floor, tg, 0)[..., None]
    if turn is None:
        alb = np.full((h2, w2, 3), (0.7, 0.66, 0.6))
    else:
        c, s = np.cos(np.radians(turn)), np.sin(np.radians(turn))
        u, v = c * p[..., 0] + s * p[..., 2], -s * p[..., 0] + c * p[..., 2]
        odd = (np.floor(u) + np.floor(v)) % 2 > 0
        alb = np.where(odd[..., None], np.array([0.85, 0.8, 0.68]), np.array([0.3, 0.22, 0.16]))
        if lines:
            on_line = (np.abs(u - np.round(u)) < 0.04) | (np.abs(v - np.round(v)) < 0.04)
            alb = np.where(on_line[..., None], np.array([0.55, 0.56, 0.53]), np.array([0.82, 0.83, 0.8]))
    light = np.array([-0.4, 0.85, -0.3])
    light /= np.linalg.norm(light)
    lit = np.ones((h2, w2))
    for x, z, r, _ in _BALLS:  # hard shadows of the balls on the floor
        centre = np.array([x, r, z])
        oc = p - centre
        b = (oc * light).sum(-1)
        lit = np.where(b * b - ((oc * oc).sum(-1) - r * r) > 0, np.where(b < 0, 0.45, lit), lit)
    img = np.where(floor[..., None], alb * lit[..., None], img)
    nearest = np.where(floor, tg, np.inf)
    for x, z, r, colour in _BALLS:
        centre = np.array([x, r, z])
        oc = cam - centre
        b = (d * oc).sum(-1)
        disc = b * b - ((oc * oc).sum() - r * r)
        tb = np.where(disc > 0, -b - np.sqrt(np.maximum(disc, 0)), np.inf)
        hit = tb < nearest
        nearest = np.where(hit, tb, nearest)
        n = (cam + d * np.where(hit, tb, 0)[..., None] - centre) / r
        shade = 0.25 + 0.75 * np.clip((n * light).sum(-1), 0, None)
        img = np.where(hit[..., None], np.array(colour) * shade[..., None], img)
    img = img.reshape(h, 2, w, 2, 3).mean((1, 3))
    return (np.clip(img, 0, 1) ** (1 / 2.2) * 255).round().astype(np.uint8)


def _crossed_hatching(w: int = 560, h: int = 420) -> np.ndarray:
    img = np.full((h, w, 3), 245, np.uint8)
    ys, xs = np.mgrid[:h, :w]
    img[((xs + ys) % 28 < 2) | ((xs - ys) % 28 < 2)] = (90, 90, 90)
    img[150:260, 200:330] = (200, 40, 40)
    return img


def _fan(w: int = 560, h: int = 420) -> np.ndarray:
    """Rays drawn from one point at the top: they meet at their own ends, not above them."""
    img = np.full((h, w, 3), 240, np.uint8)
    ys, xs = np.mgrid[:h, :w].astype(float)
    angle = np.degrees(np.arctan2(ys - 20, xs - w / 2))
    for a in range(30, 160, 12):
        img[(np.abs(angle - a) < 0.4) & (ys > 20)] = (40, 40, 40)
    return img


@pytest.mark.parametrize("turn", [22.0, 35.0])
@pytest.mark.parametrize("sky", [True, False])
def test_a_turned_checker_floor_is_tiled(turn: float, sky: bool) -> None:
    img = _turned_checker(turn, sky)
    assert image_quality(img)["tiled"] == 1.0


@pytest.mark.parametrize(
    "make",
    [lambda: _turned_checker(None, True), lambda: _turned_checker(None, False), _crossed_hatching, _fan],
)
def test_plain_floors_hatching_and_a_fan_are_no_turned_grid(make) -> None:
    import cv2

    img = make()
    grey = cv2.cvtColor(np.ascontiguousarray(img[::2, ::2]), cv2.COLOR_RGB2GRAY)
    lines = cv2.HoughLinesP(
        cv2.Canny(grey, 40, 100), 1, np.pi / 180, threshold=30, minLineLength=52, maxLineGap=4
    )
    assert not converging_families(lines if lines is not None else [], grey.shape[0])
    assert image_quality(img)["tiled"] == 0.0


@pytest.mark.parametrize("turn", [22.0, 35.0])
def test_thin_grid_lines_on_a_plain_floor_are_no_tiles(turn: float) -> None:
    img = _turned_checker(turn, sky=False, lines=True)
    quality = image_quality(img)
    assert quality["tiled"] == 0.0
    assert quality["reliability"] >= 0.5
    a = ask(img, "How many objects are there?", model="geometric")
    assert a.value == 2 and not a.abstained


def test_mottled_tiles_keep_their_raw_rows() -> None:
    """A turned checker mottled all over (a photographed stone or fabric floor: blurred noise,
    20 % of the lightness, median gradient 5) is read as tiles, but its rows are measured raw:
    only smooth tiles (a render's, a drawing's) explain their own rows. Before, photographed
    grass and shop floors were answered."""
    import cv2

    img = _turned_checker(22.0, sky=False).astype(float)
    noise = cv2.GaussianBlur(
        np.random.default_rng(0).normal(0, 1, img.shape[:2]).astype(np.float32), (0, 0), 4.0
    )
    img = np.clip(img * (1 + 0.2 * (noise / noise.std()))[..., None], 0, 255).astype(np.uint8)
    quality = image_quality(img)
    assert quality["texture"] >= 1.0
    assert quality["reliability"] < 0.5


def test_parallel_families_do_not_converge() -> None:
    # two sets of parallel segments crossing (hatching): no vanishing point at all
    segs = [(0, 10 * k, 100, 10 * k + 40) for k in range(6)] + [
        (100, 10 * k, 0, 10 * k + 40) for k in range(6)
    ]
    assert not converging_families(segs, 120)


@pytest.mark.parametrize("turn", [22.0, 35.0])
def test_the_turned_floor_is_read_with_confidence(turn: float) -> None:
    img = _turned_checker(turn, sky=False)
    quality = image_quality(img)
    assert quality["patterned_ground"] == 1.0
    assert quality["reliability"] >= 0.5  # before: 0.0 (the checker's raw rows read as continuous tone)
    a = ask(img, "Is there a red ball?", model="geometric")
    assert a.value is True and not a.abstained
