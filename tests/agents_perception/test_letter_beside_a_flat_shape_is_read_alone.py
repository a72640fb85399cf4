"""A letter written just left of a flat ellipse: the ellipse (much wider than tall, beside a
large disc) passes for a small word, so the two are offered to the recogniser as one word,
which it reads as "PO" and is unsure of. Each glyph is then read on its own: the "P" labels
the ellipse, and the ellipse stays a shape. Drawn with OpenCV (Hershey font) here, not with
the project's generators."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.labels import ocr_available

from spatioxolver import ask, build_scene_graph

pytestmark = pytest.mark.skipif(not ocr_available(), reason="needs the ocr extra")


@pytest.fixture(scope="module")
def drawing() -> np.ndarray:
    img = np.full((500, 700, 3), 255, np.uint8)
    font, aliased = cv2.FONT_HERSHEY_TRIPLEX, cv2.LINE_8
    cv2.circle(img, (544, 164), 50, (140, 52, 182), -1, aliased)
    cv2.putText(img, "H", (461, 178), font, 1.06, (20, 20, 20), 2, aliased)
    cv2.ellipse(img, (452, 387), (40, 19), 0, 0, 360, (249, 219, 52), -1, aliased)
    cv2.putText(img, "P", (382, 401), font, 1.06, (20, 20, 20), 2, aliased)
    hexagon = np.array(
        [(261 + 32 * np.cos(a), 412 + 32 * np.sin(a)) for a in np.radians(np.arange(0, 360, 60))]
    )
    cv2.fillPoly(img, [np.round(hexagon).astype(np.int32)], (114, 51, 161), aliased)
    cv2.putText(img, "G", (197, 426), font, 1.06, (20, 20, 20), 2, aliased)
    return img


def test_each_shape_gets_its_letter(drawing: np.ndarray) -> None:
    objs = build_scene_graph(drawing).objects
    assert sorted(o.label or "?" for o in objs) == ["G", "H", "P"]
    assert {o.label: o.attributes.shape for o in objs}["P"] == "ellipse"


def test_the_letter_is_no_black_object(drawing: np.ndarray) -> None:
    assert ask(drawing, "What colour is shape P?").text == "yellow"
    assert ask(drawing, "How many black shapes are there?").value == 0
