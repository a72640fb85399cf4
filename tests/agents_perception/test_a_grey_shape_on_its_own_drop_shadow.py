"""A grey shape drawn with a soft drop shadow on a page graded from white to a pale blue (a
web page's grey icon). The grey darkens the page evenly, as a shadow would, but its edge is
a sharp step and its halo, lighter, fades to the page further out: it is a shape, not a
shadow (and the page, with no shadow left, is no tabletop)."""

import cv2
import numpy as np

import spatioxolver

W, H = 480, 400


def _star(cx, cy, r):
    angles = -np.pi / 2 + np.arange(10) * np.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, r, 0.42 * r)
    pts = np.stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)], axis=1)
    mask = np.zeros((H, W), np.uint8)
    cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 1)
    return mask.astype(bool)


def _disc(cx, cy, r):
    yy, xx = np.mgrid[0:H, 0:W]
    return np.hypot(xx - cx, yy - cy) <= r


def test_a_grey_star_with_a_drop_shadow_on_a_graded_page_is_a_shape():
    t = np.linspace(0.0, 1.0, H)[:, None, None]
    img = (1 - t) * np.array([255.0, 255.0, 255.0]) + t * np.array([232.0, 238.0, 246.0])
    img = np.broadcast_to(img, (H, W, 3)).copy()
    shapes = [(_star(240, 130, 40), (158, 158, 158)), (_disc(240, 290, 46), (67, 160, 71))]
    for mask, _ in shapes:  # a soft halo 8 px down, as Chromium draws drop-shadow(0 8px 20px rgba(0,0,0,.3))
        halo = cv2.GaussianBlur(np.roll(mask.astype(float), 8, 0), (0, 0), 20)
        img *= 1 - 0.3 * halo[..., None]
    for mask, colour in shapes:
        img[mask] = colour
    graph = spatioxolver.build_scene_graph(img.round().clip(0, 255).astype(np.uint8))
    found = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert found == [("gray", "star"), ("green", "circle")]
