"""A letter on a small filled disc set at a shape's corner (a "badge") labels that shape; the
disc is no shape of its own (before: each disc was counted as a circle holding the label,
"how many shapes" doubled and "shape K" named the disc). A drawing of small shapes each
holding its letter, standing apart, keeps them shapes (tested in
test_small_shapes_holding_a_letter.py). Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _badged(disc: tuple[int, int, int]) -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans-Bold.ttf"), 22)
    img = Image.new("RGB", (760, 420), (255, 255, 255))
    d = ImageDraw.Draw(img)
    shapes = [
        ("K", (130, 220), (30, 80, 220)),
        ("H", (380, 220), (250, 140, 0)),
        ("M", (620, 220), (30, 160, 60)),
    ]
    for k, (letter, (cx, cy), fill) in enumerate(shapes):
        if k == 1:
            d.ellipse((cx - 60, cy - 60, cx + 60, cy + 60), fill=fill)
        else:
            d.rectangle((cx - 60, cy - 50, cx + 60, cy + 50), fill=fill)
        bx, by = cx + 62, cy - 62  # the badge at the shape's top-right corner
        d.ellipse((bx - 19, by - 19, bx + 19, by + 19), fill=disc)
        box = d.textbbox((0, 0), letter, font=font)
        d.text(
            (bx - (box[0] + box[2]) / 2, by - (box[1] + box[3]) / 2), letter, font=font, fill=(255, 255, 255)
        )
    return np.asarray(img)


@pytest.mark.parametrize("disc", [(20, 20, 20), (200, 20, 20)])
def test_a_badge_labels_the_shape_beside_it(disc: tuple[int, int, int]) -> None:
    rgb = _badged(disc)
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "blue" in ask(rgb, "What colour is shape K?", model="geometric").text.lower()
    assert ask(rgb, "What shape is object H?", model="geometric").value == "circle"
