"""A box enlarged with a sharpening filter is still one box: its blended rim is the box's.

Enlarging a scene 3.3 times with Lanczos and reducing it again to the working resolution
leaves a rim 1-2 px wide around each box in blends of the box's colour and the ground's. The
colour split put that rim in one part with the box's shadow, a ring round the box that the
shadow step does not drop: a fourth object, "a gray cylinder", in a scene of three. Pixel by
pixel, a rim pixel on the segment from the ground to the box's colour is the box's.

The scene is drawn here with numpy and OpenCV (a sky and a ground band, boxes of three
shaded faces, anti-aliased, over dark ellipse shadows) and enlarged with Pillow's LANCZOS
filter; the project's renderers do not draw it.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

import spatioxolver


def _shade(rgb: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(int(np.clip(v * f, 0, 255)) for v in rgb)  # type: ignore[return-value]


def _can(img: np.ndarray, fx: float, fy: float, s: float, rgb: tuple[int, int, int]) -> None:
    """A can standing at ``(fx, fy)``: its shadow, a body shaded column by column, a lit top."""
    import cv2

    cv2.ellipse(
        img,
        (int(fx + s * 0.3), int(fy)),
        (int(s * 0.9), int(s * 0.18)),
        0,
        0,
        360,
        (110, 105, 98),
        -1,
        cv2.LINE_AA,
    )
    rx, ry, hh = s * 0.8, s * 0.25, s * 1.8
    yb, yt = fy - ry, fy - ry - hh
    for x in range(int(fx - rx), int(fx + rx) + 1):
        u = (x - fx) / rx
        cv2.line(img, (x, int(yt)), (x, int(yb)), _shade(rgb, max(1.1 - 0.6 * (u + 0.35) ** 2, 0.45)), 1)
    cv2.ellipse(img, (int(fx), int(yb)), (int(rx), int(ry)), 0, 0, 180, _shade(rgb, 0.7), -1, cv2.LINE_AA)
    cv2.ellipse(img, (int(fx), int(yt)), (int(rx), int(ry)), 0, 0, 360, _shade(rgb, 1.25), -1, cv2.LINE_AA)


def _scene() -> np.ndarray:
    import cv2

    w, h, horizon = 551, 362, 136
    img = np.zeros((h, w, 3), np.float32)
    t = np.linspace(0, 1, horizon)[:, None]
    img[:horizon] = (np.array([150, 190, 235]) * (1 - t) + np.array([205, 225, 245]) * t)[:, None, :]
    t = np.linspace(0, 1, h - horizon)[:, None]
    img[horizon:] = (np.array([175, 170, 160]) * (1 - t) + np.array([140, 135, 125]) * t)[:, None, :]
    img = img.astype(np.uint8)
    _can(img, 413.2, 199.45, 34.85, (130, 40, 170))
    for fx, fy, s, rgb in (
        (151.82, 203.91, 36.03, (240, 220, 30)),
        (300.15, 331.37, 69.87, (245, 140, 20)),
    ):
        centre, axes = (int(fx + s * 0.3), int(fy)), (int(s * 0.9), int(s * 0.18))
        cv2.ellipse(img, centre, axes, 0, 0, 360, (110, 105, 98), -1, cv2.LINE_AA)
        e = s * 1.6
        x0, y1, dx, dy = fx - e / 2, fy, e * 0.35, e * 0.3
        faces = (
            ([(x0, y1), (x0 + e, y1), (x0 + e, y1 - e), (x0, y1 - e)], 0.95),
            ([(x0, y1 - e), (x0 + e, y1 - e), (x0 + e + dx, y1 - e - dy), (x0 + dx, y1 - e - dy)], 1.2),
            ([(x0 + e, y1), (x0 + e + dx, y1 - dy), (x0 + e + dx, y1 - e - dy), (x0 + e, y1 - e)], 0.65),
        )
        for pts, f in faces:
            cv2.fillPoly(img, [np.array(pts, np.int32)], _shade(rgb, f), cv2.LINE_AA)
    return img


def _count(img: np.ndarray) -> object:
    return spatioxolver.ask(img, "How many objects are on the ground?", model="geometric").value


def test_boxes_enlarged_with_lanczos_count_as_at_their_size():
    img = _scene()
    h, w = img.shape[:2]
    big = np.asarray(Image.fromarray(img).resize((round(w * 3.3), round(h * 3.3)), Image.LANCZOS))
    assert _count(img) == 3
    assert _count(big) == 3
