"""Two solids of one colour in contact, one much smaller than the other, are two objects.

A blob was cut only at the cores deeper than 0.7 of its deepest point: a small box touching
a big one (a VTK probe's two purple boxes) has its core under that level, and the pair read
as one "sphere". In a lit scene every solid shows a convex outline, so a clearly concave
blob there is looked at below 0.7 too. A concave glyph in a drawing stays one shape.

Masks and a scene drawn here with numpy / OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.part_split import split_touching

from spatioxolver import api


def _box_outline(mask: np.ndarray, x: int, y: int, size: int) -> None:
    """A box's outline seen from above the front: a hexagon."""
    d = size // 3
    poly = np.array(
        [[x, y], [x + d, y - d], [x + size + d, y - d], [x + size + d, y + size - d], [x + size, y + size],
         [x, y + size]],
        np.int32,
    )  # fmt: skip
    cv2.fillPoly(mask, [poly], 1)


def _pair() -> np.ndarray:
    mask = np.zeros((240, 260), np.uint8)
    _box_outline(mask, 110, 70, 90)  # big box
    _box_outline(mask, 50, 150, 50)  # small box against its lower left
    return mask.astype(bool)


def test_a_small_box_against_a_big_one_is_cut_off_in_a_lit_scene() -> None:
    pieces = split_touching(_pair(), 40, drawing=False)
    assert len(pieces) == 2
    small = min(pieces, key=lambda p: p.sum())
    ys, xs = np.nonzero(small)
    assert xs.mean() < 110 and ys.mean() > 150  # the small box's piece


def test_the_same_blob_in_a_drawing_is_one_shape() -> None:
    assert len(split_touching(_pair(), 40, drawing=True)) == 1


def test_a_convex_solid_is_not_cut() -> None:
    mask = np.zeros((200, 260), np.uint8)
    _box_outline(mask, 80, 70, 90)
    assert len(split_touching(mask.astype(bool), 40, drawing=False)) == 1


def _scene() -> np.ndarray:
    h, w = 300, 440
    img = np.zeros((h, w, 3), np.float32)
    img[:] = (200, 188, 160)
    for x, y, s in ((200, 130, 100), (134, 219, 55)):  # shadows first, cast to the right
        d = s // 3
        poly = np.array(
            [[x + s, y + s], [x + s + d, y + s - d], [x + s + d + 90, y + s - d - 8], [x + s + 90, y + s]]
        )
        m = np.zeros((h, w), np.uint8)
        cv2.fillPoly(m, [poly.astype(np.int32)], 1)
        img[m.astype(bool)] *= 0.55
    out = np.clip(img, 0, 255).astype(np.uint8)
    faces = ((150, 80, 200), (110, 40, 160), (70, 25, 105))  # purple: top, front, side
    for x, y, s in ((200, 130, 100), (134, 219, 55)):
        d = s // 3
        top = np.array([[x, y], [x + s, y], [x + s + d, y - d], [x + d, y - d]], np.int32)
        front = np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.int32)
        side = np.array([[x + s, y], [x + s + d, y - d], [x + s + d, y + s - d], [x + s, y + s]], np.int32)
        for poly, colour in zip((top, front, side), faces, strict=True):
            cv2.fillPoly(out, [poly], colour)
    return out


def test_two_purple_boxes_in_contact_count_as_two() -> None:
    a = api.ask(_scene(), "How many purple objects are there?")
    assert not a.abstained
    assert a.value == 2
