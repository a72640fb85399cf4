"""How people ask about an icon sheet: the sheet, the grid or the layout is where the icons
are, never an object to find ("more squares than circles in the grid"); "count the rows",
"which kind of icon occurs most", "does the left half of the grid mirror the right half"."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._parse import parse_question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the sheet is the grid the icons are laid out in
        ("How many columns does this icon sheet have?", {"type": "grid", "asks": "columns"}),
        ("How many rows of icons does this sheet have?", {"type": "grid", "asks": "rows"}),
        # an imperative count of rows or columns
        ("Count the rows of symbols.", {"type": "grid", "asks": "rows"}),
        ("Count the columns.", {"type": "grid", "asks": "columns"}),
        # a kind of icon is a shape
        ("Which kind of icon occurs most frequently?", {"type": "most_common", "attribute": "shape"}),
        # a half of the grid, and the icons' layout, are the layout
        ("Does the left half of the grid mirror the right half?", {"type": "mirror", "axis": "vertical"}),
        ("Is the icon layout symmetric left to right?", {"type": "mirror", "axis": "vertical"}),
        ("Is this sheet mirror-symmetric?", {"type": "mirror", "axis": "any"}),
    ],
)
def test_a_sheet_question_is_parsed(question, expected) -> None:
    query = parse_question(question)
    assert {k: query.get(k) for k in expected} == expected, query


@pytest.mark.parametrize(
    ("question", "path"),
    [
        ("Are there more squares than hexagons in the grid?", ("b",)),
        ("What is the number of stars on this sheet?", ("filter",)),
        ("What is the largest symbol in the grid?", ("filter",)),
    ],
)
def test_the_grid_named_as_the_place_is_no_object(question, path) -> None:
    query = parse_question(question)
    ref = query
    for key in path:
        ref = ref[key]
    assert ref is None or not ref.get("nouns"), query


def test_a_table_is_still_a_noun_outside_a_place_phrase() -> None:
    # "the table" asked about is a thing, not where things are
    query = parse_question("Is the table red?")
    assert query["subject"]["nouns"] == ["table"]
