"""Grey pictures: a grey photograph abstains, a grey drawing (even noisy, compressed or on a
graded ground) is still read.

A picture without colour can only be segmented by lightness; a photograph's continuous
tone (the moon's surface, a micrograph) then falls apart into blobs counted with
confidence. The drawings here are made by OpenCV in the test, not by the project's code.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from spatioxolver import ask


def _grey_drawing(ground: int = 235, gradient: float = 0.0, noise: float = 0.0, seed: int = 0) -> np.ndarray:
    img = np.full((480, 640), float(ground), np.float32)
    img += np.linspace(-gradient, gradient, 480, dtype=np.float32)[:, None]
    cv2.circle(img, (150, 150), 60, 40, -1, cv2.LINE_AA)
    cv2.rectangle(img, (300, 200), (420, 320), 120, -1)
    cv2.fillPoly(img, [np.array([[520, 90], [610, 250], [430, 250]], np.int32)], 80, cv2.LINE_AA)
    cv2.circle(img, (200, 380), 50, 10, 3, cv2.LINE_AA)  # an outline circle
    if noise:
        img += np.random.default_rng(seed).normal(0, noise, img.shape).astype(np.float32)
    grey = np.clip(img, 0, 255).astype(np.uint8)
    return np.repeat(grey[:, :, None], 3, axis=2)


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


@pytest.mark.parametrize(
    "name,image",
    [
        ("plain", _grey_drawing()),
        ("sensor noise 10", _grey_drawing(noise=10.0)),
        ("graded ground", _grey_drawing(gradient=40.0)),
        ("JPEG q15", _jpeg(_grey_drawing(), 15)),
        ("graded, noisy, JPEG q60", _jpeg(_grey_drawing(gradient=40.0, noise=4.0, seed=1), 60)),
    ],
)
def test_a_grey_drawing_is_still_read(name: str, image: np.ndarray) -> None:
    answer = ask(image, "How many shapes are there?", cache=False)
    assert not answer.abstained, (name, answer.text)
    assert answer.value == 4, (name, answer.text)
    assert answer.scene_graph.images[0].quality["grey"] == 1.0


@pytest.mark.parametrize("name", ["moon", "cell", "microaneurysms"])
def test_a_grey_photograph_abstains(name: str) -> None:
    data = pytest.importorskip(
        "skimage.data", reason="scikit-image (dev dependency) provides the photographs"
    )
    grey = np.asarray(getattr(data, name)())
    if grey.dtype != np.uint8:
        grey = (255 * (grey - grey.min()) / max(float(grey.max() - grey.min()), 1e-9)).astype(np.uint8)
    rgb = np.repeat(grey[:, :, None], 3, axis=2)
    for question in ("How many objects are there?", "How many circles are there?"):
        answer = ask(rgb, question, cache=False)
        assert answer.abstained and answer.value is None, (name, question, answer.text)
        assert answer.no_answer == "cannot tell" and answer.confidence < 0.5


def test_a_colour_picture_is_not_judged_as_grey() -> None:
    rgb = _grey_drawing()
    rgb[110:190, 290:370] = (200, 40, 40)  # one red square on the grey drawing
    answer = ask(rgb, "How many red shapes are there?", cache=False)
    assert answer.value == 1 and answer.scene_graph.images[0].quality["grey"] == 0.0
