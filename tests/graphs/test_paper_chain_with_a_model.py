"""With a language model the agentic graph is the paper's chain: one model step per agent
(segmentation of every frame, attributes when missing, relations, grouping and symmetry,
transformation across frames, reasoning), each recorded in the trace with its tokens and cost."""

from __future__ import annotations

import json

import numpy as np

from spatioxolver.api import aask
from spatioxolver.models import Usage
from spatioxolver.testing import ScriptedModel

FRAMES = [np.full((60, 90, 3), 100, np.uint8), np.full((120, 180, 3), 140, np.uint8)]
OBJECTS = {
    "objects": [
        {"label": "A", "color": "red", "shape": "cube", "bbox": [5, 5, 25, 25]},
        {"label": "B", "color": "blue", "shape": "sphere", "bbox": [50, 10, 70, 30]},
    ]
}
RELATIONS = {"relations": [{"subject": "A", "predicate": "left_of", "object": "B", "axis": "H"}]}
MOTION = {
    "matches": [{"object": "A", "match": "A"}, {"object": "B", "match": "B"}],
    "motion": "orbit",
    "inconsistent": "B",
}
QUESTION = "Which object was moved between the two images?"


def _client(**extra: str) -> ScriptedModel:
    replies = {
        "segmentation": json.dumps(OBJECTS),
        "relations": json.dumps(RELATIONS),
        "symmetry": '{"groups": [], "symmetries": []}',
        "transformation": json.dumps(MOTION),
        "reasoning": "Final answer: B",
    }
    replies.update(extra)
    return ScriptedModel(replies, usage=Usage(prompt_tokens=7, completion_tokens=3, cost_usd=0.001))


async def test_every_frame_is_perceived_with_its_own_image_and_boxes() -> None:
    client = _client()
    ans = await aask(FRAMES, QUESTION, model="scripted/llm", client=client)
    seg = [r for r in client.requests if r.template == "segmentation"]
    assert len(seg) == 2 and all(len(r.images) == 1 for r in seg)
    assert {r.task["frame"] for r in seg} == {0, 1}
    frames = {o.frame for o in ans.scene_graph.objects}
    assert frames == {0, 1} and len({o.id for o in ans.scene_graph.objects}) == 4


async def test_transformation_step_flags_the_object_and_the_reasoner_answers() -> None:
    client = _client()
    ans = await aask(FRAMES, QUESTION, model="scripted/llm", client=client)
    move = next(r for r in client.requests if r.template == "transformation")
    assert len(move.images) == 2 and "Image 2:" in move.prompt and "- B (blue sphere)" in move.prompt
    flagged = [t for t in ans.scene_graph.transformations if t.inconsistent]
    labels = {o.id: o.label for o in ans.scene_graph.objects}
    assert len(flagged) == 1 and labels[flagged[0].object] == "B"
    assert ans.value == "B"  # the reasoning agent (the model) answers
    reasoning = next(r for r in client.requests if r.template == "reasoning")
    assert '"inconsistent": true' in reasoning.prompt


async def test_the_trace_has_one_model_step_per_agent_with_tokens_and_cost() -> None:
    ans = await aask(FRAMES, QUESTION, model="scripted/llm", client=_client())
    steps = {e["node"]: e for e in ans.trace if e.get("node")}
    chain = (("segmentation", 2), ("relations", 1), ("symmetry", 1), ("transformation", 1), ("reasoning", 1))
    for agent, calls in chain:
        step = steps[agent]
        assert step["calls"] == calls, agent
        assert step["usage"]["prompt_tokens"] == 7 * calls and step["usage"]["cost_usd"] > 0
        assert all(c["template"] == agent for c in step["model_calls"])
    assert ans.usage.prompt_tokens == 7 * 6


async def test_symbolic_reasoner_reads_the_flag_without_a_reasoning_call() -> None:
    client = _client()
    ans = await aask(FRAMES, QUESTION, model="scripted/llm", client=client, reasoner="symbolic")
    assert "reasoning" not in [r.template for r in client.requests]
    assert ans.value == "B"


async def test_a_flag_naming_no_object_flags_nothing() -> None:
    motion = {**MOTION, "inconsistent": "the lamp"}
    ans = await aask(
        FRAMES, QUESTION, model="scripted/llm", client=_client(transformation=json.dumps(motion))
    )
    assert not any(t.inconsistent for t in ans.scene_graph.transformations)
    overall = next(t for t in ans.scene_graph.transformations if t.object is None)
    assert overall.extras["unknown_flag"] == "the lamp" and overall.extras["motion"] == "orbit"
