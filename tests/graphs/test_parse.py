"""Table tests of the question parser (pure functions)."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question, parse_reference, split_options

from spatioxolver.errors import UnsupportedQuestionError

CASES = [
    # seed 000's pairwise template, as the ctr generator writes it
    (
        "Looking at this image, which object is to the left of the other: 3 or 5? Objects are identified by "
        "the numbered boxes. Answer with just the object number.",
        {"type": "pairwise", "axis": "H", "asks": "left", "labels": ["3", "5"]},
    ),
    (
        "Looking at this image, which object is above the other: 1 or 2? Answer with just the object name.",
        {"type": "pairwise", "axis": "V", "asks": "above", "labels": ["1", "2"]},
    ),
    (
        "Looking at this image, which object is further from the camera than the other: 4 or 7?",
        {"type": "pairwise", "axis": "D", "asks": "further", "labels": ["4", "7"]},
    ),
    # letters and "box N" references
    (
        "Which object is further: A or B?",
        {"type": "pairwise", "axis": "D", "asks": "further", "labels": ["A", "B"]},
    ),
    (
        "which object is to the right of the other: box 2 or box 9?",
        {"type": "pairwise", "axis": "H", "asks": "right", "labels": ["2", "9"]},
    ),
    (
        "Which one is closer, the red cube or the blue sphere?",
        {"type": "pairwise", "axis": "D", "asks": "closer"},
    ),
    # yes / no relations
    ("Is the red cube left of the blue sphere?", {"type": "yesno", "axis": "H", "asks": "left"}),
    ("Is the small metal cylinder behind the large cube?", {"type": "yesno", "axis": "D", "asks": "further"}),
    ("Is the green sphere in front of the cube?", {"type": "yesno", "axis": "D", "asks": "closer"}),
    ("Is the yellow ball below the purple block?", {"type": "yesno", "axis": "V", "asks": "below"}),
    ("Is object 3 to the right of object 1?", {"type": "yesno", "axis": "H", "asks": "right"}),
    # extremes
    ("Which object is the leftmost?", {"type": "extreme", "which": "leftmost"}),
    ("What is the closest object to the camera?", {"type": "extreme", "which": "closest"}),
    ("Which cube is the largest?", {"type": "extreme", "which": "largest"}),
    ("Which object is farthest from the camera?", {"type": "extreme", "which": "farthest"}),
    ("Which is the topmost object?", {"type": "extreme", "which": "topmost"}),
    # counting with filters
    ("How many red objects are there?", {"type": "count"}),
    ("How many cubes are left of the blue sphere?", {"type": "count"}),
    # betweenness, nearest
    ("Is the red cube between the blue sphere and the green cylinder?", {"type": "between"}),
    ("Which object is between the blue sphere and the green cylinder?", {"type": "between"}),
    ("Which object is nearest to the red cube?", {"type": "nearest", "which": "nearest"}),
    ("Which object is furthest from the blue sphere?", {"type": "nearest", "which": "farthest"}),
    # CVT (seed 003) and its paraphrases
    (
        "If the camera orbits 90 degrees to the left, what is the new spatial relationship of the small red "
        "metal cylinder (Tag 0) with respect to the large brown metal cylinder (Tag 2)? Choose from [left, "
        "right, front, behind]. Multiple relations possible.",
        {"type": "orbit", "theta": 90.0, "direction": "left"},
    ),
    (
        "If the camera orbits to a top-down view, what is the new spatial relationship of the small red metal "
        "cylinder (Tag 0) with respect to the large brown metal cylinder (Tag 2)? Choose from [left, right, "
        "north, south]. Multiple relations possible.",
        {"type": "top_down"},
    ),
    (
        "Suppose the camera travels a full 360-degree circle to the right around the scene. Where is the small "
        "red metal cube (Tag 3) now, relative to the large blue rubber sphere (Tag 1)?",
        {"type": "orbit", "theta": 360.0, "direction": "right"},
    ),
    (
        "What is the spatial relationship of the red cube (Tag 3) with respect to the blue sphere (Tag 1)?",
        {"type": "orbit", "theta": 0.0},
    ),
    # MCQ with inline options
    ("Which object is the leftmost? 1. red cube 2. blue sphere 3. green cylinder", {"type": "mcq"}),
]


@pytest.mark.parametrize("question,expected", CASES)
def test_parse_question_table(question: str, expected: dict) -> None:
    query = parse_question(question)
    labels = expected.pop("labels", None)
    for key, value in expected.items():
        assert query[key] == value, (key, query)
    if labels:
        assert [o["label"] for o in query["objects"]] == labels


def test_cvt_tags_win_over_descriptions() -> None:
    q = parse_question(
        "If the camera orbits 45 degrees to the right, what is the new spatial relationship "
        "of the small red metal cylinder (Tag 0) with respect to the large cube (Tag 12)?"
    )
    assert q["subject"]["label"] == "0" and q["subject"]["color"] == "red"
    assert q["reference"]["label"] == "12"


def test_inconsistency_needs_two_images() -> None:
    text = (
        "Here are two photos of a static scene from different views. Which letter marks the modified "
        "object? Please use the labels from the first image."
    )
    assert parse_question(text, n_images=2) == {"type": "inconsistent_object"}
    with pytest.raises(UnsupportedQuestionError):
        parse_question(text, n_images=1)


def test_mcq_options_given_separately() -> None:
    q = parse_question("Which object is the rightmost?", choices=["red cube", "blue sphere"])
    assert q["type"] == "mcq" and q["options"] == ["red cube", "blue sphere"]
    assert q["stem"]["which"] == "rightmost"


@pytest.mark.parametrize(
    "question",
    [
        "What is the meaning of life?",  # no spatial form at all
        "Describe the mood of the scene.",  # open-ended ("describe the scene" lists the objects)
        "Is the left above the sphere?",  # a position word alone is not a name: never guess
        "How many people would fit in the room?",  # not a noun phrase
        "",  # empty
        "   ",  # blank
        "Would this stack fall if another book is added?",
    ],
)
def test_unsupported_questions_raise(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError, match="use an LLM model"):
        parse_question(question)


@pytest.mark.parametrize(
    "phrase,label,attrs",
    [
        ("the small red metal cylinder (Tag 0)", "0", {"size": "small", "color": "red", "material": "metal"}),
        ("box 3", "3", {}),
        ("Tag 11", "11", {}),
        ("object #4", "4", {}),
        ("B", "B", {}),
        ("b", "B", {}),  # letters are upper-cased
        ("the big grey ball", None, {"size": "large", "color": "gray", "shape": "sphere"}),
        ("shiny blocks", None, {"material": "metal", "shape": "cube"}),
    ],
)
def test_parse_reference_table(phrase: str, label: str | None, attrs: dict) -> None:
    ref = parse_reference(phrase)
    assert ref["label"] == label
    for key, value in attrs.items():
        assert ref[key] == value


@pytest.mark.parametrize(
    "text,stem,options",
    [
        ("Which is leftmost? 1. red cube 2. blue sphere", "Which is leftmost?", ["red cube", "blue sphere"]),
        (
            "Which is leftmost?\n(1) red cube\n(2) blue sphere\n(3) cyan cube",
            "Which is leftmost?",
            ["red cube", "blue sphere", "cyan cube"],
        ),
        ("Which is leftmost? A) red cube B) blue sphere", "Which is leftmost?", ["red cube", "blue sphere"]),
        ("Is object 1 left of object 2?", "Is object 1 left of object 2?", []),  # numbers are not options
    ],
)
def test_split_options_table(text: str, stem: str, options: list[str]) -> None:
    assert split_options(text) == (stem, options)
