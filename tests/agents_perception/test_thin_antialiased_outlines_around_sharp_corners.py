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
