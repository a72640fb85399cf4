"""Outline-only shapes drawn in black or grey with a 1 px pen are objects.

The segmenter's 3 x 3 opening erases a 1 px stroke; coloured strokes were put back
(``small_marks.thin_strokes``) but black and grey ones were left to the glyph step as
writing, so a black 1 px outline circle of radius 36 vanished at its own size and came
back (as a grey circle) only on a smooth 2x enlargement. A thin closed ring taller than a
label's letter is now put back whatever its colour; small letters stay writing. Images are
drawn in the test with Pillow, without anti-aliasing.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask, build_scene_graph


def _drawing(ink: tuple[int, int, int]) -> Image.Image:
    img = Image.new("RGB", (592, 254), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.ellipse([281, 70, 355, 144], outline=ink, width=1)
    d.rectangle([493, 150, 553, 183], outline=(30, 70, 220), width=1)
    d.rectangle([385, 181, 447, 243], outline=(120, 70, 30), width=1)
    return img


@pytest.mark.parametrize("ink", [(20, 20, 20), (90, 90, 90)])
def test_a_one_pixel_ink_circle_is_an_object(ink: tuple[int, int, int]) -> None:
    img = _drawing(ink)
    shapes = sorted(str(o.attributes.shape) for o in build_scene_graph(img, cache=False).objects)
    assert shapes == ["circle", "rectangle", "square"]
    assert ask(img, "Which object is farthest to the left?", cache=False).value.endswith("circle")


def test_a_small_one_pixel_letter_is_not_an_object() -> None:
    img = _drawing((20, 20, 20))
    d = ImageDraw.Draw(img)
    d.text((60, 60), "O", fill=(0, 0, 0))  # Pillow's default bitmap font: a 1 px letter
    shapes = sorted(str(o.attributes.shape) for o in build_scene_graph(img, cache=False).objects)
    assert shapes == ["circle", "rectangle", "square"]
