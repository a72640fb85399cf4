"""Tinted grey pictures: a grey photograph toned in one hue (sepia, cyan, a two-tone grade, as a
medical viewer or a print shows it) abstains like the grey photograph it is; a drawing in one hue,
or with a mark of another hue, is still read.

A toned picture has chroma, so the grey-picture test (99% of pixels under 3 CIELAB units of
chroma) missed it, yet its colour is lightness only: every pixel lies on one line of hue through
grey. Its continuous-tone backdrop then marks it as a photograph, as it marks a grey one. The
drawings are made by OpenCV in the test, not by the project's code.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image
from spatioxolver.agents._vision.reliability import one_hue_tint

from spatioxolver import ask

#: Tones a grey picture is multiplied by (sepia, cyan, warm pink, green).
TONES = {
    "sepia": (1.1, 0.95, 0.75),
    "cyan": (0.8, 0.95, 1.1),
    "pink": (1.05, 0.9, 0.9),
    "green": (0.9, 1.05, 0.8),
}


def _grey_photo(name: str, scale: float) -> np.ndarray:
    """scikit-image's grey photograph ``name`` rescaled."""
    data = pytest.importorskip(
        "skimage.data", reason="scikit-image (dev dependency) provides the photographs"
    )
    grey = np.asarray(getattr(data, name)()).astype(np.float32)
    size = (round(grey.shape[1] * scale), round(grey.shape[0] * scale))
    grey = cv2.resize(grey, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    return np.clip(grey, 0, 255)


def _toned(grey: np.ndarray, tone: str) -> np.ndarray:
    return np.clip(grey[..., None] * np.array(TONES[tone], np.float32), 0, 255).astype(np.uint8)


def _two_tone(grey: np.ndarray) -> np.ndarray:
    """Shadows pulled to blue, highlights to orange (one line of hue through grey)."""
    t = (grey / 255.0)[..., None]
    shift = (t - 0.5) * np.array((30.0, 5.0, -30.0), np.float32)
    return np.clip(grey[..., None] + shift, 0, 255).astype(np.uint8)


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def _toned_drawing(noise: float = 0.0) -> np.ndarray:
    """Four grey shapes on white, toned cyan (a drawing in one hue: the tone scales with lightness)."""
    img = np.full((480, 640), 245, np.float32)
    cv2.circle(img, (150, 150), 60, 60, -1, cv2.LINE_AA)
    cv2.rectangle(img, (300, 200), (420, 320), 150, -1)
    cv2.fillPoly(img, [np.array([[520, 90], [610, 250], [430, 250]], np.int32)], 30, cv2.LINE_AA)
    cv2.circle(img, (200, 380), 50, 100, -1, cv2.LINE_AA)
    if noise:
        img += np.random.default_rng(0).normal(0, noise, img.shape).astype(np.float32)
    return _toned(np.clip(img, 0, 255), "cyan")


@pytest.mark.parametrize(
    "name,scale,tone",
    [
        ("moon", 0.7, "sepia"),
        ("moon", 1.3, "pink"),
        ("cell", 1.3, "sepia"),
        ("cell", 0.45, "pink"),
        ("microaneurysms", 0.45, "sepia"),
        ("camera", 0.7, "cyan"),
    ],
)
def test_a_toned_grey_photograph_abstains(name: str, scale: float, tone: str) -> None:
    toned = _toned(_grey_photo(name, scale), tone).astype(np.float32)
    grain = np.random.default_rng(0).normal(0, 2, toned.shape)  # a sensor's, in each channel
    rgb = np.clip(toned + grain, 0, 255).astype(np.uint8)
    for question in ("How many objects are there?", "What colour is the largest object?"):
        answer = ask(rgb, question, cache=False)
        assert answer.abstained and answer.value is None, (name, tone, question, answer.text)
        assert answer.no_answer == "cannot tell"


def test_a_two_tone_graded_photograph_abstains() -> None:
    answer = ask(_two_tone(_grey_photo("moon", 0.7)), "How many objects are there?", cache=False)
    assert answer.abstained and answer.value is None, answer.text


@pytest.mark.parametrize(
    "name,image", [("plain", _toned_drawing()), ("JPEG q60", _jpeg(_toned_drawing(), 60))]
)
def test_a_drawing_in_one_hue_is_still_read(name: str, image: np.ndarray) -> None:
    answer = ask(image, "How many shapes are there?", cache=False)
    assert not answer.abstained, (name, answer.text)
    assert answer.value == 4, (name, answer.text)
    if name == "plain":  # read although judged as a grey picture (JPEG's chroma blocks leave the line)
        assert answer.scene_graph.images[0].quality["one_hue"] == 1.0


def test_a_small_mark_of_another_hue_is_not_one_hue() -> None:
    rgb = _toned_drawing()
    cv2.circle(rgb, (560, 400), 12, (200, 40, 40), -1)  # one small red dot on the toned drawing
    from spatioxolver.agents._vision.colour import rgb_to_lab

    assert one_hue_tint(rgb_to_lab(_toned_drawing()).astype(np.float32))
    assert not one_hue_tint(rgb_to_lab(rgb).astype(np.float32))
