"""The pieces a black outline breaks into stay its shape's: the solid wedge of a thick
stroke at a big star's sharp tip (too thick for a thin stroke once the drawing is enlarged
four times) is not a black object of its own, nor are the 1 px arcs left of a 2 px outline
when the drawing is reduced to half size (its pixels blend with the fill in places).
(The arcs were merged before too: that test and the whole pictures are guards.)

The colour parts are drawn here with OpenCV (a star with a thick stroke whose tip the
colour split cut off; a disc with a broken 1 px ring) and merged by ``merge_parts``; the
drawings of whole pictures are Pillow's (3 x supersampled, Lanczos-reduced).
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.colour import rgb_to_lab
from spatioxolver.agents._vision.part_merge import merge_parts

from spatioxolver.api import build_scene_graph

_ORANGE, _PURPLE, _INK, _GROUND = (240, 130, 20), (140, 60, 180), (20, 20, 20), (248, 243, 228)


def _star(cx: float, cy: float, r: float) -> np.ndarray:
    return np.array(
        [
            (
                cx + (r if k % 2 == 0 else 0.45 * r) * math.cos(-math.pi / 2 + math.pi * k / 5),
                cy + (r if k % 2 == 0 else 0.45 * r) * math.sin(-math.pi / 2 + math.pi * k / 5),
            )
            for k in range(10)
        ]
    )


def _lab(rgb: np.ndarray) -> np.ndarray:
    return rgb_to_lab(rgb.reshape(-1, 3)).reshape(rgb.shape)


def test_a_thick_strokes_tip_wedge_joins_its_star() -> None:
    rgb = np.zeros((130, 130, 3), np.uint8)
    rgb[:] = _GROUND
    pts = np.round(_star(65, 68, 56)).astype(np.int32)
    whole = np.zeros(rgb.shape[:2], np.uint8)
    cv2.fillPoly(whole, [pts], 1)
    cv2.polylines(whole, [pts], True, 1, 9)
    fill = np.zeros_like(whole)
    cv2.fillPoly(fill, [pts], 1)
    fill = cv2.erode(fill, np.ones((9, 9), np.uint8))
    rgb[whole > 0] = _INK
    rgb[fill > 0] = _ORANGE
    comp = whole > 0
    # The colour split left the stroke's top wedge (above the fill's top) as its own part.
    top = int(np.flatnonzero((fill > 0).any(axis=1))[0])
    tip = comp & (fill == 0) & (np.arange(130)[:, None] < top)
    rest = comp & ~tip
    merged = merge_parts([rest, tip], _lab(rgb), 40)
    assert len(merged) == 1


def test_arcs_of_a_broken_thin_outline_join_their_disc() -> None:
    rgb = np.zeros((70, 70, 3), np.uint8)
    rgb[:] = _GROUND
    disc = np.zeros((70, 70), np.uint8)
    cv2.circle(disc, (35, 35), 15, 1, -1)
    ring = cv2.dilate(disc, np.ones((3, 3), np.uint8)) - disc
    ring[33:38, :] = 0  # where the ring's pixels blended with the fill, the split gave them to it
    disc[33:38, 18:53] |= cv2.dilate(disc, np.ones((3, 3), np.uint8))[33:38, 18:53]
    rgb[disc > 0] = _PURPLE
    rgb[ring > 0] = _INK
    n, cc = cv2.connectedComponents(ring)
    arcs = [cc == k for k in range(1, n)]
    assert len(arcs) == 2
    merged = merge_parts([disc > 0, *arcs], _lab(rgb), 10)
    assert len(merged) == 1


def _picture(ss: int = 3) -> np.ndarray:
    im = Image.new("RGB", (300 * ss, 200 * ss), _GROUND)
    d = ImageDraw.Draw(im)
    d.polygon([(x * ss, y * ss) for x, y in _star(80, 100, 40)], fill=_ORANGE, outline=_INK, width=2 * ss)
    d.ellipse((170 * ss, 70 * ss, 230 * ss, 130 * ss), fill=_PURPLE, outline=_INK, width=2 * ss)
    return np.asarray(im.resize((300, 200), Image.LANCZOS))


@pytest.mark.parametrize("factor,interp", [(1.0, None), (4.0, cv2.INTER_LINEAR), (0.5, cv2.INTER_AREA)])
def test_outlined_shapes_at_any_scale(factor: float, interp: int | None) -> None:
    img = _picture()
    if interp is not None:
        img = cv2.resize(img, None, fx=factor, fy=factor, interpolation=interp)
    graph = build_scene_graph(img, model="geometric")
    names = sorted((o.attributes.color, str(o.attributes.shape)) for o in graph.objects)
    assert names == [("orange", "star"), ("purple", "circle")]
