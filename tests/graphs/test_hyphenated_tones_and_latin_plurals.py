"""A tone joined to its colour by a hyphen ("light-blue", "dark-green") is the tone and the
colour, as "light blue" is; "rhombi" is the plural of rhombus. A hyphenated pair of two
colours ("blue-green") is no tone: it stays a word the engine cannot picture."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_reference

from spatioxolver.vocabulary import canonical


@pytest.mark.parametrize(
    ("phrase", "tone", "colour", "shape"),
    [
        ("the light-blue circle", "light", "blue", "circle"),  # hyphenated tone
        ("a dark-green square", "dark", "green", "square"),
        ("the pale-pink oval", "light", "pink", "ellipse"),  # pale is light
        ("the light blue circle", "light", "blue", "circle"),  # unhyphenated, as before
    ],
)
def test_a_hyphenated_tone_is_tone_and_colour(phrase: str, tone: str, colour: str, shape: str) -> None:
    ref = parse_reference(phrase)
    assert (ref["tone"], ref["color"], ref["shape"], ref["nouns"]) == (tone, colour, shape, [])


def test_two_colours_hyphenated_stay_unknown() -> None:
    ref = parse_reference("the blue-green circle")
    assert ref["color"] is None and ref["nouns"] == ["blue-green"]


def test_rhombi_is_the_plural_of_rhombus() -> None:
    assert canonical("shape", "rhombi") == "diamond"
    assert parse_reference("rhombi")["shape"] == "diamond"
