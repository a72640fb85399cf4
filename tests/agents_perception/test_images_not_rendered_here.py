"""The geometric engine on pictures the project did not render (issue 13).

Images come from :mod:`spatioxolver.testing.drawn` (Pillow drawings: flat shapes, icon
grids, shaded solids under a sky, labelled diagrams) and scikit-image's photographs.
"""

from __future__ import annotations

import re
from collections import Counter

import cv2
import numpy as np
import pytest

from spatioxolver import ask
from spatioxolver.errors import SpatioxolverError
from spatioxolver.testing.drawn import drawn_cases, photo_cases, score_answer


def _ask(image, text):
    try:
        return ask(image, text, model="geometric")
    except SpatioxolverError as exc:
        return exc


def _ocr() -> bool:
    from spatioxolver.agents._vision.labels import ocr_available

    return ocr_available()


@pytest.mark.parametrize("family", ["flat", "grid", "shaded"])
def test_drawn_families_mostly_right_and_never_refused(family) -> None:
    tally = Counter()
    for case in drawn_cases(seed=7, per_family=2, families=(family,)):
        for q in case.questions:
            tally[score_answer(q, _ask(case.image, q.text))] += 1
    n = sum(tally.values())
    assert tally["right"] >= 0.85 * n, tally


def test_drawn_labels_are_not_counted_as_objects() -> None:
    for case in drawn_cases(seed=3, per_family=2, families=("labelled",)):
        answer = ask(case.image, "How many shapes are there?")
        assert answer.value == len(case.objects)


@pytest.mark.skipif(not _ocr(), reason="optional extra 'ocr' (rapidocr-onnxruntime) is not installed")
def test_drawn_labels_are_read_with_ocr() -> None:
    tally = Counter()
    for case in drawn_cases(seed=3, per_family=2, families=("labelled",)):
        for q in case.questions:
            tally[score_answer(q, _ask(case.image, q.text))] += 1
    assert tally["right"] == sum(tally.values()), tally


def test_without_ocr_a_label_reference_says_it_is_missing(monkeypatch) -> None:
    from spatioxolver.agents._vision import labels

    monkeypatch.setattr(labels, "_engine", lambda: None)
    case = drawn_cases(seed=3, per_family=1, families=("labelled",))[0]
    tag = case.objects[0]["tag"]
    answer = ask(case.image, f"What colour is shape {tag}?", cache=False)
    assert answer.value is None and "no object matching" in answer.text


def test_photos_get_no_confident_wrong_answer() -> None:
    pytest.importorskip("skimage", reason="scikit-image (dev dependency) provides the photographs")
    for case in photo_cases():
        for q in case.questions:
            answer = _ask(case.image, q.text)
            assert score_answer(q, answer) != "wrong", (case.name, q.text, answer)
        answer = ask(case.image, "How many objects are there?")
        assert answer.abstained and answer.value is None and answer.confidence < 0.5
        assert "vision-language model" in answer.text


def test_drawn_answers_carry_their_confidence() -> None:
    case = drawn_cases(seed=1, per_family=1, families=("flat",))[0]
    answer = ask(case.image, "How many objects are there?")
    assert not answer.abstained and answer.confidence is not None and answer.confidence >= 0.5


@pytest.mark.parametrize("family", ["flat", "shaded"])
def test_answers_do_not_change_with_scale(family) -> None:
    case = drawn_cases(seed=5, per_family=1, families=(family,))[0]
    questions = [q.text for q in case.questions]
    if family == "shaded":
        # Known limit (docs/perception.md): a solid under ~25 px at 0.5x may change its
        # 3-D shape word (cube / cylinder); counts, colours and positions must not change.
        questions = [
            q for q in questions if not any(w in q for w in ("cube", "box", "cylinder", "can", "What shape"))
        ]
    solid_words = re.compile(r"\b(?:cube|cylinder)\b") if family == "shaded" else re.compile(r"^$")

    def key(answer) -> str:
        return solid_words.sub("solid", repr(getattr(answer, "value", answer)))

    reference = [key(_ask(case.image, q)) for q in questions]
    for f in (0.5, 4.0, 8.0):
        interp = cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC
        img = cv2.resize(case.image, None, fx=f, fy=f, interpolation=interp)
        assert [key(_ask(img, q)) for q in questions] == reference, f


def test_a_large_image_is_segmented_at_the_working_resolution_and_mapped_back() -> None:
    from spatioxolver.agents.segmentation import segment

    from spatioxolver.rle import decode_mask

    case = drawn_cases(seed=2, per_family=1, families=("flat",))[0]
    big = cv2.resize(case.image, None, fx=4, fy=4, interpolation=cv2.INTER_NEAREST)
    small, large = segment(case.image), segment(big)
    assert len(small) == len(large) == len(case.objects)
    for a, b in zip(small, large, strict=False):
        assert decode_mask(b.mask).shape == big.shape[:2]
        assert abs(b.area / 16 - a.area) < 0.08 * a.area
        assert np.allclose(np.array(b.centroid) / 4, a.centroid, atol=2.0)
