"""A shaded cone is a cone however squat, and a box or can is not one (issue 13).

Drawn here per pixel with numpy (no project drawing code): a cone is the triangle from its
apex down to its base, closed below by the near half of the base ellipse; its side is
shaded by the angle of its surface to a light from the upper left (constant along each line
from the apex, unlike a can's vertical bands). Squat cones (height 1.1-1.6 radii) seen from
above, and small ones, were read as cylinders (their shading is smooth like a can's) or
cubes; the outline tells: widths grow linearly from an apex, then at most a half-ellipse.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from spatioxolver.agents._vision.solid_cues import cone_outline

from spatioxolver import ask


def _floor(h: int, w: int) -> np.ndarray:
    t = np.linspace(0, 1, h)[:, None, None]
    return np.broadcast_to(np.array((176, 178, 172), float) * (1 - 0.2 * t), (h, w, 3)).copy()


def _cone(
    img: np.ndarray, cx: float, base: float, r: float, height: float, tilt: float, rgb, ss: int = 4
) -> None:
    """Apex ``height`` px above the base centre; the base ellipse has half-axes ``r`` and ``r * tilt``."""
    h, w = img.shape[:2]
    yy, xx = (np.mgrid[0 : h * ss, 0 : w * ss].astype(float) + 0.5) / ss
    b = r * tilt
    apex_y = base - height
    # tangent points of the lines from the apex to the ellipse
    d = base - apex_y
    ty = base - b * b / d if d > b else base
    tx = r * math.sqrt(max(0.0, 1 - ((ty - base) / b) ** 2))
    frac = np.clip((yy - apex_y) / max(ty - apex_y, 1e-6), 0, None)
    side = (yy >= apex_y) & (yy <= ty) & (np.abs(xx - cx) <= tx * frac)
    cap = ((xx - cx) / r) ** 2 + ((yy - base) / b) ** 2 <= 1
    m = side | cap
    # the surface's azimuth around the axis: the angle of the line from the apex
    az = np.clip((xx - cx) / np.maximum(np.abs(yy - apex_y) / max(d, 1e-6) * r, 1e-6), -1, 1)
    lit = np.clip(0.35 + 0.65 * (0.5 - 0.5 * az), 0, 1)
    col = np.zeros((h * ss, w * ss, 3))
    col[m] = np.array(rgb, float) * lit[m][:, None]
    cov = m.reshape(h, ss, w, ss).mean(axis=(1, 3))
    colour = (
        col.reshape(h, ss, w, ss, 3).sum(axis=(1, 3))
        / np.maximum(m.reshape(h, ss, w, ss).sum(axis=(1, 3)), 1)[..., None]
    )
    img[:] = img * (1 - cov[..., None]) + colour * cov[..., None]


def _shadow(img: np.ndarray, x: float, y: float, rx: float, ry: float) -> None:
    import cv2

    m = np.zeros(img.shape[:2], np.float32)
    cv2.ellipse(m, (int(x), int(y)), (int(rx), int(max(2, ry))), 0, 0, 360, 1.0, -1)
    img *= (1 - 0.45 * cv2.GaussianBlur(m, (0, 0), 2.0))[..., None]


@pytest.mark.parametrize(
    ("r", "height", "tilt"),
    # squat or seen from above (base tilt 0.45-0.6), large and small; all but the last two
    # were named cylinder before the outline cue
    [
        (40, 48, 0.45),
        (40, 48, 0.6),
        (24, 29, 0.6),
        (24, 38, 0.6),
        (14, 16.8, 0.45),
        (14, 16.8, 0.6),
        (24, 28.8, 0.45),
        (40, 96, 0.3),
        (14, 34, 0.6),
    ],
)
def test_a_cone_is_a_cone(tmp_path, r: float, height: float, tilt: float) -> None:
    from PIL import Image

    img = _floor(300, 400)
    _shadow(img, 200 + 0.8 * r, 210, 1.4 * r, r * tilt * 0.9)
    _cone(img, 200, 210, r, height, tilt, (230, 120, 30))
    path = tmp_path / "cone.png"
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(path)
    a = ask(str(path), "What shape is the orange object?")
    assert a.value == "cone", a.text


def _mask_from(poly_rows: list[tuple[float, float]], h: int) -> np.ndarray:
    """A mask from (half width, centre offset) per row."""
    w = int(2 * max(hw for hw, _ in poly_rows)) + 4
    m = np.zeros((h, w), bool)
    xs = np.arange(w) - w / 2
    for y, (hw, off) in enumerate(poly_rows):
        m[y] = np.abs(xs - off) <= hw
    return m


def test_boxes_cans_and_balls_are_not_cones() -> None:
    h = 80
    ys = np.arange(h)
    # a can: an elliptical top then straight sides and an elliptical bottom
    can = [(30 * math.sqrt(max(0.0, 1 - ((y - 10) / 10) ** 2)) if y < 10 else 30.0, 0) for y in ys]
    can = [
        (30 * math.sqrt(max(0.0, 1 - ((y - 70) / 10) ** 2)), 0) if y > 70 else c
        for y, c in zip(ys, can, strict=True)
    ]
    # a box corner-on: a rhombus top (widths grow linearly to the side corners), vertical edges below
    box = [(min(30.0, 30 * y / 16), 0) for y in ys]
    box = [(30 * (h - y) / 16, 0) if y > h - 16 else b for y, b in zip(ys, box, strict=True)]
    ball = [(30 * math.sqrt(max(0.0, 1 - ((y - 40) / 40) ** 2)), 0) for y in ys]
    for rows in (can, box, ball):
        assert not cone_outline(_mask_from(rows, h))
    cone = [
        (30 * y / 60, 0) if y < 60 else (30 * math.sqrt(max(0.0, 1 - ((y - 60) / 18) ** 2)), 0)
        for y in ys[:79]
    ]
    assert cone_outline(_mask_from(cone, 79))
