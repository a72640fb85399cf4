"""A reply that declines ("I cannot tell", "1 or 2") is a typed no-answer, and the response
cache keeps only replies its form can read: asking again asks the server again."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.api import aask
from spatioxolver.models import get_model
from spatioxolver.testing import LocalServer

IMAGE = np.full((48, 64, 3), 90, np.uint8)
PAIRWISE = "Which object is more to the left: 1 or 2?"


def _model(srv: LocalServer):
    return get_model("openai/local-model", api_base=srv.url, api_key="sk-test", backoff_base=0.01, cache=True)


@pytest.mark.parametrize(
    "declined, reason",
    [
        ("I cannot tell from this picture.", "cannot tell"),
        ("Either 1 or 2, hard to say.", None),
        ("I'm sorry, but I can't help with that.", "refusal"),
    ],
)
async def test_declined_reply_is_no_answer_and_is_asked_again(
    tmp_path, monkeypatch, declined, reason
) -> None:
    monkeypatch.setenv("SPATIOXOLVER_CACHE_DIR", str(tmp_path))
    with LocalServer(queue=[declined, "Object 2 is further left.", "unused"]) as srv:
        first = await aask(IMAGE, PAIRWISE, model="openai/local-model", graph="direct", client=_model(srv))
        assert first.value is None and first.no_answer and first.error is None
        if reason:
            assert first.no_answer == reason
        second = await aask(IMAGE, PAIRWISE, model="openai/local-model", graph="direct", client=_model(srv))
        assert second.value == "2"
        third = await aask(IMAGE, PAIRWISE, model="openai/local-model", graph="direct", client=_model(srv))
        assert third.value == "2"  # the readable reply was cached: no third request
        assert len(srv.requests) == 2


async def test_agentic_reasoner_refusal_is_no_answer_not_a_guess(tmp_path, monkeypatch) -> None:
    import json

    monkeypatch.setenv("SPATIOXOLVER_CACHE_DIR", str(tmp_path))
    objects = {"objects": [{"label": "1", "bbox": [2, 2, 20, 20]}, {"label": "2", "bbox": [30, 2, 60, 20]}]}
    relations = {"relations": [{"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"}]}
    rules = [
        (r"^You are the object segmentation agent", json.dumps(objects)),
        (r"^You are the attribute extraction agent", json.dumps(objects)),
        (r"^You are the spatial relation agent", json.dumps(relations)),
        (r"^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
    ]
    with LocalServer(rules=rules, default="I cannot determine that from the scene graph.") as srv:
        ans = await aask(
            IMAGE, "Is object 1 left of object 2?", model="openai/local-model", client=_model(srv)
        )
    assert ans.value is None and ans.no_answer == "cannot tell"
