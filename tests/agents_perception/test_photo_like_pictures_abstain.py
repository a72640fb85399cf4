"""Photo-like pictures the engine cannot read abstain (a typed "Cannot tell"), drawings on
the same grounds are still answered:

* a smooth continuous-tone field (fractal foliage: locally flat, yet off the smooth backdrop
  model in every direction and with no plain row or column) is no drawing;
* a textured subject of a few percent of the frame (a mottled disc with dark vessels, like a
  crop of a photo) is a photo's subject, not a flat shape;
* a photo-like picture pasted on a plain page is measured on its own, not forgiven by the page.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np

from spatioxolver import ask

QUESTIONS = (
    "How many objects are there?",
    "What colour is the largest object?",
    "How many circles are there?",
)


def _fractal(rng: np.random.Generator, h: int, w: int, octaves: int = 7) -> np.ndarray:
    import cv2

    out = np.zeros((h, w), np.float32)
    amp = 1.0
    for o in range(octaves):
        grid = rng.normal(size=(2 + 2**o, 2 + int(2**o * w / h))).astype(np.float32)
        out += amp * cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
        amp *= 0.6
    return (out - out.min()) / max(1e-6, float(np.ptp(out)))


def _field(seed: int = 3, h: int = 420, w: int = 600) -> np.ndarray:
    """Foliage-like colour field: two fractal noises, green and brown."""
    rng = np.random.default_rng(seed)
    a, b = _fractal(rng, h, w, 8), _fractal(rng, h, w, 8)
    return np.clip(np.stack([40 + 90 * a, 80 + 140 * b, 30 + 60 * a * b], axis=-1), 0, 255).astype(np.uint8)


def _mottled_disc(seed: int = 4, size: int = 600, radius: int = 70) -> np.ndarray:
    import cv2

    rng = np.random.default_rng(seed)
    img = np.full((size, size, 3), 235, np.uint8)
    body = np.zeros((size, size, 3), np.float32)
    mottle = _fractal(rng, size, size, 8)
    body[:] = np.array([200.0, 60.0, 40.0]) * (0.55 + 0.6 * mottle[..., None])
    cx = cy = size // 2
    for _ in range(25):  # dark branching vessels
        x0, y0 = cx + rng.normal(0, radius / 3), cy + rng.normal(0, radius / 3)
        pts = [(x0, y0)]
        for _ in range(6):
            x0, y0 = x0 + rng.normal(0, 12), y0 + rng.normal(0, 12)
            pts.append((x0, y0))
        cv2.polylines(
            body, [np.array(pts, np.int32)], False, (90, 20, 15), int(rng.integers(1, 3)), cv2.LINE_AA
        )
    inside = np.hypot(*np.mgrid[0:size, 0:size] - np.array([cy, cx])[:, None, None]) <= radius
    img[inside] = np.clip(body[inside], 0, 255).astype(np.uint8)
    return img


def _on_page(picture: np.ndarray, margin: int = 120) -> np.ndarray:
    h, w = picture.shape[:2]
    page = np.full((h + 2 * margin, w + 2 * margin, 3), 250, np.uint8)
    page[margin : margin + h, margin : margin + w] = picture
    return page


def _abstains(image: np.ndarray) -> None:
    for question in QUESTIONS:
        answer = ask(image, question, model="geometric")
        assert answer.value is None and answer.no_answer, (question, answer.text)


def test_a_continuous_tone_field_abstains() -> None:
    _abstains(_field())


def test_a_small_textured_subject_abstains() -> None:
    _abstains(_mottled_disc())


def test_a_photo_like_picture_on_a_plain_page_abstains() -> None:
    import cv2

    rng = np.random.default_rng(7)
    n = _fractal(rng, 300, 400)
    m = _fractal(rng, 300, 400)
    # A smooth "photograph": graded colour in every direction, soft detail, a blurred blob.
    picture = np.stack([60 + 150 * n, 90 + 120 * m, 140 - 60 * n * m], axis=-1)
    cv2.circle(picture, (260, 150), 60, (210, 180, 90), -1)
    picture = cv2.GaussianBlur(picture, (0, 0), 2.0)
    _abstains(_on_page(np.clip(picture, 0, 255).astype(np.uint8)))


def test_drawings_on_the_same_grounds_are_still_read() -> None:
    """Guard: a flat disc (same size, same ground) and a flat picture on a page are answered."""
    import cv2

    flat = np.full((600, 600, 3), 235, np.uint8)
    cv2.circle(flat, (300, 300), 70, (200, 60, 40), -1, cv2.LINE_AA)
    assert ask(flat, "How many circles are there?", model="geometric").value == 1
    ring = np.full((600, 600, 3), 235, np.uint8)  # outline-only: a ring round the ground
    cv2.circle(ring, (300, 300), 70, (200, 60, 40), 9, cv2.LINE_AA)
    assert ask(ring, "How many circles are there?", model="geometric").value == 1
    panel = np.full((300, 400, 3), (70, 110, 200), np.uint8)  # a blue panel holding two shapes
    cv2.circle(panel, (120, 150), 60, (230, 200, 40), -1, cv2.LINE_AA)
    cv2.rectangle(panel, (240, 90), (340, 210), (220, 50, 50), -1)
    page = _on_page(panel)
    assert ask(page, "What colour is the circle?", model="geometric").value == "yellow"
    labelled = np.full((400, 600, 3), 245, np.uint8)  # a letter inside a shape is no texture
    cv2.rectangle(labelled, (200, 120), (400, 300), (60, 160, 70), -1)
    cv2.putText(labelled, "B", (265, 250), cv2.FONT_HERSHEY_SIMPLEX, 3.0, (255, 255, 255), 8, cv2.LINE_AA)
    assert ask(labelled, "What colour is the square?", model="geometric").value == "green"
