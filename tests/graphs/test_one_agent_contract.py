"""Built-ins and plug-ins share one contract: every agent named as a plug-in gives the same answer
and scene graph as the built-in path, with each backend; the trace records one step per agent."""

from __future__ import annotations

import json

import pytest

from spatioxolver.api import aask
from spatioxolver.models import Usage
from spatioxolver.testing import ScriptedModel

NODES = ["segmentation", "attributes", "relations", "symmetry", "consistency", "reasoning"]
QUESTION = "Which object is the leftmost?"


def _scripted() -> ScriptedModel:
    objects = {
        "objects": [
            {"id": "a", "label": "A", "color": "red", "shape": "cube", "bbox": [10, 10, 40, 40]},
            {"id": "b", "label": "B", "color": "blue", "shape": "ball", "bbox": [100, 20, 130, 50]},
            {"id": "c", "label": "C", "color": "green", "shape": "can", "bbox": [60, 60, 90, 90]},
        ]
    }
    relations = {
        "relations": [
            {"subject": "A", "predicate": "left_of", "object": "B", "axis": "H"},
            {"subject": "B", "predicate": "left_of", "object": "C", "axis": "H"},
            {"subject": "C", "predicate": "left_of", "object": "A", "axis": "H"},  # a cycle to repair
        ]
    }
    replies = {
        "segmentation": json.dumps(objects),
        "relations": json.dumps(relations),
        "symmetry": '{"groups": [], "symmetries": []}',
        "reasoning": "A",
    }
    return ScriptedModel(replies, usage=Usage(prompt_tokens=7, completion_tokens=3, cost_usd=0.0001))


def _kwargs(backend: str, view) -> dict:
    if backend == "geometric":
        return {}
    if backend == "sim":
        labels = [o["label"] for o in view.scene["objects"]]
        example = {"id": "x", "query": {"type": "open"}, "answer": labels[0]}
        return {"model": "sim/gpt-4o", "ground_truth": {"scenes": [view.scene], "example": example}}
    return {"model": "scripted/llm", "client": _scripted()}


@pytest.mark.parametrize("backend", ["geometric", "sim", "llm"])
async def test_every_agent_as_a_plugin_gives_the_built_in_answer(tags_view, backend) -> None:
    builtin = await aask(tags_view.rgb, QUESTION, cache=False, **_kwargs(backend, tags_view))
    plugged = await aask(
        tags_view.rgb, QUESTION, cache=False, agents={n: n for n in NODES}, **_kwargs(backend, tags_view)
    )
    assert builtin.error is None and plugged.value == builtin.value and plugged.text == builtin.text
    assert plugged.scene_graph.model_dump(exclude={"provenance"}) == builtin.scene_graph.model_dump(
        exclude={"provenance"}
    )
    assert [e["node"] for e in plugged.trace] == [e["node"] for e in builtin.trace]
    assert {e["node"]: e["backend"] for e in plugged.trace}["relations"] == "plugin:relations"


async def test_an_llm_trace_has_one_step_per_agent_with_its_calls(tags_view) -> None:
    answer = await aask(
        tags_view.rgb, "Describe the scene in one sentence.", model="scripted/llm", client=_scripted()
    )
    steps = {e["node"]: e for e in answer.trace}
    assert list(steps) == [
        "segmentation",
        "attributes",
        "relations",
        "symmetry",
        "scene_graph",
        "consistency",
        "reasoning",
    ]
    for node in ("segmentation", "relations", "symmetry", "reasoning"):
        (call,) = steps[node]["model_calls"]
        assert (
            call["template"] == node
            and call["usage"]["prompt_tokens"] == 7
            and len(call["prompt_hash"]) == 12
        )
        assert steps[node]["usage"]["cost_usd"] == pytest.approx(0.0001)
    assert steps["attributes"]["calls"] == 0  # the segmentation reply named every colour and shape
    assert answer.usage.prompt_tokens == 28
    # "can" is a synonym of cylinder in the one vocabulary (spatioxolver.vocabulary).
    assert [o.attributes.shape for o in answer.scene_graph.objects] == ["cube", "sphere", "cylinder"]
    h = next(r for r in answer.repairs if r["axis"] == "H")
    assert h["ctr_before"] == 1.0 and h["ctr_after"] == 0.0


async def test_no_request_carries_gold(tags_view) -> None:
    """The simulated model is bound to its answer key; requests carry a gold-free task."""
    from spatioxolver.models import get_model

    labels = [o["label"] for o in tags_view.scene["objects"]]
    example = {"id": "g", "query": {"type": "open"}, "answer": "SECRET-GOLD-ANSWER", "choices": None}
    bound = get_model("sim/gpt-4o").bind({"scenes": [tags_view.scene], "example": example})
    seen = []
    original = bound.complete

    async def spy(request):
        seen.append(request)
        return await original(request)

    bound.complete = spy
    for graph in ("agentic", "direct"):
        await aask(tags_view.rgb, "What is on the table?", graph=graph, client=bound, query={"type": "open"})
    assert seen
    for request in seen:
        dumped = json.dumps(request.model_dump(mode="json", exclude={"output_schema", "images"}), default=str)
        assert "SECRET-GOLD-ANSWER" not in dumped and "3d_coords" not in dumped
        assert set(request.task or {}) <= {"kind", "axis", "axes", "objects", "asks", "frame"}
    assert labels
