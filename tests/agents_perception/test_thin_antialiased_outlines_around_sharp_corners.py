"""A filled shape with a thin anti-aliased black outline is one object, also where its corners
are sharp (triangles, stars, narrow diamonds): the outline's pixels blended with the fill's
hue join the fill, which then touches the ground at its corners; the rest of the outline
is still the shape's (issue 13; before, a green triangle with a 1 px anti-aliased outline
was counted as two triangles: the fill and its ring).

Drawn here with OpenCV (anti-aliased and aliased lines), on white and on a pale ground.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from spatioxolver import build_scene_graph


def _star(cx, cy, r):
    return [
        (
            cx + (r if k % 2 == 0 else 0.45 * r) * math.cos(-math.pi / 2 + k * math.pi / 5),
            cy + (r if k % 2 == 0 else 0.45 * r) * math.sin(-math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    ]


def _outline(kind, cx, cy, r):
    if kind == "triangle":
        return [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + 0.55 * r, cy), (cx, cy + r), (cx - 0.55 * r, cy)]
    if kind == "star":
        return _star(cx, cy, r)
    return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]


@pytest.mark.parametrize("antialiased", [True, False])
@pytest.mark.parametrize("size", [17, 25, 40])
@pytest.mark.parametrize("ground", [(250, 250, 250), (238, 242, 248)])
def test_outlined_sharp_shapes_are_one_object_each(antialiased, size, ground):
    import cv2

    line = cv2.LINE_AA if antialiased else cv2.LINE_8
    img = np.zeros((300, 520, 3), np.uint8)
    img[:] = ground
    kinds = [
        ("triangle", (80, 175, 75)),
        ("star", (60, 110, 205)),
        ("diamond", (230, 150, 40)),
        ("square", (200, 60, 60)),
    ]
    for k, (kind, colour) in enumerate(kinds):
        pts = np.array(_outline(kind, 70 + 125 * k, 150, size), np.int32)
        cv2.fillPoly(img, [pts], colour, lineType=line)
        cv2.polylines(img, [pts], True, (0, 0, 0), 1, lineType=line)
    graph = build_scene_graph(img, model="geometric")
    assert len(graph.objects) == 4, [(o.attributes.shape, o.area) for o in graph.objects]


@pytest.mark.parametrize("radius", [14, 18, 22])
@pytest.mark.parametrize(("thickness", "k4"), [(1, 1), (2, 1), (1.5, 4), (2.0, 4)])
def test_a_small_star_whose_outline_breaks_at_its_tips_is_one_star(radius, thickness, k4):
    """A small star's dark outline may come apart at the sharp tips into pieces that only
    together go round the fill: they are all its outline (before, a 2 px outline around a
    22 px star was a star and a black object). ``k4`` 4: drawn four times larger and reduced
    by area averaging, an outline of a fractional width (a guard)."""
    import cv2

    img = np.zeros((240 * k4, 320 * k4, 3), np.uint8)
    img[:] = (250, 240, 232)
    for k, colour in enumerate([(55, 120, 190), (215, 40, 40), (240, 200, 30)]):
        pts = np.array(_star(k4 * (60 + 100 * k), k4 * (120 + 30 * (k % 2)), k4 * radius), np.int32)
        cv2.fillPoly(img, [pts], colour, lineType=cv2.LINE_AA)
        cv2.polylines(img, [pts], True, (51, 51, 51), round(k4 * thickness), lineType=cv2.LINE_AA)
    if k4 > 1:
        img = cv2.resize(img, (320, 240), interpolation=cv2.INTER_AREA)
    graph = build_scene_graph(img, model="geometric")
    assert [o.attributes.shape for o in graph.objects] == ["star"] * 3, [
        (o.attributes.shape, o.area) for o in graph.objects
    ]
