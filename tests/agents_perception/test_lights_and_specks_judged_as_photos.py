"""Readings a photograph's own evidence rules out (``_reasoning/_photo_evidence.py``): defocused
lights whose overlap is the sum of both, in a picture with no shaded solid, and specks (lit
windows) on a continuous-tone night backdrop abstain; the same discs painted opaque, and the same
small squares on a drawn dark ground, are still read. Pictures drawn here with numpy and OpenCV."""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask


def _lights(additive: bool) -> np.ndarray:
    """Three big discs on a dark grainy ground, two overlapping: light adds where they do
    (``additive``), paint covers (the later disc hides the earlier one)."""
    rng = np.random.default_rng(5)
    h, w = 360, 480
    img = np.full((h, w, 3), 18.0)
    discs = [((150, 170), 95, (150, 120, 70)), ((250, 200), 80, (70, 90, 120)), ((390, 110), 55, (90, 110, 90))]
    for (cx, cy), r, col in discs:
        m = np.zeros((h, w), np.float32)
        cv2.circle(m, (cx, cy), r, 1.0, -1, lineType=cv2.LINE_AA)
        m = cv2.GaussianBlur(m, (0, 0), 1.0)[..., None]
        img = img + m * np.array(col) if additive else img * (1 - m) + m * (18.0 + np.array(col))
    img += rng.normal(0, 3.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def _windows(photo_backdrop: bool) -> np.ndarray:
    """Twelve small lit windows (7 px yellow squares) on a dark ground: a continuous-tone night
    backdrop (smooth mottling both ways, fine grain, dim buildings) or a drawn one (plain, noisy)."""
    rng = np.random.default_rng(11)
    h, w = 400, 560
    if photo_backdrop:
        field = cv2.GaussianBlur(rng.normal(0, 1, (h, w)), (0, 0), 9)
        field = field / field.std()
        base = 40 + 14 * field + 22 * cv2.GaussianBlur(rng.normal(0, 1, (h, w)), (0, 0), 1.2)
        base += 25 * np.linspace(0, 1, w)[None, :] * np.linspace(1, 0, h)[:, None]
        img = np.stack([base * 0.7, base * 0.75, base * 1.1], axis=-1)
    else:
        img = np.full((h, w, 3), (30.0, 32.0, 45.0)) + rng.normal(0, 2.0, (h, w, 3))
    for k in range(12):
        x, y = 80 + (k % 6) * 75, 120 + (k // 6) * 110
        img[y : y + 7, x : x + 7] = (250, 215, 90)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_defocused_lights_that_add_up_abstain() -> None:
    a = ask(_lights(additive=True), "How many circles are there?", model="geometric")
    assert a.abstained


def test_the_same_discs_painted_opaque_are_read() -> None:
    a = ask(_lights(additive=False), "How many circles are there?", model="geometric")
    assert not a.abstained
    assert a.text.strip().rstrip(".") == "3"


def test_lit_windows_on_a_night_photo_backdrop_abstain() -> None:
    a = ask(_windows(photo_backdrop=True), "How many objects are there?", model="geometric")
    assert a.abstained


def test_small_squares_on_a_drawn_dark_ground_are_read() -> None:
    a = ask(_windows(photo_backdrop=False), "How many squares are there?", model="geometric")
    assert not a.abstained
    assert a.text.strip().rstrip(".") == "12"
