"""Held-out drawn images (``spatioxolver.testing.heldout``: OpenCV drawing, other colours,
outlines, dark canvases, mixed icon grids, 3-D lit from the left), not the set the open
vocabulary was built against."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest

from spatioxolver import ask
from spatioxolver.errors import SpatioxolverError
from spatioxolver.testing.drawn import score_answer
from spatioxolver.testing.heldout import heldout_cases


def _ask(image, text):
    try:
        return ask(image, text, model="geometric")
    except SpatioxolverError as exc:
        return exc


@pytest.mark.parametrize(("family", "floor"), [("diagram", 0.85), ("icons", 0.9), ("scene3d", 0.85)])
def test_heldout_families_are_mostly_right(family, floor) -> None:
    tally = Counter()
    for case in heldout_cases(seed=0, per_family=6, families=(family,)):
        for q in case.questions:
            tally[score_answer(q, _ask(case.image, q.text))] += 1
    n = sum(tally.values())
    assert n >= 30
    assert tally["right"] / n >= floor, tally


def _canvas() -> np.ndarray:
    img = np.full((400, 600, 3), 255, np.uint8)
    cv2.rectangle(img, (60, 150), (200, 240), (127, 127, 127), -1, cv2.LINE_AA)
    cv2.circle(img, (420, 200), 60, (214, 39, 40), -1, cv2.LINE_AA)
    return img


def test_a_grey_shape_on_a_plain_canvas_is_an_object_not_a_shadow() -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment

    objs = describe(_canvas(), segment(_canvas()))
    assert [(o.attributes.color, o.attributes.shape) for o in objs] == [
        ("gray", "rectangle"),
        ("red", "circle"),
    ]
    assert not any(o.attributes.extras.get("ground") for o in objs)


def test_a_shape_with_a_black_outline_is_one_flat_object() -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment

    img = np.full((400, 600, 3), 255, np.uint8)
    tri = np.array([[150, 100], [250, 280], [50, 280]], np.int32)
    cv2.fillPoly(img, [tri], (44, 160, 44), cv2.LINE_AA)
    cv2.polylines(img, [tri], True, (0, 0, 0), 2, cv2.LINE_AA)
    cv2.rectangle(img, (350, 150), (500, 230), (148, 103, 189), -1, cv2.LINE_AA)
    cv2.rectangle(img, (350, 150), (500, 230), (0, 0, 0), 2, cv2.LINE_AA)
    objs = describe(img, segment(img))
    assert sorted((o.attributes.color, o.attributes.shape) for o in objs) == [
        ("green", "triangle"),
        ("purple", "rectangle"),
    ]


@pytest.mark.parametrize("letter", ["B", "D", "A", "8", "C"])
def test_a_letter_with_closed_loops_is_a_glyph_even_once_its_holes_are_filled(letter) -> None:
    from spatioxolver.agents._vision.scenery import _is_glyph

    img = np.full((480, 640, 3), 250, np.uint8)
    cv2.putText(img, letter, (60, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (10, 10, 10), 2, cv2.LINE_AA)
    ink = img.mean(axis=2) < 200
    # The segmenter fills a region's holes: the letter's loops become solid.
    filled = ink.astype(np.uint8)
    contours, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(filled, contours, -1, 1, -1)
    assert _is_glyph(filled.astype(bool), img)
    # A solid black disc of the same size is an object, not a glyph.
    disc = np.full((480, 640, 3), 250, np.uint8)
    cv2.circle(disc, (70, 70), 11, (10, 10, 10), -1, cv2.LINE_AA)
    assert not _is_glyph(disc.mean(axis=2) < 200, disc)


def test_a_grey_shape_stays_an_object_after_jpeg_compression() -> None:
    from spatioxolver.agents.segmentation import segment

    case = heldout_cases(seed=0, per_family=1, families=("diagram",))[0]
    assert "gray" in [o["color"] for o in case.objects]
    ok, buf = cv2.imencode(
        ".jpg", np.ascontiguousarray(case.image[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, 75]
    )
    assert ok
    img = np.ascontiguousarray(cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1])
    objs = segment(img)
    # JPEG ringing around the grey shape is no object beside a "shadow".
    assert len(objs) == len(case.objects)
    assert not any(o.attributes.extras.get("ground") for o in objs)
