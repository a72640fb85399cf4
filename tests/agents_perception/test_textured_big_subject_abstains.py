"""A photo whose subject fills most of the frame on a plain backdrop (a fundus on black: a
textured disc with vessels) is not read as one flat drawn circle; a big drawn disc still is.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np

from spatioxolver import ask


def _disc(texture: bool, size: int = 700) -> np.ndarray:
    import cv2

    yy, xx = np.mgrid[0:size, 0:size]
    r = 0.47 * size
    dx, dy = (xx - size / 2) / r, (yy - size / 2) / r
    inside = dx * dx + dy * dy <= 1
    img = np.zeros((size, size, 3), np.float32)
    fill = np.array([205.0, 40.0, 35.0])
    if texture:
        rng = np.random.default_rng(5)
        # Vignetting, a mottled surface, a bright disc and dark branching vessels.
        shade = 1.0 - 0.35 * (dx * dx + dy * dy)
        mottle = cv2.GaussianBlur(rng.normal(0, 1, (size, size)).astype(np.float32), (0, 0), 3) * 6
        body = fill * shade[..., None] + mottle[..., None]
        cv2.circle(body, (int(size * 0.62), int(size * 0.48)), int(size * 0.07), (250, 220, 120), -1)
        for _ in range(40):
            x0, y0 = rng.uniform(0.2, 0.8, 2) * size
            pts = [(x0, y0)]
            for _ in range(8):
                x0, y0 = x0 + rng.normal(0, 25), y0 + rng.normal(0, 25)
                pts.append((x0, y0))
            cv2.polylines(
                body, [np.array(pts, np.int32)], False, (120, 20, 15), int(rng.integers(1, 4)), cv2.LINE_AA
            )
        img[inside] = body[inside]
    else:
        img[inside] = fill
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_textured_disc_filling_the_frame_abstains() -> None:
    image = _disc(texture=True)
    for question in (
        "How many objects are there?",
        "What colour is the largest object?",
        "What shape is the biggest object?",
    ):
        answer = ask(image, question, model="geometric")
        assert answer.value is None and answer.no_answer, (question, answer.text)


def test_a_big_drawn_disc_is_still_read() -> None:
    """Guard: a flat disc filling the frame is a drawing, answered."""
    image = _disc(texture=False)
    assert ask(image, "How many objects are there?", model="geometric").value == 1
    assert ask(image, "What colour is the circle?", model="geometric").value == "red"
