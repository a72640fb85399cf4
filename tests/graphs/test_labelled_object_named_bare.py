"""A labelled object named without "the" ("Is P purple?", "Is shape 3 a square?", "What is
shape B?", "What is C?") is the object carrying that label; these wordings were refused.
Answered over a hand-made scene graph of labelled shapes."""

from __future__ import annotations

import pytest
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import labelled_flat_graph

_SHAPES = [
    ("o1", "orange", "square", (120.0, 100.0), "A"),
    ("o2", "blue", "circle", (360.0, 100.0), "P"),
    ("o3", "purple", "triangle", (120.0, 240.0), "3"),
]


def _graph() -> object:
    return labelled_flat_graph(_SHAPES)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Is P blue?", True),
        ("Is P purple?", False),
        ("Is A orange?", True),  # "A" the label, not the article
        ("Is shape 3 a triangle?", True),
        ("is shape p a square?", False),
        ("Is figure A a square?", True),
        ("What is shape P?", "circle"),
        ("What is A?", "square"),
        ("What's 3?", "triangle"),
    ],
)
def test_a_bare_label_names_the_labelled_object(question, value) -> None:
    assert reason_symbolic(question, _graph()).value == value


@pytest.mark.parametrize("question", ["Is P left?", "What is it?", "Is a red?"])
def test_other_bare_wordings_are_still_refused(question) -> None:
    with pytest.raises(UnsupportedQuestionError):
        reason_symbolic(question, _graph())
