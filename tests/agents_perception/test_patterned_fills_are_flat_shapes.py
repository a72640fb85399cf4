"""A shape filled with a pattern (hatching: stripes of its colour with the ground between
them, or dots of its colour inside an outline of that colour) is one flat shape in its ink's
colour: before, its stripes' blended edges were split off as a second colour, the stripes
cut apart as touching objects, and the ground between them read as a solid's shading
("white cylinder", "cyan cube"). And a crowd of small drawn shapes on textured paper is
read, not taken for pieces of a photo's texture. Pictures drawn here with Pillow and numpy."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask
from spatioxolver.api import build_scene_graph

GROUND = (250, 247, 240)


def _hatched(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour, *, ellipse: bool) -> None:
    """A shape outlined in ``colour`` and filled with 4 px diagonal stripes of it."""
    x0, y0, x1, y1 = box
    mask = Image.new("L", (x1 - x0 + 1, y1 - y0 + 1), 0)
    md = ImageDraw.Draw(mask)
    (md.ellipse if ellipse else md.rectangle)((0, 0, x1 - x0, y1 - y0), fill=255)
    stripes = Image.new("L", mask.size, 0)
    sd = ImageDraw.Draw(stripes)
    for k in range(-mask.size[1], mask.size[0], 9):
        sd.line((k, 0, k + mask.size[1], mask.size[1]), fill=255, width=4)
    ink = Image.fromarray(np.minimum(np.asarray(mask), np.asarray(stripes)))
    d.bitmap((x0, y0), ink, fill=colour)
    (d.ellipse if ellipse else d.rectangle)(box, outline=colour, width=3)


def _dotted(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour) -> None:
    """A circle outlined in ``colour`` with dots of it inside."""
    x0, y0, x1, y1 = box
    d.ellipse(box, outline=colour, width=3)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    for y in range(y0 + 12, y1 - 8, 12):
        for x in range(x0 + 12, x1 - 8, 12):
            if (x - cx) ** 2 + (y - cy) ** 2 < (r - 12) ** 2:
                d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)


def _picture() -> np.ndarray:
    im = Image.new("RGB", (640, 400), GROUND)
    d = ImageDraw.Draw(im)
    _hatched(d, (40, 60, 200, 180), (220, 40, 40), ellipse=False)  # a red hatched rectangle
    _hatched(d, (260, 50, 380, 170), (30, 90, 210), ellipse=True)  # a blue hatched circle
    _dotted(d, (430, 40, 580, 190), (40, 150, 60))  # a green dotted circle
    d.ellipse((60, 250, 180, 370), fill=(240, 150, 20))  # a plain orange circle
    return np.asarray(im)


@pytest.fixture(scope="module")
def picture() -> np.ndarray:
    return _picture()


def test_each_patterned_shape_is_one_flat_object_in_its_ink_colour(picture) -> None:
    objects = sorted(build_scene_graph(picture, cache=False).objects, key=lambda o: o.bbox[0] + o.bbox[1])
    assert len(objects) == 4
    assert sorted(o.attributes.color for o in objects) == ["blue", "green", "orange", "red"]
    assert all(o.attributes.extras.get("flat") for o in objects)
    shapes = {o.attributes.color: o.attributes.shape for o in objects}
    assert shapes["red"] == "rectangle"
    assert shapes["blue"] == "circle"
    assert shapes["orange"] == "circle"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many shapes are there?", "4"),
        ("How many red shapes are there?", "1"),
        ("What colour is the rectangle?", "red"),
    ],
)
def test_questions_about_patterned_shapes(picture, question: str, expected: str) -> None:
    assert ask(picture, question, model="geometric").text.strip().rstrip(".").lower() == expected


def test_a_crowd_of_small_shapes_on_a_canvas_weave_is_read() -> None:
    """18 small shapes (each under half a percent of the frame) on a faint 4 px canvas weave:
    the weave makes the backdrop textured, and the shapes were taken for pieces of texture."""
    ground = np.full((330, 540, 3), 255, np.uint8)
    ground[::4] = 243
    ground[:, ::4] = 243
    im = Image.fromarray(ground)
    d = ImageDraw.Draw(im)
    colours = [(220, 40, 40), (30, 90, 210), (40, 150, 60), (240, 150, 20), (150, 40, 180), (20, 20, 20)]
    n = 0
    for row in range(3):
        for col in range(6):
            x, y = 50 + col * 88, 60 + row * 105
            c = colours[(row * 6 + col) % len(colours)]
            if (row + col) % 2:
                d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=c)
            else:
                d.rectangle((x - 11, y - 11, x + 11, y + 11), fill=c)
            n += 1
    a = ask(np.asarray(im), "How many objects are there?", model="geometric")
    assert not a.abstained
    assert a.text.strip().rstrip(".") == str(n)
