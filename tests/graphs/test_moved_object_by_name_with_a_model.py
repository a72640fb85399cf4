"""'Which object was moved?' about two unlettered views, with a model: the reasoning and the
direct prompts ask for the object's name (not a letter) and read it; an unreadable
transformation reply is asked again, then reported."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from spatioxolver import ask
from spatioxolver.testing import LocalServer

from .conftest import chain_rules

OBJECTS = {"objects": [{"label": "red square", "bbox": [10, 40, 40, 70]},
                       {"label": "blue circle", "bbox": [90, 40, 120, 70]}]}  # fmt: skip
MOTION = {"matches": [{"object": "red square", "match": "red square"},
                      {"object": "blue circle", "match": "blue circle"}], "inconsistent": "blue circle"}  # fmt: skip


@pytest.fixture
def views(tmp_path):
    paths = []
    for k in range(2):
        path = tmp_path / f"v{k}.png"
        Image.fromarray(np.full((100, 200, 3), 225 - 5 * k, np.uint8)).save(path)
        paths.append(str(path))
    return paths


def _rules(motion: str) -> list:
    return chain_rules(
        OBJECTS, transformation=motion, reasoning="The blue one moved.\nFinal Answer: blue circle"
    )


@pytest.mark.parametrize("graph", ["agentic", "direct"])
def test_the_moved_object_is_read_by_name(views, monkeypatch, graph) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(rules=_rules(json.dumps(MOTION)), default="Final Answer: blue circle") as srv:
        answer = ask(views, "Which object was moved?", model="openai/local-model", api_base=srv.url, graph=graph,
                     reasoner="llm", cache=False)  # fmt: skip
        prompts = [json.dumps(r) for r in srv.requests]
    assert answer.error is None and "blue circle" in str(answer.value)
    assert not any("<LETTER>" in p for p in prompts)


def test_an_unreadable_transformation_reply_is_reported(views, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(rules=_rules('{"answer": "blue circle"}'), default="unused") as srv:
        answer = ask(views, "Which object was moved?", model="openai/local-model", api_base=srv.url,
                     cache=False, return_errors=True)  # fmt: skip
    assert answer.value is None and answer.error and "MotionReply" in answer.error
