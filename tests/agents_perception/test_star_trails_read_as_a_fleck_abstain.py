"""Star trails (thin bright arcs round a pole on a dark sky) are set aside as lines, and a
fleck or two is all the reading finds, while the picture shows dozens of compact patches of
strong edges: that reading leaves the picture unread, so the answer is a typed "Cannot tell",
not "1 object". A drawing whose shapes sit among many thin connectors keeps being read.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np

from spatioxolver import ask


def _trails(seed: int, h: int = 480, w: int = 640) -> np.ndarray:
    """A long exposure of the night sky: a few hundred faint arcs round a pole, slight blur,
    grain, saved as JPEG; a fleck of light that no shape fits."""
    import cv2

    rng = np.random.default_rng(seed)
    layer = np.zeros((h, w), np.float32)
    pole = (int(rng.uniform(0.2 * w, 0.8 * w)), int(rng.uniform(-0.3 * h, 0.5 * h)))
    for _ in range(250):
        r = int(rng.uniform(5, 1.3 * w))
        start = float(rng.uniform(0, 360))
        cv2.ellipse(layer, pole, (r, r), 0, start, start + 20, float(rng.uniform(0.2, 1.0)), 1, cv2.LINE_AA)
    x, y = int(rng.uniform(100, w - 100)), int(rng.uniform(100, h - 100))
    for dx, dy, r in ((0, 0, 3), (5, 2, 2), (8, -3, 2), (-4, 3, 1)):
        cv2.circle(layer, (x + dx, y + dy), r, 1.0, -1, cv2.LINE_AA)
    img = np.array([10.0, 8.0, 14.0]) + layer[..., None] * np.array([200.0, 210.0, 230.0])
    img = cv2.GaussianBlur(img, (0, 0), 0.8) + rng.normal(0, 2.0, (h, w, 3))
    ok, buf = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85])
    return cv2.imdecode(buf, cv2.IMREAD_UNCHANGED)


def test_star_trails_with_a_fleck_are_not_one_object() -> None:
    for seed in (0, 1):
        answer = ask(_trails(seed), "How many objects are there?", model="geometric")
        assert answer.value is None and answer.no_answer, (seed, answer.text)


def test_shapes_among_many_thin_connectors_are_read() -> None:
    """Four named shapes joined by thin lines to one another and to many short ticks."""
    import cv2

    image = np.full((480, 640, 3), 245, np.uint8)
    centres = [(120, 120), (500, 120), (120, 360), (500, 360)]
    for a in centres:
        for b in centres:
            cv2.line(image, a, b, (40, 40, 40), 1, cv2.LINE_AA)
    for k in range(30):
        x = 40 + 19 * k
        cv2.line(image, (x, 460), (x + 6, 470), (40, 40, 40), 1, cv2.LINE_AA)
    cv2.circle(image, centres[0], 30, (220, 40, 40), -1, cv2.LINE_AA)
    cv2.rectangle(image, (470, 90), (530, 150), (40, 80, 220), -1)
    cv2.circle(image, centres[2], 30, (30, 160, 60), -1, cv2.LINE_AA)
    cv2.rectangle(image, (470, 330), (530, 390), (240, 200, 30), -1)
    answer = ask(image, "How many objects are there?", model="geometric")
    assert answer.value == 4, answer.text
