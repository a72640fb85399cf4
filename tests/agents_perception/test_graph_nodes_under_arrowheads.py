"""A graph's nodes keep their shape under the arrowheads drawn onto them, and a double
border is one node.

Graphviz ends each edge in a filled head whose tip touches the node's outline. The head is
thick enough to survive the opening that cuts thin leader lines, so it stayed fused to the
node, and a box or a hexagon with a barb on it had no shape name ("how many hexagons" said
0). A ring drawn round a node at a narrow, even gap (a ``doublecircle``) was a second circle.
Drawn here with Pillow, in the look Graphviz gives (dark grey outlines, black heads).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from spatioxolver.agents._vision.arrowheads import cut_arrowheads, holes_filled
from spatioxolver.agents._vision.double_outlines import merge_double_outlines
from spatioxolver.agents._vision.flat import flat_shape
from spatioxolver.agents._vision.regions import Region

_PEN = (51, 51, 51)


def _head(d, tail: tuple[float, float], tip: tuple[float, float], head: float = 16.0) -> None:
    """A filled black head pointing from ``tail`` whose tip runs 2 px into the outline at ``tip``."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    tip = (tip[0] + 2 * math.cos(angle), tip[1] + 2 * math.sin(angle))
    base = (tip[0] - head * math.cos(angle), tip[1] - head * math.sin(angle))
    side = head * 0.4
    left = (base[0] + side * math.sin(angle), base[1] - side * math.cos(angle))
    right = (base[0] - side * math.sin(angle), base[1] + side * math.cos(angle))
    d.polygon([tip, left, right], fill=(0, 0, 0))


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]


_NODES = {
    "rectangle": lambda d: d.rectangle((60, 60, 200, 150), fill=(44, 160, 44), outline=_PEN, width=3),
    "hexagon": lambda d: d.polygon(_hexagon(130, 110, 70), fill=(31, 95, 208), outline=_PEN, width=3),
    "circle": lambda d: d.ellipse((70, 50, 190, 170), outline=(142, 63, 181), width=3),
}
#: (where each head comes from, where its tip touches the node)
_TIPS = {
    "rectangle": [((20, 20), (60, 60)), ((130, 215), (130, 150))],
    "hexagon": [((5, 110), (60, 110)), ((250, 20), (165, 50))],
    "circle": [((5, 110), (70, 110)), ((250, 215), (173, 153))],
}


@pytest.mark.parametrize("name", ["rectangle", "hexagon", "circle"])
def test_graph_nodes_keep_their_shapes_under_arrowheads(name) -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (260, 220), (255, 255, 255))
    d = ImageDraw.Draw(img)
    _NODES[name](d)
    for tail, tip in _TIPS[name]:
        _head(d, tail, tip)
    rgb = np.asarray(img)
    region = Region(mask=rgb.astype(int).sum(axis=2) < 740)  # the node with its heads fused on
    assert flat_shape(holes_filled(region.mask)) != name  # the heads spoil the outline
    cut_arrowheads([region], rgb)
    assert flat_shape(holes_filled(region.mask)) == name


def _region(draw) -> tuple[Region, np.ndarray]:
    """One region drawn alone on white: its mask is every non-white pixel."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (200, 200), (255, 255, 255))
    draw(ImageDraw.Draw(img))
    rgb = np.asarray(img)
    return Region(mask=(rgb.astype(int).sum(axis=2) < 740)), rgb


def test_a_filled_stars_tips_are_its_own() -> None:
    star = [
        (100 + (70 if k % 2 == 0 else 28) * math.cos(-math.pi / 2 + k * math.pi / 5),
         100 + (70 if k % 2 == 0 else 28) * math.sin(-math.pi / 2 + k * math.pi / 5))
        for k in range(10)
    ]  # fmt: skip
    region, rgb = _region(lambda d: d.polygon(star, fill=(240, 200, 30), outline=_PEN, width=3))
    before = region.mask.copy()
    cut_arrowheads([region], rgb)
    assert (before & ~region.mask).sum() < 0.01 * before.sum()


def test_a_thick_outlines_sharp_corners_are_its_own() -> None:
    # A thin wedge drawn with a 6 px pen: its mitred corners reach far past the stroke's width.
    wedge = [(30, 170), (170, 170), (100, 30)]
    region, rgb = _region(lambda d: d.polygon(wedge, outline=(142, 63, 181), width=6))
    before = region.mask.copy()
    cut_arrowheads([region], rgb)
    assert (before & ~region.mask).sum() < 0.01 * before.sum()


def test_a_dot_inside_a_ring_stays_a_shape() -> None:
    from PIL import Image, ImageDraw

    img = Image.new("L", (200, 200), 0)
    d = ImageDraw.Draw(img)
    d.ellipse((20, 20, 180, 180), outline=255, width=3)
    ring = np.asarray(img) > 0
    img = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(img).ellipse((80, 80, 120, 120), fill=255)
    dot = np.asarray(img) > 0
    assert len(merge_double_outlines([Region(mask=ring), Region(mask=dot)])) == 2


def test_a_ring_at_a_narrow_gap_is_the_same_node() -> None:
    from PIL import Image, ImageDraw

    img = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(img).ellipse((20, 20, 180, 180), outline=255, width=3)
    ring = np.asarray(img) > 0
    img = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(img).ellipse((32, 32, 168, 168), fill=255)
    disc = np.asarray(img) > 0
    merged = merge_double_outlines([Region(mask=ring), Region(mask=disc)])
    assert len(merged) == 1
    assert flat_shape(merged[0].mask) == "circle"
