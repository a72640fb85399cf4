"""Hard cast shadows under a coloured key light are shadows, not objects (issue 13).

Drawn here in linear light with numpy (no project drawing code): a floor lit by a warm key
light and a bluish sky fill, with no penumbra (a point-like sun), so each shadow dims the
floor's channels by one fixed tint (R most, B least) with a sharp edge; shaded balls and a
box stand on it. Neither the untinted test (channels dimmed alike) nor the soft-shadow tint
(read from penumbrae) saw these shadows: they were counted as grey objects or merged into
the objects casting them. The ratio does not depend on the floor's colour.
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents.segmentation import segment

from spatioxolver import ask

from .linear_light import to_linear, to_srgb8


def _scene(key=(1.0, 0.9, 0.75), fill=(0.2, 0.22, 0.27), floor=(190, 186, 178), size=(480, 360)):
    """(sRGB image, colours left to right). Supersampled 3x for clean edges."""
    s = 3
    w, h = size[0] * s, size[1] * s
    yy, xx = np.mgrid[0:h, 0:w].astype(float) / s
    key, fill = np.asarray(key, float), np.asarray(fill, float)
    objects = [("ball", 140, 190, 40, (200, 40, 36)), ("box", 320, 220, 46, (40, 150, 70))]
    lit = np.ones((h, w))
    for kind, cx, cy, r, _ in objects:
        foot = cy + r if kind == "ball" else cy + 0.5 * r
        m = (((xx - cx - 1.3 * r) / (1.6 * r)) ** 2 + ((yy - foot + 0.15 * r) / (0.42 * r)) ** 2) <= 1
        lit[m] = 0.0
    alb = np.broadcast_to(to_linear(floor), (h, w, 3)).copy()
    img = alb * (fill + key * lit[..., None])
    light = np.array([-0.55, -0.6, 0.58])
    light /= np.linalg.norm(light)
    for kind, cx, cy, r, rgb in objects:
        a = to_linear(rgb)
        if kind == "ball":
            d2 = (xx - cx) ** 2 + (yy - cy) ** 2
            m = d2 <= r * r
            nz = np.sqrt(np.clip(1 - d2 / (r * r), 0, 1))
            ndl = np.clip(((xx - cx) / r) * light[0] + ((yy - cy) / r) * light[1] + nz * light[2], 0, 1)
            img[m] = a * (fill + key * ndl[m][:, None])
        else:
            top = 0.45 * r
            front = (np.abs(xx - cx) <= r) & (yy >= cy - 0.5 * r) & (yy <= cy + 0.5 * r)
            lid = (np.abs(xx - cx) <= r) & (yy >= cy - 0.5 * r - top) & (yy < cy - 0.5 * r)
            img[front] = a * (fill + 0.35 * key)
            img[lid] = a * (fill + 0.9 * key)
    img = img.reshape(size[1], s, size[0], s, 3).mean(axis=(1, 3))
    return to_srgb8(img), ["red", "green"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {},  # warm key, bluish fill, plain floor
        {"floor": (205, 160, 130)},  # on a terracotta floor
        {"key": (0.75, 0.85, 1.0), "fill": (0.27, 0.22, 0.2), "floor": (170, 170, 170)},  # cool key, warm fill
    ],
)
def test_hard_tinted_shadows_are_not_objects(kwargs) -> None:
    img, colours = _scene(**kwargs)
    objects = segment(img)
    assert len(objects) == len(colours), [(o.bbox, o.area) for o in objects]
    a = ask(img, "How many objects are there?", model="geometric")
    assert a.value == len(colours)
    # the shadow does not widen the object casting it
    red = min(objects, key=lambda o: o.centroid[0])
    assert red.bbox[2] - red.bbox[0] <= 84, red.bbox


def test_a_grey_box_on_an_untinted_floor_stays_an_object() -> None:
    """Guard: with no tinted shadow anywhere, a lone grey box is an object."""
    img = np.full((240, 320, 3), 200, np.uint8)
    img[90:150, 130:200] = (110, 110, 110)
    assert len(segment(img)) == 1


def test_a_saturated_balls_unlit_side_is_not_a_shadow() -> None:
    """Guard: a yellow ball on a green floor, its far side lit by the ambient light alone (one
    ratio to the floor, its colour over the floor's, far from any light's tint), casts no
    shadow here and stays one whole ball."""
    h, w = 300, 400
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    img = np.broadcast_to(to_linear((120, 170, 120)) * 1.0, (h, w, 3)).copy()
    cx, cy, r = 200.0, 150.0, 60.0
    d2 = (xx - cx) ** 2 + (yy - cy) ** 2
    m = d2 <= r * r
    nz = np.sqrt(np.clip(1 - d2 / (r * r), 0, 1))
    light = np.array([-0.7, -0.5, 0.2])
    light /= np.linalg.norm(light)
    ndl = np.clip(((xx - cx) / r) * light[0] + ((yy - cy) / r) * light[1] + nz * light[2], 0, 1)
    img[m] = to_linear((235, 215, 40)) * (0.25 + 0.75 * ndl[m])[:, None]
    objects = segment(to_srgb8(img))
    assert len(objects) == 1
    x0, y0, x1, y1 = objects[0].bbox
    assert x1 - x0 >= 110 and y1 - y0 >= 110, objects[0].bbox


def test_a_floating_black_boxs_faces_are_not_a_shadow() -> None:
    """Guard: boxes floating on a grey backdrop (no ground, no shadows); the black box's two
    dark faces dim the backdrop by one nearly neutral ratio (a warm render: 0.06 from
    neutral), which is no light's tint: both boxes are whole objects."""
    img = np.full((240, 400, 3), 128, np.uint8)

    def box(x, y, s, top, left, right):
        pts_top = np.array([[x, y + s // 3], [x + s // 2, y], [x + s, y + s // 3], [x + s // 2, y + 2 * s // 3]], np.int32)
        pts_l = np.array([[x, y + s // 3], [x + s // 2, y + 2 * s // 3], [x + s // 2, y + 5 * s // 3], [x, y + 4 * s // 3]], np.int32)
        pts_r = np.array([[x + s // 2, y + 2 * s // 3], [x + s, y + s // 3], [x + s, y + 4 * s // 3], [x + s // 2, y + 5 * s // 3]], np.int32)
        import cv2

        cv2.fillPoly(img, [pts_top], top)
        cv2.fillPoly(img, [pts_l], left)
        cv2.fillPoly(img, [pts_r], right)

    box(40, 40, 90, (92, 90, 86), (30, 28, 26), (40, 38, 35))
    box(240, 50, 80, (80, 80, 230), (20, 20, 150), (30, 30, 190))
    objects = segment(img)
    assert len(objects) == 2, [(o.bbox, o.area) for o in objects]
    black = min(objects, key=lambda o: o.centroid[0])
    assert black.bbox[3] - black.bbox[1] >= 140, black.bbox
