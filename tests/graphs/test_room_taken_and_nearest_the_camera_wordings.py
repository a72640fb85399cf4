"""Size and depth questions in the wordings of a 3-D scene probe (issue 13): "which takes more
room", "which object covers the most of the image", "which solid is nearest the camera", "what object is closest to us".
Each was an UnsupportedQuestionError; each now parses as the form it paraphrases, and a
neighbouring wording that means something else keeps its own form."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._parse import parse_question


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        # "takes more room" without "up": the bigger one in the picture
        ("Which takes more room in the picture: the orange cylinder or the pink cone?", "larger"),
        ("Which one takes less room, the red cube or the blue ball?", "smaller"),
    ],
)
def test_which_takes_more_room_is_the_apparent_pair(question: str, asks: str) -> None:
    parsed = parse_question(question)
    assert parsed["type"] == "apparent_pair"
    assert parsed["asks"] == asks
    assert [o["shape"] for o in parsed["objects"]] == [
        "cylinder" if "cylinder" in question else "cube",
        "cone" if "cone" in question else "sphere",
    ]


@pytest.mark.parametrize(
    "question",
    ["Which object covers the most of the image?", "Which solid fills most of the picture?"],
)
def test_covering_most_of_the_image_is_the_largest(question: str) -> None:
    parsed = parse_question(question)
    assert (parsed["type"], parsed["which"], parsed.get("apparent")) == ("extreme", "largest", True)


@pytest.mark.parametrize(
    ("question", "which"),
    [
        ("Which solid is nearest the camera?", "closest"),
        ("What object is closest to us?", "closest"),  # "us": the viewer
        ("Which thing is farthest from me?", "farthest"),
    ],
)
def test_nearest_the_camera_is_the_closest_one(question: str, which: str) -> None:
    parsed = parse_question(question)
    assert (parsed["type"], parsed["which"]) == ("extreme", which)


def test_nearest_the_square_stays_nearest_to_an_object() -> None:
    parsed = parse_question("Which object is nearest the square?")
    assert parsed["type"] == "nearest"
    assert parsed["reference"]["shape"] == "square"
