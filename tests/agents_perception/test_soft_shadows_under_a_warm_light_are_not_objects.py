"""Soft cast shadows under a warm key light and a neutral fill are shadows, not objects (issue 13).

The scenes are drawn here in linear light with numpy (no project drawing code): a floor lit by
a warm sun and a neutral sky fill, so a shadow dims the channels by a fixed tint rather than
alike (a shadowed beige floor turns greyish); shaded balls and a box stand on it, each casting
a shadow whose penumbra is many pixels wide (the sun's disc seen from the floor). The engine
took the tinted shadows for grey objects ("6 objects" for 3), or grew only one pixel into a
wide penumbra and kept the rest as objects.
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.background import foreground_evidence
from spatioxolver.agents._vision.soft_shadows import linear_light, shadow_tint
from spatioxolver.agents.segmentation import segment

from spatioxolver import ask

from .linear_light import to_linear, to_srgb8


def _blur(m: np.ndarray, sigma: float) -> np.ndarray:
    import cv2

    return cv2.GaussianBlur(m.astype(np.float32), (0, 0), sigma) if sigma > 0 else m.astype(np.float32)


def _scene(
    sun=(1.0, 0.9, 0.74), fill=0.22, soft=7.0, floor=(200, 188, 165), grey_ball=False, size=(480, 360)
):
    """(sRGB image, number of objects). The sun comes from the upper left, shadows fall right."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    sun = np.asarray(sun, float)
    shade = np.zeros((h, w))
    objects = [("ball", 150, 190, 42, (205, 40, 36)), ("box", 330, 230, 48, (40, 80, 200))]
    if grey_ball:
        objects.append(("ball", 250, 300, 30, (150, 150, 150)))
    for kind, cx, cy, r, _ in objects:
        # the shadow: an ellipse from the contact point toward the lower right
        foot = cy + r if kind == "ball" else cy + 0.5 * r
        m = (((xx - cx - 1.2 * r) / (1.5 * r)) ** 2 + ((yy - foot + 0.15 * r) / (0.45 * r)) ** 2) <= 1
        shade = np.maximum(shade, _blur(m, soft))
    vis = 1.0 - shade
    img = to_linear(floor)[None, None, :] * (fill + 0.85 * sun[None, None, :] * vis[..., None])
    light = np.array([-0.55, -0.6, 0.58])
    light /= np.linalg.norm(light)
    for kind, cx, cy, r, rgb in objects:
        alb = to_linear(rgb)
        if kind == "ball":
            d2 = (xx - cx) ** 2 + (yy - cy) ** 2
            m = d2 <= r * r
            nz = np.sqrt(np.clip(1 - d2 / (r * r), 0, 1))
            ndl = np.clip(((xx - cx) / r) * light[0] + ((yy - cy) / r) * light[1] + nz * light[2], 0, 1)
            img[m] = alb * (fill + sun * ndl[m][:, None])
        else:
            half, top = r, 0.45 * r
            front = (np.abs(xx - cx) <= half) & (yy >= cy - 0.5 * r) & (yy <= cy + 0.5 * r)
            lid = (np.abs(xx - cx) <= half) & (yy >= cy - 0.5 * r - top) & (yy < cy - 0.5 * r)
            img[front] = alb * (fill + 0.35 * sun)
            img[lid] = alb * (fill + 0.9 * sun)
    return to_srgb8(img), len(objects)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},  # warm sun, neutral fill, wide penumbra
        {"soft": 10.0, "floor": (180, 180, 176)},  # on a grey floor, wider still
        {"sun": (1.0, 1.0, 1.0)},  # an untinted light: the penumbra is still wide
        {"grey_ball": True},  # a grey ball beside the shadows stays an object
    ],
)
def test_soft_shadows_are_not_counted(kwargs) -> None:
    img, n = _scene(**kwargs)
    objects = segment(img)
    assert len(objects) == n, [(o.bbox, o.area) for o in objects]
    red = min(objects, key=lambda o: o.centroid[0])
    # the red ball's region stops at the ball (its shadow lies to its right)
    assert red.bbox[2] <= 150 + 42 + 4


def test_the_question_counts_the_solids(tmp_path) -> None:
    from PIL import Image

    img, n = _scene()
    path = tmp_path / "warm.png"
    Image.fromarray(img).save(path)
    assert ask(str(path), "How many objects are there?").value == n


def test_the_tint_is_read_from_soft_penumbrae_only() -> None:
    img, _ = _scene()
    fg = foreground_evidence(img)
    ratio = linear_light(img) / np.maximum(linear_light(fg.background[..., 3:]), 1e-3)
    tint = shadow_tint(ratio, fg.distance > fg.threshold)
    assert tint is not None and tint[2] > 0.003 > -0.003 > tint[0]  # shadows are bluer than the sunlit floor
    hard, _ = _scene(soft=0.0)
    fg = foreground_evidence(hard)
    ratio = linear_light(hard) / np.maximum(linear_light(fg.background[..., 3:]), 1e-3)
    assert shadow_tint(ratio, fg.distance > fg.threshold) is None  # hard edges cast no vote
