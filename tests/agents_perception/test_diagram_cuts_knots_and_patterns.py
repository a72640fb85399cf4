"""Flat diagrams drawn by other code (issue 13): what the frame cuts, where connectors cross,
dotted fills at the working resolution, hatching beside arrows.

Drawn here with Pillow (no project drawing code). Before:

* an outline-only shape running off the picture's edge was an open line: dropped, or named
  nothing (a 2400 x 1600 diagram of 5 shapes counted 2);
* where two thin grey connectors cross, the knot the clean-up kept was an object;
* a dotted fill whose dots the clean-up joined into a web read as a cube or a sphere;
* hatched shapes with arrows on a dark JPEG slide read as a tiled floor (the whole picture
  abstained) and as solids standing on a ground.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.reliability import tiled_floor

from spatioxolver import ask, build_scene_graph


def _jpeg(img: Image.Image, quality: int = 75) -> np.ndarray:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


def _cut_outlines() -> np.ndarray:
    """2400 x 1600 pale canvas, 2 px pens: a square and a triangle cut by the top, an
    ellipse cut by the right edge, a circle and a rectangle whole."""
    img = Image.new("RGB", (2400, 1600), (234, 242, 251))
    d = ImageDraw.Draw(img)
    d.rectangle([500, -60, 700, 120], outline=(60, 180, 75), width=2)
    d.polygon([(1000, -80), (1200, 180), (800, 180)], outline=(106, 27, 154), width=2)
    d.ellipse([2200, 300, 2500, 700], outline=(200, 40, 40), width=2)
    d.ellipse([900, 700, 1300, 1100], outline=(30, 90, 220), width=2)
    d.rectangle([1600, 1000, 2100, 1300], outline=(240, 130, 30), width=2)
    return np.asarray(img)


def test_outline_shapes_cut_by_the_frame_are_counted() -> None:
    # before: 2 (the three cut outlines were open lines)
    assert ask(_cut_outlines(), "How many shapes are there?").value == 5


def test_an_outline_cut_by_the_frame_keeps_its_colour_and_flat_reading() -> None:
    graph = build_scene_graph(_cut_outlines())
    top = [o for o in graph.objects if o.bbox[1] <= 1]
    assert sorted(o.attributes.color for o in top) == ["green", "purple"]
    assert all(o.attributes.extras.get("flat") for o in graph.objects)


def _crossing_connectors() -> np.ndarray:
    """Four filled shapes; two grey connectors about 1.7 px wide (drawn 4x, reduced) cross
    between them, one with an arrowhead."""
    k = 4
    img = Image.new("RGB", (640 * k, 480 * k), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.ellipse([40 * k, 40 * k, 140 * k, 140 * k], fill=(220, 40, 40))
    d.rectangle([500 * k, 340 * k, 600 * k, 440 * k], fill=(40, 90, 220))
    d.rectangle([500 * k, 40 * k, 600 * k, 120 * k], fill=(40, 170, 70))
    d.polygon([(90 * k, 340 * k), (150 * k, 440 * k), (30 * k, 440 * k)], fill=(250, 200, 20))
    grey = (110, 110, 110)
    d.line([(140 * k, 140 * k), (500 * k, 360 * k)], fill=grey, width=7)  # circle -> blue square
    d.line([(500 * k, 110 * k), (130 * k, 370 * k)], fill=grey, width=7)  # green -> triangle
    d.polygon([(130 * k, 370 * k), (150 * k, 348 * k), (158 * k, 362 * k)], fill=grey)  # its head
    return np.asarray(img.resize((640, 480), Image.LANCZOS))


def test_where_two_grey_connectors_cross_there_is_no_object() -> None:
    graph = build_scene_graph(_crossing_connectors())
    assert len(graph.objects) == 4
    assert sorted(o.attributes.color for o in graph.objects) == ["blue", "green", "red", "yellow"]


def _dotted(size: tuple[int, int] = (2000, 1500)) -> np.ndarray:
    """Dotted fills: dots 12 px across every 18 px inside a 4 px outline of their colour, on
    a dark slide; at the working resolution (about 0.4x) the dots nearly touch."""
    img = Image.new("RGB", size, (30, 30, 46))
    d = ImageDraw.Draw(img)
    shapes = [
        ((300, 300, 700, 700), (240, 98, 146), "ellipse"),
        ((1100, 500, 1500, 900), (34, 211, 238), "rect"),
    ]
    for (x0, y0, x1, y1), colour, kind in shapes:
        mask = Image.new("L", size, 0)
        md = ImageDraw.Draw(mask)
        (md.ellipse if kind == "ellipse" else md.rectangle)([x0, y0, x1, y1], fill=255)
        dots = Image.new("L", size, 0)
        dd = ImageDraw.Draw(dots)
        for cy in range(y0 + 10, y1, 18):
            for cx in range(x0 + 10, x1, 18):
                dd.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=255)
        inside = Image.fromarray(np.minimum(np.asarray(mask), np.asarray(dots)))
        img.paste(colour, (0, 0), inside)
        (d.ellipse if kind == "ellipse" else d.rectangle)([x0, y0, x1, y1], outline=colour, width=4)
    return np.asarray(img)


def test_dotted_fills_at_the_working_resolution_are_flat_shapes() -> None:
    graph = build_scene_graph(_dotted())
    assert len(graph.objects) == 2
    assert all(o.attributes.extras.get("flat") for o in graph.objects)
    assert sorted((o.attributes.color, o.attributes.shape) for o in graph.objects) == [
        ("cyan", "square"),
        ("pink", "circle"),
    ]


def test_hatching_beside_converging_connectors_is_no_tiled_floor() -> None:
    # Level stripes (rows of tiles?) and two oblique connectors meeting above them (columns
    # converging?): but no connector crosses a stripe, as a column of tiles crosses rows.
    img = Image.new("RGB", (320, 240), (13, 17, 23))
    d = ImageDraw.Draw(img)
    for y in range(120, 200, 8):
        d.rectangle([40, y, 180, y + 3], fill=(255, 127, 14))
    d.line([(140, 30), (100, 110)], fill=(120, 120, 120), width=2)  # prolonged, they meet
    d.line([(180, 30), (220, 110)], fill=(120, 120, 120), width=2)  # 40 px above the frame
    assert not tiled_floor(np.asarray(img))


def _hatched_slide() -> np.ndarray:
    """A navy slide, JPEG q75: hatched shapes (stripes 5 px, gaps 7 px, inside an outline of
    their colour) joined by grey arrows."""
    w, h = 586, 436
    img = Image.new("RGB", (w, h), (13, 17, 23))
    d = ImageDraw.Draw(img)
    boxes = [
        ((380, 25, 510, 145), (255, 127, 14)),
        ((100, 240, 150, 340), (250, 250, 250)),
        ((250, 300, 340, 390), (252, 186, 208)),
    ]
    for (x0, y0, x1, y1), colour in boxes:
        for y in range(y0, y1, 12):
            d.rectangle([x0, y, x1, min(y + 4, y1)], fill=colour)
        d.rectangle([x0, y0, x1, y1], outline=colour, width=3)
    grey = (100, 100, 104)
    for a, b in [((150, 260), (380, 140)), ((300, 300), (240, 70)), ((500, 150), (560, 230))]:
        d.line([a, b], fill=grey, width=2)
    return _jpeg(img, 75)


def test_hatching_beside_arrows_is_no_tiled_floor_nor_a_ground() -> None:
    img = _hatched_slide()
    a = ask(img, "How many shapes are there?")
    assert not a.abstained and a.value == 3
    graph = build_scene_graph(img)
    assert not any(o.attributes.extras.get("ground") for o in graph.objects)
    assert all(o.attributes.extras.get("flat") for o in graph.objects)


def test_a_disc_the_frame_cuts_is_still_a_circle() -> None:
    # before: a disc cut by the top edge read as a hexagon
    img = Image.new("RGB", (640, 480), (250, 250, 250))
    d = ImageDraw.Draw(img)
    d.ellipse([60, -80, 260, 120], fill=(230, 120, 20))  # a disc, its top cut off
    d.ellipse([420, 330, 620, 480 + 60], fill=(40, 90, 220))  # another, cut by the bottom
    d.rectangle([260, 300, 380, 420], fill=(40, 170, 70))  # whole
    graph = build_scene_graph(np.asarray(img))
    shapes = {o.attributes.color: o.attributes.shape for o in graph.objects}
    assert shapes == {"orange": "circle", "blue": "circle", "green": "square"}
