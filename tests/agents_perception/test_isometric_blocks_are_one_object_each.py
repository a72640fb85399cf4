"""An isometric block drawn as three polygons (a top tinted toward white, two sides shaded
darker; with or without dark edge lines) is one object, a cube, named by the colour most of
its faces show; touching flat shapes of one hue that make no box silhouette stay apart.
Drawn with OpenCV here, not with the project's generators."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spatioxolver import build_scene_graph


def _block(img: np.ndarray, x: float, y: float, s: float, base: tuple[int, int, int], edges: bool) -> None:
    c30 = math.cos(math.radians(30))
    top = np.array([(x, y - s), (x + s * c30, y - s / 2), (x, y), (x - s * c30, y - s / 2)])
    left = np.array([top[3], top[2], top[2] + (0, s), top[3] + (0, s)])
    right = np.array([top[2], top[1], top[1] + (0, s), top[2] + (0, s)])
    b = np.array(base, float)
    for poly, colour in ((top, b + (255 - b) * 0.25), (left, b * 0.85), (right, b * 0.62)):
        pts = np.round(poly).astype(np.int32).reshape(-1, 1, 2)
        cv2.fillPoly(img, [pts], tuple(int(v) for v in colour), cv2.LINE_AA)
        if edges:
            cv2.polylines(img, [pts], True, (30, 30, 30), 2, cv2.LINE_AA)


@pytest.mark.parametrize("edges", [False, True])
def test_three_faces_make_one_block(edges: bool) -> None:
    img = np.full((420, 640, 3), 248, np.uint8)
    blocks = [(130, 150, 60, (40, 95, 215), "blue"), (330, 260, 45, (130, 80, 35), "brown"),
              (510, 140, 55, (215, 35, 40), "red")]  # fmt: skip
    for x, y, s, base, _ in blocks:
        _block(img, x, y, s, base, edges)
    objs = sorted(build_scene_graph(img).objects, key=lambda o: o.centroid[0])
    assert len(objs) == 3
    assert [o.attributes.shape for o in objs] == ["cube"] * 3
    assert [o.attributes.color for o in objs] == [name for *_, name in blocks]


def test_touching_flat_shapes_of_one_hue_stay_apart() -> None:
    # a pale green disc resting on a dark green square: one hue at two lightness levels, but
    # their outline is no box's hexagon
    img = np.full((360, 480, 3), 250, np.uint8)
    cv2.rectangle(img, (170, 170), (310, 310), (30, 120, 45), -1)
    cv2.circle(img, (240, 120), 52, (150, 215, 160), -1, cv2.LINE_AA)
    objs = build_scene_graph(img).objects
    assert len(objs) == 2
    assert {o.attributes.shape for o in objs} == {"circle", "square"}


def test_grey_and_pink_blocks_with_edges_are_cubes_not_balls() -> None:
    # faces the colour split never cuts apart (grey has no chromaticity to split by): the
    # region's flat lightness levels and its hexagon still make it a box
    img = np.full((360, 560, 3), 245, np.uint8)
    _block(img, 150, 170, 55, (128, 128, 128), True)
    _block(img, 400, 190, 60, (240, 125, 185), True)
    objs = sorted(build_scene_graph(img).objects, key=lambda o: o.centroid[0])
    assert [(o.attributes.color, o.attributes.shape) for o in objs] == [("gray", "cube"), ("pink", "cube")]
