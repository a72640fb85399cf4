"""A rhombus standing on a corner (one and a half times as tall as wide) is a diamond at any
size: it fills about 0.72 of its smallest rotated box, as an ellipse does (0.785), and was
called an ellipse from about 24 px wide up; a quadrilateral whose four-cornered fit covers
the outline is a four-cornered shape. Ellipses of the same boxes stay ellipses.

The pictures are drawn here with Pillow on a 4 x 4 supersampled canvas (Lanczos-reduced).
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver.api import build_scene_graph


def _picture(half_w: float, half_h: float, kind: str) -> np.ndarray:
    ss = 4
    w = int(2 * half_w * 2.4 + 160)
    h = int(2 * half_h * 1.4 + 120)
    im = Image.new("RGB", (w * ss, h * ss), (255, 255, 255))
    d = ImageDraw.Draw(im)
    cx, cy = w * ss / 2, h * ss / 2
    a, b = half_w * ss, half_h * ss
    if kind == "diamond":
        d.polygon([(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)], fill=(40, 160, 60))
    else:
        d.ellipse([cx - a, cy - b, cx + a, cy + b], fill=(40, 160, 60))
    return np.asarray(im.resize((w, h), Image.LANCZOS))


@pytest.mark.parametrize("half_w", [10, 20, 48])
@pytest.mark.parametrize("kind", ["diamond", "ellipse"])
def test_tall_rhombus_is_a_diamond(half_w: float, kind: str) -> None:
    graph = build_scene_graph(_picture(half_w, 1.5 * half_w, kind), model="geometric")
    assert [o.attributes.shape for o in graph.objects] == [kind]


def _small_jpeg(scale: float) -> np.ndarray:
    import io

    import cv2

    img = _picture(5.0, 7.5, "diamond")
    if scale != 1:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, "JPEG", quality=85)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_small_compressed_rhombus_with_blunt_corners_is_a_diamond(scale: float) -> None:
    """A rhombus 10 x 15 px, JPEG'd (and enlarged 1.5 times): its corners are blunt, its
    four-cornered fit still covers it and stands on a corner (it was unread or an ellipse)."""
    graph = build_scene_graph(_small_jpeg(scale), model="geometric")
    assert [o.attributes.shape for o in graph.objects] == ["diamond"]
