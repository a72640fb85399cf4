"""Photo-like pictures with no object edge to read abstain; drawings on the same grounds are read.

* the sky above a silhouetted ridge at sunset: the segmenter cuts the glow over the ridge
  where a threshold falls in the gradient, so the piece's outline meets sky of its own colour
  (``edge_open``);
* points of light on a night sky with a faint nebula: only loose specks on a textured field;
* a grey, motion-blurred disc on a graded grey wall (a photographed clock): in a picture
  without colour the outline must be crisp (``GREY_SOFT_EDGE``);

The pictures are drawn here with numpy and OpenCV, not by the project's code.
"""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask


def _grain(img: np.ndarray, sigma: float, seed: int) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0.0, sigma, img.shape)
    return np.clip(img.astype(np.float32) + noise, 0, 255).astype(np.uint8)


def _sunset(seed: int = 0, h: int = 420, w: int = 640) -> np.ndarray:
    t = np.linspace(0.0, 1.0, h)[:, None, None]
    img = np.array([40.0, 50.0, 120.0]) * (1 - t) + np.array([250.0, 150.0, 70.0]) * t
    img = np.broadcast_to(img, (h, w, 3)).copy()
    x = np.arange(w)
    ridge = (0.62 * h + 22 * np.sin(x / 37.0 + seed) + 14 * np.sin(x / 11.0 + 2 * seed)).astype(int)
    for col in range(w):
        img[ridge[col] :, col] = (25, 20, 30)
    return _grain(img, 4.0, seed)


def _night_sky(seed: int, h: int = 480, w: int = 640) -> np.ndarray:
    """Faint stars, a few bright ones with a glow, over a greenish nebula, with sensor grain."""
    rng = np.random.default_rng(seed)
    nebula = np.zeros((h, w), np.float32)
    for octave in range(5):
        side = 2 ** (octave + 2)
        coarse = rng.standard_normal((side, side)).astype(np.float32)
        nebula += 0.55**octave * cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    nebula = (nebula - nebula.min()) / np.ptp(nebula)
    img = (nebula**3)[..., None] * np.array([30.0, 70.0, 40.0])
    n = 800
    ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
    for y, x, v in zip(ys, xs, np.minimum(rng.pareto(2.0, n) * 60 + 40, 255), strict=True):
        img[y, x] += v
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    for _ in range(5):
        star = np.zeros((h, w), np.float32)
        star[int(rng.integers(20, h - 20)), int(rng.integers(20, w - 20))] = 1.0
        star = cv2.GaussianBlur(star, (0, 0), float(rng.uniform(2.0, 5.0)))
        img += (star / star.max())[..., None] * 255.0 * rng.uniform(0.7, 1.0, 3)
    return _grain(np.clip(img, 0, 255), 3.0, seed)


def _blurred_grey_disc(h: int = 300, w: int = 400) -> np.ndarray:
    wall = np.linspace(150.0, 190.0, w)[None, :] * np.ones((h, 1))
    img = wall.astype(np.float32)
    cv2.circle(img, (210, 150), 55, 235.0, -1, cv2.LINE_AA)
    cv2.circle(img, (210, 150), 55, 90.0, 4, cv2.LINE_AA)
    kernel = np.zeros((1, 21), np.float32)
    kernel[0] = 1.0 / 21.0  # the camera moved sideways
    img = cv2.filter2D(img, -1, kernel)
    grey = _grain(img, 1.5, 0)
    return np.repeat(grey[:, :, None], 3, axis=2)


def _abstains(image: np.ndarray) -> None:
    for question in ("How many objects are there?", "What colour is the biggest object?"):
        answer = ask(image, question, cache=False)
        assert answer.abstained and answer.value is None, (question, answer.text)
        assert answer.no_answer == "cannot tell"


def test_the_glow_above_a_silhouetted_ridge_abstains() -> None:
    for seed in (0, 1):
        _abstains(_sunset(seed))


def test_points_of_light_on_a_night_sky_abstain() -> None:
    for seed in (1, 2, 4):
        _abstains(_night_sky(seed))


def test_a_blurred_grey_photograph_of_a_disc_abstains() -> None:
    _abstains(_blurred_grey_disc())


def test_shapes_drawn_on_a_sunset_ground_are_read() -> None:
    h, w = 420, 600
    t = np.linspace(0.0, 1.0, h)[:, None, None]
    img = (np.array([60.0, 60.0, 140.0]) * (1 - t) + np.array([250.0, 170.0, 90.0]) * t) * np.ones((1, w, 1))
    img = np.ascontiguousarray(img.astype(np.uint8))
    cv2.circle(img, (110, 200), 50, (220, 30, 40), -1, cv2.LINE_AA)
    cv2.rectangle(img, (260, 150), (350, 240), (250, 210, 30), -1)
    cv2.fillPoly(img, [np.array([[480, 120], [550, 250], [410, 250]], np.int32)], (30, 160, 60), cv2.LINE_AA)
    answer = ask(img, "How many shapes are there?", cache=False)
    assert not answer.abstained and answer.value == 3, answer.text
    answer = ask(img, "What colour is the leftmost shape?", cache=False)
    assert answer.text == "red", answer.text


def test_crisp_discs_on_a_grainy_night_ground_are_read() -> None:
    img = np.zeros((420, 600, 3), np.uint8) + np.array([20, 20, 50], np.uint8)
    for x, colour in ((100, (220, 30, 40)), (300, (250, 210, 30)), (500, (40, 90, 225))):
        cv2.circle(img, (x, 210), 45, colour, -1, cv2.LINE_AA)
    answer = ask(_grain(img, 4.0, 0), "How many circles are there?", cache=False)
    assert not answer.abstained and answer.value == 3, answer.text


def test_a_crisp_grey_drawing_on_a_graded_wall_is_read() -> None:
    wall = np.linspace(150.0, 190.0, 400)[None, :] * np.ones((300, 1))
    img = wall.astype(np.float32)
    cv2.circle(img, (120, 150), 55, 235.0, -1, cv2.LINE_AA)
    cv2.rectangle(img, (240, 100), (340, 200), 60.0, -1)
    grey = _grain(img, 1.5, 0)
    answer = ask(np.repeat(grey[:, :, None], 3, axis=2), "How many shapes are there?", cache=False)
    assert not answer.abstained and answer.value == 2, answer.text
