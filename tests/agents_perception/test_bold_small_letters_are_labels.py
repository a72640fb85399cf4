"""Bold letters written small beside shapes (10-16 px, DejaVu Sans Bold) are labels, not
objects: their strokes are too deep for the thin-stroke test, so the engine reads small
black / grey / white ink that touches no shape with OCR, and it is a label when OCR reads
it (issue 13; before, "V", "N" and a "G" in two pieces were counted as black objects and
"shape V" was not found). A letter centred over a shape and no wider than it names it too.

Drawn here with Pillow, with the DejaVu fonts matplotlib ships (no project drawing code).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from spatioxolver import ask, build_scene_graph

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int):
    from PIL import ImageFont

    matplotlib = pytest.importorskip("matplotlib")
    path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
    if not path.exists():
        pytest.skip("DejaVu Sans Bold is not shipped with this matplotlib")
    return ImageFont.truetype(str(path), size)


def _scene(size: int, side: str, dark: bool = False):
    """(image, {letter: (colour, shape)}): four shapes, each with a bold letter ``side`` of it."""
    from PIL import Image, ImageDraw

    w, h = 800, 600
    ground = (32, 37, 51) if dark else (247, 243, 232)
    ink = (255, 255, 255) if dark else (0, 0, 0)
    img = Image.new("RGB", (w, h), ground)
    d = ImageDraw.Draw(img)
    font = _font(size)
    shapes = [
        ("V", (150, 170), "red", "square"),
        ("N", (560, 160), "blue", "circle"),
        ("G", (190, 440), "green", "triangle"),
        ("K", (600, 430), "yellow", "square"),
    ]
    rgb = {"red": (214, 39, 40), "blue": (31, 119, 180), "green": (44, 160, 44), "yellow": (241, 196, 15)}
    truth = {}
    r = 55
    for letter, (cx, cy), colour, shape in shapes:
        box = (cx - r, cy - r, cx + r, cy + r)
        if shape == "square":
            d.rectangle(box, fill=rgb[colour])
        elif shape == "circle":
            d.ellipse(box, fill=rgb[colour])
        else:
            d.polygon([(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)], fill=rgb[colour])
        gap = r + 40
        x, y = {
            "above": (cx, cy - gap),
            "below": (cx, cy + gap),
            "right": (cx + gap, cy),
            "left": (cx - gap, cy),
        }[side]
        d.text((x, y), letter, fill=ink, font=font, anchor="mm")
        truth[letter] = (colour, shape)
    return np.asarray(img), truth


@pytest.mark.parametrize("size", [14, 18])
@pytest.mark.parametrize("side", ["above", "right", "below"])
def test_bold_small_letters_are_read_not_counted(size, side):
    img, truth = _scene(size, side)
    graph = build_scene_graph(img, model="geometric")
    assert len(graph.objects) == 4, [(o.label, o.attributes.color, o.attributes.shape) for o in graph.objects]
    found = {o.label: (o.attributes.color, o.attributes.shape) for o in graph.objects if o.label}
    assert len(found) >= 3 and all(truth[k] == v for k, v in found.items()), found


def test_questions_name_shapes_by_their_bold_letters():
    img, truth = _scene(16, "above", dark=True)
    assert ask(img, "How many objects are there?", model="geometric").text.startswith("4")
    a = ask(img, "What colour is shape V?", model="geometric")
    assert not a.no_answer and "red" in a.text.lower()


def test_a_small_black_shape_ocr_cannot_read_stays_an_object():
    """Guard: a small black filled disc beside big shapes is ink OCR does not read as a
    letter: it is still counted."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (600, 400), (250, 250, 250))
    d = ImageDraw.Draw(img)
    d.rectangle((60, 60, 200, 200), fill=(214, 39, 40))
    d.ellipse((360, 180, 520, 340), fill=(31, 119, 180))
    d.ellipse((290, 60, 304, 74), fill=(0, 0, 0))
    d.text((130, 240), "A", fill=(0, 0, 0), font=_font(16), anchor="mm")
    graph = build_scene_graph(np.asarray(img), model="geometric")
    assert len(graph.objects) == 3, [(o.label, o.attributes.color, o.attributes.shape) for o in graph.objects]
