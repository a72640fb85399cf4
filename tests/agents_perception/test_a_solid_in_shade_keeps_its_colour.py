"""A shaded solid's colour is the colour of its lit side, even when most of it is in shade (issue 13).

Drawn here per pixel with numpy (no project drawing code): boxes seen corner-on, lit from
above under a dim fill light, so the lit top is about a quarter of the box and the two side
faces are dark; and balls lit from behind, with a thin lit crescent. Dark orange and dark
yellow are brown by lightness, so reading the colour from the middle of the body's
lightness named an orange or yellow box in shade "brown"; a brown box stays brown.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask


def _lin(rgb) -> np.ndarray:
    c = np.asarray(rgb, float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(x: np.ndarray) -> np.ndarray:
    x = np.clip(x, 0, 1)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * x ** (1 / 2.4) - 0.055) * 255


def _box(img: np.ndarray, cx: float, base: float, s: float, rgb, shades=(1.0, 0.16, 0.07)) -> None:
    import cv2

    alb = _lin(rgb)
    a, b, hgt = 0.55 * s, 0.5 * s, 0.8 * s
    front, left, right = (cx, base), (cx - a, base - 0.35 * a), (cx + b, base - 0.35 * b)
    back = (left[0] + right[0] - cx, left[1] + right[1] - base)

    def up(p):
        return (p[0], p[1] - hgt)

    for pts, shade in (
        ([up(front), up(left), up(back), up(right)], shades[0]),
        ([front, left, up(left), up(front)], shades[1]),
        ([front, right, up(right), up(front)], shades[2]),
    ):
        m = np.zeros((img.shape[0] * 4, img.shape[1] * 4), np.uint8)
        cv2.fillPoly(m, [np.array([[x * 4, y * 4] for x, y in pts], np.int32)], 255)
        m = cv2.resize(m, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_AREA)[..., None] / 255.0
        img[:] = img * (1 - m) + _srgb(alb * shade) * m


def _ball(img: np.ndarray, cx: float, cy: float, r: float, rgb) -> None:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (r * r)
    m = d2 <= 1
    nz = np.sqrt(np.clip(1 - d2, 0, 1))
    light = np.array([0.35, -0.75, -0.2])  # from behind and above: a lit upper crescent
    light /= np.linalg.norm(light)
    ndl = np.clip((xx - cx) / r * light[0] + (yy - cy) / r * light[1] + nz * light[2], 0, 1)
    img[m] = _srgb(_lin(rgb) * (0.05 + 0.95 * ndl[m])[:, None])


def _image(draw) -> np.ndarray:
    h, w = 300, 420
    t = np.linspace(0, 1, h)[:, None, None]
    img = np.broadcast_to(np.array((190, 192, 196), float) * (1 - 0.15 * t), (h, w, 3)).copy()
    draw(img)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("rgb", "term"),
    [
        ((242, 132, 22), "orange"),
        ((236, 212, 40), "yellow"),
        ((122, 72, 36), "brown"),
        ((40, 82, 202), "blue"),
    ],
)
def test_a_box_in_shade(tmp_path, rgb, term: str) -> None:
    from PIL import Image

    path = tmp_path / "box.png"
    Image.fromarray(_image(lambda img: _box(img, 210, 220, 120, rgb))).save(path)
    a = ask(str(path), "What colour is the box?")
    assert a.value == term, a.text


@pytest.mark.parametrize(("rgb", "term"), [((242, 132, 22), "orange"), ((236, 212, 40), "yellow")])
def test_a_ball_lit_from_behind(tmp_path, rgb, term: str) -> None:
    from PIL import Image

    path = tmp_path / "ball.png"
    Image.fromarray(_image(lambda img: _ball(img, 210, 150, 70, rgb))).save(path)
    a = ask(str(path), "How many objects are there?")
    assert a.value == 1
    assert a.scene_graph.objects[0].attributes.color == term


def test_a_brightly_lit_brown_ball_stays_brown(tmp_path) -> None:
    """Its lit side, over-exposed (1.25 x its paint), is a dull orange: brown, not orange."""
    from PIL import Image

    def draw(img: np.ndarray) -> None:
        h, w = img.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(float)
        cx, cy, r = 210, 150, 60
        m = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
        t = np.clip(np.hypot(xx - (cx - 0.35 * r), yy - (cy - 0.35 * r)) / (1.6 * r), 0, 1)[..., None]
        shade = np.array((150, 95, 55), float) * (1.25 * (1 - t) + 0.5 * t)
        img[m] = shade[m]

    path = tmp_path / "brown.png"
    Image.fromarray(_image(draw)).save(path)
    a = ask(str(path), "How many objects are there?")
    assert a.value == 1
    assert a.scene_graph.objects[0].attributes.color == "brown"
