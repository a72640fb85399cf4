"""Two windows reading a lone glyph alike are not overruled by a guess under 0.5 (the
binary ink of a letter the segmenter thinned, read "8" for an "S"); a sure contrary
reading still vetoes them. Before, a navy "S" and "U" and a "6" drawn under their shapes
stayed unread and were counted as shapes."""

from __future__ import annotations

import pytest
from spatioxolver.agents._vision.label_readings import best_reading, sure


@pytest.mark.parametrize(
    ("readings", "label"),
    [
        ([("S", 0.637), ("8", 0.29), ("S", 0.70)], "S"),  # a caseless letter, two windows alike
        ([("U", 0.61), ("v", 0.27), ("U", 0.64)], "U"),
        ([("6", 0.78), ("?", 0.34), ("6", 0.797)], "6"),  # any glyph, both windows at 0.7 or more
    ],
)
def test_two_windows_alike_outweigh_a_weak_guess(readings, label) -> None:
    assert best_reading(readings) == (label, 0.8)


@pytest.mark.parametrize(
    "readings",
    [
        [("D", 0.787), ("■", 0.86), ("D", 0.618), ("D", 0.75)],  # a sure reading of the ink disagrees
        [("J", 0.6), ("x", 0.3), ("J", 0.55)],  # not caseless, and under 0.7
        [("S", 0.62), ("8", 0.3)],  # one window is not two
    ],
)
def test_other_readings_stay_unsure(readings) -> None:
    assert not sure(*best_reading(readings), 0.8)
