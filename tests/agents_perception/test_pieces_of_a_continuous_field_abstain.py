"""A continuous-tone field (a photographed sky or wall: graded every way, grainy, no plain row
or column) from which nothing found stands out on a sharp step abstains (a typed "Cannot
tell"): a bright corner of the sky cut at the frame is no object, and "1 object" would be as
much a guess as "0 objects" there. Drawn shapes on such a field, small ones included, are
still read: they end on a step, or are flat named shapes clear of the frame.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np

from spatioxolver import ask


def _field(seed: int, h: int = 480, w: int = 640, glow: bool = True) -> np.ndarray:
    """A blue-grey sky graded every way (smooth random relief), a bright glow in the top-right
    corner (``glow``), a few water drops (dark rims, a highlight), slight blur and grain."""
    import cv2

    rng = np.random.default_rng(seed)
    low = cv2.resize(rng.random((3, 4)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    mid = cv2.resize(rng.random((7, 9)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    relief = 0.6 * low + 0.25 * mid + 0.15 * (xx / w + yy / h)
    img = np.array([90.0, 120.0, 150.0]) + np.array([60.0, 60.0, 55.0]) * relief[..., None]
    for _ in range(6):
        cx, cy, r = rng.uniform(30, w - 30), rng.uniform(30, h - 30), rng.uniform(4, 8)
        d = np.hypot(xx - cx, yy - cy)
        img -= (np.clip(1 - np.abs(d - r) / 1.5, 0, 1) * 40)[..., None]
        img += (np.clip(1 - np.hypot(xx - cx + r / 3, yy - cy + r / 3) / 2, 0, 1) * 60)[..., None]
    if glow:
        corner = np.exp(-(np.hypot(xx - w - 10, yy + 10) ** 2) / (2 * 30.0**2))
        img += corner[..., None] * np.array([150.0, 120.0, 90.0])
    img = cv2.GaussianBlur(img, (0, 0), 0.8) + rng.normal(0, 2.5, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_bright_corner_of_a_grainy_sky_is_no_object() -> None:
    for seed in (0, 1, 2):
        image = _field(seed)
        for question in ("How many objects are there?", "What colour is the leftmost object?"):
            answer = ask(image, question, model="geometric")
            assert answer.value is None and answer.no_answer, (seed, question, answer.text)


def test_drawn_shapes_on_a_continuous_field_are_still_read() -> None:
    """Small flat discs (0.1% of the frame each, too small for their outline to be measured)
    and a big square, painted on the same kind of field, are counted and named."""
    import cv2

    image = _field(0, glow=False).copy()
    cv2.circle(image, (150, 300), 10, (220, 30, 30), -1, cv2.LINE_AA)
    cv2.circle(image, (320, 200), 10, (230, 200, 20), -1, cv2.LINE_AA)
    answer = ask(image, "How many objects are there?", model="geometric")
    assert answer.value == 2, answer.text
    cv2.rectangle(image, (420, 300), (500, 380), (30, 150, 40), -1)
    answer = ask(image, "What colour is the leftmost object?", model="geometric")
    assert not answer.abstained and "red" in answer.text.lower(), answer.text
