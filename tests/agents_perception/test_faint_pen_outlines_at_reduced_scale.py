"""1 px pen outlines read the same shapes when the drawing is reduced with a smoothing filter,
and a black pen drawn anti-aliased is black.

Reducing a drawing to half its size with a filter that spreads each pixel over two (Pillow's
BILINEAR) leaves a 1 px pen outline a quarter to a third as dark as its ink: a closed outline
stays an outline shape, though its contrast is too low for a speck, and so does a small one
whose ring is no larger than a label's letter at that size. An anti-aliased 1 px black pen
lies across two pixels that each hold part of the ink; its darkest pixels, darker than any
grey ink can blend, show black; a grey pen drawn the same way stays grey.

The drawings are made here with numpy (a distance-to-outline test on a 4 x 4 supersampled
grid) and reduced with Pillow; neither the project's renderers nor OpenCV draw them.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

import spatioxolver

from .conftest import pen_outlines


def _reduced(img: np.ndarray, f: float) -> np.ndarray:
    h, w = img.shape[:2]
    return np.asarray(Image.fromarray(img).resize((round(w * f), round(h * f)), Image.BILINEAR))


def _objects(img: np.ndarray) -> list[tuple[str | None, str | None]]:
    objs = sorted(spatioxolver.build_scene_graph(img).objects, key=lambda o: o.centroid[0])
    return [(o.attributes.color, o.attributes.shape) for o in objs]


_BLACK, _BROWN, _BLUE = (20, 20, 20), (120, 70, 30), (30, 70, 220)


def test_one_pixel_outlines_stay_shapes_when_halved_with_a_smoothing_filter():
    img = pen_outlines(
        600,
        260,
        [
            ("circle", 110.5, 120.5, 40, 1.0, _BLACK),
            ("square", 300.5, 140.5, 34, 1.0, _BROWN),
            ("square", 480.5, 110.5, 30, 1.0, _BLUE),
        ],
    )
    full = _objects(img)
    assert [s for _, s in full] == ["circle", "square", "square"]
    half = _objects(_reduced(img, 0.5))
    assert [s for _, s in half] == ["circle", "square", "square"]
    assert half[2][0] == "blue"


def test_a_small_ink_square_beside_larger_outlines_is_counted_when_halved():
    img = pen_outlines(
        560,
        240,
        [
            ("square", 90.5, 120.5, 24, 1.0, _BLACK),
            ("circle", 260.5, 110.5, 36, 1.0, (245, 140, 20)),
            ("square", 440.5, 120.5, 38, 1.0, _BLUE),
        ],
    )
    half = _reduced(img, 0.5)
    answer = spatioxolver.ask(half, "How many shapes are there?", model="geometric")
    assert answer.value == 3


def test_an_antialiased_one_pixel_black_pen_is_black_and_a_grey_one_grey():
    # Centres on a quarter pixel: each side of the pen lies across two pixels (75 % / 25 %).
    img = pen_outlines(
        420,
        220,
        [("square", 110.25, 110.25, 45, 1.0, _BLACK), ("square", 300.25, 110.25, 45, 1.0, (128, 128, 128))],
    )
    assert _objects(img) == [("black", "square"), ("gray", "square")]


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    import io

    buf = io.BytesIO()
    Image.fromarray(img).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def test_a_halved_two_pixel_outline_saved_as_jpeg_says_no_light_or_dark():
    # JPEG's ringing bumps the thin mask past 2 px here and there: still a thin pen.
    img = pen_outlines(
        500,
        240,
        [("circle", 120.5, 120.5, 40, 2.0, (130, 40, 170)), ("square", 330.5, 120.5, 38, 2.0, (30, 160, 50))],
    )
    halved = img.reshape(120, 2, 250, 2, 3).mean(axis=(1, 3)).round().astype(np.uint8)  # 2 x 2 averages
    objs = spatioxolver.build_scene_graph(_jpeg(halved, 56)).objects
    words = sorted((o.centroid[0], o.attributes.color, o.attributes.extras.get("tone")) for o in objs)
    assert [(c, t) for _, c, t in words] == [("purple", None), ("green", None)]
