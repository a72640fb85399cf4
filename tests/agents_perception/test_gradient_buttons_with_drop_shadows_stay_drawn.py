"""A web page's shapes: flat and gradient fills, each with a soft drop shadow, laid out in a
row. The shadows make the segmenter see a ground, but a gradient fill (colour linear in
position) is how a drawing program shades, not how light shades a solid: the shapes keep
their 2-D names (no cube, cone or sphere), and a drawn diamond is no cone on a round base."""

import cv2
import numpy as np
import pytest

import spatioxolver

W, H = 640, 240


def _polygon(points):
    mask = np.zeros((H, W), np.uint8)
    cv2.fillPoly(mask, [np.array(points, np.int32)], 1)
    return mask.astype(bool)


def _page(shapes):
    """shapes: (mask, colour_a, colour_b) with a horizontal gradient from a to b."""
    img = np.full((H, W, 3), 250.0)
    xx = np.mgrid[0:H, 0:W][1].astype(float)
    for mask, _, _ in shapes:  # soft drop shadows, 5 px down and right
        shadow = np.roll(np.roll(mask.astype(float), 5, 0), 4, 1)
        shadow = cv2.GaussianBlur(shadow, (0, 0), 4)
        img *= 1 - 0.35 * shadow[..., None]
    for mask, a, b in shapes:
        ys, xs = np.nonzero(mask)
        t = ((xx - xs.min()) / max(xs.max() - xs.min(), 1)).clip(0, 1)[..., None]
        fill = (1 - t) * np.array(a, float) + t * np.array(b, float)
        img[mask] = fill[mask]
    return img.round().clip(0, 255).astype(np.uint8)


def _names(img):
    graph = spatioxolver.build_scene_graph(img)  # a user's image: no world prior
    return sorted((o.attributes.shape, o.attributes.color) for o in graph.objects)


SQUARE = _polygon([(40, 70), (140, 70), (140, 170), (40, 170)])
TRIANGLE = _polygon([(250, 60), (310, 170), (190, 170)])
DIAMOND = _polygon([(420, 60), (475, 115), (420, 170), (365, 115)])
CIRCLE = np.hypot(*np.mgrid[0:H, 0:W] - np.array([115, 570])[:, None, None]) <= 50


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        # gradient square, flat triangle, gradient diamond, flat circle
        (
            [(SQUARE, (255, 111, 96), (183, 28, 28)), (TRIANGLE, (30, 100, 230), (30, 100, 230)),
             (DIAMOND, (129, 199, 132), (27, 94, 32)), (CIRCLE, (255, 160, 0), (255, 160, 0))],
            [("circle", "orange"), ("diamond", "green"), ("square", "red"), ("triangle", "blue")],
        ),
        # every shape a gradient
        (
            [(SQUARE, (100, 181, 246), (13, 71, 161)), (TRIANGLE, (186, 104, 200), (74, 20, 140)),
             (DIAMOND, (255, 183, 77), (230, 81, 0))],
            [("diamond", "orange"), ("square", "blue"), ("triangle", "purple")],
        ),
    ],
)  # fmt: skip
def test_gradient_shapes_with_drop_shadows_keep_their_drawn_names(shapes, expected):
    assert _names(_page(shapes)) == expected


def test_a_flat_diamond_with_a_drop_shadow_is_no_cone():
    img = _page([(DIAMOND, (30, 100, 230), (30, 100, 230)), (SQUARE, (220, 40, 40), (220, 40, 40)),
                 (TRIANGLE, (40, 160, 60), (40, 160, 60))])  # fmt: skip
    assert ("diamond", "blue") in _names(img)
