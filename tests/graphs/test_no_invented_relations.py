"""A model chain that gives no relation for a pair does not get one invented: a reply without
its key is unreadable (retried, then an error), pairs without positions stay unanswered, and
the symbolic reasoner then says it cannot tell instead of following object ids."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image
from spatioxolver.agents._vision.llm import ObjectList, OrderingsReply, RelationList, reply_as

from spatioxolver import ask
from spatioxolver.errors import ParseError
from spatioxolver.testing import LocalServer

NO_BOXES = {"objects": [{"label": "red square", "color": "red", "shape": "square"},
                        {"label": "blue circle", "color": "blue", "shape": "circle"},
                        {"label": "green bar", "color": "green", "shape": "rectangle"}]}  # fmt: skip


class _Reply:
    def __init__(self, text: str) -> None:
        self.text, self.value = text, None


@pytest.mark.parametrize("schema", [RelationList, ObjectList, OrderingsReply])
def test_a_reply_without_its_key_is_unreadable(schema) -> None:
    with pytest.raises(ParseError):
        reply_as(schema, _Reply('{"answer": "the red square"}'))


def test_an_explicit_empty_list_is_an_answer() -> None:
    assert reply_as(RelationList, _Reply('{"relations": []}')).relations == []
    assert reply_as(ObjectList, _Reply("[]")).objects == []


@pytest.fixture
def image(tmp_path):
    path = tmp_path / "three.png"
    Image.fromarray(np.full((120, 200, 3), 230, np.uint8)).save(path)
    return path


def test_pairs_without_positions_are_not_ordered_by_id(image, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = [
        (r"^You are the object segmentation agent", json.dumps(NO_BOXES)),
        (r"^You are the attribute extraction agent", json.dumps(NO_BOXES)),
        (r"^You are the spatial relation agent", '{"relations": []}'),
        (r"^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
    ]
    with LocalServer(rules=rules) as srv:
        answer = ask(image, "Which object is the leftmost?", model="openai/local-model", api_base=srv.url,
                     reasoner="symbolic", cache=False)  # fmt: skip
    assert answer.scene_graph is not None and answer.scene_graph.relations == []
    assert answer.value is None and answer.no_answer == "cannot tell"


def test_an_unreadable_relations_reply_is_asked_again_then_reported(image, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = [
        (r"^You are the object segmentation agent", json.dumps(NO_BOXES)),
        (r"^You are the attribute extraction agent", json.dumps(NO_BOXES)),
        (r"^You are the spatial relation agent", '{"answer": "the red square"}'),
        (r"^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
    ]
    with LocalServer(rules=rules) as srv:
        answer = ask(image, "Which object is the leftmost?", model="openai/local-model", api_base=srv.url,
                     reasoner="symbolic", cache=False, return_errors=True)  # fmt: skip
        asked = sum("spatial relation agent" in json.dumps(r) for r in srv.requests)
    assert asked == 2  # one extra attempt for an unparseable reply
    assert answer.value is None and answer.error and "RelationList" in answer.error
