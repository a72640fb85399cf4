"""A 1 px pen outline names the same colour word at its size and halved: halving mixes each
ink pixel half with the ground, so the stroke's lightness depends on the image's scale and
is not said ("light blue" at half size, "blue" at full size, was two answers to one
question); its hue is. A wide stroke of a light ink still says "light".

The drawings are made here with numpy (a distance-to-outline test on a 4 x 4 supersampled
grid) and halved by 2 x 2 averaging; neither the project's renderers nor OpenCV draw them.
"""

from __future__ import annotations

import numpy as np

import spatioxolver

_SS = 4


def _rings(w: int, h: int, rings: list[tuple[float, float, float, float, tuple]]) -> np.ndarray:
    """``rings``: ``(cx, cy, radius, pen width, ink)`` circles on white."""
    ys, xs = np.mgrid[0 : h * _SS, 0 : w * _SS]
    x, y = (xs + 0.5) / _SS, (ys + 0.5) / _SS
    img = np.full((h, w, 3), 255.0)
    for cx, cy, r, pen, ink in rings:
        on = np.abs(np.hypot(x - cx, y - cy) - r) <= pen / 2
        a = on.reshape(h, _SS, w, _SS).mean(axis=(1, 3))[..., None]
        img = img * (1 - a) + np.asarray(ink, float) * a
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def _halved(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[0] // 2 * 2, img.shape[1] // 2 * 2
    return img[:h, :w].reshape(h // 2, 2, w // 2, 2, 3).mean(axis=(1, 3)).round().astype(np.uint8)


def _words(img: np.ndarray) -> list[tuple[str | None, str | None]]:
    objs = sorted(spatioxolver.build_scene_graph(img).objects, key=lambda o: o.centroid[0])
    return [(o.attributes.extras.get("tone"), o.attributes.color) for o in objs]


def test_a_one_pixel_outline_names_its_hue_at_full_and_half_size():
    img = _rings(520, 260, [(120, 130, 70, 1.0, (30, 70, 220)), (380, 130, 75, 1.0, (130, 40, 170))])
    full, half = _words(img), _words(_halved(img))
    assert full == [(None, "blue"), (None, "purple")]
    assert half == full


def test_a_wide_stroke_of_light_ink_is_still_light():
    img = _rings(300, 260, [(150, 130, 80, 14.0, (150, 185, 250))])
    assert _words(img) == [("light", "blue")]
