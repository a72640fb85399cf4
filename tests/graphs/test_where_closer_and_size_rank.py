"""A "where is X" question answers the part of the frame (thirds; on a line between two parts it cannot
tell); "is X closer to A or B" in its word orders names the nearer (equal distances cannot
tell); "the second largest / third biggest / 2nd smallest" ranks by image area (near-equal
areas cannot tell); "what colour is the shape closest to X" describes the nearest object."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing

# flat_drawing(), 480 x 320: red circle (80, 200), blue square (200, 200), green triangle
# (320, 200), yellow star (320, 60), purple circle (250, 120), blue circle (430, 200); image
# areas 3600, 2500, 4900, 1936, 900, 1600.


@pytest.mark.parametrize(
    "question,place",
    [
        ("Where is the red circle?", "left"),
        ("whereabouts is the blue circle", "right"),
        ("In which part of the picture is the purple circle?", "centre"),
        ("Could you tell me where the blue square is located?", "centre"),
        ("what is the position of the red circle in the image", "left"),
    ],
)
def test_where_names_the_part_of_the_frame(question: str, place: str) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == place, answer.text


def test_where_on_a_line_between_two_parts_cannot_tell() -> None:
    answer = reason_symbolic("Where is the yellow star?", flat_drawing())  # x = 320 = 2/3 of 480
    assert answer.value is None and answer.text.startswith("Cannot tell")


@pytest.mark.parametrize(
    "question",
    [
        "Is the purple circle closer to the yellow star or to the red circle?",
        "is the purple circle nearer the red circle or the yellow star",
        "Which is closer to the purple circle: the red circle or the yellow star?",
        "Is the red circle or the yellow star closer to the purple circle?",
        "Which of the red circle and the yellow star is nearer to the purple circle?",
    ],
)
def test_closer_of_two_in_any_word_order(question: str) -> None:
    assert "yellow star" in reason_symbolic(question, flat_drawing()).text


def test_farther_of_two_and_a_tie() -> None:
    g = flat_drawing()
    far = reason_symbolic("Is the purple circle further from the yellow star or from the red circle?", g)
    assert "red circle" in far.text
    tie = reason_symbolic("Is the green triangle closer to the blue square or to the blue circle?", g)
    assert tie.value is None and tie.text.startswith("Cannot tell")  # 120 px against 110 px


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Which shape is the second largest?", "red circle"),
        ("what's the 3rd biggest object", "blue square"),
        ("Which is the second smallest shape", "blue circle"),
        ("what colour is the second largest shape", "red"),
        ("Which circle is the second biggest?", "blue circle"),
    ],
)
def test_size_ranks_by_image_area(question: str, expected: str) -> None:
    assert expected in reason_symbolic(question, flat_drawing()).text


def test_size_rank_of_near_equal_areas_cannot_tell() -> None:
    g = flat_drawing()
    g.objects[0].area = 4700.0  # the red circle now about as big as the triangle (4900)
    answer = reason_symbolic("Which shape is the second largest?", g)
    assert answer.value is None and answer.text.startswith("Cannot tell")


def test_is_x_the_second_largest() -> None:
    g = flat_drawing()
    assert reason_symbolic("Is the red circle the second largest shape?", g).value is True
    assert reason_symbolic("Is the blue square the second largest shape?", g).value is False


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What colour is the shape closest to the green triangle?", "purple"),  # 106 px; the square 120
        ("what shape is the object nearest the red circle", "square"),
        ("Which colour is the shape that's farthest from the blue circle?", "red"),
    ],
)
def test_attribute_of_the_nearest(question: str, expected: str) -> None:
    answer = reason_symbolic(question, flat_drawing())
    assert answer.value == expected, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "Where is it?",
        "Where is the camera?",
        "Is the circle closer to the camera or the square?",
        "Which is further away, 1 or 2 or 3?",
    ],
)
def test_where_and_closer_wordings_it_cannot_read(question: str) -> None:
    try:
        query = parse_question(question)
    except UnsupportedQuestionError:
        return
    assert query["type"] not in ("where", "closer_of"), query
