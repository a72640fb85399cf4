"""A web page's title above shapes that each cast a soft drop shadow. The shadows make the
page look like a tabletop (a ground with cast shadows), where a lone small dark part is a
solid's sliver; but a line of letters on one baseline is writing there too: the title's
letters are no objects, and the shapes keep their drawn names. (A black shape on its own drop
shadow can lose its pixels to the shadow: a known weakness, docs/perception.md; it is not
asserted here.)"""

import cv2
import numpy as np
import pytest

import spatioxolver

W, H = 720, 300


def _page(title: str, shapes, ground=(250, 250, 250)):
    img = np.empty((H, W, 3))
    img[:] = ground
    for mask, _ in shapes:  # soft drop shadows, 6 px down
        shadow = cv2.GaussianBlur(np.roll(mask.astype(float), 6, 0), (0, 0), 5)
        img *= 1 - 0.35 * shadow[..., None]
    for mask, colour in shapes:
        img[mask] = colour
    img = img.round().clip(0, 255).astype(np.uint8)
    cv2.putText(img, title, (40, 55), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (31, 41, 55), 3, cv2.LINE_AA)
    return img


def _disc(cx, cy, r):
    yy, xx = np.mgrid[0:H, 0:W]
    return np.hypot(xx - cx, yy - cy) <= r


def _square(x, y, s):
    mask = np.zeros((H, W), bool)
    mask[y : y + s, x : x + s] = True
    return mask


def _triangle(cx, cy, s):
    mask = np.zeros((H, W), np.uint8)
    pts = np.array([(cx, cy - s // 2), (cx + s // 2, cy + s // 2), (cx - s // 2, cy + s // 2)], np.int32)
    cv2.fillPoly(mask, [pts], 1)
    return mask.astype(bool)


@pytest.mark.parametrize("title", ["Dashboard", "My widgets"])
def test_title_letters_over_drop_shadowed_shapes_are_not_objects(title):
    shapes = [
        (_disc(110, 190, 48), (20, 20, 20)),
        (_disc(260, 190, 35), (40, 170, 70)),
        (_square(360, 155, 70), (245, 120, 20)),
        (_triangle(540, 190, 80), (250, 205, 30)),
    ]
    graph = spatioxolver.build_scene_graph(_page(title, shapes))
    assert not [o for o in graph.objects if o.centroid is not None and o.centroid[1] < 80]  # no letters
    found = sorted(
        (o.attributes.color, o.attributes.shape) for o in graph.objects if o.attributes.color != "black"
    )
    assert found == [("green", "circle"), ("orange", "square"), ("yellow", "triangle")]
