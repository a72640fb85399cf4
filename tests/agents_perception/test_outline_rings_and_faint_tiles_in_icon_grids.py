"""Icon grids drawn by other code (OpenCV here):

* icons on faint grey tiles (240 on a 248 off-white page) are a drawing: the tiles' rows make
  bands in the backdrop, not a sky above a floor, so the icons get 2-D names, not solids';
* black outline rings beside coloured shapes on a tinted page are shapes, not cast shadows
  (the part of a ring that reads as evenly dimmed is a piece of the ring's stroke, while a
  whole shadow-like blob stays a shadow candidate);
* a row of coloured rings as big as the other shapes is a row of shapes, not the word "OOO".
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.background import _stroke_pieces

from spatioxolver import build_scene_graph


def _shapes(img: np.ndarray) -> list[tuple[str | None, str | None, float, float]]:
    g = build_scene_graph(img)
    return sorted(
        ((o.attributes.color, o.attributes.shape, o.centroid[0], o.centroid[1]) for o in g.objects),
        key=lambda t: (round(t[3] / 40), t[2]),
    )


def test_icons_on_faint_tiles_are_flat_shapes() -> None:
    img = np.full((420, 420, 3), 248, np.uint8)
    for r in range(3):
        for c in range(3):
            x0, y0 = 30 + 125 * c, 30 + 125 * r
            cv2.rectangle(img, (x0, y0), (x0 + 110, y0 + 110), (240, 240, 240), -1)
            cx, cy = x0 + 55, y0 + 55
            kind = (r + c) % 3
            if kind == 0:
                cv2.circle(img, (cx, cy), 30, (40, 40, 210), -1, cv2.LINE_AA)
            elif kind == 1:
                cv2.rectangle(img, (cx - 27, cy - 27), (cx + 27, cy + 27), (200, 190, 30), -1)
            else:
                tri = np.array([[cx, cy - 32], [cx - 32, cy + 24], [cx + 32, cy + 24]], np.int32)
                cv2.fillPoly(img, [tri], (60, 60, 60), cv2.LINE_AA)
    found = _shapes(img)
    assert len(found) == 9
    assert {s for _, s, _, _ in found} == {"circle", "square", "triangle"}, found


def test_black_rings_on_a_tinted_page_are_shapes_not_shadows() -> None:
    img = np.full((600, 300, 3), (240, 225, 210), np.uint8)  # BGR: a pale blue page
    cv2.rectangle(img, (40, 40), (120, 120), (30, 80, 140), 8)  # a brown outline square
    cv2.circle(img, (220, 80), 38, (20, 20, 20), 9, cv2.LINE_AA)  # black rings
    cv2.circle(img, (80, 230), 38, (30, 30, 30), 9, cv2.LINE_AA)
    cv2.circle(img, (220, 380), 38, (30, 80, 140), 9, cv2.LINE_AA)  # a brown ring
    cv2.circle(img, (220, 530), 38, (20, 20, 20), 9, cv2.LINE_AA)
    found = _shapes(img)
    assert sum(1 for c, s, _, _ in found if c == "black" and s == "circle") == 3, found
    assert len(found) == 5


def test_an_even_arc_of_a_black_ring_is_a_stroke_piece_a_blob_is_not() -> None:
    ring = np.zeros((120, 240), np.uint8)
    cv2.circle(ring, (60, 60), 40, 255, 8, cv2.LINE_AA)
    cv2.ellipse(ring, (180, 60), (40, 20), 0, 0, 360, 255, -1, cv2.LINE_AA)  # a shadow-like blob
    candidate = ring > 40
    mean_ratio = np.where(candidate, 0.13, 1.0).astype(np.float32)
    core = np.zeros_like(candidate)
    core[40:80, 95:110] = candidate[40:80, 95:110]  # the ring's right arc read as even
    core[45:75, 150:210] = candidate[45:75, 150:210]  # the blob's body
    n, labels = cv2.connectedComponents(core.astype(np.uint8), connectivity=8)
    pieces = _stroke_pieces(labels, n, candidate, core, mean_ratio, 0.13)
    arc = labels[60, 100] - 1
    blob = labels[60, 180] - 1
    assert pieces[arc] and not pieces[blob]


def test_a_row_of_coloured_rings_is_not_writing() -> None:
    img = np.full((360, 420, 3), 255, np.uint8)
    for k, x in enumerate((70, 210, 350)):
        cv2.circle(img, (x, 70), 40, (20, 130, 245), 12, cv2.LINE_AA)  # orange rings, bold
        if k != 1:
            cv2.circle(img, (x, 200), 40, (20, 130, 245), -1, cv2.LINE_AA)
        else:
            cv2.rectangle(img, (x - 36, 164), (x + 36, 236), (128, 128, 128), -1)
    found = _shapes(img)
    assert len(found) == 6, found
    assert sum(1 for _, s, _, y in found if s == "circle" and y < 120) == 3, found
