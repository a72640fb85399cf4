"""The same scene enlarged answers as the scene itself.

A sky over a checkered ground seen in perspective, with shaded solids standing on it, the far
ones reaching up past the horizon. Enlarged 1.5x (bilinear) or 4x (bicubic), the horizon is a
few rows of blends of sky and ground: more colours than the ground's band palette holds, they
were read as a foreground strip that joined the solids touching it (a cylinder and the strip
read as one wide "sphere", and the scene abstained). The ground's palette now starts below the
horizon, and the rows above it, the blend rows included, keep the rows' backdrop.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import spatioxolver


def _scene() -> tuple[np.ndarray, int]:
    """A 2x-supersampled sky, checkered ground and three solids with soft contact shadows,
    box-reduced to 591 x 326 (the horizon falls between two output rows: one blend row);
    the number of solids."""
    w, h, horizon = 1182, 652, 243
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.zeros((h, w, 3), np.float32)
    t = np.linspace(0, 1, horizon)[:, None]
    img[:horizon] = (np.array([95.0, 150, 225]) * (1 - t) + np.array([200.0, 222, 245]) * t)[:, None, :]
    depth = np.maximum(yy - horizon, 1)
    ground = np.array([120.0, 150, 95]) * (0.8 + 0.25 * (yy - horizon) / (h - horizon))[..., None]
    checks = (np.floor(4000.0 / depth / 3) + np.floor((xx - w / 2) / depth * 40 / 3)) % 2 == 0
    ground *= np.where(checks, 1.0, 0.86)[..., None]
    img[horizon:] = ground[horizon:]
    # (foot x, foot y, size, kind, colour), far to near: the far two reach past the horizon.
    solids = [
        (1052.4, 409.5, 92.8, "sphere", (40, 80, 210)),
        (448.8, 415.2, 93.9, "cylinder", (215, 40, 40)),
        (774.9, 559.4, 123.1, "sphere", (40, 160, 60)),
    ]
    shadow = np.ones((h, w), np.float32)
    for fx, fy, s, _, _ in solids:
        m = np.zeros((h, w), np.uint8)
        cv2.ellipse(
            m, (int(fx + 0.5 * s), int(fy - 0.05 * s)), (int(1.1 * s), int(0.28 * s)), 0, 0, 360, 255, -1
        )
        shadow = np.minimum(shadow, 1 - 0.45 * cv2.GaussianBlur(m, (0, 0), 0.12 * s) / 255)
    img[horizon:] *= shadow[horizon:, :, None]
    light = np.array([-0.5, -0.6, 0.62])
    light /= np.linalg.norm(light)
    for fx, fy, s, kind, colour in solids:
        base = np.array(colour, np.float32)
        if kind == "sphere":
            nx, ny = (xx - fx) / s, (yy - fy + s) / s
            inside = nx * nx + ny * ny <= 1
            nz = np.sqrt(np.clip(1 - nx * nx - ny * ny, 0, 1))
            lam = np.clip(nx * light[0] + ny * light[1] + nz * light[2], 0, 1)
            shade = base * (0.25 + 0.8 * lam)[..., None] + 255 * 0.35 * (lam**40)[..., None]
            img[inside] = np.clip(shade[inside], 0, 255)
            continue
        rx, ry, tall = 0.8 * s, 0.22 * s, 1.8 * s
        yb, yt = fy - ry, fy - ry - tall
        u = (xx - fx) / rx
        body = (np.abs(u) <= 1) & (yy >= yt) & (yy <= yb + ry * np.sqrt(np.clip(1 - u * u, 0, 1)))
        lam = np.clip(u * light[0] + np.sqrt(np.clip(1 - u * u, 0, 1)) * light[2], 0, 1)
        img[body] = np.clip(base * (0.25 + 0.8 * lam)[..., None], 0, 255)[body]
        img[((xx - fx) / rx) ** 2 + ((yy - yt) / ry) ** 2 <= 1] = np.clip(base * 1.15, 0, 255)
    small = cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    return small, len(solids)


@pytest.mark.parametrize(
    ("factor", "interpolation"), [(1.0, None), (1.5, cv2.INTER_LINEAR), (4.0, cv2.INTER_CUBIC)]
)
def test_an_enlarged_copy_counts_its_solids(factor: float, interpolation: int | None) -> None:
    rgb, n = _scene()
    if interpolation is not None:
        rgb = cv2.resize(rgb, None, fx=factor, fy=factor, interpolation=interpolation)
    answer = spatioxolver.ask(rgb, "How many objects are there?", model="geometric")
    assert not answer.abstained
    assert answer.value == n


def test_the_solid_under_the_horizon_keeps_its_own_outline_when_enlarged() -> None:
    rgb, _ = _scene()
    big = cv2.resize(rgb, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_LINEAR)
    left = spatioxolver.ask(big, "Which object is the leftmost?", model="geometric")
    assert not left.abstained
    assert "red" in left.text.lower() and "cylinder" in left.text.lower()
