"""Place in a row and in the frame, as people ask it: "second from the left", "in the
middle", "is X on the left side of the image", "is A left or right of B", "list them from
left to right", "is the triangle green", "are all the shapes the same colour", and solid
words (box, ball, cone) for the flat shapes that draw them. Drawn with
OpenCV (not the project's generators); a middle of an even row and a rank two level
objects share are a typed "cannot tell", never a guess."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask


def _row() -> np.ndarray:
    """Red square, blue circle, green triangle, yellow square, left to right; the yellow
    square sits high."""
    img = np.full((300, 640, 3), 250, np.uint8)
    cv2.rectangle(img, (40, 130), (100, 190), (220, 30, 30), -1)
    cv2.circle(img, (230, 160), 34, (30, 30, 220), -1, cv2.LINE_AA)
    cv2.fillPoly(img, [np.array([[390, 120], [350, 200], [430, 200]], np.int32)], (30, 170, 40), cv2.LINE_AA)
    cv2.rectangle(img, (520, 40), (580, 100), (240, 210, 20), -1)
    return img


@pytest.fixture(scope="module")
def row() -> np.ndarray:
    return _row()


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Which object is second from the left?", "blue circle"),
        ("Which shape is second from the right?", "green triangle"),
        ("What is the third shape from the left?", "green triangle"),
        ("Which square is second from the left?", "yellow square"),
        ("What color is the second shape from the left?", "blue"),
        ("What shape is the third object from the left?", "triangle"),
        ("What is the shape on the far left?", "red square"),
        ("Which object is at the top?", "yellow square"),
        ("Is the triangle green?", True),
        ("Is the circle red?", False),
        ("Is the blue object a circle?", True),
        ("Is the red object a triangle?", False),
        ("Is the red square on the left side of the image?", True),
        ("Is the yellow square in the top half of the picture?", True),
        ("Is the green triangle in the left half of the image?", False),
        ("Is the blue circle left or right of the green triangle?", "left"),
        ("Is the yellow square above or below the red square?", "above"),
        ("List the objects from left to right.", "red square, blue circle, green triangle, yellow square"),
        ("Name the squares from right to left", "yellow square, red square"),
        ("Are all the shapes the same color?", False),
        ("Are all the squares the same shape?", True),
        ("Is the red square on the left?", True),
        ("Which shape is on the left?", "red square"),
        ("What is on the right side?", "yellow square"),
        ("Is the yellow square at the top?", True),
        # solid words name their flat views in a drawing: box/block = square, ball = circle
        ("Is the blue ball to the right of the red box?", True),
        ("How many balls are there?", 1),
        ("How many blocks are there?", 2),
        ("What color is the cone?", "green"),
    ],
)
def test_place_in_a_row(row, question, value) -> None:
    answer = ask(row, question)
    assert answer.value == value, (question, answer.text)


def test_the_middle_of_an_odd_row_and_no_middle_of_an_even_one() -> None:
    img = np.full((240, 520, 3), 248, np.uint8)
    for x, colour in ((70, (220, 30, 30)), (260, (30, 30, 220)), (450, (30, 170, 40))):
        cv2.circle(img, (x, 120), 30, colour, -1, cv2.LINE_AA)
    assert ask(img, "Which object is in the middle?").value == "blue circle"
    assert ask(img, "What color is the middle circle?").value == "blue"
    cv2.circle(img, (355, 120), 30, (240, 210, 20), -1, cv2.LINE_AA)  # now four in the row
    answer = ask(img, "Which object is in the middle?")
    assert answer.value is None and answer.no_answer == "cannot tell" and "middle" in answer.text


def test_a_rank_two_level_objects_share_is_cannot_tell() -> None:
    img = np.full((300, 400, 3), 248, np.uint8)
    cv2.rectangle(img, (40, 120), (100, 180), (220, 30, 30), -1)
    cv2.rectangle(img, (200, 40), (260, 100), (30, 30, 220), -1)  # one above the other:
    cv2.rectangle(img, (200, 200), (260, 260), (30, 170, 40), -1)  # the same x
    answer = ask(img, "Which object is second from the left?")
    assert answer.value is None and answer.no_answer == "cannot tell"
    assert ask(img, "Which object is second from the top?").value == "red square"


def test_an_attribute_question_about_objects_that_differ_names_the_problem(row) -> None:
    answer = ask(row, "Is the square red?")  # two squares: red and yellow
    assert answer.value is None and "2 objects" in answer.text


def test_a_rank_past_the_end_says_how_many_there_are(row) -> None:
    answer = ask(row, "Which circle is second from the left?")
    assert answer.value is None and "only 1" in answer.text


@pytest.mark.parametrize(
    "question",
    ["Describe the scene.", "What objects are in the image?", "List the shapes", "What do you see?"],
)
def test_describing_the_scene_names_every_object_left_to_right(row, question) -> None:
    answer = ask(row, question)
    assert (
        answer.text.startswith("4 objects")
        and answer.value == "red square, blue circle, green triangle, yellow square"
    )


def test_describing_a_photo_abstains() -> None:
    from skimage import data

    answer = ask(data.coffee(), "Describe the scene.")
    assert answer.value is None and answer.abstained


@pytest.mark.parametrize(
    ("claim", "value"),
    [
        ("The red square is left of the blue circle.", True),
        ("True or false: the blue circle is above the yellow square", False),
        ("The triangle is green.", True),
        ("The yellow square is on the left side of the image.", False),
    ],
)
def test_a_claim_is_checked_true_or_false(row, claim, value) -> None:
    """Benchmarks such as VSR state a relation and ask whether it holds."""
    answer = ask(row, claim)
    assert answer.value is value and answer.text == str(value)


@pytest.mark.parametrize(
    ("question", "choice"),
    [
        # "square" names two objects: the option still holds either of them
        ("Which shape is leftmost? A) circle B) square C) triangle", 2),
        ("Which shape is rightmost? A) circle B) square C) triangle", 2),
        ("Which object is second from the left?\nA. red square\nB. blue circle\nC. green triangle", 2),
        ("What color is the triangle? (a) red (b) green (c) blue", 2),
        ("How many squares are there? Options: 1. one 2. two 3. three", 2),  # counts as words
        ("Is the circle left of the triangle? A. Yes B. No", 1),
    ],
)
def test_multiple_choice_over_the_row(row, question, choice) -> None:
    assert ask(row, question).choice == choice, question
