"""A thin pen's ink does not change when the drawing is enlarged with a smoothing filter.

An anti-aliased 1-2 px black outline enlarged 3-8x with a bilinear, bicubic or Lanczos filter
becomes a soft stroke several pixels wide with no plateau of its ink: its middle reads
dark grey, yet its darkest pixels stay darker than any grey ink can blend, so it is black,
as at its own size. A grey pen enlarged the same way stays grey.

The drawings are made here with numpy (a distance-to-outline test on a 4 x 4 supersampled
grid) and enlarged with Pillow; no project renderer draws them.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import spatioxolver

from .conftest import pen_outlines

_PEN = 1.5  # px: an anti-aliased pen of one to two pixels (OpenCV LINE_AA, thickness 1-2)


def _colours(img: np.ndarray) -> list[str | None]:
    objs = sorted(spatioxolver.build_scene_graph(img).objects, key=lambda o: o.centroid[0])
    return [o.attributes.color for o in objs]


_SCENE = [
    ("square", 90.3, 100.3, 36, _PEN, (20, 20, 20)),
    ("circle", 230.6, 95.6, 40, _PEN, (128, 128, 128)),
    ("square", 370.3, 105.7, 34, _PEN, (30, 70, 220)),
]


@pytest.mark.parametrize(
    ("factor", "resample"), [(4, Image.BICUBIC), (4, Image.LANCZOS), (8, Image.BILINEAR)]
)
def test_an_enlarged_one_pixel_black_pen_stays_black_and_a_grey_one_grey(factor, resample):
    img = pen_outlines(460, 200, _SCENE)
    assert _colours(img) == ["black", "gray", "blue"]
    big = np.asarray(Image.fromarray(img).resize((460 * factor, 200 * factor), resample))
    assert _colours(big) == ["black", "gray", "blue"]
