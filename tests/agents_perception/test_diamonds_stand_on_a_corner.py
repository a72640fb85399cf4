"""A square or rhombus standing on a corner is a "diamond" (also "rhombus", "lozenge"): the
word was unknown (questions about diamonds were refused) and a turned square was called a
square, a tall rhombus a polygon. Upright squares and rectangles keep their names. Pictures
drawn here with Pillow and OpenCV."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask
from spatioxolver.api import build_scene_graph


def _picture() -> np.ndarray:
    im = Image.new("RGB", (620, 240), (250, 250, 248))
    d = ImageDraw.Draw(im)

    def diamond(cx: int, cy: int, rx: int, ry: int, colour: tuple[int, int, int]) -> None:
        d.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], fill=colour)

    diamond(70, 120, 45, 45, (220, 40, 40))  # a turned square
    diamond(200, 120, 35, 60, (40, 90, 220))  # a tall rhombus
    d.rectangle((280, 80, 360, 160), fill=(40, 160, 60))  # an upright square
    diamond(450, 120, 20, 20, (240, 160, 20))  # a small one
    d.rectangle((520, 95, 590, 140), fill=(150, 40, 180))  # an upright rectangle
    return np.asarray(im)


@pytest.fixture(scope="module")
def picture() -> np.ndarray:
    return _picture()


def test_shapes_on_a_corner_are_diamonds_and_upright_ones_keep_their_names(picture) -> None:
    objects = sorted(build_scene_graph(picture, cache=False).objects, key=lambda o: o.bbox[0])
    assert [o.attributes.shape for o in objects] == ["diamond", "diamond", "square", "diamond", "rectangle"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many diamonds are there?", "3"),
        ("How many rhombuses are there?", "3"),
        ("How many squares are there?", "1"),
        ("What shape is the red shape?", "diamond"),
        ("Is the blue diamond left of the green square?", "yes"),
        ("What colour is the smallest diamond?", "orange"),
        ("How many sides does the orange diamond have?", "4"),
    ],
)
def test_questions_about_diamonds(picture, question: str, expected: str) -> None:
    assert ask(picture, question, model="geometric").text.strip().rstrip(".").lower() == expected


def test_an_outline_diamond_drawn_with_opencv() -> None:
    img = np.full((200, 300, 3), 255, np.uint8)
    pts = np.array([[150, 40], [210, 100], [150, 160], [90, 100]], np.int32)
    cv2.polylines(img, [pts], True, (30, 30, 200), 3, cv2.LINE_AA)
    assert ask(img, "What shape is the blue shape?", model="geometric").text.strip().lower() == "diamond"
