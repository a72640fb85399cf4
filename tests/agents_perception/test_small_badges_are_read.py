"""Letters on small filled badges (discs and squares 16-22 px across, at a shape's corner) are
read and label the shape beside them; the badges are no shapes of their own. Before, a badge
under 24 px was never read: each was counted as a shape ("how many shapes" 5 for 3) and
"shape P" found nothing. Without the ocr extra the badges are still no shapes (their labels
stay unknown). Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask


def _badged(radius: int, square: bool) -> np.ndarray:
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(
        os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans-Bold.ttf"), round(1.3 * radius)
    )
    img = Image.new("RGB", (760, 400), (255, 255, 255))
    d = ImageDraw.Draw(img)
    shapes = [
        ("P", (130, 210), (30, 80, 220)),
        ("K", (380, 210), (250, 140, 0)),
        ("T", (620, 210), (30, 160, 60)),
    ]
    for k, (letter, (cx, cy), fill) in enumerate(shapes):
        if k == 1:
            d.ellipse((cx - 60, cy - 60, cx + 60, cy + 60), fill=fill)
        else:
            d.rectangle((cx - 60, cy - 45, cx + 60, cy + 45), fill=fill)
        bx, by = cx + 60 + radius + 4, cy  # the badge just right of the shape
        (d.rectangle if square else d.ellipse)(
            (bx - radius, by - radius, bx + radius, by + radius), fill=(20, 20, 20)
        )
        box = d.textbbox((0, 0), letter, font=font)
        d.text(
            (bx - (box[0] + box[2]) / 2, by - (box[1] + box[3]) / 2), letter, font=font, fill=(255, 255, 255)
        )
    return np.asarray(img)


@pytest.mark.parametrize(("radius", "square"), [(8, False), (10, True), (11, False)])
def test_a_small_badge_labels_the_shape_beside_it(radius: int, square: bool) -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
    rgb = _badged(radius, square)
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "blue" in ask(rgb, "What colour is shape P?", model="geometric").text.lower()
    assert ask(rgb, "What shape is the object labelled T?", model="geometric").value in (
        "square",
        "rectangle",
    )
    # (a 9 px "K" on a badge may stay unread: then no answer, never another shape's)
    assert ask(rgb, "What shape is the object labelled K?", model="geometric").value in ("circle", None)


def test_unread_small_badges_are_no_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    from spatioxolver.agents._vision import labels

    monkeypatch.setattr(labels, "_engine", lambda: None)  # as without the ocr extra
    rgb = _badged(9, False)
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    answer = ask(rgb, "What colour is shape P?", model="geometric")
    assert answer.value is None or answer.abstained  # the letter is not read: no guess
