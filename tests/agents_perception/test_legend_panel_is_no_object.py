"""A legend in a corner of a diagram (a framed box holding lines of writing: "1  lamp", or a
colour swatch with a word beside it) explains the objects and is none of them (issue 13,
labels5/labels6 probes). Before, its frame was counted as a black rectangle, its swatches as
small squares and its words read as labels. A flowchart box holding one line of writing in
the middle of the picture stays an object.

Drawn here with Pillow, with the DejaVu Sans font matplotlib ships (no project drawing code).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from spatioxolver import ask, build_scene_graph


def _font(size: int):
    from PIL import ImageFont

    matplotlib = pytest.importorskip("matplotlib")
    path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    return ImageFont.truetype(str(path), size)


def _diagram(legend: str, ground=(255, 255, 255)) -> np.ndarray:
    """Three shapes with numbers beside them and a legend box in the top right corner:
    ``"numbers"`` ("1  lamp" lines under a title) or ``"swatches"`` (a colour square and a word)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (760, 520), ground)
    d = ImageDraw.Draw(img)
    d.rectangle((70, 250, 170, 350), fill=(214, 45, 40))
    d.ellipse((250, 260, 370, 350), fill=(40, 100, 210))
    d.polygon([(500, 250), (560, 350), (440, 350)], fill=(50, 160, 70))
    small = _font(15)
    for text, (x, y) in zip("123", [(185, 300), (385, 305), (575, 300)], strict=True):
        d.text((x, y), text, font=small, fill=(10, 10, 10), anchor="lm")
    x0, y0 = 585, 24
    words = ["lamp", "door", "kite"]
    d.rectangle((x0, y0, x0 + 150, y0 + 30 + 26 * len(words)), fill=(255, 255, 255), outline=(60, 60, 60))
    if legend == "numbers":
        d.text((x0 + 10, y0 + 6), "Legend", font=small, fill=(20, 20, 20))
        for k, w in enumerate(words):
            d.text((x0 + 10, y0 + 32 + 26 * k), f"{k + 1}  {w}", font=small, fill=(20, 20, 20))
    else:
        colours = [(214, 45, 40), (40, 100, 210), (50, 160, 70)]
        for k, (w, c) in enumerate(zip(words, colours, strict=True)):
            y = y0 + 14 + 26 * k
            d.rectangle((x0 + 12, y, x0 + 26, y + 14), fill=c, outline=(40, 40, 40))
            d.text((x0 + 36, y - 1), w, font=small, fill=(20, 20, 20))
    return np.asarray(img)


@pytest.mark.parametrize("legend", ["numbers", "swatches"])
@pytest.mark.parametrize("ground", [(255, 255, 255), (238, 238, 238)])
def test_a_legend_box_in_a_corner_is_not_counted(legend, ground):
    graph = build_scene_graph(_diagram(legend, ground), model="geometric")
    seen = [(o.label, o.attributes.color, o.attributes.shape, o.bbox) for o in graph.objects]
    assert len(graph.objects) == 3, seen
    assert all(o.bbox[0] < 585 for o in graph.objects), seen
    assert ask(_diagram(legend, ground), "How many shapes are there?").value == 3


def test_a_box_of_writing_in_the_middle_stays_an_object():
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (600, 400), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((220, 140, 380, 260), fill=(250, 220, 120), outline=(60, 60, 60))
    font = _font(16)
    for k, line in enumerate(["start", "read the", "input"]):
        d.text((240, 155 + 30 * k), line, font=font, fill=(20, 20, 20))
    d.ellipse((40, 160, 120, 240), fill=(40, 100, 210))
    graph = build_scene_graph(np.asarray(img), model="geometric")
    assert any(o.bbox[0] >= 200 and o.bbox[2] <= 400 for o in graph.objects), [
        (o.attributes.color, o.bbox) for o in graph.objects
    ]
