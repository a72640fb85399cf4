"""A network graph or an org chart drawn with outline-only nodes: thin coloured rings joined by
thin dark connector lines (with and without arrowheads). The whole drawing is thin ink, so
the opening that peels a connector off a filled shape took the rings away too, and the nodes
and their connectors stayed one object (or were read as no shape). Each ring is a shape; the
lines are not (``_vision/ring_connectors.py``). A grey outline box beside a connector is no
soft shadow's edge, and a node's outline holding its letter is no callout frame (both were
dropped: the last test fails without either). Drawn here
with Pillow at 4x and reduced (anti-aliased, as a vector renderer draws)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask, build_scene_graph

K = 4
INK = (51, 51, 51)


def _arrow(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], head: bool) -> None:
    d.line([(a[0] * K, a[1] * K), (b[0] * K, b[1] * K)], fill=INK, width=int(1.5 * K))
    if head:
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        left = (b[0] - 10 * math.cos(ang - 0.35), b[1] - 10 * math.sin(ang - 0.35))
        right = (b[0] - 10 * math.cos(ang + 0.35), b[1] - 10 * math.sin(ang + 0.35))
        d.polygon([(b[0] * K, b[1] * K), (left[0] * K, left[1] * K), (right[0] * K, right[1] * K)], fill=INK)


def _graph(head: bool, pen: int = 3) -> np.ndarray:
    """A red outline box, a blue outline circle and a green outline triangle, joined by lines."""
    img = Image.new("RGB", (420 * K, 320 * K), "white")
    d = ImageDraw.Draw(img)
    d.rectangle([40 * K, 40 * K, 150 * K, 100 * K], outline=(220, 34, 34), width=pen * K)
    d.ellipse([270 * K, 30 * K, 350 * K, 110 * K], outline=(42, 85, 216), width=pen * K)
    d.polygon(
        [(200 * K, 200 * K), (250 * K, 285 * K), (150 * K, 285 * K)], outline=(31, 158, 47), width=pen * K
    )
    _arrow(d, (150, 70), (269, 70), head)  # box -> circle, touching both
    _arrow(d, (95, 101), (180, 234), head)  # box -> triangle
    _arrow(d, (300, 112), (222, 236), head)  # circle -> triangle
    return np.asarray(img.resize((420, 320), Image.Resampling.BOX))


@pytest.mark.parametrize("head", [False, True])
def test_outline_nodes_joined_by_lines_are_separate_shapes(head: bool) -> None:
    rgb = _graph(head)
    seen = sorted((o.attributes.color, o.attributes.shape) for o in build_scene_graph(rgb).objects)
    assert [c for c, _ in seen] == ["blue", "green", "red"], seen
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "circle" in ask(rgb, "What shape is the blue one?", model="geometric").text.lower()
    assert ask(rgb, "Is the red rectangle left of the blue circle?", model="geometric").value is True


def test_a_node_outline_holding_its_letter_is_the_shape() -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the letters")
    import os

    import matplotlib
    from PIL import ImageFont

    font = ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans.ttf"), 16 * K)
    img = Image.new("RGB", (400 * K, 360 * K), "white")
    d = ImageDraw.Draw(img)
    d.ellipse([125 * K, 5 * K, 275 * K, 155 * K], outline=(138, 53, 200), width=3 * K)  # large, no letter
    d.polygon(
        [(100 * K, 200 * K), (140 * K, 240 * K), (100 * K, 280 * K), (60 * K, 240 * K)],
        outline=(42, 85, 216),
        width=3 * K,
    )  # diamond "C"
    d.rectangle([260 * K, 205 * K, 330 * K, 275 * K], outline=(133, 133, 133), width=3 * K)  # box "E"
    for letter, (cx, cy) in (("C", (100, 240)), ("E", (295, 240))):
        d.text((cx * K, cy * K), letter, font=font, fill=(0, 0, 0), anchor="mm")
    _arrow(d, (165, 142), (118, 222), True)
    _arrow(d, (235, 142), (285, 204), True)
    rgb = np.asarray(img.resize((400, 360), Image.Resampling.BOX))
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "blue" in ask(rgb, "What colour is the diamond?", model="geometric").text.lower()
