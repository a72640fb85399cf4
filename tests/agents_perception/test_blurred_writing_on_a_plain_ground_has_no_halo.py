"""Soft writing on a plain ground is no haloed label (issue 13).

A word under an icon, blurred, fades from its ink into the ground over a pixel or two: that
fading ring is the colour between the ink and the ground, not a halo of its own colour, so the
halo step must leave it (it painted out some letters of "alpha" under an icon and the letter
left over was counted as a grey ball). Drawn here with OpenCV's Hershey fonts: grey words
blurred on a pale ground under a flat triangle. (Haloed letters that are found:
test_haloed_labels_over_shapes.py.)"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.halo_labels import paint_out_halo_labels

GROUND = (239, 240, 244)


def _icon_with_caption(word: str, scale: float, thick: int, font: int, noise: float) -> np.ndarray:
    img = np.full((260, 400, 3), GROUND, np.uint8)
    triangle = np.array([(200, 40), (150, 140), (250, 140)], np.int32)
    cv2.fillPoly(img, [triangle], (250, 204, 10), lineType=cv2.LINE_AA)
    cv2.putText(img, word, (150, 200), font, scale, (120, 120, 124), thick, cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (0, 0), 1.2)
    grain = np.random.default_rng(0).normal(0.0, noise, img.shape)
    return np.clip(img + grain, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("word", "scale", "thick", "font", "noise"),
    [
        ("alpha", 1.0, 2, cv2.FONT_HERSHEY_DUPLEX, 0.0),
        ("alpha", 1.2, 1, cv2.FONT_HERSHEY_DUPLEX, 3.0),
        ("alpha", 1.2, 2, cv2.FONT_HERSHEY_SIMPLEX, 6.0),
        ("beta", 1.0, 2, cv2.FONT_HERSHEY_DUPLEX, 6.0),
    ],
)
def test_soft_grey_words_are_not_painted_out_as_halo_labels(word, scale, thick, font, noise) -> None:
    _, found = paint_out_halo_labels(_icon_with_caption(word, scale, thick, font, noise))
    assert found == []
