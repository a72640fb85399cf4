"""End-to-end API tests with simulated models on rendered scenes (no network)."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.api import Answer, aask, ask
from spatioxolver.errors import ConfigError, InputError


def _pairwise(view, axis="H", asks="left"):
    labels = [o["label"] for o in view.scene["objects"]]
    a, b = labels[0], labels[1]
    words = {"left": "to the left of", "above": "above", "further": "further from the camera than"}[asks]
    q = f"Looking at this image, which object is {words} the other: {a} or {b}? Answer with just the object number."
    example = {
        "id": f"p-{axis}",
        "query": {"type": "pairwise", "axis": axis, "objects": [a, b], "asks": asks},
    }
    return q, {"scenes": [view.scene], "example": example}, (a, b)


def _truth(view, a, b, axis):
    objs = {o["label"]: o for o in view.scene["objects"]}
    k = {"H": 0, "V": 1, "D": 2}[axis]
    return a if objs[a]["pixel_coords"][k] < objs[b]["pixel_coords"][k] else b


@pytest.mark.parametrize("graph", ["agentic", "direct", "cot_rank", "cot-rank"])
def test_pairwise_every_graph(boxes_view, graph: str) -> None:
    q, gt, (a, b) = _pairwise(boxes_view)
    ans = ask(boxes_view.rgb, q, model="sim/exact", graph=graph, ground_truth=gt)
    assert isinstance(ans, Answer)
    assert ans.value == _truth(boxes_view, a, b, "H") and ans.text == ans.value
    assert ans.simulated and ans.model == "sim/exact" and ans.graph == graph.replace("-", "_")
    assert ans.usage.cost_usd in (0.0, None)
    assert ans.prompt_hashes and all(len(h) == 12 for h in ans.prompt_hashes.values())
    assert all({"node", "backend", "seconds", "usage"} <= set(e) for e in ans.trace)


async def test_agentic_trace_is_one_step_per_agent_with_its_model_calls(boxes_view) -> None:
    q, gt, _ = _pairwise(boxes_view, "D", "further")
    ans = await aask(boxes_view.rgb, q, model="sim/gpt-4o", graph="agentic", ground_truth=gt)
    nodes = [e["node"] for e in ans.trace]
    assert nodes == [
        "segmentation",
        "attributes",
        "relations",
        "symmetry",
        "scene_graph",
        "consistency",
        "reasoning",
    ]
    steps = {e["node"]: e for e in ans.trace}
    assert steps["segmentation"]["calls"] == 1 and steps["relations"]["calls"] == 1
    assert steps["attributes"]["calls"] == 0  # segmentation already named every attribute
    call = steps["segmentation"]["model_calls"][0]
    assert call["template"] == "segmentation" and call["simulated"] and call["reply"].startswith("{")
    assert "transformation" not in nodes  # one frame
    assert {r["axis"] for r in ans.repairs} == {"H", "V", "D"}
    assert all(r["ctr_after"] in (0.0, None) for r in ans.repairs)
    assert ans.scene_graph is not None and len(ans.scene_graph.objects) == len(boxes_view.scene["objects"])


async def test_perception_is_cached_per_image(boxes_view) -> None:
    q, gt, _ = _pairwise(boxes_view)
    first = await aask(boxes_view.rgb, q, model="sim/gpt-4o", ground_truth=gt)
    second = await aask(
        boxes_view.rgb.copy(), "Which object is the leftmost?", model="sim/gpt-4o", ground_truth=gt
    )
    assert not any(e.get("from_cache") for e in first.trace)
    fresh = [e for e in second.trace if not e.get("from_cache")]
    assert [e["node"] for e in fresh] == ["reasoning"] and fresh[0]["calls"] == 0
    assert second.scene_graph == first.scene_graph
    third = await aask(boxes_view.rgb, q, model="sim/gpt-4o", ground_truth=gt, cache=False)
    assert not any(e.get("from_cache") for e in third.trace)


async def test_cvt_direct_and_cot_rank_fallback(tags_view) -> None:
    labels = [o["label"] for o in tags_view.scene["objects"]]
    q = (
        f"If the camera orbits 180 degrees to the right, what is the new spatial relationship of the object "
        f"(Tag {labels[0]}) with respect to the object (Tag {labels[1]})? Choose from [left, right, front, behind]."
    )
    example = {
        "id": "cvt1",
        "query": {
            "type": "orbit",
            "subject": labels[0],
            "reference": labels[1],
            "theta": 180,
            "direction": "right",
        },
        "answer": ["left"],
    }
    gt = {"scenes": [tags_view.scene], "example": example}
    direct = await aask(tags_view.rgb, q, model="sim/exact", graph="direct", ground_truth=gt)
    assert isinstance(direct.value, list) and direct.value == sorted(direct.value)
    ranked = await aask(tags_view.rgb, q, model="sim/exact", graph="cot_rank", ground_truth=gt)
    assert ranked.value == direct.value
    assert any("direct protocol" in str(e.get("note")) for e in ranked.trace)
    agentic = await aask(tags_view.rgb, q, model="sim/exact", graph="agentic", ground_truth=gt)
    assert set(agentic.value) <= {"left", "right", "front", "behind"}


async def test_mcq_open_and_inconsistency(boxes_view) -> None:
    mcq = {"id": "m", "query": {"type": "mcq"}, "answer": 3, "choices": ["a", "b", "c", "d"]}
    ans = await aask(
        boxes_view.rgb,
        "Which option is right?",
        model="sim/exact",
        graph="direct",
        ground_truth={"scenes": [boxes_view.scene], "example": mcq},
    )
    assert ans.value == 3 and ans.choice == 3
    ans = await aask(
        boxes_view.rgb,
        "Which option is right?",
        model="sim/exact",
        graph="agentic",
        ground_truth={"scenes": [boxes_view.scene], "example": mcq},
    )
    assert ans.value == 3 and [e for e in ans.trace if e["node"] == "reasoning"][0]["reasoner"] == "llm"
    opened = {"id": "o", "query": {"type": "open"}, "answer": "the red cube"}
    ans = await aask(
        boxes_view.rgb,
        "What is behind the sphere?",
        model="sim/exact",
        graph="direct",
        ground_truth={"scenes": [boxes_view.scene], "example": opened},
    )
    assert isinstance(ans.value, str) and ans.value
    inc = {"id": "i", "query": {"type": "inconsistent_object", "labels": ["A", "B"]}, "answer": "B"}
    two = [boxes_view.rgb, boxes_view.rgb]
    q = "Which letter marks the modified object? Please use the labels from the first image."
    for graph in ("direct", "agentic"):
        ans = await aask(
            two,
            q,
            model="sim/exact",
            graph=graph,
            ground_truth={"scenes": [boxes_view.scene, boxes_view.scene], "example": inc},
        )
        assert ans.value == "B", graph


def test_events_and_checkpointer(boxes_view, tmp_path) -> None:
    q, gt, _ = _pairwise(boxes_view)
    events: list[dict] = []
    ans = ask(
        boxes_view.rgb,
        q,
        model="sim/exact",
        ground_truth=gt,
        on_event=events.append,
        checkpoint=tmp_path / "ckpt.sqlite",
        thread_id="t1",
    )
    assert ans.value
    starts = [e["node"] for e in events if e["event"] == "start"]
    ends = [e["node"] for e in events if e["event"] == "end"]
    assert starts[0] == "segmentation" and ends[-1] == "reasoning" and sorted(starts) == sorted(ends)
    assert (tmp_path / "ckpt.sqlite").stat().st_size > 0


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"images": None}, InputError),
        ({"images": b"not an image"}, InputError),
        ({"images": "/nonexistent/x.png"}, InputError),
        ({"question": "  "}, InputError),
        ({"graph": "tree"}, ConfigError),
        ({"model": "nonsense"}, ConfigError),
        ({"bogus_option": 1}, ConfigError),
    ],
)
def test_bad_input_raises_typed_errors(boxes_view, kwargs: dict, error: type) -> None:
    args = {"images": boxes_view.rgb, "question": "Which object is the leftmost?", "model": "sim/exact"}
    args.update(kwargs)
    images, question = args.pop("images"), args.pop("question")
    with pytest.raises(error):
        ask(images, question, **args)


def test_sim_without_ground_truth_is_a_config_error(boxes_view) -> None:
    with pytest.raises(ConfigError):
        ask(boxes_view.rgb, "Which object is further: 1 or 2?", model="sim/exact", graph="direct")
    ans = ask(
        boxes_view.rgb,
        "Which object is further: 1 or 2?",
        model="sim/exact",
        graph="direct",
        return_errors=True,
    )
    assert ans.error and ans.error.startswith("ConfigError") and ans.value is None


def test_grayscale_and_rgba_inputs_are_accepted(boxes_view) -> None:
    q, gt, _ = _pairwise(boxes_view)
    rgba = np.dstack([boxes_view.rgb, np.full(boxes_view.rgb.shape[:2], 255, np.uint8)])
    assert ask(rgba, q, model="sim/exact", graph="direct", ground_truth=gt).value
