"""JPEG's colour ringing beside a shape of about the ground's lightness (yellow on a pale
blue ground: a few L units apart, strongly coloured) is the ground, not an object: before,
the tint beside a yellow rectangle at q45 became two more "shapes" (6 for 4), one of them
yellow, and the rectangle read as an ellipse."""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image, ImageDraw

from spatioxolver import ask


def _small_drawing() -> np.ndarray:
    img = Image.new("RGB", (160, 120), (228, 238, 250))
    d = ImageDraw.Draw(img)
    d.polygon([(49 - 1.45 * 16.4, 40.2 - 0.8 * 16.4), (49 + 1.45 * 16.4, 40.2 - 0.8 * 16.4),
               (49 + 1.45 * 16.4, 40.2 + 0.8 * 16.4), (49 - 1.45 * 16.4, 40.2 + 0.8 * 16.4)],
              fill=(245, 210, 35))  # fmt: skip
    d.ellipse([85.4 - 16.8, 95.1 - 16.8, 85.4 + 16.8, 95.1 + 16.8], fill=(40, 155, 65))
    star = [(146.7 + (5.3 if k % 2 == 0 else 2.2) * math.cos(-math.pi / 2 + math.pi * k / 5),
             54.9 + (5.3 if k % 2 == 0 else 2.2) * math.sin(-math.pi / 2 + math.pi * k / 5)) for k in range(10)]  # fmt: skip
    d.polygon(star, fill=(120, 45, 160))
    hexagon = [(51.6 + 8.2 * math.cos(-math.pi / 2 + math.pi * k / 3),
                102.7 + 8.2 * math.sin(-math.pi / 2 + math.pi * k / 3)) for k in range(6)]  # fmt: skip
    d.polygon(hexagon, fill=(235, 125, 20))
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=45)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def test_ringing_beside_a_yellow_shape_is_no_object() -> None:
    rgb = _small_drawing()
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 4
    assert ask(rgb, "How many yellow shapes are there?", model="geometric").value == 1
    answer = ask(rgb, "What shape is the yellow shape?", model="geometric")
    assert answer.no_answer or "rectangle" in answer.text.lower()
