"""One perception per image and settings, whatever the concurrency: concurrent questions about
one image wait for the first perception instead of repeating it."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest
from spatioxolver.graphs._cache import cache_clear, cache_info

from spatioxolver.api import aask
from spatioxolver.testing import ScriptedModel

OBJECTS = {
    "objects": [
        {"id": "1", "label": "1", "color": "red", "shape": "cube", "bbox": [10, 10, 40, 40]},
        {"id": "2", "label": "2", "color": "blue", "shape": "sphere", "bbox": [100, 20, 130, 50]},
    ]
}
RELATIONS = {"relations": [{"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"}]}


class _SlowScripted(ScriptedModel):
    """A scripted model that takes a moment per call, so concurrent runs overlap."""

    async def complete(self, request):
        await asyncio.sleep(0.02)
        return self.complete_sync(request)


def _client() -> _SlowScripted:
    replies = {
        "segmentation": json.dumps(OBJECTS),
        "relations": json.dumps(RELATIONS),
        "symmetry": '{"groups": [], "symmetries": []}',
        "reasoning": "Yes.",
        "cot_rank": "1, 2",
    }
    return _SlowScripted(replies)


@pytest.mark.parametrize("concurrency", [1, 16])
async def test_agentic_perception_runs_once_per_image(boxes_view, concurrency) -> None:
    cache_clear()
    client = _client()
    questions = [f"Is object 1 left of object 2? ({k})" for k in range(16)]

    async def one(q):
        return await aask(boxes_view.rgb, q, model="scripted/llm", client=client)

    answers = []
    for start in range(0, len(questions), concurrency):
        answers += await asyncio.gather(*(one(q) for q in questions[start : start + concurrency]))
    calls = Counter(r.template for r in client.requests)
    assert calls["segmentation"] == 1 and calls["relations"] == 1
    assert all(a.error is None and a.value is True for a in answers)
    if concurrency > 1:
        assert cache_info()["waits"] >= 1  # the others waited instead of perceiving again


async def test_cot_rank_asks_one_ranking_for_concurrent_questions(boxes_view) -> None:
    cache_clear()
    client = _client()
    q = "Which object is to the left of the other: 1 or 2?"
    answers = await asyncio.gather(
        *(
            aask(boxes_view.rgb, q, model="scripted/llm", graph="cot_rank", client=client, labels=["1", "2"])
            for _ in range(8)
        )
    )
    assert Counter(r.template for r in client.requests)["cot_rank"] == 1
    assert {a.value for a in answers} == {"1"}


async def test_geometric_direct_perceives_once_for_concurrent_questions(boxes_view) -> None:
    from spatioxolver.graphs._agents import builtin_agent

    cache_clear()
    segmentation = builtin_agent("segmentation")  # the instance the pipeline uses (loaded once)
    calls = []
    original = segmentation.run

    async def counted(state, runtime):
        calls.append(1)
        return await original(state, runtime)

    segmentation.run = counted
    try:
        questions = [aask(boxes_view.rgb, "How many objects are there?", graph="direct") for _ in range(8)]
        await asyncio.gather(*questions)
    finally:
        del segmentation.run
    assert len(calls) == 1 and cache_info()["waits"] >= 1
