"""Shapes a new user draws on a plain canvas. A big shape filling much of it is an object
on a background, not the background (the canvas shows at the edges) and not a photo's
subject (it is one flat colour): it is named, never "no objects" with full confidence, and
not abstained on. A coloured outline circle is one object, and a shape drawn inside
another is its own object."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask


@pytest.mark.parametrize("radius", [60, 110, 130])  # 13%, 42%, 59% of the canvas
def test_a_big_circle_on_a_plain_canvas_is_named(radius: int) -> None:
    img = np.full((300, 300, 3), 250, np.uint8)
    cv2.circle(img, (150, 150), radius, (30, 30, 220), -1, cv2.LINE_AA)
    answer = ask(img, "What color is the circle?")
    assert answer.value == "blue" and not answer.abstained, answer.text


def test_a_photo_still_abstains() -> None:
    from skimage import data

    answer = ask(data.astronaut(), "How many objects are there?")
    assert answer.value is None and answer.abstained


def test_coloured_outline_circles_are_one_object_each() -> None:
    """A ring's concavity is its hole, not a gap between two touching objects: a 4 px
    coloured outline circle was cut into four 'stars' by the touching-objects split."""
    img = np.full((300, 500, 3), 255, np.uint8)
    for x, colour in ((80, (220, 30, 30)), (250, (30, 30, 220)), (420, (30, 170, 40))):
        cv2.circle(img, (x, 150), 45, colour, 4, cv2.LINE_AA)
    assert ask(img, "How many circles are there?").value == 3
    assert ask(img, "What color is the middle circle?").value == "blue"


def test_a_shape_drawn_inside_another_is_its_own_object() -> None:
    """A flat green circle on a flat red rectangle is a drawing on a drawing, not the
    rectangle's highlight."""
    img = np.full((300, 400, 3), 250, np.uint8)
    cv2.rectangle(img, (40, 40), (360, 260), (220, 30, 30), -1)
    cv2.circle(img, (200, 150), 50, (30, 160, 40), -1, cv2.LINE_AA)
    answer = ask(img, "Describe the scene.")
    assert answer.value == "red rectangle, green circle", answer.text
    assert ask(img, "How many circles are there?").value == 1


def test_a_black_shape_drawn_against_a_coloured_one_is_its_own_object() -> None:
    """A flat black square beside a flat pink rectangle is not the rectangle's dark side."""
    img = np.full((300, 400, 3), 255, np.uint8)
    cv2.rectangle(img, (134, 168), (206, 208), (255, 105, 180), -1)
    cv2.rectangle(img, (204, 168), (256, 220), (0, 0, 0), -1)
    answer = ask(img, "How many objects are there?")
    assert answer.value == 2, answer.text
    assert ask(img, "What color is the rightmost object?").value == "black"
