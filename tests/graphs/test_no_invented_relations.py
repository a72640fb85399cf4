"""A model chain that gives no relation for a pair does not get one invented: a reply without
its key is unreadable (retried, then an error), pairs without positions stay unanswered, and
the symbolic reasoner then says it cannot tell instead of following object ids."""

from __future__ import annotations

import json

import pytest
from spatioxolver.agents._vision.llm import ObjectList, OrderingsReply, RelationList, reply_as

from spatioxolver import ask
from spatioxolver.errors import ParseError
from spatioxolver.testing import LocalServer

from .conftest import chain_rules

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


def test_pairs_without_positions_are_not_ordered_by_id(plain_image, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = chain_rules(NO_BOXES)
    with LocalServer(rules=rules) as srv:
        answer = ask(plain_image, "Which object is the leftmost?", model="openai/local-model", api_base=srv.url,
                     reasoner="symbolic", cache=False)  # fmt: skip
    assert answer.scene_graph is not None and answer.scene_graph.relations == []
    assert answer.value is None and answer.no_answer == "cannot tell"


def test_an_unreadable_relations_reply_is_asked_again_then_reported(plain_image, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = chain_rules(NO_BOXES, relations='{"answer": "the red square"}')
    with LocalServer(rules=rules) as srv:
        answer = ask(plain_image, "Which object is the leftmost?", model="openai/local-model", api_base=srv.url,
                     reasoner="symbolic", cache=False, return_errors=True)  # fmt: skip
        asked = sum("spatial relation agent" in json.dumps(r) for r in srv.requests)
    assert asked == 2  # one extra attempt for an unparseable reply
    assert answer.value is None and answer.error and "RelationList" in answer.error
