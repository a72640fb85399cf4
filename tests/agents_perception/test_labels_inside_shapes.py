"""A letter written inside a filled shape labels that shape (read with the ``ocr`` extra).

The segmenter takes such a letter as part of the shape (dark ink) or as a hole in it (ink of
the backdrop's colour), so "shape B" used to find no object. Images are drawn here with
Pillow, in a font Pillow finds through matplotlib.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int):
    from PIL import ImageFont

    try:
        import matplotlib.font_manager as fm

        return ImageFont.truetype(fm.findfont("DejaVu Sans"), size)
    except Exception:  # pragma: no cover - no matplotlib / font
        return ImageFont.load_default(size)


def _diagram(shapes, ground=(228, 228, 228), size=(900, 600)) -> np.ndarray:
    """``shapes``: ``(kind, fill, (cx, cy), r, letter, ink)``; letters drawn in the middle."""
    from PIL import Image, ImageDraw

    w, h = size
    im = Image.new("RGB", (3 * w, 3 * h), ground)
    d = ImageDraw.Draw(im)
    for kind, fill, (cx, cy), r, _, _ in shapes:
        box = [3 * (cx - r), 3 * (cy - r), 3 * (cx + r), 3 * (cy + r)]
        if kind == "circle":
            d.ellipse(box, fill=fill)
        elif kind == "rectangle":
            d.rectangle(
                [3 * (cx - 1.7 * r), 3 * (cy - 0.85 * r), 3 * (cx + 1.7 * r), 3 * (cy + 0.85 * r)], fill=fill
            )
        else:
            d.rectangle(box, fill=fill)
    im = im.resize((w, h), Image.LANCZOS)
    d = ImageDraw.Draw(im)
    font = _font(34)
    for _, _, (cx, cy), _, letter, ink in shapes:
        d.text((cx, cy), letter, fill=ink, font=font, anchor="mm")
    return np.asarray(im)


def _value(image: np.ndarray, question: str):
    return ask(image, question, model="geometric").value


IMAGE = [
    ("square", (240, 145, 30), (320, 190), 66, "V", (0, 0, 0)),
    ("rectangle", (128, 128, 128), (570, 300), 70, "F", (255, 255, 255)),
    ("circle", (30, 60, 200), (330, 480), 65, "E", (255, 255, 255)),
    ("circle", (130, 40, 165), (690, 520), 54, "P", (255, 255, 255)),
]


def test_letters_inside_shapes_name_them() -> None:
    image = _diagram(IMAGE)
    assert _value(image, "How many shapes are there?") == 4
    assert _value(image, "What colour is shape E?") == "blue"
    assert _value(image, "What colour is shape V?") == "orange"
    assert _value(image, "What colour is shape P?") == "purple"
    assert _value(image, "Is E left of F?") is True


def test_a_white_letter_in_a_grey_square_is_its_label_not_a_shape() -> None:
    """The white "D" on a grey square stands out from the pale ground: it was a shape of its own."""
    image = _diagram(
        [
            ("square", (128, 128, 128), (346, 127), 47, "D", (255, 255, 255)),
            ("circle", (30, 140, 55), (556, 226), 45, "T", (255, 255, 255)),
            ("circle", (210, 35, 35), (170, 330), 48, "Y", (0, 0, 0)),
        ],
        size=(900, 540),
    )
    assert _value(image, "How many shapes are there?") == 3
    assert _value(image, "What shape is D?") == "square"
    assert _value(image, "What colour is Y?") == "red"


def test_a_shaded_ball_highlight_is_no_label() -> None:
    """Guard: a smooth highlight on a shaded disc is not ink, nothing is read off it."""
    h, w = 400, 600
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.full((h, w, 3), 235.0)
    for cx, cy, r, col in ((180, 200, 80, (200, 40, 40)), (420, 210, 70, (40, 90, 200))):
        dx, dy = (xx - cx) / r, (yy - cy) / r
        inside = dx * dx + dy * dy <= 1
        nz = np.sqrt(np.clip(1 - dx * dx - dy * dy, 0, 1))
        lam = np.clip(-0.5 * dx - 0.6 * dy + 0.6 * nz, 0, 1)
        spec = np.clip(-0.3 * dx - 0.4 * dy + 0.85 * nz, 0, 1) ** 30
        img[inside] = (np.array(col) * (0.35 + 0.7 * lam)[..., None] + 220 * spec[..., None])[inside]
    from spatioxolver.agents._vision.inner_labels import inner_labels
    from spatioxolver.agents._vision.regions import geometric_regions

    rgb = np.clip(img, 0, 255).astype(np.uint8)
    regions, _ = geometric_regions(rgb, {})
    assert inner_labels(rgb, regions) == []


def test_small_thin_letters_above_shapes_are_read() -> None:
    """A "4" about 14 px tall drawn with a thin pen lost its strokes to the segmenter's
    clean-up (3 x 3 opening) and was never read: "shape 4" found no object."""
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (2160, 1296), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.ellipse([3 * 98, 3 * 167, 3 * 177, 3 * 246], fill=(130, 50, 170))
    d.rectangle([3 * 232, 3 * 265, 3 * 296, 3 * 329], fill=(40, 140, 50))
    d.polygon([(3 * 536, 3 * 297), (3 * 573, 3 * 361), (3 * 499, 3 * 361)], fill=(130, 50, 170))
    im = im.resize((720, 432), Image.LANCZOS)
    d = ImageDraw.Draw(im)
    font = _font(19)
    for text, (x, y) in (("6", (138, 148)), ("2", (264, 246)), ("4", (536, 280))):
        d.text((x, y), text, fill=(0, 0, 0), font=font, anchor="mm")
    image = np.asarray(im)
    assert _value(image, "How many shapes are there?") == 3
    assert _value(image, "What shape is 4?") == "triangle"
    assert _value(image, "Is 4 right of 2?") is True


def test_a_small_outlined_disc_is_a_shape_not_an_o() -> None:
    """Guard: the inner edge of a small disc's black outline is no letter "O" inside it
    (a 72-gon filled and outlined with a 2 px anti-aliased pen, as OpenCV draws it)."""
    import math

    import cv2

    def shape(img, pts, colour):
        pts = np.round(np.asarray(pts) * 16).astype(np.int32)
        cv2.fillPoly(img, [pts], colour, lineType=cv2.LINE_AA, shift=4)
        cv2.polylines(img, [pts], True, (0, 0, 0), 2, lineType=cv2.LINE_AA, shift=4)

    a = np.linspace(0, 2 * math.pi, 72, endpoint=False)
    img = np.full((300, 420, 3), 255, np.uint8)
    shape(img, np.stack([89 + 50 * np.cos(a), 64 + 26 * np.sin(a)], 1), (150, 90, 200))
    shape(img, np.stack([51.5 + 13 * np.cos(a), 241 + 13 * np.sin(a)], 1), (227, 119, 194))
    shape(img, [(133, 255), (176, 255), (176, 276), (133, 276)], (30, 110, 190))
    assert _value(img, "How many objects are in the picture?") == 3
