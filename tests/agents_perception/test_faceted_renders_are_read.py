"""A mesh render's flat-shaded facets (a cone drawn as a fan of wedges, each one shade) are
fine detail inside the object, like a photo's texture; but they are noise-free, which a
photograph's subject never is. The render is read; the same cone with sensor noise on its
facets stays a case for abstaining."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.reliability import interior_plain

import spatioxolver


def _faceted_cone(noise: float = 0.0, seed: int = 0) -> np.ndarray:
    """A cone on a plain floor, as a mesh renderer draws it: 48 wedges from the apex to the
    base's front half-ellipse, each flat-shaded by a Lambert term of its own direction, with
    the backdrop showing a little through the seams between them (unfilled edge pixels)."""
    w, h = 520, 420
    im = Image.new("RGB", (w, h), (236, 238, 242))
    d = ImageDraw.Draw(im)
    d.rectangle([0, 260, w, h], fill=(205, 200, 190))
    apex, cx, cy, rx, ry = (250, 90), 250, 300, 110, 34
    colour = np.array([40, 110, 220], float)
    n = 48
    for i in range(n):
        a0, a1 = math.pi * i / n, math.pi * (i + 1) / n
        p0 = (cx + rx * math.cos(a0), cy + ry * math.sin(a0))
        p1 = (cx + rx * math.cos(a1), cy + ry * math.sin(a1))
        shade = 0.35 + 0.65 * max(0.0, math.cos((a0 + a1) / 2 - 0.6))
        d.polygon([apex, p0, p1], fill=tuple(int(v) for v in colour * shade))
    for i in range(1, n):  # seams between wedges: a fifth backdrop (unfilled edge pixels)
        a = math.pi * i / n
        seam = colour * (0.35 + 0.65 * max(0.0, math.cos(a - 0.6))) * 0.8 + np.array([236, 238, 242]) * 0.2
        d.line([apex, (cx + rx * math.cos(a), cy + ry * math.sin(a))], fill=tuple(int(v) for v in seam))
    img = np.asarray(im).copy()
    if noise:
        rng = np.random.default_rng(seed)
        img = np.clip(img + rng.normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    return img


def test_a_faceted_cone_render_is_answered():
    answer = spatioxolver.ask(_faceted_cone(), "What colour is the cone?")
    assert not answer.abstained, answer.text
    assert answer.value == "blue"


def test_noise_free_facets_read_plain_and_noisy_ones_do_not():
    img = _faceted_cone()
    mask = np.zeros(img.shape[:2], bool)
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    mask[(np.abs(xx - 250) < 50) & (yy > 180) & (yy < 290)] = True  # inside the cone
    assert interior_plain(img, mask) >= 0.1
    assert interior_plain(_faceted_cone(noise=4.0), mask) < 0.1


def test_a_smooth_continuous_tone_is_not_plain():
    """Blurred mottling has near-plain places too, but its neighbours step by a level or two."""
    import cv2

    rng = np.random.default_rng(3)
    field = cv2.GaussianBlur(rng.normal(0, 1, (300, 300)).astype(np.float32), (0, 0), 4) * 40
    img = np.clip(np.stack([150 + field, 90 + 0.5 * field, 60 + 0 * field], -1), 0, 255).astype(np.uint8)
    mask = np.zeros((300, 300), bool)
    mask[50:250, 50:250] = True
    assert interior_plain(img, mask) == 0.0
