"""In a drawing where every shape has a dark outline, a black filled shape is a shape, not a
cast shadow (first met on the `fresh3` probe's OpenCV drawings): the outlines' pieces touch
their coloured shapes all round and looked like shadows touching objects, and the black shape,
as dark as they, was then taken for a shadow too. A shadow lies beside what casts it, never
around it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import spatioxolver

INK = (30, 30, 30)


def _drawing(ruled: bool, outlined: bool) -> np.ndarray:
    img = np.full((480, 640, 3), 250, np.uint8)
    if ruled:
        for x in range(0, 640, 24):
            cv2.line(img, (x, 0), (x, 479), (200, 215, 235), 1, cv2.LINE_AA)
        for y in range(0, 480, 24):
            cv2.line(img, (0, y), (639, y), (200, 215, 235), 1, cv2.LINE_AA)
    angles = np.arange(6) * np.pi / 3
    hexagon = (np.stack([310 + 55 * np.cos(angles), 350 + 55 * np.sin(angles)], 1) * 16).astype(np.int32)
    cv2.fillPoly(img, [hexagon], (25, 25, 25), cv2.LINE_AA, 4)
    discs = (((150, 120), 40, (240, 140, 20)), ((500, 150), 30, (40, 60, 200)))
    for (x, y), r, colour in discs:
        cv2.circle(img, (x * 16, y * 16), r * 16, colour, -1, cv2.LINE_AA, 4)
    if outlined:
        cv2.polylines(img, [hexagon], True, INK, 2, cv2.LINE_AA, 4)
        for (x, y), r, _ in discs:
            cv2.circle(img, (x * 16, y * 16), r * 16, INK, 2, cv2.LINE_AA, 4)
    return img


@pytest.mark.parametrize("ruled", [False, True])
def test_a_black_hexagon_among_outlined_discs_is_a_shape(ruled: bool) -> None:
    graph = spatioxolver.build_scene_graph(_drawing(ruled, outlined=True))
    seen = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert seen == [("black", "hexagon"), ("blue", "circle"), ("orange", "circle")]


def test_without_outlines_the_black_hexagon_was_always_read() -> None:
    graph = spatioxolver.build_scene_graph(_drawing(False, outlined=False))
    assert len(graph.objects) == 3
