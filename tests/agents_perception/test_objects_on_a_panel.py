"""Objects standing on a uniform panel: a card with shapes drawn on it, a table top or floor
polygon under shaded solids. The panel is one connected blob with its objects; they must
still be found one by one (and a ground panel is no object)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.colour import rgb_to_lab
from spatioxolver.agents._vision.panels import is_ground, split_panel

import spatioxolver


def _card_with_shapes() -> Image.Image:
    im = Image.new("RGB", (600, 400), (250, 250, 250))
    d = ImageDraw.Draw(im)
    d.rectangle([100, 80, 500, 330], fill=(230, 200, 120))
    d.ellipse([150, 150, 190, 190], fill=(200, 30, 30))
    d.rectangle([300, 200, 340, 240], fill=(30, 60, 200))
    d.polygon([(420, 150), (400, 190), (440, 190)], fill=(40, 160, 40))
    return im


def _shaded_ball(img: np.ndarray, cx: int, cy: int, r: int, colour: tuple[int, int, int]) -> None:
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    dx, dy = (xx - cx) / r, (yy - cy) / r
    inside = dx**2 + dy**2 <= 1.0
    nz = np.sqrt(np.clip(1.0 - dx**2 - dy**2, 0.0, 1.0))
    light = np.clip(-0.5 * dx - 0.5 * dy + 0.7 * nz, 0.0, 1.0) * 0.75 + 0.25
    for c in range(3):
        img[..., c] = np.where(inside, (colour[c] * light).astype(np.uint8), img[..., c])


def _shaded_box(img: np.ndarray, x0: int, y0: int, s: int, colour: tuple[int, int, int]) -> None:
    """A box seen from above-front: a lit top (parallelogram), a front face, a dark side."""
    d = s // 3
    top = Image.new("L", (img.shape[1], img.shape[0]), 0)
    ImageDraw.Draw(top).polygon([(x0, y0 + d), (x0 + d, y0), (x0 + s + d, y0), (x0 + s, y0 + d)], fill=1)
    side = Image.new("L", (img.shape[1], img.shape[0]), 0)
    ImageDraw.Draw(side).polygon(
        [(x0 + s, y0 + d), (x0 + s + d, y0), (x0 + s + d, y0 + s), (x0 + s, y0 + s + d)], fill=1
    )
    for mask, f in ((np.asarray(top, bool), 1.0), (np.asarray(side, bool), 0.45)):
        img[mask] = (np.array(colour) * f).astype(np.uint8)
    img[y0 + d : y0 + s + d, x0 : x0 + s] = (np.array(colour) * 0.75).astype(np.uint8)


def _solids_on_a_table() -> np.ndarray:
    img = np.zeros((420, 640, 3), np.uint8)
    img[:] = (222, 232, 245)  # a pale wall
    floor = Image.new("L", (640, 420), 0)
    ImageDraw.Draw(floor).polygon([(90, 170), (560, 150), (600, 380), (50, 400)], fill=1)
    img[np.asarray(floor, bool)] = (200, 180, 140)  # a table top seen in perspective
    _shaded_ball(img, 170, 270, 42, (220, 40, 40))
    _shaded_box(img, 300, 220, 70, (40, 90, 210))
    _shaded_ball(img, 490, 300, 36, (240, 200, 30))
    return img


def test_shapes_drawn_on_a_card_are_found_one_by_one():
    graph = spatioxolver.build_scene_graph(_card_with_shapes())
    named = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert ("red", "circle") in named
    assert ("blue", "square") in named
    assert ("green", "triangle") in named
    assert ("yellow", "rectangle") in named  # the card itself is a drawn shape too


def test_the_card_still_holds_the_shapes_in_answers():
    answer = spatioxolver.ask(_card_with_shapes(), "What colour is the circle?")
    assert "red" in answer.text.lower()


def test_a_table_top_under_solids_is_ground_not_an_object():
    graph = spatioxolver.build_scene_graph(_solids_on_a_table())
    colours = sorted(o.attributes.color for o in graph.objects)
    assert colours == ["blue", "red", "yellow"], [
        (o.attributes.color, o.attributes.shape) for o in graph.objects
    ]
    assert all(not o.attributes.extras.get("flat") for o in graph.objects)


def test_split_panel_finds_the_panel_and_its_pieces():
    rgb = np.asarray(_card_with_shapes())
    comp = np.zeros(rgb.shape[:2], bool)
    comp[80:331, 100:501] = True
    found = split_panel(comp, rgb, rgb_to_lab(rgb), 40)
    assert found is not None
    panel, pieces = found
    assert len(pieces) == 3
    assert panel[100:140, 120:480].all() and not panel[160:180, 160:180].any()  # the card, less its shapes
    assert not is_ground(pieces, rgb_to_lab(rgb))  # flat fills: a card, not a floor


@pytest.mark.parametrize("kind", ["ball", "halves"])
def test_one_surface_is_no_panel(kind):
    if kind == "ball":  # a shaded ball: a gradient, no plateau beside another hue
        rgb = np.full((200, 200, 3), 255, np.uint8)
        _shaded_ball(rgb, 100, 100, 80, (60, 160, 60))
        comp = np.hypot(*np.mgrid[0:200, 0:200] - 100) <= 80
    else:  # two halves of one size, side by side: the colour split's business
        rgb = np.full((200, 300, 3), 255, np.uint8)
        rgb[20:180, 20:150] = (200, 40, 40)
        rgb[20:180, 150:280] = (40, 40, 200)
        comp = rgb.sum(axis=2) < 700
    assert split_panel(comp, rgb, rgb_to_lab(rgb), 40) is None
