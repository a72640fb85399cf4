"""Grid cells and mirror symmetry in other people's words: "the top-left cell", "occupies the
centre cell", "the middle of the top row"; "are the shapes arranged symmetrically", "does the
layout have mirror symmetry", "would it look the same if flipped horizontally"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question


@pytest.mark.parametrize(
    "question,picker",
    [
        ("What is in the bottom-right cell?", {"corner": "bottom right"}),
        ("Which icon is in the upper left square?", {"corner": "top left"}),
        ("Which shape occupies the centre cell?", {"centre": True}),
        ("What is in the middle of the top row?", {"row": 0, "column": "middle"}),
        ("What is at the centre of the left column?", {"column": 0, "row": "middle"}),
    ],
)
def test_cells_in_other_words(question: str, picker: dict) -> None:
    q = parse_question(question)
    assert q["type"] == "cell_pick"
    assert {k: q[k] for k in picker} == picker


@pytest.mark.parametrize(
    "question,axis",
    [
        ("Are the objects laid out symmetrically?", "any"),
        ("Are the icons arranged in a mirror-symmetric way?", "any"),
        ("Does the arrangement have left-right symmetry?", "vertical"),
        ("Does this picture show reflective symmetry?", "any"),
        ("Is there top-bottom symmetry in the drawing?", "horizontal"),
        ("Would the drawing look the same if mirrored left to right?", "vertical"),
        ("Does the layout stay unchanged when flipped vertically?", "horizontal"),
        ("Is this arrangement symmetrical?", "any"),
        ("Is the composition symmetric?", "any"),
    ],
)
def test_symmetry_in_other_words(question: str, axis: str) -> None:
    q = parse_question(question)
    assert q == {"type": "mirror", "axis": axis}
