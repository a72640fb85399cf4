"""An icon grid with a whole column (row) empty inside it: the empty slot is still a column,
so "how many columns" counts it, "column 5" is the last one, and a count in the empty column
is 0. A layout without one even pitch gets no invented slots. Drawn with Pillow (not the
project's generators), no grid lines."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask

_COLOURS = [(214, 40, 40), (40, 90, 220), (50, 170, 60)]


def _grid(columns: list[int], rows: int = 3, pitch: int = 100) -> Image.Image:
    """Discs at ``columns`` (0-based slots) of every row, coloured by row."""
    img = Image.new("RGB", (60 + pitch * (max(columns) + 1), 60 + pitch * rows), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for r in range(rows):
        for c in columns:
            x, y = 30 + pitch * c + pitch // 2, 30 + pitch * r + pitch // 2
            d.ellipse([x - 30, y - 30, x + 30, y + 30], fill=_COLOURS[r])
    return img


@pytest.fixture(scope="module")
def gap_grid() -> Image.Image:
    return _grid([0, 1, 2, 4])  # five columns, the fourth empty


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many columns are there?", 5),
        ("How many rows does the grid have?", 3),
        ("How many circles are in the fifth column?", 3),
        ("How many shapes are in column 4?", 0),
        ("What colour is the shape in row 2, column 5?", "blue"),
    ],
)
def test_the_empty_column_is_a_column(gap_grid: Image.Image, question: str, value: object) -> None:
    answer = ask(gap_grid, question)
    assert answer.value == value, answer.text


def test_an_uneven_layout_gets_no_invented_column() -> None:
    img = Image.new("RGB", (640, 300), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for x in (60, 180, 420):  # gaps 120 and 240 (no second gap of one pitch)
        d.ellipse([x - 30, 120, x + 30, 180], fill=(214, 40, 40))
    assert ask(img, "How many columns are there?").value == 3
