"""Objects whose outlines lie on no edge are no objects to count:

* soft glowing blobs (clouds, a nebula's glow, defocused lights): the colour drifts over many
  pixels, the outline is where a threshold fell, so the reading abstains;
* the same discs drawn crisp, and crisp shapes under sensor noise and JPEG, are answered;
* a canopy of leaf dots with sky between them (read as one ring-like shape) encloses texture,
  not plain ground: it abstains, while outline-only circles in ink are counted.

Images are drawn here with numpy, OpenCV and Pillow; ``edge_support`` is checked directly too.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image
from spatioxolver.agents._vision.edge_support import edge_support

from spatioxolver import ask

from .drawn_tree import grow_tree

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


def _leafy_tree(h: int = 480, w: int = 640) -> np.ndarray:
    """A branching tree over a graded sky, a tuft of small leaf dots at each twig's tip with sky
    showing between them, on a green ground."""
    import cv2

    rng = np.random.default_rng(5)
    t = np.linspace(0, 1, h)[:, None, None]
    sky = np.array([120.0, 170.0, 230.0]) * (1 - t) + np.array([200.0, 215.0, 235.0]) * t
    img = np.ascontiguousarray(np.broadcast_to(sky, (h, w, 3))).astype(np.uint8)
    img[400:] = (70, 130, 45)
    grow_tree(img, rng, 320, 405, 105)
    img = cv2.GaussianBlur(img, (0, 0), 0.8).astype(np.float32)
    return np.clip(img + rng.normal(0, 3.0, img.shape), 0, 255).astype(np.uint8)  # film grain


def _rings(h: int = 400, w: int = 600) -> np.ndarray:
    """Three outline-only circles in ink on white: plain ground inside each ring."""
    import cv2

    img = np.full((h, w, 3), 250, np.uint8)
    for cx, colour in ((120, (200, 30, 30)), (300, (30, 60, 200)), (480, (30, 150, 50))):
        cv2.circle(img, (cx, 200), 70, colour, 6, cv2.LINE_AA)
    return img


def test_a_leafy_canopy_abstains_while_drawn_rings_are_counted() -> None:
    answer = ask(_leafy_tree(), "How many objects are there?", model="geometric")
    assert answer.abstained and answer.value is None, answer.text
    answer = ask(_rings(), "How many circles are there?", model="geometric")
    assert not answer.abstained and answer.value == 3, answer.text
