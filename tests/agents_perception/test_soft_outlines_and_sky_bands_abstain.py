"""Objects whose outlines lie on no edge are no objects to count:

* soft glowing blobs (clouds, a nebula's glow, defocused lights): the colour drifts over many
  pixels, the outline is where a threshold fell, so the reading abstains;
* the same discs drawn crisp, and crisp shapes under sensor noise and JPEG, are answered.

Images are drawn here with numpy, OpenCV and Pillow; ``edge_support`` is checked directly too.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image
from spatioxolver.agents._vision.edge_support import edge_support

from spatioxolver import ask

CENTRES = ((130, 150), (320, 260), (500, 140))


def _discs(blur: float, h: int = 400, w: int = 640) -> np.ndarray:
    """Three warm discs on a dark graded ground, blurred by ``blur`` px (0: crisp)."""
    import cv2

    t = np.linspace(0, 1, h)[:, None, None]
    img = np.broadcast_to(
        np.array([20.0, 25.0, 45.0]) * (1 - t) + np.array([45.0, 40.0, 70.0]) * t, (h, w, 3)
    )
    layer = np.zeros((h, w), np.float32)
    for cx, cy in CENTRES:
        cv2.circle(layer, (cx, cy), 55, 1.0, -1, cv2.LINE_AA)
    if blur:
        layer = cv2.GaussianBlur(layer, (0, 0), blur)
    img = img * (1 - layer[..., None]) + np.array([240.0, 190.0, 90.0]) * layer[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _noisy_jpeg(img: np.ndarray, sigma: float = 4.0, quality: int = 75) -> np.ndarray:
    rng = np.random.default_rng(1)
    noisy = np.clip(img + rng.normal(0, sigma, img.shape), 0, 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(noisy).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def _disc_mask(h: int = 400, w: int = 640, radius: int = 55) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = CENTRES[1]
    return np.hypot(xx - cx, yy - cy) <= radius


def test_edge_support_tells_a_crisp_disc_from_a_glow() -> None:
    mask = _disc_mask()
    assert edge_support(_discs(0.0), mask) > 0.8
    assert edge_support(_noisy_jpeg(_discs(0.0)), mask) > 0.5
    assert edge_support(_discs(12.0), mask) < 0.2


def test_glowing_blobs_abstain() -> None:
    for question in (
        "How many circles are there?",
        "How many objects are there?",
        "What colour is the largest object?",
    ):
        answer = ask(_discs(12.0), question, model="geometric")
        assert answer.abstained and answer.value is None, (question, answer.text)


def test_crisp_discs_are_still_counted() -> None:
    for image in (_discs(0.0), _noisy_jpeg(_discs(0.0))):
        answer = ask(image, "How many circles are there?", model="geometric")
        assert not answer.abstained and answer.value == 3, answer.text
