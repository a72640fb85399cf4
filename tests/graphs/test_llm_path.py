"""The LLM code paths with a scripted client double (kind "llm", no network)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from spatioxolver.api import aask
from spatioxolver.errors import ParseError
from spatioxolver.models import Usage
from spatioxolver.testing import ScriptedModel

IMAGE = np.full((64, 96, 3), 120, np.uint8)
OBJECTS = {
    "objects": [
        {
            "id": "1",
            "label": "1",
            "color": "Red",
            "shape": "block",
            "size": "big",
            "material": "rubber",
            "bbox": [5, 30, 20, 50],
        },
        {
            "id": "2",
            "label": "2",
            "color": "blue",
            "shape": "sphere",
            "size": "small",
            "material": "metal",
            "bbox": [40, 20, 55, 35],
        },
        {
            "id": "3",
            "label": "3",
            "color": "green",
            "shape": "cylinder",
            "size": "small",
            "material": "metal",
            "bbox": [70, 25, 85, 45],
        },
    ]
}
# A cyclic H tournament (1<2, 2<3, 3<1) that consistency must repair.
RELATIONS = {
    "relations": [
        {"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"},
        {"subject": "2", "predicate": "left_of", "object": "3", "axis": "H"},
        {"subject": "3", "predicate": "left_of", "object": "1", "axis": "H"},
        {"subject": "1", "predicate": "below", "object": "2", "axis": "V"},
        {"subject": "1", "predicate": "closer_than", "object": "2", "axis": "D"},
        {"subject": "bogus", "predicate": "left_of", "object": "2", "axis": "H"},  # ignored: unknown object
    ]
}


def _client(**extra: str) -> ScriptedModel:
    replies = {
        "segmentation": "```json\n" + json.dumps(OBJECTS) + "\n```",
        "relations": json.dumps(RELATIONS),
        "symmetry": '{"groups": [], "symmetries": []}',
        "reasoning": "2",
        "direct_pairwise": "Object 2.",
        "cot_rank": "3, 1, 2",
        "direct_open": "It is behind.",
    }
    replies.update(extra)
    return ScriptedModel(replies, usage=Usage(prompt_tokens=10, completion_tokens=2, cost_usd=0.001))


async def test_agentic_llm_repairs_cycle_and_counts_usage() -> None:
    client = _client()
    ans = await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    h = next(r for r in ans.repairs if r["axis"] == "H")
    assert h["ctr_before"] == 1.0 and h["ctr_after"] == 0.0 and len(h["flipped"]) == 1
    assert ans.value == "2" and not ans.simulated  # the reasoning agent (the model) answers
    assert ans.usage.prompt_tokens == 40 and ans.usage.cost_usd == pytest.approx(0.004)
    assert set(ans.prompt_hashes) == {"segmentation", "relations", "symmetry", "reasoning"}
    attrs = {o.label: o.attributes for o in ans.scene_graph.objects}
    assert attrs["1"].color == "red" and attrs["1"].shape == "cube" and attrs["1"].size == "large"
    assert all(req.images for req in client.requests)  # the image goes to the model


async def test_agentic_llm_reasoner_for_open_questions() -> None:
    client = _client(reasoning="The blue sphere is behind the red cube.")
    ans = await aask(IMAGE, "Describe what is behind the red block.", model="scripted/llm", client=client)
    assert ans.value == "The blue sphere is behind the red cube."
    reasoning = [r for r in client.requests if r.template == "reasoning"][0]
    assert '"relations"' in reasoning.prompt and "mask" not in reasoning.prompt


async def test_direct_and_cot_rank_llm() -> None:
    q = "Which object is to the left of the other: 1 or 2?"
    assert (await aask(IMAGE, q, model="scripted/llm", graph="direct", client=_client())).value == "2"
    ranked = await aask(
        IMAGE, q, model="scripted/llm", graph="cot_rank", client=_client(), marks={"1": (1, 1)}
    )
    assert ranked.value == "1"  # 1 precedes 2 in the ranking "3, 1, 2"


async def test_broken_model_output_is_a_parse_error() -> None:
    client = _client(segmentation="The picture shows a cube and a sphere on a table.")  # no JSON
    with pytest.raises(ParseError):
        await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    ans = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client, return_errors=True
    )
    assert ans.error and ans.error.startswith("ParseError")


async def test_a_refused_perception_step_is_no_answer_not_an_error() -> None:
    client = _client(segmentation="I'm sorry, I can't help with that.")
    ans = await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    assert ans.value is None and ans.no_answer == "refusal" and ans.error is None
    assert ans.text == "I'm sorry, I can't help with that."


async def test_unknown_noun_matching_nothing_goes_to_the_llm_reasoner() -> None:
    # The geometric backend says "There is no object matching ..."; a language model may know
    # the object under another name, so the agentic graph asks the LLM reasoner instead.
    client = _client(reasoning="No, the elephant is on the right.")
    ans = await aask(
        IMAGE,
        "Is the pink elephant left of the red cube?",
        model="scripted/llm",
        client=client,
        reasoner="auto",
    )
    assert ans.value is False and ans.text == "No"  # a yes/no question's reply is read as yes/no
    assert any(r.template == "reasoning" for r in client.requests)
    node = next(e for e in ans.trace if e.get("node") == "reasoning")
    assert node["reasoner"] == "llm" and "no object matching" in node["note"].lower()


async def test_mcq_matching_no_option_goes_to_the_llm_reasoner() -> None:
    client = _client(reasoning="2")
    ans = await aask(
        IMAGE,
        "Which object is the leftmost?",
        model="scripted/llm",
        client=client,
        choices=["a teapot", "a lamp"],
        reasoner="auto",
    )
    assert ans.choice == 2 and ans.value == 2
    assert any(r.template == "reasoning" for r in client.requests)


async def test_llm_reasoner_is_the_default_for_a_real_model_and_symbolic_can_be_chosen() -> None:
    client = _client(reasoning="3")
    ans = await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    assert ans.value == "3"  # the model's answer, not the rule-based reader's
    node = next(e for e in ans.trace if e.get("node") == "reasoning")
    assert node["reasoner"] == "llm"
    client = _client(reasoning="3")
    ans = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client, reasoner="symbolic"
    )
    assert "reasoning" not in [r.template for r in client.requests]
    assert next(e for e in ans.trace if e.get("node") == "reasoning")["reasoner"] == "symbolic"
    from spatioxolver.agents.reasoning import reason_symbolic

    assert ans.value == reason_symbolic("Which object is the leftmost?", ans.scene_graph).value


async def test_symbolic_reasoner_refuses_what_it_cannot_parse() -> None:
    from spatioxolver.errors import UnsupportedQuestionError

    with pytest.raises(UnsupportedQuestionError):
        await aask(
            IMAGE,
            "Describe the mood of this scene.",
            model="scripted/llm",
            client=_client(),
            reasoner="symbolic",
        )


async def test_unknown_reasoner_is_a_config_error() -> None:
    from spatioxolver.errors import ConfigError

    with pytest.raises(ConfigError, match="reasoner"):
        await aask(
            IMAGE, "Which object is the leftmost?", model="scripted/llm", client=_client(), reasoner="oracle"
        )


async def test_reasoning_prompt_carries_names_not_internal_ids_paths_or_masks() -> None:
    client = _client()
    await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    prompt = next(r for r in client.requests if r.template == "reasoning").prompt
    assert '"name": "1"' in prompt and '"color": "red"' in prompt
    for leaked in ("mask", "provenance", "image_hash", '"id"', "/tmp", ".png"):
        assert leaked not in prompt


async def test_refinement_rounds_check_the_answer_and_stop_when_it_holds() -> None:
    client = _client(reasoning="3", reasoning_refine="On checking the relations, the answer is 1.")
    ans = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client, refinements=3
    )
    assert ans.value == "1"  # corrected in round 1
    templates = [r.template for r in client.requests]
    assert templates.count("reasoning") == 1 and templates.count("reasoning_refine") == 2  # round 2 kept 1
    node = next(e for e in ans.trace if e.get("node") == "reasoning")
    assert [r["changed"] for r in node["refinements"]] == [True, False] and node["calls"] == 3
    refine = next(r for r in client.requests if r.template == "reasoning_refine")
    assert "The previous answer was: 3" in refine.prompt


async def test_no_refinement_by_default_and_bad_rounds_are_config_errors() -> None:
    from spatioxolver.errors import ConfigError

    client = _client()
    await aask(IMAGE, "Which object is the leftmost?", model="scripted/llm", client=client)
    assert "reasoning_refine" not in [r.template for r in client.requests]
    for bad in (-1, 9, "two", 1.5):
        with pytest.raises(ConfigError, match="refinements"):
            await aask(
                IMAGE,
                "Which object is the leftmost?",
                model="scripted/llm",
                client=_client(),
                refinements=bad,
            )


def test_compact_graph_writes_complete_acyclic_axes_as_orders() -> None:
    from spatioxolver.agents.reasoning import compact_scene_graph

    from spatioxolver.schema import Relation, SceneGraph, SpatialObject

    objs = [SpatialObject(id=f"o{k}", label=name) for k, name in enumerate(["mug", "lamp", "pen"])]
    h = [("o2", "left_of", "o0"), ("o0", "left_of", "o1"), ("o2", "left_of", "o1")]  # pen, mug, lamp
    v = [("o0", "above", "o1"), ("o1", "above", "o2"), ("o2", "above", "o0")]  # a cycle: kept as pairs
    d = [("o0", "closer_than", "o1")]  # incomplete: kept as pairs
    rels = [Relation(subject=a, predicate=p, object=b, axis=ax) for ax, trip in (("H", h), ("V", v), ("D", d))
            for a, p, b in trip]  # fmt: skip
    compact = compact_scene_graph(SceneGraph(objects=objs, relations=rels))
    assert compact["orders"] == {"H (left to right)": ["pen", "mug", "lamp"]}
    assert sorted(r["axis"] for r in compact["relations"]) == ["D", "V", "V", "V"]
    assert {r["subject"] for r in compact["relations"]} <= {"mug", "lamp", "pen"}
