"""Thin closed card frames around the icons of a grid are frames, not the dashes of one
dashed outline: a piece that encloses ground of its own is a shape's outline, so the dashed-
outline joiner leaves it alone (it had closed sixteen card frames into one "blue square" round
the whole grid, and the scene abstained as unexplained)."""

from __future__ import annotations

import cv2
import numpy as np

import spatioxolver


def _rounded_frame(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, r: int, colour) -> None:
    for a, b in (((x0 + r, y0), (x1 - r, y0)), ((x0 + r, y1), (x1 - r, y1))):
        cv2.line(img, a, b, colour, 1, cv2.LINE_AA)
    for a, b in (((x0, y0 + r), (x0, y1 - r)), ((x1, y0 + r), (x1, y1 - r))):
        cv2.line(img, a, b, colour, 1, cv2.LINE_AA)
    for cx, cy, start in (
        (x0 + r, y0 + r, 180),
        (x1 - r, y0 + r, 270),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
    ):
        cv2.ellipse(img, (cx, cy), (r, r), 0, start, start + 90, colour, 1, cv2.LINE_AA)


def _carded_grid() -> np.ndarray:
    h, w = 675, 720
    top, bottom = np.array([14, 18, 40.0]), np.array([48, 36, 80.0])
    ramp = np.linspace(0.0, 1.0, h)[:, None, None]
    img = np.ascontiguousarray(np.broadcast_to(top + (bottom - top) * ramp, (h, w, 3)).astype(np.uint8))
    colours = [(40, 170, 60), (130, 130, 130), (245, 245, 245)]
    for r in range(4):
        for c in range(4):
            x0, y0 = 42 + c * 164, 42 + r * 153
            _rounded_frame(img, x0, y0, x0 + 143, y0 + 132, 14, (100, 96, 120))
            cv2.circle(img, (x0 + 72, y0 + 66), 26, colours[(r + c) % 3], -1, cv2.LINE_AA)
    return img


def test_a_grid_of_card_frames_is_read_shape_by_shape():
    answer = spatioxolver.ask(_carded_grid(), "How many circles are there?")
    assert not answer.abstained
    assert answer.value == 16


def test_no_object_spans_the_grid():
    graph = spatioxolver.build_scene_graph(_carded_grid())
    widths = [o.bbox[2] - o.bbox[0] for o in graph.objects]
    assert widths and max(widths) < 200


def test_closed_frames_are_not_joined_as_dashes():
    from spatioxolver.agents._vision.colour import rgb_to_lab
    from spatioxolver.agents._vision.dashed_outlines import dashed_rings

    img = np.full((675, 720, 3), (20, 20, 50), np.uint8)
    for r in range(4):
        for c in range(4):
            x0, y0 = 42 + c * 164, 42 + r * 153
            _rounded_frame(img, x0, y0, x0 + 143, y0 + 132, 14, (120, 116, 140))
    lab = np.asarray(rgb_to_lab(img), np.float32)
    distance = np.linalg.norm(lab - lab[5, 5], axis=2)
    n, labels, stats, _ = cv2.connectedComponentsWithStats((distance > 6).astype(np.uint8), connectivity=8)
    assert n - 1 == 16  # the sixteen frames, each one closed piece
    assert dashed_rings(labels, stats, lab, distance) == {}
