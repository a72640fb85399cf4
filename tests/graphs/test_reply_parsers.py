"""Table tests of the graphs' model-reply parsers (the ugly cases real models produce)."""

from __future__ import annotations

import pytest
from spatioxolver.graphs._calls import (
    parse_label,
    parse_letter,
    parse_option,
    parse_ranking,
    parse_relation_set,
)

from spatioxolver.errors import ParseError


@pytest.mark.parametrize(
    "text,expected",
    [
        ("2", "2"),  # bare label
        ("Object 2.", "2"),  # prose around it
        ("**1**", "1"),  # markdown emphasis
        ("Answer: 1", "1"),  # answer prefix
        ("box 2", "2"),  # seed 000 boxes
    ],
)
def test_parse_label(text: str, expected: str) -> None:
    assert parse_label(text, ["1", "2"]) == expected


@pytest.mark.parametrize("text", ["1 or 2", "neither", "", "I'm sorry, I can't see the image."])
def test_parse_label_refuses_ambiguity(text: str) -> None:
    with pytest.raises(ParseError):
        parse_label(text, ["1", "2"])


@pytest.mark.parametrize(
    "text,expected",
    [
        ('["left", "front"]', ["front", "left"]),
        ('```json\n["Behind"]\n```', ["behind"]),
        ('{"img": {"q_1": ["right", "behind"]}}', ["behind", "right"]),  # CVT batch format
        ("The cube is to the left and in front.", ["front", "left"]),
        ('["north", "left",]', ["left", "north"]),  # trailing comma
    ],
)
def test_parse_relation_set(text: str, expected: list[str]) -> None:
    assert parse_relation_set(text) == expected


def test_parse_relation_set_empty_is_error() -> None:
    with pytest.raises(ParseError):
        parse_relation_set("I cannot tell.")


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Final Answer: C", "C"),
        ("Reasoning first...\nFinal Answer: d", "D"),  # lower case
        ("**Final Answer:** B", "B"),
        ("E", "E"),
    ],
)
def test_parse_letter(text: str, expected: str) -> None:
    assert parse_letter(text) == expected


@pytest.mark.parametrize("text,expected", [("3", 3), ("Answer: (2)", 2), ("Option 4.", 4), ("B", 2)])
def test_parse_option(text: str, expected: int) -> None:
    assert parse_option(text, 4) == expected


def test_parse_option_out_of_range() -> None:
    with pytest.raises(ParseError):
        parse_option("7", 4)


@pytest.mark.parametrize(
    "text,expected",
    [
        ('["3", "1", "2"]', ["3", "1", "2"]),
        ("Ranking: 3, 1, 2", ["3", "1", "2"]),
        ("object 2 > object 1 > object 3", ["2", "1", "3"]),
        ("a, c, b", ["A", "C", "B"]),  # letters normalised to the known labels
    ],
)
def test_parse_ranking(text: str, expected: list[str]) -> None:
    labels = ["A", "B", "C"] if "a," in text else ["1", "2", "3"]
    assert parse_ranking(text, labels) == expected


def test_parse_ranking_duplicates_are_errors() -> None:
    with pytest.raises(ParseError):
        parse_ranking("1, 1, 2")
