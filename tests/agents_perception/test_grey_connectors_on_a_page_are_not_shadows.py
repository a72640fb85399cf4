"""Grey connectors and arrowheads drawn on a white page are ink, not cast shadows.

A grey line dims a white page alike in every channel, as a shadow dims its ground. Read as
shadows, a state diagram's arrows made the page a lit ground and its discs solids ("cube",
"sphere"); with them read as lines the nodes are flat shapes with their 2-D names, and an
arrowhead left touching a disc is cut off (the disc stays a circle). A solid's cast shadow,
a region, is still a shadow.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.drawn_lines import all_strokes

import spatioxolver

NODES = [((130, 110), (215, 40, 40)), ((420, 120), (40, 90, 210)), ((270, 330), (40, 160, 70))]
R = 42


def _diagram(grey: int, width: int, head: float, outline: bool) -> Image.Image:
    img = Image.new("RGB", (560, 440), "white")
    draw = ImageDraw.Draw(img)
    for (x, y), colour in NODES:
        box = (x - R, y - R, x + R, y + R)
        if outline:
            draw.ellipse(box, outline=colour, width=3)
        else:
            draw.ellipse(box, fill=colour)
    for k, ((x0, y0), _) in enumerate(NODES):
        (x1, y1), _ = NODES[(k + 1) % len(NODES)]
        ang = math.atan2(y1 - y0, x1 - x0)
        sx, sy = x0 + (R + 2) * math.cos(ang), y0 + (R + 2) * math.sin(ang)
        tx, ty = x1 - (R + 1) * math.cos(ang), y1 - (R + 1) * math.sin(ang)
        draw.line((sx, sy, tx, ty), fill=(grey,) * 3, width=width)
        left = (tx - head * math.cos(ang - 0.45), ty - head * math.sin(ang - 0.45))
        right = (tx - head * math.cos(ang + 0.45), ty - head * math.sin(ang + 0.45))
        draw.polygon([(tx, ty), left, right], fill=(grey,) * 3)
    return img


@pytest.mark.parametrize(
    ("grey", "width", "head", "outline"),
    [
        (110, 2, 14.0, False),  # darker grey, thicker arrows, filled discs
        (150, 1, 9.0, False),  # pale hairlines with small heads
        (120, 2, 12.0, True),  # outline-only discs
    ],
)
def test_discs_joined_by_grey_arrows_are_flat_circles(grey, width, head, outline):
    graph = spatioxolver.build_scene_graph(_diagram(grey, width, head, outline))
    seen = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert seen == [("blue", "circle"), ("green", "circle"), ("red", "circle")]
    assert not any(o.attributes.extras.get("ground") for o in graph.objects)


def test_a_grey_line_is_a_stroke_and_a_shadow_region_is_not():
    shadow = np.zeros((120, 200), bool)
    shadow[60:63, 10:190] = True  # a 3 px line
    assert all_strokes(shadow)
    shadow[70:110, 40:120] = True  # a solid's shadow: a region
    assert not all_strokes(shadow)


def test_a_dark_ring_around_a_coloured_fill_is_an_outline_not_a_line() -> None:
    # A filled shape's dark outline dims the page evenly as a grey line does, but it rings a
    # coloured fill: it is the shape's edge, and the page keeps its shadow reading. An
    # outline-only node rings the page itself and is no such edge.
    from spatioxolver.agents._vision.drawn_lines import _outlines_a_fill, grey_ink

    img = Image.new("RGB", (200, 160), "white")
    draw = ImageDraw.Draw(img)
    draw.ellipse((20, 20, 100, 100), fill=(20, 180, 200), outline=(40, 40, 40), width=3)
    draw.ellipse((120, 40, 180, 100), outline=(40, 40, 40), width=3)
    rgb = np.asarray(img)
    page = np.full_like(rgb, 255)
    ink = grey_ink(rgb, page)
    filled, empty = ink.copy(), ink.copy()
    filled[:, 110:] = False
    empty[:, :110] = False
    assert _outlines_a_fill(filled, ink, rgb, page)
    assert not _outlines_a_fill(empty, ink, rgb, page)
