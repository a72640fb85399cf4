"""A flowchart mixing filled nodes and outline-only boxes, joined by arrows, is one component:
the opening that peels the arrows keeps the filled nodes and takes the thin outlines away
with the arrows. Each outline-only box is still one shape (its ring, found as in an
all-outline diagram), the arrows and their heads are no shapes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.mixed_rings import filled_and_rings

import spatioxolver


def _flowchart() -> np.ndarray:
    img = np.full((420, 760, 3), 255, np.uint8)
    cv2.ellipse(img, (120, 90), (80, 35), 0, 0, 360, (70, 190, 90), -1, cv2.LINE_AA)  # start
    cv2.line(img, (200, 90), (452, 90), (40, 40, 40), 2, cv2.LINE_AA)
    cv2.fillPoly(img, [np.array([[452, 90], [438, 83], [438, 97]])], (40, 40, 40), cv2.LINE_AA)
    cv2.rectangle(img, (455, 55), (640, 125), (200, 60, 60), 2, cv2.LINE_AA)  # outline-only box
    cv2.line(img, (547, 125), (547, 262), (40, 40, 40), 2, cv2.LINE_AA)
    cv2.fillPoly(img, [np.array([[547, 265], [540, 251], [554, 251]])], (40, 40, 40), cv2.LINE_AA)
    cv2.rectangle(img, (460, 265), (635, 340), (60, 90, 210), -1, cv2.LINE_AA)  # a filled box
    return img


def test_filled_and_rings_splits_the_mix():
    ink = np.any(_flowchart() < 235, axis=2)
    found = filled_and_rings(ink, 40)
    assert found is not None
    pieces, lines = found
    assert len(pieces) == 3 and len(lines) == 2
    ring = [p for p in pieces if p[:, 450:].any() and p[:130].any()]
    assert len(ring) == 1
    ys, xs = np.nonzero(ring[0])
    assert xs.min() >= 450 and ys.max() <= 130  # the box's outline alone, no arrow in it


@pytest.mark.slow
def test_outline_box_between_filled_nodes_is_one_shape():
    graph = spatioxolver.build_scene_graph(_flowchart())
    shapes = sorted(o.attributes.shape or "?" for o in graph.objects)
    assert len(graph.objects) == 3, shapes
