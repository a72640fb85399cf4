"""The in-process runner runs the same graph as LangGraph: the same answers, scene graphs,
trace, events and errors, for every graph and route (perception, a cached perception, a
supplied scene graph, no question, two frames with a model); it refuses checkpoints."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import numpy as np
import pytest
from spatioxolver.graphs import build_graph
from spatioxolver.graphs._local import LocalGraph, StepLimitError
from spatioxolver.graphs._spec import END, START, GraphSpec

from spatioxolver.api import aask, abuild_scene_graph
from spatioxolver.errors import ConfigError
from spatioxolver.models import Usage
from spatioxolver.testing import ScriptedModel


def _scene() -> np.ndarray:
    """Three flat shapes on an off-white ground, drawn here with numpy."""
    img = np.full((200, 300, 3), 235, np.uint8)
    img[40:100, 20:80] = (200, 40, 40)  # red square, left
    yy, xx = np.mgrid[0:200, 0:300]
    img[(xx - 160) ** 2 + (yy - 130) ** 2 < 30**2] = (40, 80, 200)  # blue disc, middle, lower
    img[30:70, 220:290] = (40, 160, 60)  # green bar, right, top
    return img


def _comparable(answer: Any) -> dict[str, Any]:
    trace = [
        {k: v for k, v in e.items() if k not in ("seconds", "model_calls")} for e in answer.trace
    ]  # timings differ run to run
    graph = answer.scene_graph.model_dump(mode="json") if answer.scene_graph else None
    if graph:
        graph["provenance"] = {k: v for k, v in graph["provenance"].items() if k not in ("trace", "timings")}
    return {
        "text": answer.text,
        "value": answer.value,
        "choice": answer.choice,
        "abstained": answer.abstained,
        "confidence": answer.confidence,
        "no_answer": answer.no_answer,
        "repairs": answer.repairs,
        "usage": answer.usage.model_dump(),
        "graph": json.dumps(graph, sort_keys=True, default=str),
        "trace": json.dumps(trace, sort_keys=True, default=str),
    }


QUESTIONS = (
    "Which shape is furthest to the left?",
    "How many shapes are there?",
    "Is the green shape above the blue one?",
    "What colour is the round shape?",
)


@pytest.mark.parametrize("graph", ["agentic", "direct", "cot_rank"])
@pytest.mark.parametrize("question", QUESTIONS)
async def test_geometric_answers_are_the_same(graph: str, question: str) -> None:
    img = _scene()
    runs = [
        await aask(img, question, graph=graph, runner=runner, cache=False)
        for runner in ("langgraph", "local")
    ]
    assert _comparable(runs[0]) == _comparable(runs[1])
    assert runs[1].text  # an answer, not an empty run


async def test_a_cached_perception_and_a_supplied_graph_take_the_same_routes() -> None:
    img = _scene()
    first = await aask(img, "How many shapes are there?", runner="local")
    for runner in ("local", "langgraph"):
        cached = await aask(img, "Which shape is furthest to the left?", runner=runner)
        ran = [e["node"] for e in cached.trace if not e.get("from_cache")]
        assert ran == ["reasoning"] and len(cached.trace) == len(first.trace)
        given = await aask(
            [], "Which shape is furthest to the left?", runner=runner, scene_graph=first.scene_graph
        )
        assert [e["node"] for e in given.trace] == ["consistency", "reasoning"]
        assert given.text == cached.text


async def test_a_scene_graph_without_a_question_stops_after_consistency() -> None:
    img = _scene()
    graphs = [await abuild_scene_graph(img, runner=r, cache=False) for r in ("langgraph", "local")]
    nodes = [[e["node"] for e in g.provenance["trace"]] for g in graphs]
    assert nodes[0] == nodes[1] and nodes[1][-1] == "consistency"
    assert [o.centroid for o in graphs[0].objects] == [o.centroid for o in graphs[1].objects]


def _client() -> ScriptedModel:
    replies = {
        "segmentation": json.dumps(
            {
                "objects": [
                    {"label": "A", "color": "red", "shape": "cube", "bbox": [5, 5, 25, 25]},
                    {"label": "B", "color": "blue", "shape": "sphere", "bbox": [50, 10, 70, 30]},
                ]
            }
        ),
        "relations": json.dumps(
            {"relations": [{"subject": "A", "predicate": "left_of", "object": "B", "axis": "H"}]}
        ),
        "symmetry": '{"groups": [], "symmetries": []}',
        "transformation": json.dumps(
            {"matches": [{"object": "A", "match": "A"}, {"object": "B", "match": "B"}], "inconsistent": "B"}
        ),
        "reasoning": "Final answer: B",
    }
    return ScriptedModel(replies, usage=Usage(prompt_tokens=7, completion_tokens=3, cost_usd=0.001))


async def test_two_frames_with_a_model_take_the_transformation_branch_in_both() -> None:
    frames = [np.full((60, 90, 3), 100, np.uint8), np.full((60, 90, 3), 140, np.uint8)]
    runs, events = [], []
    for runner in ("langgraph", "local"):
        seen: list[tuple[str, str]] = []
        ans = await aask(
            frames,
            "Which object was moved between the two images?",
            model="scripted/llm",
            client=_client(),
            runner=runner,
            cache=False,
            on_event=lambda e, seen=seen: seen.append((e["event"], e["node"])),
        )
        runs.append(ans)
        events.append(seen)
    assert _comparable(runs[0]) == _comparable(runs[1])
    assert "transformation" in [e["node"] for e in runs[1].trace] and runs[1].value == "B"
    assert events[0] == events[1] and ("start", "transformation") in events[1]
    assert events[1][0] == ("start", "segmentation") and events[1][-1] == ("end", "reasoning")


async def test_a_failing_node_raises_the_same_error_in_both() -> None:
    bad = ScriptedModel({"segmentation": "not json at all"})
    errors = []
    for runner in ("langgraph", "local"):
        ans = await aask(
            np.full((60, 90, 3), 100, np.uint8), "How many objects?", model="scripted/llm", client=bad,
            runner=runner, return_errors=True, cache=False,
        )  # fmt: skip
        errors.append((ans.error or "").split(":")[0])
    assert errors[0] == errors[1] and errors[0]


def test_checkpoints_need_langgraph_and_unknown_runners_are_refused(tmp_path) -> None:
    from spatioxolver.api import ask

    with pytest.raises(ConfigError, match="checkpoint"):
        ask(_scene(), "How many shapes?", runner="local", checkpoint=str(tmp_path / "c.sqlite"))
    with pytest.raises(ConfigError, match="runner"):
        ask(_scene(), "How many shapes?", runner="ray")
    with pytest.raises(ConfigError, match="checkpoint"):
        build_graph("agentic", runner="local", checkpointer=object())


def test_a_looping_spec_stops_at_the_step_limit() -> None:
    async def spin(state: dict[str, Any], runtime: Any) -> dict[str, Any]:
        return {"trace": [{"node": "spin"}]}

    async def again(state: dict[str, Any]) -> str:
        return "spin"

    spec = GraphSpec(
        "loop", nodes=(("spin", spin),), edges=((START, "spin"),), routes=(("spin", again, ("spin", END)),)
    )
    with pytest.raises(StepLimitError):
        asyncio.run(LocalGraph(spec).ainvoke({"trace": []}, config={"recursion_limit": 5}))


def test_reducers_append_the_trace_and_replace_other_keys() -> None:
    async def one(state: dict[str, Any], runtime: Any) -> dict[str, Any]:
        return {"trace": [{"node": "one"}], "question": "changed", "prompt_hashes": {"a": "1"}}

    async def two(state: dict[str, Any], runtime: Any) -> dict[str, Any]:
        assert state["question"] == "changed"
        return {"trace": [{"node": "two"}], "prompt_hashes": {"b": "2"}}

    spec = GraphSpec(
        "pair", nodes=(("one", one), ("two", two)), edges=((START, "one"), ("one", "two"), ("two", END))
    )
    final = asyncio.run(LocalGraph(spec).ainvoke({"trace": [{"node": "given"}], "question": "q"}))
    assert [e["node"] for e in final["trace"]] == ["given", "one", "two"]
    assert final["prompt_hashes"] == {"a": "1", "b": "2"} and final["question"] == "changed"
    compiled = spec.compile()
    assert asyncio.run(compiled.ainvoke({"trace": [{"node": "given"}], "question": "q"})) == final


def test_scene_files_are_byte_identical_on_both_runners(tmp_path) -> None:
    from PIL import Image

    from spatioxolver.cli import main

    path = tmp_path / "scene.png"
    Image.fromarray(_scene()).save(path)
    outs = []
    for runner in ("local", "langgraph"):
        out = tmp_path / f"{runner}.json"
        assert main(["scene", str(path), "--out", str(out), "--runner", runner]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and b'"objects"' in outs[0]


@pytest.mark.parametrize("runner", ["langgraph", "local"])
async def test_a_chain_past_its_step_limit_is_one_config_error(monkeypatch, runner: str) -> None:
    from spatioxolver.graphs import agentic

    monkeypatch.setattr(agentic, "RECURSION_LIMIT", 3)  # the agentic chain takes 7 steps
    with pytest.raises(ConfigError, match="exceeded its recursion limit"):
        await aask(_scene(), "How many shapes are there?", runner=runner, cache=False)


def _chatty_client(reasoning: str) -> ScriptedModel:
    """Replies shaped like a real model's: fenced JSON after prose, and a free-text reasoning reply."""
    objects = {"objects": [{"label": "A", "color": "red", "shape": "cube", "bbox": [5, 5, 25, 25]},
                           {"label": "B", "color": "blue", "shape": "sphere", "bbox": [50, 10, 70, 30]}]}  # fmt: skip
    return ScriptedModel(
        {
            "segmentation": "Sure! Here are the objects I can see:\n```json\n"
            + json.dumps(objects)
            + "\n```",
            "relations": 'Relations:\n```json\n{"relations": [{"subject": "A", "predicate": "left_of", '
            '"object": "B", "axis": "H"}]}\n```',
            "symmetry": '```json\n{"groups": [], "symmetries": []}\n```',
            "reasoning": reasoning,
        }
    )


@pytest.mark.parametrize(
    ("reasoning", "expected"),
    [
        ("Looking at the scene, A is clearly further left than B.\n\n**Answer:** A", ("A", None)),
        ("I'm sorry, but I can't determine that from this image.", (None, "refusal")),
    ],
)
async def test_real_model_reply_shapes_give_the_same_answer_on_both_runners(reasoning: str, expected) -> None:
    img = np.full((60, 90, 3), 110, np.uint8)
    runs = [
        await aask(
            img,
            "Which object is further left, A or B?",
            model="scripted/llm",
            client=_chatty_client(reasoning),
            reasoner="llm",
            runner=runner,
            cache=False,
        )  # fmt: skip
        for runner in ("langgraph", "local")
    ]
    assert _comparable(runs[0]) == _comparable(runs[1])
    assert (runs[1].value, runs[1].no_answer) == expected
