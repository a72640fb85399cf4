"""The offline engine on images painted by :mod:`spatioxolver.testing.painted` (supersampled
Pillow drawings written apart from the engine and from the other test-image generators).

Each test paints one scene with a property the engine used to get wrong, and asks about it:
lavender solids, outline-only shapes, drop shadows, boxes drawn with flat-shaded faces,
letters next to shapes (with and without OCR), a horizon whose sky and ground a smooth
background model misfits, and the same answers at 0.5x and 4x.
"""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver import ask
from spatioxolver.testing.drawn import score_answer
from spatioxolver.testing.painted import paint_shapes, paint_solids, painted_cases


def _value(image: np.ndarray, question: str):
    return ask(image, question, model="geometric").value


def _no_ocr(monkeypatch) -> None:
    import spatioxolver.agents._vision.labels as labels
    from spatioxolver.graphs._cache import cache_clear

    monkeypatch.setattr(labels, "_engine", lambda: None)
    cache_clear()


def test_a_lavender_shaded_ball_is_purple() -> None:
    image = paint_solids([("ball", (200, 170, 240), 0.3, 0.6), ("box", (230, 120, 40), 0.7, 0.4)])
    assert "purple" in str(_value(image, "What colour is the ball?"))
    assert "orange" in str(_value(image, "What colour is the box?"))
    assert _value(image, "How many objects are there?") == 2


def test_a_horizon_scene_is_read_not_abstained() -> None:
    image = paint_solids(
        [
            ("ball", (220, 40, 40), 0.2, 0.7),
            ("cone", (40, 90, 210), 0.5, 0.3),
            ("box", (240, 200, 40), 0.8, 0.8),
        ]
    )
    answer = ask(image, "Which object is closest to the camera?", model="geometric")
    assert not answer.abstained
    assert "yellow" in answer.text and ("cube" in answer.text or "box" in answer.text)
    assert _value(image, "What shape is the blue object?") == "cone"


def test_a_box_drawn_with_flat_shaded_faces_is_a_cube_not_a_hexagon() -> None:
    image = paint_solids([("box", (90, 190, 120), 0.35, 0.7), ("box", (200, 90, 200), 0.75, 0.5)])
    assert _value(image, "How many cubes are there?") == 2
    assert _value(image, "How many hexagons are there?") == 0


def test_outline_only_shapes_are_the_stroke_not_the_paper_inside() -> None:
    shapes = [
        ("circle", (40, 110, 220), 150, 160, 70),
        ("square", (220, 40, 40), 420, 170, 70),
        ("triangle", (30, 150, 60), 300, 360, 70),
    ]
    image = paint_shapes(shapes, style="outline", ground="gradient")
    assert _value(image, "How many shapes are there?") == 3
    assert _value(image, "What colour is the square?") == "red"
    assert _value(image, "What shape is the blue one?") == "circle"


def test_a_drawing_with_drop_shadows_keeps_its_2d_shapes() -> None:
    shapes = [("square", (230, 60, 50), 160, 180, 60), ("circle", (60, 170, 90), 440, 300, 60)]
    image = paint_shapes(shapes, shadows=True, ground="paper")
    # (style="edged" with a drop shadow still fails: the shadow merged into the mask hides
    # the darker stroke on two sides; see docs/perception.md.)
    assert _value(image, "What shape is the red one?") == "square"
    assert _value(image, "What shape is the green one?") == "circle"


@pytest.mark.parametrize("ocr", [True, False])
def test_letters_beside_shapes_are_not_counted_as_shapes(ocr: bool, monkeypatch) -> None:
    if not ocr:
        _no_ocr(monkeypatch)
    image = paint_shapes(
        [("square", (240, 120, 30), 150, 200, 60), ("hexagon", (60, 160, 80), 420, 240, 70)],
        labels={0: "A", 1: "B"},
    )
    assert _value(image, "How many shapes are there?") == 2
    if ocr:
        pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
        assert _value(image, "What colour is shape B?") == "green"
    else:
        assert _value(image, "What colour is shape B?") is None  # said so, not guessed


def test_an_unread_glyph_much_smaller_than_the_shapes_is_not_a_shape(monkeypatch) -> None:
    """OCR installed but reading nothing: the letter stays a mark (the issue's lone "C")."""
    import spatioxolver.agents._vision.labels as labels
    from spatioxolver.graphs._cache import cache_clear

    monkeypatch.setattr(labels, "read_labels", lambda rgb, glyphs, **kw: [])
    cache_clear()
    image = paint_shapes(
        [("circle", (200, 40, 40), 160, 200, 60), ("star", (40, 80, 200), 420, 250, 70)], labels={0: "C"}
    )
    assert _value(image, "How many shapes are there?") == 2


def test_same_answers_at_half_and_four_times_the_size() -> None:
    import cv2

    image = paint_shapes(
        [
            ("star", (240, 190, 30), 120, 140, 45),
            ("circle", (40, 110, 220), 330, 120, 40),
            ("triangle", (200, 40, 40), 500, 330, 50),
            ("hexagon", (40, 150, 70), 220, 350, 45),
        ],
        ground="gradient",
    )
    questions = [
        "How many shapes are there?",
        "Which shape is furthest to the right?",
        "What colour is the star?",
        "Is the circle above the hexagon?",
        "What shape is the green one?",
    ]
    ref = [_value(image, q) for q in questions]
    assert ref[0] == 4 and ref[2] == "yellow" and ref[3] is True and ref[4] == "hexagon"
    for f in (0.5, 4.0):
        scaled = cv2.resize(
            image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC
        )
        assert [_value(scaled, q) for q in questions] == ref, f


def test_painted_images_of_an_unseen_seed_are_mostly_right() -> None:
    """A floor on a seed no fix was made on (seed 11; 85.6 % over seeds 0-5 when written)."""
    cases = painted_cases(seed=11, per_family=2)
    verdicts = [score_answer(q, ask(c.image, q.text, model="geometric")) for c in cases for q in c.questions]
    assert verdicts.count("right") / len(verdicts) >= 0.75
    assert verdicts.count("wrong") / len(verdicts) <= 0.15
