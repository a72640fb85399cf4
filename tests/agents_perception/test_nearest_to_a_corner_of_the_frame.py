""" "Which shape is nearest to the top left corner?": the object whose centre is nearest that
corner of the frame, as "closest to the centre" measures to the middle; two about as near
are a typed "cannot tell". Drawn with Pillow (not the project's generators)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


def _scene(second_near_top_left: bool = False) -> Image.Image:
    img = Image.new("RGB", (600, 400), (250, 250, 250))
    d = ImageDraw.Draw(img)
    d.ellipse([150, 90, 210, 150], fill=(214, 40, 40))  # red circle, up left
    d.rectangle([420, 60, 480, 120], fill=(40, 90, 220))  # blue square, up right
    d.polygon([(300, 230), (340, 300), (260, 300)], fill=(50, 170, 60))  # green triangle, middle low
    d.rectangle([60, 300, 110, 350], fill=(245, 140, 20))  # orange square, bottom left
    if second_near_top_left:
        d.ellipse([90, 150, 150, 210], fill=(130, 50, 180))  # purple circle as near the corner
    return img


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Which shape is nearest to the top left corner?", "red circle"),
        ("What is closest to the top-right corner of the image?", "blue square"),
        ("which object is nearest the bottom left corner", "orange square"),
        ("Which square is closest to the upper left corner of the picture?", "orange square"),
        ("Which shape is closest to the bottom right corner?", "green triangle"),
    ],
)
def test_the_object_nearest_a_corner(question: str, value: str) -> None:
    answer = ask(_scene(), question)
    assert answer.value == value, answer.text


def test_two_about_as_near_cannot_tell() -> None:
    answer = ask(_scene(second_near_top_left=True), "Which shape is nearest to the top left corner?")
    assert answer.value is None and answer.no_answer == "cannot tell", answer.text
