"""A picture enlarged by pixel replication (nearest neighbour, k x k blocks of one colour)
reads as its original: small shapes keep their names instead of the names of their k-px
staircases (a 12 px pentagon enlarged 4 times was a hexagon, a circle "none of the shape
words"), and boxes are given in the enlarged picture's pixels.

The pictures are drawn here with Pillow (4 x 4 supersampled, Lanczos-reduced) and enlarged
with numpy's ``repeat``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.pixel_blocks import block_factor, unblocked

from spatioxolver.api import build_scene_graph


def _regular(n: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(-math.pi / 2 + 2 * math.pi * k / n),
            cy + r * math.sin(-math.pi / 2 + 2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def _picture() -> np.ndarray:
    ss, w, h = 4, 200, 150
    im = Image.new("RGB", (w * ss, h * ss), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.polygon([(x * ss, y * ss) for x, y in _regular(5, 50, 50, 8)], fill=(250, 140, 10))
    d.polygon([(x * ss, y * ss) for x, y in _regular(6, 140, 45, 8)], fill=(135, 45, 175))
    d.polygon([(x * ss, y * ss) for x, y in _regular(3, 60, 110, 8)], fill=(30, 70, 215))
    d.rectangle([150 * ss, 100 * ss, 164 * ss, 114 * ss], fill=(220, 30, 30))
    return np.asarray(im.resize((w, h), Image.LANCZOS))


def _objects(img: np.ndarray) -> list[tuple[str, str, tuple[float, ...]]]:
    graph = build_scene_graph(img, model="geometric")
    return sorted((o.attributes.color, o.attributes.shape, tuple(o.bbox)) for o in graph.objects)


@pytest.mark.parametrize("k", [3, 4, 8])
def test_nearest_enlargement_reads_as_its_original(k: int) -> None:
    small = _picture()
    big = np.repeat(np.repeat(small, k, axis=0), k, axis=1)
    want = _objects(small)
    got = _objects(big)
    assert [(c, s) for c, s, _ in got] == [(c, s) for c, s, _ in want]
    for (_, _, b_small), (_, _, b_big) in zip(want, got, strict=True):
        assert np.allclose(np.array(b_big), k * np.array(b_small), atol=k + 1)


def test_smooth_and_uniform_images_are_not_blocks() -> None:
    img = _picture()
    assert block_factor(img) == 1 and unblocked(img) is img
    assert block_factor(np.full((64, 64, 3), 200, np.uint8)) == 1
    assert block_factor(np.repeat(np.repeat(img, 2, axis=0), 2, axis=1)) == 2
