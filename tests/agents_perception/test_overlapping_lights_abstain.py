"""Overlapping lights abstain; overlapping drawn shapes, opaque or translucent, are still read.

Defocused lights (bokeh) are discs of light: where two overlap, the overlap shows both lights,
lighter than either (light adds). Paint covers: an opaque shape hides what is behind it, and a
translucent one mixes with it. The pictures are drawn with OpenCV in the test, not by the
project's code.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask

#: Centres, radii and colours of five discs: three overlapping in a row, two more in a pair.
DISCS = [
    ((170, 170), 90, (150, 120, 70)),
    ((290, 200), 80, (70, 90, 130)),
    ((230, 330), 70, (110, 110, 100)),
    ((500, 150), 60, (140, 100, 60)),
    ((530, 250), 60, (80, 110, 120)),
]


def _disc(shape: tuple[int, int], centre: tuple[int, int], radius: int) -> np.ndarray:
    mask = np.zeros(shape, np.float32)
    cv2.circle(mask, centre, radius, 1.0, -1, cv2.LINE_AA)
    return mask[..., None]


def _grain(img: np.ndarray, sigma: float, seed: int = 0) -> np.ndarray:
    noisy = img + np.random.default_rng(seed).normal(0, sigma, img.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def _lights(blur: float = 1.0) -> np.ndarray:
    """The discs as lights on a night ground: each adds its light to what is there."""
    img = np.full((480, 640, 3), 18.0, np.float32)
    for centre, radius, colour in DISCS:
        img += _disc(img.shape[:2], centre, radius) * np.array(colour, np.float32)
    return _grain(cv2.GaussianBlur(img, (0, 0), blur), 3.0)


def _paint(opacity: float) -> np.ndarray:
    """The same discs painted on the same ground, each over the ones before it."""
    img = np.full((480, 640, 3), 18.0, np.float32)
    for centre, radius, colour in DISCS:
        alpha = _disc(img.shape[:2], centre, radius) * opacity
        img = img * (1 - alpha) + np.array(colour, np.float32) * 1.6 * alpha
    return _grain(img, 3.0)


@pytest.mark.parametrize("blur", [0.6, 1.5])
def test_overlapping_lights_abstain(blur: float) -> None:
    image = _lights(blur)
    for question in ("How many circles are there?", "What colour is the largest object?"):
        answer = ask(image, question, cache=False)
        assert answer.abstained and answer.value is None, (blur, question, answer.text)
        assert answer.no_answer == "cannot tell"
    assert answer.scene_graph.images[0].quality["light_adds"] >= 2


def test_opaque_overlapping_discs_are_read() -> None:
    answer = ask(_paint(1.0), "How many objects are there?", cache=False)
    assert not answer.abstained, answer.text
    assert answer.scene_graph.images[0].quality["light_adds"] == 0


def test_a_checked_floor_is_no_sum_of_lights() -> None:
    """A wall of 100 over checks of 130 and 160: each light check is a dark one's step over the
    wall taken twice (160 = 130 + 130 - 100), by chance, over and over. A recurring colour is a
    pattern's, not one overlap of two lights."""
    img = np.full((480, 640, 3), 100.0, np.float32)
    for row in range(5):
        for col in range(8):
            img[280 + row * 40 : 320 + row * 40, col * 80 : col * 80 + 80] = (130.0, 160.0)[(row + col) % 2]
    answer = ask(_grain(img, 2.0), "How many objects are there?", cache=False)
    assert answer.scene_graph.images[0].quality["light_adds"] == 0


@pytest.mark.parametrize("opacity", [0.5, 0.7])
def test_translucent_overlapping_discs_are_not_lights(opacity: float) -> None:
    answer = ask(_paint(opacity), "How many objects are there?", cache=False)
    assert answer.scene_graph.images[0].quality["light_adds"] == 0, opacity
