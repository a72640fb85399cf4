"""A ground plane that ends inside the frame (a floor board seen in perspective, a 3-D plot's
floor) leaves the backdrop showing beside it, as a strip down a whole side of the picture.
That strip is backdrop, not an object (issue 13; before, it was counted and named as a "white
rectangle", and the "leftmost object" was the strip).

The scenes are drawn here with numpy and OpenCV: a flat backdrop, a floor quadrilateral
narrower than the frame (the larger part of the picture, from its top edge to its bottom edge),
a few balls shaded by a Lambert term and a cube with three flat
faces standing on it.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask


def _scene(backdrop=(220, 220, 220), floor=(150, 160, 140), w=800, h=600, mirrored=False, top=-0.1):
    """``top``: the floor's far edge (a fraction of the height; above 0, the backdrop shows
    above the floor too, a horizon)."""
    import cv2

    img = np.zeros((h, w, 3), np.uint8)
    img[:] = backdrop
    quad = np.array(
        [[0.3 * w, top * h], [0.92 * w, top * h], [0.8 * w, 1.1 * h], [0.1 * w, 1.1 * h]], np.int32
    )
    cv2.fillPoly(img, [quad], floor)
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    light = np.array([-0.5, -0.6, 0.62])
    light /= np.linalg.norm(light)
    balls = [(0.35 * w, 0.55 * h, 0.07 * w, (200, 40, 40)), (0.62 * w, 0.72 * h, 0.08 * w, (40, 90, 200))]
    for cx, cy, r, rgb in balls:
        d2 = (xx - cx) ** 2 + (yy - cy) ** 2
        m = d2 <= r * r
        nz = np.sqrt(np.clip(1 - d2 / (r * r), 0, 1))
        ndl = np.clip(((xx - cx) / r) * light[0] + ((yy - cy) / r) * light[1] + nz * light[2], 0, 1)
        shade = 0.3 + 0.7 * ndl[m]
        img[m] = np.clip(np.array(rgb)[None, :] * shade[:, None], 0, 255).astype(np.uint8)
    # a cube: top, front and side faces in three flat shades of yellow
    x0, y0, s = int(0.55 * w), int(0.33 * h), int(0.1 * w)
    top = np.array(
        [[x0, y0], [x0 + s, y0], [x0 + s + s // 3, y0 - s // 4], [x0 + s // 3, y0 - s // 4]], np.int32
    )
    side = np.array(
        [[x0 + s, y0], [x0 + s + s // 3, y0 - s // 4], [x0 + s + s // 3, y0 + s - s // 4], [x0 + s, y0 + s]],
        np.int32,
    )
    cv2.fillPoly(img, [top], (250, 220, 60))
    cv2.fillPoly(img, [side], (150, 130, 30))
    cv2.rectangle(img, (x0, y0), (x0 + s, y0 + s), (210, 180, 40), -1)
    return img[:, ::-1].copy() if mirrored else img


@pytest.mark.parametrize("top", [-0.1, 0.12])
@pytest.mark.parametrize("mirrored", [False, True])
@pytest.mark.parametrize("backdrop", [(220, 220, 220), (205, 225, 245), (255, 255, 255)])
def test_the_backdrop_beside_the_floor_is_not_counted(backdrop, mirrored, top):
    img = _scene(backdrop=backdrop, mirrored=mirrored, top=top)
    assert ask(img, "How many objects are there?", model="geometric").text.strip().startswith("3")


def test_the_leftmost_object_is_on_the_floor():
    a = ask(_scene(), "What colour is the leftmost object?", model="geometric")
    assert "red" in a.text.lower()
    a = ask(_scene(mirrored=True), "What colour is the leftmost object?", model="geometric")
    assert "blue" in a.text.lower()


def test_a_tall_object_touching_top_and_bottom_only_is_kept():
    """Guard: a pole from the top edge to the bottom edge, not along a side, stays an object."""
    img = np.full((400, 600, 3), 245, np.uint8)
    img[:, 280:320] = (40, 90, 200)
    img[150:250, 60:160] = (200, 40, 40)
    assert ask(img, "How many objects are there?", model="geometric").text.strip().startswith("2")
