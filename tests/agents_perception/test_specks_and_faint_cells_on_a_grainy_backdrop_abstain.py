"""A picture whose content lies in a grainy backdrop (a fluorescence micrograph: faint nuclei on
a dark ground, a few bright spots in them) is not read as a few specks named spheres and
cylinders: that reading leaves the backdrop's content unread, so the answer is a typed "Cannot
tell". (The faint nuclei alone are still read as "0": by the backdrop's measures they are the
same as an empty sky over a floor under heavy sensor noise, which must stay "0" --
test_faint_solids_under_a_sky_with_sensor_noise.py.) Small drawn shapes on the same grainy ground (one flat colour each, named)
are still counted and named.

Images are drawn here with numpy and OpenCV.
"""

from __future__ import annotations

import numpy as np

from spatioxolver import ask


def _micrograph(seed: int, spots: bool, h: int = 300, w: int = 420) -> np.ndarray:
    """Faint green nuclei (blurred ellipses with speckle) on a near-black ground; ``spots``:
    small bright blurred spots in some of them; sensor grain."""
    import cv2

    rng = np.random.default_rng(seed)
    cells = np.zeros((h, w), np.float32)
    for _ in range(7):
        centre = (int(rng.uniform(20, w - 20)), int(rng.uniform(20, h - 20)))
        axes = (int(rng.uniform(25, 40)), int(rng.uniform(18, 28)))
        cv2.ellipse(cells, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    speckle = cv2.GaussianBlur(rng.random((h, w)).astype(np.float32), (0, 0), 1.5)
    cells = cv2.GaussianBlur(cells, (0, 0), 4.0) * (0.6 + 0.8 * speckle)
    glow = np.zeros((h, w), np.float32)
    if spots:
        ys, xs = np.nonzero(cells > 0.5)
        for k in rng.choice(len(ys), 5, replace=False):
            cv2.circle(glow, (int(xs[k]), int(ys[k])), int(rng.uniform(4, 8)), 1.0, -1)
        glow = cv2.GaussianBlur(glow, (0, 0), 2.0)
    img = np.stack(
        [14 + 3 * cells + 170 * glow, 20 + 9 * cells + 200 * glow, 14 + 3 * cells + 150 * glow], -1
    )
    img += rng.normal(0, 2.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_bright_spots_in_faint_cells_are_not_counted() -> None:
    for seed in (0, 1):
        answer = ask(_micrograph(seed, spots=True), "How many objects are there?", model="geometric")
        assert answer.value is None and answer.no_answer, (seed, answer.text)


def test_small_drawn_shapes_on_the_same_grainy_ground_are_read() -> None:
    """Specks too (under 0.5% of the frame each), but each one flat colour and named."""
    import cv2

    image = _micrograph(0, spots=False).copy()
    cv2.circle(image, (80, 150), 9, (230, 40, 40), -1, cv2.LINE_AA)
    cv2.rectangle(image, (200, 90), (216, 106), (240, 210, 30), -1)
    cv2.circle(image, (330, 210), 9, (60, 110, 240), -1, cv2.LINE_AA)
    answer = ask(image, "How many objects are there?", model="geometric")
    assert answer.value == 3, answer.text
    answer = ask(image, "What colour is the leftmost object?", model="geometric")
    assert not answer.abstained and "red" in answer.text.lower(), answer.text
