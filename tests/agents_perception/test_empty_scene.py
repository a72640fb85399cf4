"""An image with no objects: the geometric answer says so plainly (QA2 #10)."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.mark.parametrize(
    "question",
    ["Which object is the leftmost?", "Is the red cube left of the blue sphere?", "Which is closer: 2 or 1?"],
)
def test_no_objects_answer(question: str) -> None:
    from spatioxolver.api import ask

    blank = np.full((120, 160, 3), 128, np.uint8)
    answer = ask(blank, question, cache=False)
    assert answer.text == "There are no objects in the scene."
    assert answer.value is None


def test_count_on_empty_scene_is_zero() -> None:
    from spatioxolver.api import ask

    answer = ask(np.full((120, 160, 3), 90, np.uint8), "How many objects are there?", cache=False)
    assert answer.value == 0
