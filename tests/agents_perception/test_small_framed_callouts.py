"""A small letter in a thin frame on a leader line (a callout box 16-22 px, the letter 11-13
px in a serif font, blended into the paper) is read and names the shape its line ends on. Before, the segmenter
thinned the frame and the letter away; what was left of the frame read "L" (a wrong label
on a wrong shape) and the real labels found nothing. Drawn here with Pillow."""

from __future__ import annotations

import os

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _callouts(size: int) -> np.ndarray:
    """Drawn at 3x and reduced with a box filter: a 1 px frame and letter strokes blended
    into the paper, as a vector renderer draws them."""
    import matplotlib
    from PIL import Image, ImageDraw, ImageFont

    k = 3
    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSerif.ttf"), size * k)
    img = Image.new("RGB", (1000 * k, 560 * k), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.polygon([(280 * k, 110 * k), (330 * k, 200 * k), (230 * k, 200 * k)], fill=(128, 128, 128))  # "R"
    d.regular_polygon((750 * k, 130 * k, 50 * k), 6, fill=(60, 120, 230))  # "A", blue hexagon
    d.ellipse((640 * k, 350 * k, 780 * k, 450 * k), fill=(200, 30, 30))  # "H", red ellipse
    for letter, (cx, cy), end in (
        ("R", (220, 280), (262, 200)),
        ("A", (800, 240), (770, 175)),
        ("H", (560, 520), (660, 440)),
    ):
        box = d.textbbox((0, 0), letter, font=font)
        w, h = (box[2] - box[0]) / k, (box[3] - box[1]) / k
        d.text(((cx - w / 2) * k - box[0], (cy - h / 2) * k - box[1]), letter, font=font, fill=(0, 0, 0))
        pad = 4
        frame = (cx - w / 2 - pad, cy - h / 2 - pad, cx + w / 2 + pad, cy + h / 2 + pad)
        d.rectangle([v * k for v in frame], outline=(0, 0, 0), width=k)
        top = frame[1] if end[1] < cy else frame[3]
        d.line(((cx * k, top * k), (end[0] * k, end[1] * k)), fill=(0, 0, 0), width=k)
    return np.asarray(img.resize((1000, 560), Image.Resampling.BOX))


@pytest.mark.parametrize("size", [11, 13])
def test_small_framed_callouts_are_read(size: int) -> None:
    rgb = _callouts(size)
    assert "blue" in ask(rgb, "What colour is shape A?", model="geometric").text.lower()
    assert "red" in ask(rgb, "What colour is the object labelled H?", model="geometric").text.lower()
    assert ask(rgb, "What is the label of the red ellipse?", model="geometric").value == "H"
    assert "gray" in ask(rgb, "What colour is the shape labelled R?", model="geometric").text.lower()
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
