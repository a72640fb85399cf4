"""An MCQ reply that names an option by its words (without the article, in another case) is
read as that option in the direct and agentic graphs, as the parser reads it alone."""

from __future__ import annotations

import pytest

from spatioxolver import ask
from spatioxolver.testing import LocalServer

from .conftest import chain_rules

OPTIONS = ["the blue square", "the green circle", "the red square"]


@pytest.mark.parametrize("graph", ["direct", "agentic"])
@pytest.mark.parametrize("reply", ["Final Answer: red square", "RED SQUARE", "I pick red square."])
def test_option_words_are_read_in_every_graph(plain_image, monkeypatch, graph, reply) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = chain_rules({"objects": [{"label": "red square", "bbox": [5, 5, 20, 20]}]})
    with LocalServer(rules=rules, default=reply) as srv:
        answer = ask(plain_image, "Which object is the lowest?", model="openai/local-model", api_base=srv.url,
                     graph=graph, choices=OPTIONS, reasoner="llm", cache=False)  # fmt: skip
    assert answer.error is None and answer.value == 3 and answer.choice == 3
