"""Two balls lit from one side, one in front of the other: each keeps its self-shadowed
crescent, so both read as spheres of their own colour.

The images are Lambert-shaded discs drawn with numpy here (not the project's renderer). With
a low ambient term, a ball's dark side is nearly black but keeps its hue; it used to go to
the nearest lit pixel, which for the ball behind is often the front ball's lit side: the
front ball took a bite of the other, and an occluded sphere was read as a cylinder.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import api


def _balls(
    balls: list[tuple[tuple[float, float, float], tuple[int, int, int]]], *, ambient: float
) -> np.ndarray:
    h, w = 240, 360
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    img = np.empty((h, w, 3))
    img[:] = (150.0, 150.0, 155.0)
    for (cx, cy, r), colour in balls:  # later balls in front
        dx, dy = (xx - cx) / r, (yy - cy) / r
        inside = dx**2 + dy**2 < 1
        nz = np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1))
        light = np.clip(-0.6 * dx - 0.5 * dy + 0.6 * nz, ambient, 1.0)  # lit from the top left
        img[inside] = np.array(colour, float) * light[inside, None]
    return img.clip(0, 255).astype(np.uint8)


RED, GREEN, BLUE = (200, 40, 40), (40, 170, 60), (50, 70, 210)


@pytest.mark.parametrize("ambient", [0.03, 0.08])
@pytest.mark.parametrize(("gap", "back", "front"), [(60, RED, GREEN), (75, RED, GREEN), (70, BLUE, RED)])
def test_overlapping_shaded_balls_are_two_spheres(
    ambient: float, gap: int, back: tuple, front: tuple
) -> None:
    image = _balls([((150, 120, 50), back), ((150 + gap, 135, 45), front)], ambient=ambient)
    graph = api.build_scene_graph(image, model="geometric")
    assert len(graph.objects) == 2
    assert [o.attributes.shape for o in graph.objects] == ["sphere", "sphere"]
    answer = api.ask(image, "How many balls are there?", model="geometric")
    assert answer.value == 2


def test_the_ball_behind_keeps_its_dark_side() -> None:
    image = _balls([((150, 120, 50), RED), ((210, 135, 45), GREEN)], ambient=0.03)
    graph = api.build_scene_graph(image, model="geometric")
    back = next(o for o in graph.objects if o.attributes.color == "red")
    x0, y0, x1, y1 = back.bbox
    # The red ball spans its whole disc below and left of the green one: its bottom edge is
    # its own dark side (y = 170), not cut where the green ball's lit side begins.
    assert y1 >= 165 and x0 <= 102


def test_a_black_outline_is_not_voted_into_the_fill() -> None:
    """A green disc with a thick black outline: one object (dark neutral pixels carry no hue)."""
    import cv2

    image = np.full((200, 300, 3), 255, np.uint8)
    cv2.circle(image, (80, 100), 14, (40, 160, 40), -1, lineType=cv2.LINE_AA)
    cv2.circle(image, (80, 100), 14, (0, 0, 0), 3, lineType=cv2.LINE_AA)
    cv2.circle(image, (200, 90), 30, (210, 80, 170), -1, lineType=cv2.LINE_AA)
    cv2.circle(image, (200, 90), 30, (0, 0, 0), 3, lineType=cv2.LINE_AA)
    graph = api.build_scene_graph(image, model="geometric")
    assert sorted(o.attributes.color for o in graph.objects) == ["green", "pink"]
