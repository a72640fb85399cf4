"""A thin border drawn a little inside the picture's edge, around all of its content (a page's
or a screenshot's frame), is no shape; a small outline square beside other shapes still is."""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask


def _page(frame: bool) -> np.ndarray:
    img = np.full((420, 560, 3), 250, np.uint8)
    if frame:
        cv2.rectangle(img, (30, 25), (530, 395), (70, 70, 70), 1)
    cv2.circle(img, (150, 200), 50, (210, 40, 40), -1, cv2.LINE_AA)
    cv2.rectangle(img, (300, 150), (400, 250), (40, 140, 60), -1)
    cv2.rectangle(img, (440, 300), (500, 360), (30, 30, 30), 1)  # a small outline square
    return img


def test_an_inset_border_is_not_counted():
    assert ask(_page(True), "How many shapes are there?", model="geometric").value == 3
    assert ask(_page(False), "How many shapes are there?", model="geometric").value == 3
