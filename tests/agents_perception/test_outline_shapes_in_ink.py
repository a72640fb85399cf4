"""Outline-only shapes drawn in black or grey ink are objects, not letters.

A line drawing (a black circle, square or triangle outline on paper) used to be set aside
as a glyph — a thin dark stroke, like the letter "O" — and read as an empty picture. A
closed thin ring larger than a label's letter is a shape; a small letter beside a shape is
still a label. Images are drawn in the test with OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask, build_scene_graph


def _paper(ground: int = 255) -> np.ndarray:
    return np.full((480, 640, 3), ground, np.uint8)


def _shapes(graph) -> list[str]:
    return sorted(str(o.attributes.shape) for o in graph.objects)


@pytest.mark.parametrize("ground,ink,thickness", [(255, 0, 3), (245, 30, 2), (225, 60, 4)])
def test_a_line_drawing_of_three_shapes_is_three_objects(ground: int, ink: int, thickness: int) -> None:
    img = _paper(ground)
    colour = (ink, ink, ink)
    cv2.circle(img, (140, 140), 60, colour, thickness, cv2.LINE_AA)
    cv2.rectangle(img, (300, 80), (420, 200), colour, thickness, cv2.LINE_AA)
    cv2.polylines(
        img, [np.array([[520, 280], [600, 420], [440, 420]], np.int32)], True, colour, thickness, cv2.LINE_AA
    )
    graph = build_scene_graph(img, cache=False)
    assert _shapes(graph) == ["circle", "square", "triangle"]
    assert ask(img, "How many shapes are there?", cache=False).value == 3
    assert ask(img, "What shape is the leftmost object?", cache=False).value == "circle"


def test_a_lone_outline_circle_is_not_an_empty_picture() -> None:
    img = _paper()
    cv2.circle(img, (320, 240), 45, (0, 0, 0), 2, cv2.LINE_AA)
    answer = ask(img, "How many circles are there?", cache=False)
    assert answer.value == 1, answer.text


def test_a_small_letter_o_beside_a_shape_is_still_a_label() -> None:
    img = _paper()
    cv2.rectangle(img, (120, 160), (250, 290), (30, 60, 200), -1)
    cv2.circle(img, (450, 225), 65, (200, 40, 40), -1, cv2.LINE_AA)
    cv2.putText(img, "O", (265, 300), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 2, cv2.LINE_AA)
    graph = build_scene_graph(img, cache=False)
    assert _shapes(graph) == ["circle", "square"]  # read as a label (ocr extra) or set aside


def test_an_open_arc_is_still_a_stroke_not_a_shape() -> None:
    img = _paper()
    cv2.circle(img, (150, 240), 60, (200, 40, 40), -1, cv2.LINE_AA)
    cv2.ellipse(img, (420, 240), (70, 70), 0, 20, 200, (0, 0, 0), 2, cv2.LINE_AA)  # a half ring
    graph = build_scene_graph(img, cache=False)
    assert _shapes(graph) == ["circle"]


def test_a_colour_fill_inside_a_thick_white_border_keeps_its_colour() -> None:
    # A dark theme: small pink and purple fills, each inside a white border as wide as the
    # fill; the white must not outvote the fill's colour (nor turn it into a grey solid).
    # A guard: it holds before the fix too (the issue-13e probe's 320 px JPEG q75 drawing
    # that the even-stroke merge turned into grey cubes was not reproduced by this drawing).
    img = np.full((240, 360, 3), (26, 28, 40), np.uint8)  # dark navy
    hexagon = np.array(
        [[270 + 14 * np.cos(a), 50 + 14 * np.sin(a)] for a in np.arange(6) * np.pi / 3], np.int32
    )
    cv2.fillPoly(img, [hexagon], (255, 255, 255), cv2.LINE_AA)
    cv2.fillPoly(img, [(hexagon - [270, 50]) // 2 + [270, 50]], (235, 130, 185), cv2.LINE_AA)
    cv2.ellipse(img, (120, 70), (22, 12), 0, 0, 360, (255, 255, 255), -1, cv2.LINE_AA)
    cv2.ellipse(img, (120, 70), (14, 6), 0, 0, 360, (120, 50, 170), -1, cv2.LINE_AA)
    cv2.ellipse(img, (200, 170), (40, 20), 0, 0, 360, (60, 170, 70), -1, cv2.LINE_AA)
    assert ask(img, "Are there any pink shapes?", cache=False).value is True
    assert ask(img, "Are there any purple shapes?", cache=False).value is True
