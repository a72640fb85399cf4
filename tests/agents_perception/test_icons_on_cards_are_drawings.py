"""Icons drawn on light cards in a grid (an app's tile view, a worksheet) are flat drawings.
The cards made the backdrop change from row to row, which was taken for a sky or wall above a
floor: every icon "stood on a ground plane" and was named as a solid (a star a "sphere", a
triangle a "cone"). A backdrop that goes up and down in bands shows no ground. A sky over a
floor still does. Pictures drawn here with Pillow."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.backdrop_rows import banded

from spatioxolver import ask
from spatioxolver.api import build_scene_graph

CELL, PAD = 120, 24
ICONS = [
    ["circle", "triangle", "star"],
    ["square", "star", "circle"],
    ["triangle", "circle", "square"],
]
COLOURS = [(229, 57, 53), (30, 136, 229), (67, 160, 71), (251, 140, 0), (142, 36, 170)]


def _icon(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, colour) -> None:
    if shape == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    elif shape == "square":
        d.rectangle((cx - 0.85 * r, cy - 0.85 * r, cx + 0.85 * r, cy + 0.85 * r), fill=colour)
    elif shape == "triangle":
        d.polygon([(cx, cy - r), (cx + 0.95 * r, cy + 0.7 * r), (cx - 0.95 * r, cy + 0.7 * r)], fill=colour)
    else:
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r * 1.1 if k % 2 == 0 else r * 0.48
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=colour)


def _tiles(card=(236, 239, 241), ground=(255, 255, 255)) -> np.ndarray:
    rows, cols = len(ICONS), len(ICONS[0])
    im = Image.new("RGB", (cols * CELL + 2 * PAD, rows * CELL + 2 * PAD), ground)
    d = ImageDraw.Draw(im)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = PAD + c * CELL + 7, PAD + r * CELL + 7
            d.rounded_rectangle((x0, y0, x0 + CELL - 14, y0 + CELL - 14), radius=12, fill=card)
            colour = COLOURS[(3 * r + c) % len(COLOURS)]
            _icon(d, ICONS[r][c], PAD + (c + 0.5) * CELL, PAD + (r + 0.5) * CELL, 0.3 * CELL, colour)
    return np.asarray(im)


@pytest.fixture(scope="module")
def tiles() -> np.ndarray:
    return _tiles()


def test_icons_on_cards_keep_their_flat_names(tiles) -> None:
    objects = build_scene_graph(tiles, cache=False).objects
    assert len(objects) == 9
    by_cell = sorted(objects, key=lambda o: (round(o.centroid[1] / CELL), o.centroid[0]))
    assert [o.attributes.shape for o in by_cell] == [s for row in ICONS for s in row]
    assert not any(o.attributes.extras.get("ground") for o in objects)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many stars are there?", "2"),
        ("What shape is in row 3, column 1?", "triangle"),
        ("How many circles are there?", "3"),
    ],
)
def test_questions_about_icons_on_cards(tiles, question: str, expected: str) -> None:
    assert ask(tiles, question, model="geometric").text.strip().rstrip(".").lower().split()[-1] == expected


def test_bluish_cards_on_an_off_white_page() -> None:
    objects = build_scene_graph(_tiles(card=(232, 238, 246), ground=(250, 250, 246)), cache=False).objects
    assert sorted(o.attributes.shape for o in objects) == sorted(s for row in ICONS for s in row)


def test_a_band_profile_is_banded_and_a_horizon_is_not() -> None:
    h = 300
    cards = np.zeros((h, 3), np.float32)
    for top in (0, 100, 200):
        cards[top : top + 14, 0] = 5.0  # light gaps between rows of cards
    sky = np.zeros((h, 3), np.float32)
    sky[:120, 0] = np.linspace(-6, 4, 120)  # a sky lightening to the horizon
    sky[120:, 0] = np.linspace(-2, 3, h - 120)  # a floor with its own ramp
    sky[:, 2] = np.where(np.arange(h) < 120, -8.0, 2.0)  # blue above, warm below
    assert banded(cards)
    assert not banded(sky)


def test_a_hazy_sky_over_a_floor_still_stands_solids_on_the_ground() -> None:
    w, h, horizon = 480, 360, 130
    img = np.zeros((h, w, 3), np.float32)
    t = np.linspace(0, 1, horizon)[:, None]
    img[:horizon] = (170 + 50 * t)[:, :, None] * np.array([0.85, 0.92, 1.0])
    t = np.linspace(0, 1, h - horizon)[:, None]
    img[horizon:] = (200 - 40 * t)[:, :, None] * np.array([1.0, 0.97, 0.92])
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy, r = 240, 250, 55
    inside = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    lit = np.clip(((cx - 25 - xx) * 0.6 + (cy - 30 - yy) * 0.8) / r * 0.45 + 0.65, 0.25, 1.1)
    img[inside] = (np.array([40, 80, 200])[None, :] * lit[inside][:, None]).clip(0, 255)
    objects = build_scene_graph(img.astype(np.uint8), cache=False).objects
    assert len(objects) == 1
    assert objects[0].attributes.shape == "sphere"
