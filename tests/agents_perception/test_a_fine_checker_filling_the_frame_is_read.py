"""A checker floor seen from high up fills the frame; its far tiles shrink below a pixel, so
the picture's median lightness gradient reaches that of a photographed floor (1.7 on a
POV-Ray render), and its rows were measured raw, read as continuous tone, and every question
abstained although the tiles' colours explain the floor. What the tiles' colours leave is
smooth on a render's tiles, however small: then the tiles explain their own rows. Mottled
(photographed) tiles keep their raw rows (``test_checker_floor_turned_on_the_ground``)."""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.reliability import CONTINUOUS_ROWS, image_quality


def _fine_checker(w: int = 480, h: int = 360, tile: float = 0.45, turn: float = 25.0) -> np.ndarray:
    """sRGB: a red and a blue ball on a grey checker (turned by ``turn`` degrees) seen from high up (no sky in the frame),
    supersampled 3x3 like a ray tracer's anti-aliasing."""
    s = 3
    cam = np.array([0.0, 5.5, -9.0])
    fwd = np.array([0.0, -0.45, 1.0])
    fwd /= np.linalg.norm(fwd)
    right = np.array([1.0, 0.0, 0.0])
    up = np.cross(fwd, right)
    ys, xs = np.mgrid[0 : h * s, 0 : w * s].astype(float)
    t = np.tan(np.radians(22))
    d = (
        fwd
        + right * (((xs + 0.5) / (w * s) * 2 - 1) * w / h * t)[..., None]
        + up * ((1 - (ys + 0.5) / (h * s) * 2) * t)[..., None]
    )
    d /= np.linalg.norm(d, axis=-1, keepdims=True)
    hit_t = -cam[1] / np.minimum(d[..., 1], -1e-6)
    p = cam + d * hit_t[..., None]
    c, sn = np.cos(np.radians(turn)), np.sin(np.radians(turn))
    u, v = c * p[..., 0] + sn * p[..., 2], -sn * p[..., 0] + c * p[..., 2]
    odd = (np.floor(u / tile) + np.floor(v / tile)) % 2 > 0
    pool = 0.6 + 0.4 * np.exp(-((p[..., 0] + 2.0) ** 2 + (p[..., 2] - 1.0) ** 2) / 30.0)  # a lamp's pool
    img = (np.where(odd, 0.8, 0.3) * pool)[..., None] * np.ones(3)
    nearest = hit_t.copy()
    light = np.array([-0.3, 0.9, -0.3]) / np.linalg.norm([-0.3, 0.9, -0.3])
    for x, z, r, colour in ((-1.4, 0.5, 0.7, (0.8, 0.1, 0.08)), (1.5, 1.5, 0.6, (0.1, 0.2, 0.85))):
        centre = np.array([x, r, z])
        oc = cam - centre
        b = (d * oc).sum(-1)
        disc = b * b - ((oc * oc).sum() - r * r)
        tb = np.where(disc > 0, -b - np.sqrt(np.maximum(disc, 0)), np.inf)
        hit = tb < nearest
        nearest = np.where(hit, tb, nearest)
        n = (cam + d * np.where(hit, tb, 0)[..., None] - centre) / r
        shade = 0.2 + 0.8 * np.clip((n * light).sum(-1), 0, None)
        img = np.where(hit[..., None], np.array(colour) * shade[..., None], img)
    img = img.reshape(h, s, w, s, 3).mean((1, 3))
    return (np.clip(img, 0, 1) ** (1 / 2.2) * 255).round().astype(np.uint8)


def test_a_fine_checker_filling_the_frame_explains_its_rows() -> None:
    img = _fine_checker()
    quality = image_quality(img)
    assert quality["texture"] >= 1.0  # far tiles below a pixel: a photo's raw gradient
    assert quality["patterned_ground"] == 1.0
    # before: the raw rows (7.8 here; 11.3 and reliability 0.0 on a POV-Ray render whose
    # backdrop residual is larger) read as continuous tone
    assert quality["rows"] < CONTINUOUS_ROWS
    assert quality["reliability"] >= 0.5
