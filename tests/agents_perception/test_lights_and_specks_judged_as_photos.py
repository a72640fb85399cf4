"""Readings a photograph's own evidence rules out (``_reasoning/_photo_evidence.py``): defocused
lights whose overlap is the sum of both, in a picture with no shaded solid, and specks (lit
windows) on a continuous-tone night backdrop abstain; the same discs painted opaque, and the same
small squares on a drawn dark ground, are still read. Pictures drawn here with numpy and OpenCV."""

from __future__ import annotations

import cv2
import numpy as np

from spatioxolver import ask


def _lights(additive: bool) -> np.ndarray:
    """Big discs of light with soft rims on a dark grainy ground, overlapping: light adds where
    they do (``additive``); paint covers (the later disc hides the earlier one)."""
    rng = np.random.default_rng(2)
    h, w = 420, 560
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ground = rng.uniform(4, 30, 3)
    img = np.zeros((h, w, 3)) + ground
    for k in range(int(rng.integers(3, 6))):
        r = rng.uniform(60, 120)
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        m = np.clip((r - np.hypot(xx - cx, yy - cy)) / rng.uniform(1.5, 4), 0, 1)[..., None]
        step = rng.uniform(0.25, 0.55) * np.array([(255, 215, 140), (180, 205, 250), (250, 250, 225)][k % 3])
        img = img + m * step if additive else img * (1 - m) + m * (ground + step)
    img = cv2.GaussianBlur(img, (0, 0), 1.0) + rng.normal(0, 4.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def _windows(photo_backdrop: bool) -> tuple[np.ndarray, int]:
    """Small lit windows (6 px squares) in a night skyline: buildings against a graded sky,
    blurred a little and grainy as a photograph is; or the same windows on a plain drawn ground."""
    rng = np.random.default_rng(11)
    h, w = 420, 600
    img = np.zeros((h, w, 3)) + (12.0, 14.0, 34.0)
    windows = []
    x = 0
    while x < w:
        bw, top = int(rng.integers(40, 100)), int(rng.integers(120, 300))
        if photo_backdrop:
            img[:, x : x + bw][top:] = rng.uniform(10, 28)
            img[: int(0.6 * h), x : x + bw] += np.linspace(0, 25, int(0.6 * h))[:, None, None] * (
                1.0,
                0.6,
                0.8,
            )
        for wy in range(top + 10, h - 10, 24):
            for wx in range(x + 6, x + bw - 12, 20):
                if rng.random() < 0.3:
                    windows.append((wx, wy))
        x += bw + int(rng.integers(0, 10))
    windows = windows[:20]  # a countable crowd (a reading of over 40 objects is not trusted)
    for wx, wy in windows:
        img[wy : wy + 6, wx : wx + 6] = (240, 200, 110)
    if photo_backdrop:
        img = cv2.GaussianBlur(img, (0, 0), 1.0) + rng.normal(0, 7.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8), len(windows)


def test_defocused_lights_that_add_up_abstain() -> None:
    a = ask(_lights(additive=True), "How many circles are there?", model="geometric")
    assert a.abstained


def test_the_same_discs_painted_opaque_are_read() -> None:
    a = ask(_lights(additive=False), "How many circles are there?", model="geometric")
    assert not a.abstained
    assert a.text.strip().rstrip(".") == "4"


def test_lit_windows_on_a_night_photo_backdrop_abstain() -> None:
    """(Already abstained before the photo evidence; kept beside its drawn control.)"""
    a = ask(_windows(photo_backdrop=True)[0], "How many objects are there?", model="geometric")
    assert a.abstained


def test_small_squares_on_a_drawn_dark_ground_are_read() -> None:
    img, n = _windows(photo_backdrop=False)
    a = ask(img, "How many squares are there?", model="geometric")
    assert not a.abstained
    assert a.text.strip().rstrip(".") == str(n)
