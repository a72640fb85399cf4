"""Question forms in other wordings (QA #11), names matching no object (QA #10), MCQ answers
matching no option (QA #12) and a non-string question (QA #15)."""

from __future__ import annotations

import itertools

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import InputError, UnsupportedQuestionError
from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

from .conftest import graph_from_positions

# (documented form, query type, paraphrases). Each paraphrase must parse to that type.
PARAPHRASES = [
    (
        "pairwise",
        [
            "Which object is further from the camera than the other: 1 or 2?",
            "Which is further away, 1 or 2?",
            "Which of the two objects is closer to the camera: the red cube or the blue sphere?",
            "Which one is more to the left, object 1 or object 2?",
            "Of the red cube and the blue sphere, which is higher?",
            "Between 1 and 2, which one is closer?",
            "Which object is on the left: 1 or 2?",
        ],
    ),
    (
        "yesno",
        [
            "Is the red cube left of the blue sphere?",
            "Is the red cube to the left of the blue sphere?",
            "Is the red cube on the left of the blue sphere?",
            "Is the red cube on the left side of the blue sphere?",
            "Is the red cube located to the right of the blue sphere?",
            "Does the red cube appear above the blue sphere?",
            "Is the red cube further from the camera than the blue sphere?",
            "Is the red cube in front of the blue sphere?",
        ],
    ),
    (
        "extreme",
        [
            "Which object is the leftmost?",
            "Which object is furthest to the left?",
            "What's the leftmost object?",
            "Which object is closest to the camera?",
            "Which is the biggest object?",
            "Which object occupies the most volume?",
            "Which of these objects is the tallest in reality?",
        ],
    ),
    (
        "count",
        [
            "How many cubes are there?",
            "How many red objects are in the image?",
            "How many spheres can you see?",
            "How many cubes are left of the blue sphere?",
            "Count the cubes.",
            "What is the number of spheres?",
        ],
    ),
    (
        "between",
        [
            "Is the red cube between the blue sphere and the green cylinder?",
            "Which object is between the blue sphere and the green cylinder?",
            "Which object lies between the blue sphere and the green cylinder?",
        ],
    ),
    (
        "nearest",
        [
            "Which object is nearest to the red cube?",
            "What is the object closest to the red cube?",
            "Which object is the farthest from the blue sphere?",
        ],
    ),
    (
        "aligned",
        [
            "Which object is most nearly vertically aligned with the red cube?",
            "Which object is horizontally aligned with the red cube?",
        ],
    ),
    (
        "corner",
        [
            "Which object is in the back-right corner?",
            "Which object is in the back right corner?",
            "Which object is located in the front-left corner of the scene?",
        ],
    ),
    (
        "direction",
        [
            "Where is the red cube relative to the blue sphere?",
            "Where is the red cube with respect to the blue sphere?",
            "Where is the red cube in relation to the blue sphere?",
        ],
    ),
    (
        "compass",
        [
            "Assume north is the direction the camera is facing (into the scene) and east is to the camera's "
            "right. In which compass direction is the red cube from the blue sphere?",
            "In which compass direction is the blue cube from the green cylinder?",
            "What compass direction is the red cube from the blue sphere?",
            "In which cardinal direction is the red cube from the blue sphere?",
            "What is the compass direction of the red cube relative to the blue sphere?",
        ],
    ),
    (
        "outline",
        [
            "Viewed from directly above, what shape is the outline of the red cube?",
            "What is the outline of the blue cube seen from above?",
            "What shape is the outline of the red cube when viewed from above?",
            "What is the shape of the red cube's outline seen from directly above?",
            "From a top-down view, what shape is the outline of the red cube?",
            "What shape does the red cube have when seen from above?",
        ],
    ),
    (
        "occluder",
        [
            "Which object partially hides the red cube?",
            "Which object is hiding the red cube?",
            "What object partially occludes the red cube?",
        ],
    ),
]


@pytest.mark.parametrize(
    "form,question", [(form, q) for form, qs in PARAPHRASES for q in qs], ids=itertools.count()
)
def test_paraphrases_parse_to_the_documented_form(form: str, question: str) -> None:
    assert parse_question(question)["type"] == form


@pytest.mark.parametrize(
    "question",
    [
        "Would this stack fall if another book is added?",
        "How many people would fit in the room?",
        "Is the left above the sphere?",  # a position word alone is not an object name
        "Which object is the most interesting?",
        "Why is the red cube left of the blue sphere?",
        # a compass other than the default (north = the camera's viewing direction) is not guessed
        "Assume north is to the camera's left. In which compass direction is the red cube from the blue sphere?",
        "In which direction is the red cube from the blue sphere?",  # no compass word: not a bearing
    ],
)
def test_unknown_forms_still_raise(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError, match="use an LLM model"):
        parse_question(question)


# o1 red cube (left, near), o2 blue sphere (right, far), o3 green cylinder (middle).
_SPEC = [
    ("o1", "red", "cube", (100.0, 250.0), 2.0),
    ("o2", "blue", "sphere", (380.0, 120.0), 6.0),
    ("o3", "green", "cylinder", (240.0, 180.0), 4.0),
]


def _graph(shapes: dict[str, str] | None = None) -> SceneGraph:
    objs = [
        SpatialObject(
            id=i,
            attributes=Attributes(color=c, shape=(shapes or {}).get(i, s), size="large", material="rubber"),
            centroid=xy,
            bbox=(xy[0] - 20, xy[1] - 20, xy[0] + 20, xy[1] + 20),
            area=1600.0,
            depth=d,
        )
        for i, c, s, xy, d in _SPEC
    ]
    return graph_from_positions(objs)


@pytest.mark.parametrize(
    "question,name",
    [
        ("Is the pink elephant left of the cube?", "the pink elephant"),
        ("Is the flurble left of the cube?", "the flurble"),
        ("Is the cube left of the pink elephant?", "the pink elephant"),
        ("Which object is closer: the dog or the red cube?", "the dog"),
        ("Which object is nearest to the teapot?", "the teapot"),
        ("How many unicorns are there?", "unicorns"),
        ("Which unicorn is the leftmost?", "unicorn"),
    ],
)
def test_a_name_outside_the_vocabulary_matching_no_object_cannot_be_told(question: str, name: str) -> None:
    # The engine has no picture of an elephant: "none here" would claim more than it sees.
    ans = reason_symbolic(question, _graph())
    assert ans.value is None and ans.no_answer == "cannot tell"
    assert ans.text.startswith("Cannot tell: no object here is described as")
    assert ans.problem.startswith(f"There is no object matching {name!r}")  # the LLM fallback's cue


@pytest.mark.parametrize(
    "question,name",
    [
        ("Is the green cone left of the cube?", "the green cone"),
        ("Which object is closer: the purple cylinder or the red cube?", "the purple cylinder"),
    ],
)
def test_a_name_in_the_vocabulary_matching_no_object_says_so(question: str, name: str) -> None:
    ans = reason_symbolic(question, _graph())
    assert ans.value is None and ans.no_answer is None and ans.problem
    assert ans.text.startswith(f"There is no object matching {name!r}")


def test_counting_known_words_still_counts_zero() -> None:
    assert reason_symbolic("How many pink cubes are there?", _graph()).value == 0
    assert reason_symbolic("How many cubes are there?", _graph()).value == 1


def test_an_unknown_noun_matches_an_object_a_model_named_so() -> None:
    graph = _graph(shapes={"o2": "elephant"})  # e.g. a language model's perception
    assert reason_symbolic("Is the blue elephant right of the cube?", graph).value is True
    assert reason_symbolic("How many elephants are there?", graph).value == 1


def test_short_compass_form_uses_the_generator_default_north() -> None:
    long = (
        "Assume north is the direction the camera is facing (into the scene) and east is to the camera's "
        "right. In which compass direction is the blue sphere from the red cube?"
    )
    short = "In which compass direction is the blue sphere from the red cube?"
    a, b = reason_symbolic(long, _graph()), reason_symbolic(short, _graph())
    assert a.value == b.value and a.value in {"north", "north-east", "east"}  # further and to the right


def test_outline_paraphrase_answers() -> None:
    q = "What is the outline of the red cube seen from above?"
    assert reason_symbolic(q, _graph()).value == "square"
    assert (
        reason_symbolic("What shape does the blue sphere have when seen from above?", _graph()).value
        == "circle"
    )


def test_ask_mcq_choices_matching_no_option(tmp_path) -> None:
    from spatioxolver.api import ask

    ans = ask(
        [],
        "Which object is the leftmost?",
        scene_graph=_graph(),
        choices=["the red sphere", "the yellow cube"],  # neither exists; the leftmost is the red cube
    )
    assert ans.error is None and ans.value is None and ans.choice is None
    assert "matches none of the options" in ans.text and "red rubber cube" in ans.text
    ok = ask(
        [], "Which object is the leftmost?", scene_graph=_graph(), choices=["the blue sphere", "the red cube"]
    )
    assert ok.choice == 2 and ok.value == 2


@pytest.mark.parametrize("question", [42, None, b"Which object is the leftmost?", ["q"]])
def test_a_non_string_question_is_an_input_error(question) -> None:
    from spatioxolver.api import ask

    with pytest.raises(InputError, match="the question must be a string"):
        ask([], question, scene_graph=_graph())


@pytest.mark.parametrize("graph", ["agentic", "direct", "cot_rank"])
def test_every_graph_answers_a_missing_name_the_same_way(graph: str) -> None:
    from spatioxolver.api import ask

    missing = ask([], "Which object is closer: the dog or the red cube?", scene_graph=_graph(), graph=graph)
    assert missing.value is None and missing.no_answer == "cannot tell"
    assert missing.text.startswith("Cannot tell: no object here is described as 'dog'")
    absent = ask([], "Which is closer: the green cone or the red cube?", scene_graph=_graph(), graph=graph)
    assert absent.value is None and absent.no_answer == "no match"
    assert absent.text == "There is no object matching 'the green cone' in the scene."
    # descriptions bind in every graph (the red cube is the nearest object)
    found = ask(
        [], "Which object is further: the red cube or the blue sphere?", scene_graph=_graph(), graph=graph
    )
    assert found.value == "blue sphere"
