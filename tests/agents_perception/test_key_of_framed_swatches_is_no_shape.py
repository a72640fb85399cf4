"""A key of small colour swatches, each framed by a 1 px line with a word after it, in a 1 px
frame on a ground of its own colour, explains the drawing and is none of its shapes. Before,
no panel region held it (its fill is the ground's), so its swatches were counted as squares
(the labels7 probe's legends). Three equal squares with words, but of the drawing's size, stay.

Drawn here with Pillow and the DejaVu font, not with the project's renderers.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from spatioxolver.agents.segmentation import segment


def _font(size: int) -> ImageFont.FreeTypeFont:
    import matplotlib.font_manager as fm

    return ImageFont.truetype(fm.findfont(fm.FontProperties(family="DejaVu Sans")), size)


def _with_key(side: int) -> np.ndarray:
    im = Image.new("RGB", (760, 520), "white")
    d = ImageDraw.Draw(im)
    d.ellipse((60, 80, 200, 200), fill=(210, 50, 50))
    d.rectangle((300, 90, 440, 190), fill=(50, 150, 70))
    d.polygon([(200, 300), (280, 440), (120, 440)], fill=(240, 200, 40))
    x, y = 560, 300
    small = _font(14)
    d.rectangle((x - 8, y - 30, x + 8 + side + 80, y + 3 * (side + 10) + 4), outline=(90, 90, 90))
    d.text((x, y - 26), "Key", fill=(20, 20, 20), font=small)
    for k, (word, rgb) in enumerate(
        (("river", (40, 90, 200)), ("forest", (40, 150, 70)), ("town", (230, 130, 30)))
    ):
        yy = y + k * (side + 10)
        d.rectangle((x, yy, x + side, yy + side), fill=rgb, outline=(50, 50, 50))
        d.text((x + side + 8, yy + side / 2 - 9), word, fill=(20, 20, 20), font=small)
    return np.asarray(im)


def test_a_key_of_small_framed_swatches_is_no_shape() -> None:
    assert len(segment(_with_key(16))) == 3


def test_swatches_of_the_drawings_size_stay_shapes() -> None:
    assert len(segment(_with_key(60))) >= 6  # (the three large squares are shapes of the drawing)
