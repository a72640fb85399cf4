"""Inputs without images: ``scene_graph=`` (SceneGraph / dict / JSON / CLEVR scene JSON) and ``text_only``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spatioxolver.api import Answer, aask, ask, build_scene_graph, scene_graph_from_scene_json
from spatioxolver.errors import ConfigError, InputError
from spatioxolver.models import Usage
from spatioxolver.schema import SceneGraph
from spatioxolver.testing import ScriptedModel


@pytest.fixture(scope="module")
def cvt_set(tmp_path_factory) -> list[dict[str, Any]]:
    """A generated cvt set (2 scenes, ~120 questions): manifest lines with their scene JSON."""
    from spatioxolver.scenes import generate

    root = tmp_path_factory.mktemp("cvt")
    generate("cvt", root, scenes=2, seed=3, progress=False, width=160, height=120, supersample=1)
    lines = [json.loads(x) for x in (root / "manifest.jsonl").read_text().splitlines()]
    for line in lines:
        line["scene"] = json.loads((root / line["scenes"][0]).read_text())
    return lines


def _truth(line: dict[str, Any]) -> dict[str, Any]:
    example = {k: line[k] for k in ("id", "query", "answer")} | {"choices": None, "meta": line["meta"]}
    return {"scenes": [line["scene"]], "example": example}


def _text(line: dict[str, Any]) -> str:
    from spatioxolver.evals.benchmarks.cvt import describe_scene

    return describe_scene(line["scene"], with_graph=False) + "\n\n" + line["question"]


# ---------------------------------------------------------------- scene JSON -> SceneGraph
def test_scene_json_graph_answers_every_cvt_question_exactly(cvt_set):
    from spatioxolver.agents.reasoning import reason_symbolic

    kinds = set()
    for line in cvt_set:
        graph = scene_graph_from_scene_json(line["scene"])
        kinds.add(line["query"]["type"])
        assert reason_symbolic(line["question"], graph).value == sorted(line["answer"]), line["id"]
    assert kinds == {"orbit", "top_down"}


def test_scene_json_graph_contents(cvt_set):
    scene = cvt_set[0]["scene"]
    graph = scene_graph_from_scene_json(scene)
    assert [o.label for o in graph.objects] == [o.get("label") for o in scene["objects"]]
    assert graph.provenance["ground_eps"] == 0.2 and "camera" in graph.provenance
    n = len(graph.objects)
    for axis in "HVD":  # one relation per pair and axis
        assert len(graph.relations_on(axis)) == n * (n - 1) // 2
    # without "directions" the camera rows give the same ground frame
    no_dirs = {k: v for k, v in scene.items() if k != "directions"}
    again = scene_graph_from_scene_json(no_dirs)
    for a, b in zip(graph.objects, again.objects, strict=True):
        assert a.attributes.extras["ground_uw"] == pytest.approx(b.attributes.extras["ground_uw"], abs=1e-5)


# ---------------------------------------------------------------- geometric model
def test_geometric_agentic_with_scene_graph_skips_perception(cvt_set):
    line = next(x for x in cvt_set if x["query"]["type"] == "orbit" and x["query"]["theta"] == 90)
    ans = ask([], line["question"], scene_graph=line["scene"])
    assert ans.value == sorted(line["answer"])
    assert [e["node"] for e in ans.trace] == ["consistency", "reasoning"]
    assert ans.scene_graph is not None and {o.label for o in ans.scene_graph.objects} >= {
        line["query"]["subject"],
        line["query"]["reference"],
    }
    assert ans.usage.prompt_tokens == 0


@pytest.mark.parametrize("graph", ["direct", "cot_rank"])
def test_geometric_baselines_read_the_given_graph(cvt_set, graph):
    line = next(x for x in cvt_set if x["query"]["type"] == "top_down")
    sg = scene_graph_from_scene_json(line["scene"])
    # a SceneGraph, its dict and its JSON string are all accepted
    for given in (sg, sg.model_dump(mode="json"), sg.model_dump_json()):
        assert ask(None, line["question"], graph=graph, scene_graph=given).value == sorted(line["answer"])


def test_geometric_pairwise_from_given_graph_via_cot_rank(cvt_set):
    scene = cvt_set[0]["scene"]
    graph = scene_graph_from_scene_json(scene)
    a, b = (o for o in graph.objects[:2])
    truth = a.label if a.attributes.extras["ground_uw"][0] < b.attributes.extras["ground_uw"][0] else b.label
    q = f"Which object is more to the left: {a.label} or {b.label}?"
    assert ask([], q, graph="cot_rank", scene_graph=graph).value == truth
    assert ask([], q, graph="agentic", scene_graph=graph).value == truth


def test_build_scene_graph_from_given_graph(cvt_set):
    graph = build_scene_graph([], scene_graph=cvt_set[0]["scene"])
    assert isinstance(graph, SceneGraph) and graph.objects
    assert {r["axis"] for r in graph.provenance["repairs"]} == {"H", "V", "D"}
    assert all(r["ctr_after"] == 0 for r in graph.provenance["repairs"])


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("images", "options", "error", "match"),
    [
        ([], {}, InputError, "scene_graph=... or text_only=True"),  # no scene at all
        (None, {}, InputError, "no images given"),
        ((), {"model": "sim/gpt-4o"}, InputError, "text_only=True"),  # a sim model still needs a scene
        ([], {"text_only": True}, ConfigError, "geometric model cannot read a scene described in text"),
        ([], {"scene_graph": "{not json"}, InputError, "not valid JSON"),
        ([], {"scene_graph": 42}, InputError, "must be a SceneGraph"),
        ([], {"scene_graph": {"relations": []}}, InputError, "no 'objects' list"),
        (
            [],
            {"scene_graph": {"objects": [{"label": "1"}]}},
            InputError,
            "not a valid SceneGraph: objects.0.id",
        ),
        ([], {"scene_graph": {"objects": [{"3d_coords": [0, 0, 0]}]}}, InputError, "directions"),
        (
            [],
            {
                "scene_graph": {
                    "directions": {"right": [1, 0, 0], "behind": [0, 1, 0]},
                    "objects": [{"3d_coords": [0, 0, 0]}, {"3d_coords": "x"}],
                }
            },  # fmt: skip
            InputError,
            "object 2 has no 3d_coords",
        ),
        (
            [],
            {"text_only": True, "model": "sim/gpt-4o", "clean_images": ["a.png"]},
            InputError,
            "clean_images",
        ),
    ],
)
def test_bad_inputs_are_typed_errors(images, options, error, match):
    with pytest.raises(error, match=match):
        ask(images, "Which object is further: 1 or 2?", **options)


def test_bad_input_with_return_errors():
    ans = ask([], "Which object is further: 1 or 2?", return_errors=True)
    assert isinstance(ans, Answer) and ans.error is not None and ans.error.startswith("InputError")


def test_build_scene_graph_without_images_or_graph():
    with pytest.raises(InputError, match="needs images"):
        build_scene_graph([], text_only=True, model="sim/gpt-4o")


# ---------------------------------------------------------------- simulated models
@pytest.mark.parametrize("graph", ["direct", "agentic", "cot_rank"])
async def test_sim_text_only_sends_no_image(cvt_set, graph):
    line = next(x for x in cvt_set if x["query"]["type"] == "orbit" and x["query"]["theta"] == 0)
    ans = await aask(
        [], _text(line), model="sim/gpt-4o", graph=graph, text_only=True, ground_truth=_truth(line)
    )
    assert ans.error is None and ans.simulated
    assert isinstance(ans.value, list) and set(ans.value) <= {"left", "right", "front", "behind"}
    if graph == "agentic":
        assert {"text_objects", "text_relations"} <= set(ans.prompt_hashes)
        assert ans.trace[0]["node"] == "segmentation"
    else:
        assert "direct_text" in ans.prompt_hashes


async def test_sim_agentic_with_scene_graph_reasons_symbolically(cvt_set):
    lines = [x for x in cvt_set if x["query"]["type"] == "orbit"][:10]
    for line in lines:
        ans = await aask(
            [], _text(line), model="sim/llava-1.6-34b", scene_graph=line["scene"], ground_truth=_truth(line)
        )
        assert [e["node"] for e in ans.trace] == ["consistency", "reasoning"]
        assert ans.value == sorted(line["answer"])  # no model call: the given graph is exact


# ---------------------------------------------------------------- language models (scripted double)
async def test_llm_direct_text_only_prompt(cvt_set):
    line = cvt_set[0]
    client = _scripted({"direct_text": '```json\n["Behind", "left"]\n```'})
    text = _text(line)
    ans = await aask([], text, model="scripted/llm", graph="direct", text_only=True, client=client)
    assert ans.value == ["behind", "left"]
    (request,) = client.requests
    assert request.images == [] and text in request.prompt and "Scene graph (JSON)" not in request.prompt


async def test_llm_direct_with_scene_graph_prompt(cvt_set):
    line = cvt_set[0]
    client = _scripted({"direct_text": '["front"]'})
    ans = await aask(
        [], line["question"], model="scripted/llm", graph="direct", scene_graph=line["scene"], client=client
    )
    assert ans.value == ["front"]
    prompt = client.requests[0].prompt
    assert "Scene graph (JSON)" in prompt and line["question"] in prompt
    block = json.loads(prompt.split("Scene graph (JSON):\n", 1)[1].split("\n", 1)[0])
    assert len(block["objects"]) == len(line["scene"]["objects"]) and block["relations"]


async def test_llm_agentic_text_only_perceives_from_the_text():
    scene = "- 1: large red rubber cube at (0, 0, 0.7); bbox [5, 30, 20, 50]\n- 2: small blue metal sphere"
    question = f"{scene}\n\nWhich object is more to the left: 1 or 2?"
    objects = {
        "objects": [
            {"id": "1", "label": "1", "color": "red", "shape": "cube", "bbox": [5, 30, 20, 50]},
            {"id": "2", "label": "2", "color": "blue", "shape": "sphere", "bbox": [60, 30, 80, 50]},
        ]
    }
    relations = {"relations": [{"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"}]}
    client = _scripted(
        {"text_objects": json.dumps(objects), "text_relations": json.dumps(relations), "reasoning": "1"}
    )
    ans = await aask([], question, model="scripted/llm", text_only=True, client=client)
    assert ans.value == "1"
    assert [r.template for r in client.requests] == ["text_objects", "text_relations", "reasoning"]
    assert all(r.images == [] and scene in r.prompt for r in client.requests)


def test_prompts_exist_for_every_text_path():
    from spatioxolver.prompts import template_names

    assert {"direct_text", "text_objects", "text_relations", "text_cot_rank"} <= set(template_names())
    assert Path(__file__).parent.joinpath("snapshots", "prompt_direct_text.txt").is_file()


def _scripted(replies: dict[str, str]) -> ScriptedModel:
    return ScriptedModel(replies, usage=Usage(prompt_tokens=5))
