"""Soft shadows on a floor graded or hazy toward the horizon, under a sky or a back wall, are
shadows, not objects (issue 13).

The scenes are drawn here in linear light with numpy (no project drawing code): above the
horizon a sky with a vertical gradient and a few soft clouds, or a flat back wall; below it a floor whose colour
changes steeply toward the horizon (atmospheric haze, or a floor lighter far away), which
one smooth quadratic cannot follow. Shaded balls, a box and a can stand on it, each casting
a blurred shadow. The engine's residual on such a backdrop raised its foreground threshold,
the shadows' ratios to the misfit ground were off, and shadows were counted as objects (or a
wall taken as the ground swallowed the floor and the objects on it); with the backdrop
corrected row by row, soft clouds are not objects either.
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.background import foreground_evidence
from spatioxolver.agents.segmentation import segment

from spatioxolver import ask

from .linear_light import to_linear, to_srgb8


def _blur(m: np.ndarray, sigma: float) -> np.ndarray:
    import cv2

    return cv2.GaussianBlur(m.astype(np.float32), (0, 0), sigma)


def _scene(backdrop: str = "sky", floor: str = "haze", size=(720, 480), hazy_solids: bool = False):
    """(sRGB image, number of objects). The horizon at a third of the height; shadows fall
    to the lower right, their penumbra a few pixels wide. ``hazy_solids``: the haze veils
    the solids too (half of their light at the horizon), and the can is a cone."""
    w, h = size
    hor = h // 3 if backdrop == "sky" else h // 2  # a wall as wide as the floor
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    depth = np.clip((yy - hor) / (h - hor), 1e-3, 1)  # 0 at the horizon, 1 at the bottom
    near, far = to_linear((120, 112, 100)), to_linear((214, 206, 196))
    if floor == "haze":  # a haze colour taking over steeply toward the horizon
        far = to_linear((200, 210, 226))
    mix = np.exp(-4.0 * depth)[..., None]
    albedo = near * (1 - mix) + far * mix
    s = w / 720
    objects = [
        ("ball", 170 * s, hor + 90 * s, 46 * s, (200, 40, 36)),
        ("box", 380 * s, hor + 70 * s, 44 * s, (40, 80, 200)),
        ("cone" if hazy_solids else "can", 560 * s, hor + 140 * s, 36 * s, (40, 150, 60)),
    ]
    shade = np.zeros((h, w))
    for kind, cx, cy, r, _ in objects:
        foot = cy if kind == "cone" else cy + r
        m = (((xx - cx - 1.1 * r) / (1.4 * r)) ** 2 + ((yy - foot + 0.12 * r) / (0.4 * r)) ** 2) <= 1
        shade = np.maximum(shade, _blur(m, 3.0 * s))
    fill, sun = 0.25, 0.8
    img = albedo * (fill + sun * (1.0 - shade))[..., None]
    if backdrop == "sky":
        t = (yy[:hor] / hor)[..., None]
        img[:hor] = to_linear((90, 140, 220)) * (1 - t) + to_linear((205, 220, 238)) * t
        for cx, cy, rx, ry in (
            (0.3 * w, 0.12 * h, 0.1 * w, 0.03 * h),
            (0.7 * w, 0.08 * h, 0.08 * w, 0.025 * h),
        ):
            cloud = np.exp(-(((xx[:hor] - cx) / rx) ** 2 + ((yy[:hor] - cy) / ry) ** 2))[..., None]
            img[:hor] = img[:hor] * (1 - 0.8 * cloud) + 0.85 * 0.8 * cloud  # soft white clouds
    else:
        img[:hor] = to_linear((150, 160, 150))
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
        elif kind == "box":
            front = (np.abs(xx - cx) <= r) & (yy >= cy - 0.6 * r) & (yy <= cy + r)
            lid = (np.abs(xx - cx) <= r) & (yy >= cy - 1.1 * r) & (yy < cy - 0.6 * r)
            img[front] = alb * (fill + 0.35 * sun)
            img[lid] = alb * (fill + 0.9 * sun)
        elif kind == "cone":  # widths growing linearly from the apex, a half-ellipse base
            top = cy - 2.2 * r
            half = r * np.clip((yy - top) / (cy - top), 0, 1)
            base = (((xx - cx) / r) ** 2 + ((yy - cy) / (0.3 * r)) ** 2) <= 1
            side = ((np.abs(xx - cx) <= half) & (yy >= top) & (yy <= cy)) | base
            nx = np.clip((xx - cx) / np.maximum(half, 1e-3), -1, 1)
            ndl = np.clip(nx * light[0] + np.sqrt(1 - nx**2) * light[2] + 0.3 * -light[1], 0, 1)
            img[side] = alb * (fill + sun * ndl[side][:, None])
        else:  # a can: a cylinder's body shaded across, an elliptical lid
            body = (np.abs(xx - cx) <= r) & (yy >= cy - 1.6 * r) & (yy <= cy + r - 0.3 * r)
            bottom = (((xx - cx) / r) ** 2 + ((yy - cy - 0.7 * r) / (0.3 * r)) ** 2) <= 1
            lid = (((xx - cx) / r) ** 2 + ((yy - cy + 1.6 * r) / (0.3 * r)) ** 2) <= 1
            nx = np.clip((xx - cx) / r, -1, 1)
            ndl = np.clip(nx * light[0] + np.sqrt(1 - nx**2) * light[2], 0, 1)
            side = (body | bottom) & ~lid
            img[side] = alb * (fill + sun * ndl[side][:, None])
            img[lid] = alb * (fill + 0.9 * sun)
    if hazy_solids:
        veil = (0.5 * np.exp(-3.0 * depth))[..., None] * (yy >= hor)[..., None]
        img = img * (1 - veil) + to_linear((200, 210, 226)) * veil
    return to_srgb8(img), len(objects)


@pytest.mark.parametrize(
    "backdrop, floor",
    [("sky", "haze"), ("sky", "graded"), ("wall", "haze"), ("wall", "graded")],
)
def test_shadows_on_a_graded_floor_are_not_objects(backdrop, floor) -> None:
    """(The sky scenes failed before the row correction; the wall scenes are guards.)"""
    img, n = _scene(backdrop, floor)
    objects = segment(img)
    assert len(objects) == n, [(o.bbox, o.area) for o in objects]
    assert ask(img, "How many objects are there?", model="geometric").value == n


def test_hazy_solids_before_a_sky_are_solids() -> None:
    """Veiled by haze, the solids' shading is faint: they are still solids standing on the
    ground (a ball, a box, a cone), not flat shapes of a drop-shadowed drawing."""
    img, n = _scene("sky", "haze", hazy_solids=True)
    objects = segment(img)
    assert len(objects) == n
    text = ask(img, "Describe the scene", model="geometric").text
    for word in ("sphere", "cube", "cone"):
        assert word in text, text


def test_the_backdrop_is_corrected_row_by_row_and_shadows_found() -> None:
    img, _ = _scene("sky", "haze")
    fg = foreground_evidence(img)
    assert fg.rows and fg.threshold <= 7.0
    assert fg.shadow_ratio is not None


def test_a_plain_canvas_keeps_the_smooth_model() -> None:
    """Guard: a drawing on a plain canvas, even with a big shape across it, is not corrected."""
    img = np.full((300, 400, 3), 240, np.uint8)
    img[60:240, 40:340] = (200, 40, 40)  # a big rectangle across most of each row it covers
    fg = foreground_evidence(img)
    assert not fg.rows
    assert len(segment(img)) == 1
