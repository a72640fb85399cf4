"""A ball partly hidden by another solid is still a sphere: the classifier reads its outline
completed by the ellipse its free part lies on.

Drawn with numpy and OpenCV here (not the project's renderer): an isometric box with three
flat-shaded faces and a Lambert-shaded ball, one in front of the other. Before, the ball
behind the box read as a cylinder (the bite the box takes out of its silhouette). A box
behind a ball still reads as a cylinder (docs/perception.md, "What does not work").
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import api

RED, GREEN = (200, 40, 40), (40, 170, 60)


def _box(img: np.ndarray, cx: float, cy: float, s: float, colour: tuple, dark: float) -> None:
    h, w = img.shape[:2]
    top = [(cx, cy - s), (cx + 0.87 * s, cy - 0.5 * s), (cx, cy), (cx - 0.87 * s, cy - 0.5 * s)]
    left = [(cx - 0.87 * s, cy - 0.5 * s), (cx, cy), (cx, cy + s), (cx - 0.87 * s, cy + 0.5 * s)]
    right = [(cx, cy), (cx + 0.87 * s, cy - 0.5 * s), (cx + 0.87 * s, cy + 0.5 * s), (cx, cy + s)]
    for face, shade in ((top, 1.0), (left, 0.6), (right, dark)):
        m = np.zeros((h, w), np.uint8)
        cv2.fillPoly(m, [np.array(face, np.int32)], 1)
        img[m > 0] = np.array(colour, float) * shade


def _ball(img: np.ndarray, cx: float, cy: float, r: float, colour: tuple, dark: float) -> None:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    dx, dy = (xx - cx) / r, (yy - cy) / r
    inside = dx**2 + dy**2 < 1
    nz = np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1))
    light = np.clip(-0.6 * dx - 0.5 * dy + 0.6 * nz, dark, 1.0)
    img[inside] = np.array(colour, float) * light[inside, None]


def _scene(front: str, dark: float, ball_x: float = 200) -> np.ndarray:
    img = np.empty((240, 360, 3))
    img[:] = (150, 150, 155)
    draw = [lambda: _box(img, 150, 120, 50, RED, dark), lambda: _ball(img, ball_x, 125, 45, GREEN, dark)]
    for paint in draw if front == "ball" else draw[::-1]:
        paint()
    return img.clip(0, 255).astype(np.uint8)


@pytest.mark.parametrize("dark", [0.05, 0.3])
def test_ball_behind_a_box(dark: float) -> None:
    graph = api.build_scene_graph(_scene("box", dark), model="geometric")
    named = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert named == [("green", "sphere"), ("red", "cube")]


def _can(img: np.ndarray, cx: float, cy: float, r: float, height: float, colour: tuple) -> None:
    """An upright can lit from the left: a shaded side, a lit elliptical top."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    ry = 0.35 * r
    side = (np.abs(xx - cx) < r) & (np.abs(yy - cy) <= height / 2)
    side |= ((xx - cx) / r) ** 2 + ((yy - cy - height / 2) / ry) ** 2 < 1
    light = np.clip(0.75 - 0.7 * np.clip((xx - cx) / r, -1, 1), 0.1, 1.0)
    img[side] = np.array(colour, float) * light[side, None]
    img[((xx - cx) / r) ** 2 + ((yy - cy + height / 2) / ry) ** 2 < 1] = colour


@pytest.mark.parametrize("gap", [55, 70])
def test_ball_behind_a_can_whose_straight_side_hides_it(gap: int) -> None:
    """A straight occluding edge takes no round bite: the occlusion test sees no occluder,
    but the ball's free outline still lies on an ellipse."""
    img = np.empty((260, 400, 3))
    img[:] = (150, 150, 155)
    _ball(img, 150, 130, 40, RED, 0.3)
    _can(img, 150 + gap, 140, 35, 70, GREEN)
    graph = api.build_scene_graph(img.clip(0, 255).astype(np.uint8), model="geometric")
    assert sorted((o.attributes.color, o.attributes.shape) for o in graph.objects) == [
        ("green", "cylinder"),
        ("red", "sphere"),
    ]


def test_a_box_is_not_completed_into_a_ball() -> None:
    """The completion needs the free outline on an ellipse: the box's straight edges are not."""
    graph = api.build_scene_graph(_scene("box", 0.3, ball_x=215), model="geometric")
    box = next(o for o in graph.objects if o.attributes.color == "red")
    assert box.attributes.shape == "cube"


def test_apart_they_were_always_right() -> None:
    graph = api.build_scene_graph(_scene("ball", 0.3, ball_x=260), model="geometric")
    assert sorted((o.attributes.color, o.attributes.shape) for o in graph.objects) == [
        ("green", "sphere"),
        ("red", "cube"),
    ]


def test_the_answer_names_the_hidden_ball() -> None:
    answer = api.ask(_scene("box", 0.3), "What shape is the green object?", model="geometric")
    assert answer.value == "sphere"
