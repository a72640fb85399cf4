"""A drawing under heavy sensor noise is read on an edge-preserving smoothed copy (issue 13).

The drawings are made here with OpenCV (no project drawing code): flat shapes, pale and mid
greys among them, on white or tinted paper, with Gaussian pixel noise of 3 to 8 grey levels
(a phone photo of a slide). Before, the noise raised the foreground threshold past the
grey shapes' contrast (missed) or made the slide look textured (the whole answer
abstained). Photographs are not smoothed: their texture is not noise.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.denoise import for_reading, noise_sigma

from spatioxolver import ask


def _slide(noise: float, paper=(248, 246, 240), seed: int = 0) -> np.ndarray:
    img = np.zeros((360, 560, 3), np.float32)
    img[:] = paper
    cv2.circle(img, (90, 170), 45, (185, 185, 185), -1, cv2.LINE_AA)  # pale grey
    cv2.rectangle(img, (190, 120), (280, 210), (230, 25, 25), -1)
    cv2.fillPoly(
        img, [np.array([[360, 120], [320, 210], [400, 210]], np.int32)], (130, 130, 130), cv2.LINE_AA
    )
    cv2.circle(img, (480, 180), 40, (0, 0, 255), -1, cv2.LINE_AA)
    img += np.random.default_rng(seed).normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("noise", [3.0, 6.0, 8.0])
def test_grey_shapes_on_a_noisy_slide_are_counted_and_named(noise: float) -> None:
    image = _slide(noise)
    assert ask(image, "How many shapes are there?", model="geometric").value == 4
    assert "gray" in ask(image, "What colour is the leftmost shape?", model="geometric").value
    assert ask(image, "How many gray shapes are there?", model="geometric").value == 2


def test_the_noise_estimate_reads_the_noise_not_the_edges() -> None:
    clean = _slide(0.0)
    assert noise_sigma(clean) < 0.5
    for noise in (3.0, 6.0):
        assert abs(noise_sigma(_slide(noise)) - noise) < 1.0
    assert for_reading(clean)[1] is False
    smoothed, done = for_reading(_slide(6.0))
    assert done and noise_sigma(smoothed) < 2.0


def test_a_photographs_texture_is_not_smoothed_away() -> None:
    skimage = pytest.importorskip("skimage.data", reason="scikit-image (dev extra) gives the photos")
    for photo in (skimage.astronaut(), skimage.coffee(), skimage.chelsea()):
        image, smoothed = for_reading(np.asarray(photo))
        assert not smoothed
        assert image is not None
