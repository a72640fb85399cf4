"""Where two cast shadows overlap the ground is dimmed twice: an even region darker than the
scene's commonest shadow brightness. So is a stepped soft shadow's core when a lighter step
is the commonest. Only the commonest brightness and lighter steps were taken as shadow, and
the darker overlap became an object of its own or joined a box standing beside it (a VTK
probe's boxes in their shadows read as balls). A darker even region inside the shadow,
beside a coloured solid, is shadow too; a grey box's dark face on a neutral ground, whose
other faces are dimmed alike as well, is not.

Scenes drawn here with numpy / OpenCV: flat-shaded boxes (three faces each) with hard
shadows, each the ground times a fixed ratio, cast to the right.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.background import foreground_evidence

H, W = 300, 460


def _box(img: np.ndarray, x: int, y: int, size: int, faces: tuple) -> None:
    """A box seen from above the front: top, front and right faces (flat colours)."""
    d = size // 3
    top = np.array([[x, y], [x + size, y], [x + size + d, y - d], [x + d, y - d]], np.int32)
    front = np.array([[x, y], [x + size, y], [x + size, y + size], [x, y + size]], np.int32)
    side = np.array(
        [[x + size, y], [x + size + d, y - d], [x + size + d, y + size - d], [x + size, y + size]], np.int32
    )
    for poly, colour in zip((top, front, side), faces, strict=True):
        cv2.fillPoly(img, [poly], colour)


def _shadow(x: int, y: int, size: int, length: int, rise: int) -> np.ndarray:
    """The shadow a box at (x, y) casts to its right along the ground, reaching ``rise`` px
    up the box's right edge in the picture (a low light)."""
    d = size // 3
    mask = np.zeros((H, W), np.uint8)
    poly = np.array(
        [[x + size, y + size], [x + size + d, y + size - d - rise], [x + size + d + length, y + size - d - rise - 6],
         [x + size + length, y + size + 4]],
        np.int32,
    )  # fmt: skip
    cv2.fillPoly(mask, [poly], 1)
    return mask.astype(bool)


def _scene(ground: tuple, boxes: list[tuple]) -> tuple[np.ndarray, list[np.ndarray]]:
    img = np.zeros((H, W, 3), np.float32)
    img[:] = ground
    shadows = [_shadow(x, y, s, length, rise) for x, y, s, length, _, rise in boxes]
    for mask in shadows:
        img[mask] *= 0.6  # each shadow dims the ground alike; overlaps twice
    out = np.clip(img, 0, 255).astype(np.uint8)
    for x, y, s, _, faces, _ in boxes:
        _box(out, x, y, s, faces)
    return out, shadows


RED = ((230, 90, 80), (190, 40, 35), (110, 20, 18))
BLUE = ((90, 120, 240), (45, 70, 200), (25, 38, 120))


def test_the_overlap_of_two_shadows_is_shadow() -> None:
    # The red box's long shadow runs under the blue box's: both dim the ground there.
    rgb, (a, b) = _scene((205, 190, 160), [(60, 150, 60, 230, RED, 0), (200, 175, 50, 110, BLUE, 0)])
    fg = foreground_evidence(rgb)
    overlap = a & b
    assert overlap.sum() > 400
    assert fg.shadow_mask[overlap].mean() > 0.9
    assert not fg.object_mask[overlap].any() or fg.object_mask[overlap].mean() < 0.05
    # The boxes are still objects.
    assert fg.object_mask[170:200, 70:110].mean() > 0.9


def test_a_grey_box_dark_face_in_a_shadow_stays_object() -> None:
    # A neutral ground, a grey box whose shadow, cast by a low light, borders its dark
    # face nearly all round: that face is dimmed alike and darker than the shadow, but
    # the box's other faces are dimmed alike too.
    grey = ((175, 175, 175), (115, 115, 115), (62, 62, 62))
    rgb, _ = _scene((150, 150, 150), [(60, 160, 60, 200, RED, 0), (200, 150, 60, 120, grey, 60)])
    fg = foreground_evidence(rgb)
    side = np.zeros((H, W), np.uint8)
    d = 20
    cv2.fillPoly(
        side, [np.array([[262, 152], [262 + d - 2, 152 - d + 2], [262 + d - 2, 208 - d], [262, 208]])], 1
    )
    side = side.astype(bool)
    assert side.sum() > 300
    assert fg.object_mask[side].mean() > 0.9
