"""With a model's perception, objects carry the model's own names ("red square" with shape
"cube"); the symbolic reasoner finds them by those names and says them back as they are."""

from __future__ import annotations

import pytest

from spatioxolver import ask
from spatioxolver.testing import LocalServer

from .conftest import chain_rules

OBJECTS = {"objects": [
    {"label": "red square", "color": "red", "shape": "cube", "bbox": [10, 40, 40, 70]},
    {"label": "blue circle", "color": "blue", "shape": "sphere", "bbox": [90, 40, 120, 70]},
    {"label": "green rectangle", "color": "green", "shape": "cylinder", "bbox": [160, 20, 190, 90]},
]}  # fmt: skip
RULES = chain_rules(OBJECTS)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Is the red square left of the blue circle?", True),
        ("Which is more to the left, the red square or the blue circle?", "red square"),
        ("Which object is the leftmost?", "red square"),
        ("Is the green rectangle right of the red square?", True),
    ],
)
def test_objects_are_found_by_the_model_names(plain_image, monkeypatch, question, value) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(rules=RULES, default="unused") as srv:
        answer = ask(plain_image, question, model="openai/local-model", api_base=srv.url, reasoner="symbolic",
                     cache=False)  # fmt: skip
    assert answer.value == value, answer.text
    if isinstance(value, str):
        assert answer.text == value  # said as the model named it, not "object red square (the red cube)"
