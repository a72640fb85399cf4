"""A label's leader line (straight, or bent at an elbow) and the arrowhead at its end touch the
shape they point at; they are no part of it. Before, the shape's region took them in, its
outline had a tail, and a rectangle or an ellipse so labelled could not be named (the labels7
probe: elbow leaders with arrowheads). A star's points, in the star's own colour, stay.

Drawn here with Pillow (lines, polygons) and the DejaVu font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from spatioxolver.agents._vision.leader_spurs import cut_leader_spurs
from spatioxolver.agents._vision.regions import Region

from spatioxolver import build_scene_graph


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont(fm.FontProperties(family="DejaVu Sans")), size)


def _arrow(d: ImageDraw.ImageDraw, pts: list[tuple[int, int]], ink: tuple[int, int, int]) -> None:
    """A polyline ending in a filled arrowhead whose tip is the last point."""
    d.line(pts, fill=ink, width=2)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    a = np.arctan2(y1 - y0, x1 - x0)
    head = [(x1, y1)] + [(x1 - 11 * np.cos(a + s), y1 - 11 * np.sin(a + s)) for s in (0.42, -0.42)]
    d.polygon(head, fill=ink)


def _elbow_labelled() -> np.ndarray:
    im = Image.new("RGB", (640, 420), (252, 250, 240))
    d = ImageDraw.Draw(im)
    ink = (30, 30, 30)
    d.rectangle((80, 80, 230, 150), fill=(210, 50, 50))  # rectangle, leader to its bottom
    _arrow(d, [(235, 210), (160, 210), (160, 151)], ink)
    d.ellipse((360, 70, 540, 160), fill=(50, 150, 70))  # ellipse, leader to its right end
    _arrow(d, [(590, 200), (590, 115), (541, 115)], ink)
    d.rectangle((250, 260, 330, 340), fill=(50, 90, 200))  # square, straight leader from above-left
    _arrow(d, [(190, 230), (249, 285)], ink)
    font = _font(22)
    for text, xy in (("J", (240, 198)), ("K", (582, 204)), ("M", (170, 214))):
        d.text(xy, text, fill=ink, font=font)
    return np.asarray(im)


def test_shapes_with_elbow_leaders_and_arrowheads_are_named() -> None:
    graph = build_scene_graph(_elbow_labelled())
    shapes = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects if o.attributes.shape)
    assert ("red", "rectangle") in shapes
    assert ("green", "ellipse") in shapes
    assert ("blue", "square") in shapes


def _lab_image(
    mask: np.ndarray, fill: tuple[int, int, int], tail: np.ndarray, ink: tuple[int, int, int]
) -> np.ndarray:
    rgb = np.full(mask.shape + (3,), 255, np.uint8)
    rgb[mask] = fill
    rgb[tail] = ink
    return rgb


def test_a_tail_in_ink_is_cut_and_a_point_in_the_fill_colour_stays() -> None:
    body = np.zeros((120, 160), bool)
    body[30:80, 30:110] = True
    tail = np.zeros_like(body)
    tail[80:110, 70:72] = True  # a 2 px line hanging 30 px below the rectangle
    rgb = _lab_image(body, (200, 40, 40), tail, (20, 20, 20))
    (cut,) = cut_leader_spurs([Region(body | tail)], rgb)
    assert not cut.mask[90:110, 70:72].any() and cut.mask[30:80, 30:110].all()
    rgb = _lab_image(body, (200, 40, 40), tail, (200, 40, 40))  # the same line in the fill's colour
    (kept,) = cut_leader_spurs([Region(body | tail)], rgb)
    assert kept.mask[90:110, 70:72].all()
