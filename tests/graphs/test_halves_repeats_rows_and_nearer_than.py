"""Question forms a new user types about drawn scenes (issue 13, session 11): "are there any X
on the left (half)", "which shape appears twice", "which row has the most shapes", "is X
nearer to A than to B", "what has the same colour as X", "what is higher than X", "can you
find a X", "closer to the left edge", "nearest the X" (once read as "the shape of X"),
"between A and B, which is bigger" without articles, "what is in the middle" of a grid (its
centre, not the middle of a row), "are circles more common than squares", "how many things
have the colour blue", "in total, how many ...", "count the rows", "shares its colour with",
"the most distant from", "what do you see left of X"."""

from __future__ import annotations

import itertools

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import flat_drawing, planar_relations

# flat_drawing (480x320): a row (y=200) of red circle A (x80), blue square B (x200), green
# triangle C (x320), blue circle F (x430); yellow star D above C (y60); small purple circle E
# at (250, 120), near the image's vertical middle line (x240).


@pytest.mark.parametrize(
    "question,expected",
    [
        # a half of the image: yes / no and counts
        ("are there any squares on the left?", True),
        ("Is there a star on the left half?", False),
        ("ARE THERE ANY TRIANGLES ON THE RIGHT SIDE OF THE IMAGE", True),
        ("is there a triangle in the top half of the picture", False),
        ("how many blue shapes are on the right", 1),
        # the purple circle sits on the middle line: which half it is in cannot be told
        ("are there any purple shapes on the left", None),
        # ... but the red circle is clearly on the left: there is one
        ("are there any circles on the left", True),
        # a value seen a given number of times
        ("which shape appears three times", "circle"),
        ("What colour occurs twice?", "blue"),
        ("which colour is repeated", "blue"),
        ("which shape is there two of", None),  # none: one square, one triangle, one star
        # rows
        ("which row has the most shapes?", "the bottom row (row 3)"),
        ("which row contains the fewest shapes", None),  # the top and middle rows tie
        # nearer to one than to the other, as yes / no
        ("is the triangle nearer to the star than to the red circle?", True),
        ("Is the triangle closer to the red circle than it is to the blue circle", False),
        # "than B is": both distances are to A (the square is 120 from the triangle, the red circle 240)
        ("Is the blue square closer to the triangle than the red circle is?", True),
        ("Is the red circle nearer to the triangle than the blue square is?", False),
        ("is the red circle farther from the triangle than the square is", True),
        ("is the triangle further from the red circle than from the star", True),
        # other wordings of known forms
        ("what is higher than the purple circle", "yellow star"),
        ("What's lower than the star?", "green triangle"),
        ("can you find a green triangle", True),
        ("could you spot any red squares?", False),
        ("which is closer to the left edge, the triangle or the square?", "square"),
        ("Which one is nearer the right edge: the square or the red circle", "square"),
        ("which shape is nearest the star?", "purple circle"),
        ("between green triangle and blue square, which is bigger", "green triangle"),
        # counts and count comparisons in other words
        ("In total, how many circles are there?", 3),
        ("How many things have the colour blue?", 2),
        ("are circles more common than squares?", True),
        ("Are stars less common than triangles", False),
        ("do we have more squares than stars", False),
        ("are there more circles compared to stars", True),
        ("how many horizontal rows are there", 3),
        ("Count the rows", 3),
        ("In how many rows are the shapes arranged?", 3),
        # the same colour, the most distant, what you see, a verbless "higher than"
        ("which shape shares its colour with the square?", ["blue circle"]),
        ("which object is the most distant from the red circle", "blue circle"),
        ("what do you see to the left of the red circle", None),
        ("the star higher than the triangle?", True),
        ("Is anything on the left of the red circle?", False),
        ("is something above the triangle", True),
        ("which shape is highest up", "yellow star"),
        ("Is the triangle greater in size than the square?", True),
        ("is the purple circle tinier than the star", True),
        ("Is the star in the top half?", True),
        ("is the red circle on the right side", False),
        ("do you see exactly 3 circles", True),
        ("Is the triangle the largest object in the picture?", True),
        ("is the yellow shape shaped like a circle", False),
        ("does the square have a blue colour", True),
        ("LIST THE BLUE SHAPES", ["blue square", "blue circle"]),
        ("are there two or more circles", True),
        ("Are there three or fewer stars?", True),
        ("is the star on the left or the right of the red circle?", "right"),
        ("Which colour is most common?", "blue"),
        ("what shape do most objects have", "circle"),
    ],
)
def test_new_wordings_are_answered(question: str, expected: object) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


def test_nearest_the_x_is_not_read_as_the_shape_of_x() -> None:
    query = parse_question("Which shape is nearest the square?")
    assert query["type"] == "nearest" and query["reference"]["shape"] == "square"
    # a place after "nearest the" stays a place
    assert parse_question("which one is nearest the top")["type"] == "extreme"


def test_what_has_the_same_colour_lists_the_other_blue_shape() -> None:
    answer = reason_symbolic("what has the same color as the square?", flat_drawing())
    assert "blue circle" in answer.text and "square" not in answer.text, answer.text


def _grid(rows: int, cols: int) -> object:
    """A rows x cols grid of circles, 100 px apart; the centre one (when there is one) is red."""
    from spatioxolver.schema import (
        Attributes,
        ImageInfo,
        SceneGraph,
        SpatialObject,
    )

    objects = []
    for r, c in itertools.product(range(rows), range(cols)):
        centre = rows % 2 == 1 and cols % 2 == 1 and r == rows // 2 and c == cols // 2
        xy = (100.0 + 100.0 * c, 100.0 + 100.0 * r)
        objects.append(
            SpatialObject(
                id=f"o{len(objects)}",
                attributes=Attributes(color="red" if centre else "blue", shape="circle"),
                centroid=xy,
                bbox=(xy[0] - 25, xy[1] - 25, xy[0] + 25, xy[1] + 25),
                area=2500.0,
            )
        )
    width, height = 100 * (cols + 1), 100 * (rows + 1)
    return SceneGraph(
        objects=objects, relations=planar_relations(objects), images=[ImageInfo(width=width, height=height)]
    )


def test_the_middle_of_a_grid_is_its_centre_cell() -> None:
    answer = reason_symbolic("what is in the middle?", _grid(3, 3))
    assert answer.value == "red circle", answer.text
    # a 3 x 4 grid has no centre cell: cannot tell, never a neighbour of the centre
    assert reason_symbolic("What is in the middle", _grid(3, 4)).value is None


def test_bigger_or_smaller_than_answers_the_comparison() -> None:
    answer = reason_symbolic("is the triangle bigger or smaller than the square?", flat_drawing())
    assert "larger" in answer.text.lower() and "smaller" not in answer.text.lower(), answer.text
    answer = reason_symbolic("Is the purple circle larger or smaller than the star", flat_drawing())
    assert "smaller" in answer.text.lower(), answer.text


def test_a_corner_word_before_the_noun_picks_the_corner_cell() -> None:
    grid = _grid(3, 3)
    assert reason_symbolic("What colour is the top right shape?", grid).value == "blue"
    top_left = reason_symbolic("what is the top-left object", grid)
    assert top_left.objects == ["o0"], top_left.text
