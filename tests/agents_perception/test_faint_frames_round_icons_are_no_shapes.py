"""Faint rulings that frame other marks are no shapes: a light grey 1 px box round each icon of
a small sheet, or a thin grey grid ruled round a sheet of icons on a dark ground.

A closed 1 px outline that holds nothing but ground is an outline shape even when faint (a pen
outline reduced with a smoothing filter, see test_faint_pen_outlines_at_reduced_scale.py). One
that holds other marks is a frame round them (a cell's box, a ruled grid): it keeps the plain
contrast rule, so a faint one is ruling, not a grey square round every icon, and a grid is not
one large rectangle.

Drawn here with Pillow at 4x and reduced with LANCZOS (anti-aliased); no project renderer.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

import spatioxolver

_SS = 4


def _sheet(w, h, ground, rule, cells, boxes, grid=None, title=None):
    """``cells``: ``(cx, cy, r, fill, kind)`` icons; ``boxes``: 1 px rounded boxes ``(x0, y0, x1, y1)``;
    ``grid``: ``(x0, y0, pitch_x, pitch_y, cols, rows)`` ruled with 1 px lines."""
    img = Image.new("RGB", (w * _SS, h * _SS), ground)
    d = ImageDraw.Draw(img)
    if title:
        d.text((40 * _SS, 14 * _SS), title, fill=(230, 230, 230), font=ImageFont.load_default(size=16 * _SS))
    for x0, y0, x1, y1 in boxes:
        d.rounded_rectangle([x0 * _SS, y0 * _SS, x1 * _SS, y1 * _SS], radius=3 * _SS, outline=rule, width=_SS)
    if grid:
        gx, gy, px, py, cols, rows = grid
        for c in range(cols + 1):
            d.line(
                [((gx + c * px) * _SS, gy * _SS), ((gx + c * px) * _SS, (gy + rows * py) * _SS)], rule, _SS
            )
        for r in range(rows + 1):
            d.line(
                [(gx * _SS, (gy + r * py) * _SS), ((gx + cols * px) * _SS, (gy + r * py) * _SS)], rule, _SS
            )
    for cx, cy, r, fill, kind in cells:
        b = [(cx - r) * _SS, (cy - r) * _SS, (cx + r) * _SS, (cy + r) * _SS]
        edge = tuple(int(v * 0.45) for v in fill)
        if kind == "circle":
            d.ellipse(b, fill=fill, outline=edge, width=2 * _SS)
        else:
            d.rectangle(b, fill=fill, outline=edge, width=2 * _SS)
    return np.asarray(img.resize((w, h), Image.LANCZOS))


_R = 5  # icon radius on the boxed sheet


def _boxed_sheet():
    """3 x 5 light grey 1 px boxes at sub-pixel places on a pale blue ground, icons in most."""
    pitch = 50.4
    cells, boxes = [], []
    fills = [(200, 60, 40), (40, 110, 200), (60, 160, 60)]
    for row in range(3):
        for col in range(5):
            x0, y0 = 30 + col * pitch, 30 + row * pitch
            boxes.append((x0 + 4.6, y0 + 4.6, x0 + pitch - 4.6, y0 + pitch - 4.6))
            if (row + col) % 4 != 3:  # some boxes stay empty
                kind = "circle" if col % 2 else "square"
                cells.append((x0 + pitch / 2, y0 + pitch / 2, _R, fills[(row + col) % 3], kind))
    return _sheet(310, 210, (222, 236, 250), (170, 170, 170), cells, boxes), cells


def _ruled_sheet():
    """A 2 x 3 grid ruled in thin grey on a near-black ground round six icons, under a title."""
    px, py = 120.4, 110.6
    kinds = [((240, 120, 180), "circle"), ((245, 245, 245), "square"), ((40, 90, 220), "circle")]
    cells = [
        (40 + (c + 0.5) * px, 60 + (rw + 0.5) * py, 14, f, k)
        for rw, (f, k) in enumerate(kinds)
        for c in range(2)
    ]
    return _sheet(
        320, 420, (12, 12, 12), (90, 90, 100), cells, [], grid=(40.5, 60.5, px, py, 2, 3), title="Icon sheet"
    ), cells


def test_faint_boxes_round_small_icons_are_no_objects():
    img, cells = _boxed_sheet()
    objs = spatioxolver.build_scene_graph(img).objects
    icons = [o for o in objs if (o.bbox[2] - o.bbox[0]) <= 3 * _R]
    framed = [o for o in objs if (o.bbox[2] - o.bbox[0]) > 3 * _R]
    assert len(icons) == len(cells)
    # No box round an icon is read as an object (empty boxes are not asked about here).
    for o in framed:
        x0, y0, x1, y1 = o.bbox
        assert not any(x0 < cx < x1 and y0 < cy < y1 for cx, cy, *_ in cells)


def test_a_thin_grid_ruled_round_icons_on_a_dark_ground_is_no_rectangle():
    img, cells = _ruled_sheet()
    assert len(spatioxolver.build_scene_graph(img).objects) == len(cells)
    answer = spatioxolver.ask(img, "How many columns are there?", model="geometric")
    assert answer.value == 2
