"""An underexposed photograph (a night shot) abstains; a drawing on a dark page is still read.

A photograph's texture squeezed into a few dark levels leaves residuals under the reliability
score's thresholds, so it read as a flat drawing (``agents/_vision/exposure.py``). The
pictures are drawn here with numpy and OpenCV, not by the project's code.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.reliability import image_quality

from spatioxolver import ask


def _continuous_tone(seed: int = 0, h: int = 240, w: int = 320) -> np.ndarray:
    """Detail at several scales in every channel: fur, foliage, clutter."""
    rng = np.random.default_rng(seed)
    out = np.zeros((h, w, 3), np.float32)
    for sigma in (1, 3, 9, 27):
        field = cv2.GaussianBlur(rng.normal(0, 1, (h, w, 3)).astype(np.float32), (0, 0), sigma)
        out += field / field.std() * 18
    return np.clip(out + 128, 0, 255)


def _night(photo: np.ndarray, gamma: float, gain: float) -> np.ndarray:
    return np.clip(((photo / 255.0) ** gamma) * gain * 255, 0, 255).astype(np.uint8)


def _dark_page() -> np.ndarray:
    page = np.full((240, 320, 3), (30, 30, 38), np.uint8)
    cv2.circle(page, (90, 120), 40, (90, 30, 60), -1)
    cv2.rectangle(page, (180, 60), (260, 150), (20, 60, 95), -1)
    return page


def test_a_night_photograph_scores_unreliable():
    photo = _continuous_tone()
    assert image_quality(photo.astype(np.uint8))["reliability"] < 0.5
    for gamma, gain in ((3.0, 0.15), (2.0, 0.12)):
        night = _night(photo, gamma, gain)
        assert np.percentile(night.max(axis=2), 99.5) < 40  # nothing in it bright
        quality = image_quality(night)
        assert quality["dim_reliability"] < 0.5
        assert quality["reliability"] < 0.5


def test_a_night_photograph_abstains_on_a_count():
    answer = ask(_night(_continuous_tone(1), 3.0, 0.15), "How many objects are there?")
    assert answer.abstained or answer.no_answer == "cannot tell"


def test_a_drawing_on_a_dark_page_keeps_its_reading():
    page = _dark_page()
    assert image_quality(page)["reliability"] > 0.8
    answer = ask(page, "How many shapes are there?")
    assert not answer.abstained and answer.value == 2
