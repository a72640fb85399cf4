"""The chain against an OpenAI-compatible server on a scene of many objects: relations come
from one ordering per axis (one request), and the reasoning prompt carries those orders, not
one relation per pair."""

from __future__ import annotations

import json

import numpy as np

from spatioxolver.api import aask
from spatioxolver.models import get_model
from spatioxolver.testing import LocalServer

NAMES = ["cup", "lamp", "book", "pen", "vase", "clock", "phone", "plant"]
OBJECTS = {"objects": [{"label": n, "bbox": [10 + 40 * k, 20, 40 + 40 * k, 50]} for k, n in enumerate(NAMES)]}
H = NAMES
V = list(reversed(NAMES))
D = NAMES[::2] + NAMES[1::2]
RULES = [
    (r"^You are the object segmentation agent", "Here are the objects:\n```json\n" + json.dumps(OBJECTS) + "\n```"),
    (r"^You are the attribute extraction agent", json.dumps({"objects": [{"label": n, "color": "red",
                                                                         "shape": "cube"} for n in NAMES]})),
    (r"(?s)^You are the spatial relation agent.*Instead of judging every pair",
     "```json\n" + json.dumps({"H": H, "V": V, "D": D}) + "\n```"),
    (r"^You are the grouping and symmetry agent", '{"groups": [{"kind": "row", "members": []}], "symmetries": []}'),
    (r"^You are the reasoning agent", "Looking at the orders, the leftmost object is the cup.\n\nFinal Answer: cup"),
]  # fmt: skip


async def test_eight_objects_one_ordering_request_and_a_linear_reasoning_prompt(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("SPATIOXOLVER_CACHE_DIR", str(tmp_path))
    with LocalServer(rules=RULES) as srv:
        client = get_model("openai/local-model", api_base=srv.url, api_key="sk-test", backoff_base=0.01)
        image = np.full((90, 360, 3), 120, np.uint8)
        ans = await aask(image, "Which object is the leftmost?", model="openai/local-model", client=client)
        texts = [json.dumps(r) for r in srv.requests]
    assert ans.value == "cup" and ans.error is None
    assert sum("spatial relation agent" in t for t in texts) == 1
    assert any("Instead of judging every pair" in t for t in texts)
    graph = ans.scene_graph
    assert len(graph.relations) == 3 * 28 and all(r.source == "llm" for r in graph.relations)
    names = {o.id: o.label for o in graph.objects}
    for r in graph.relations:  # every derived pair follows the lists
        order = {"H": H, "V": V, "D": D}[r.axis]
        first = order.index(names[r.subject]) < order.index(names[r.object])
        assert (r.predicate in ("left_of", "above", "closer_than")) == first
    reasoning = next(t for t in texts if "You are the reasoning agent" in t)
    graph_json = reasoning.split("Scene graph (JSON):")[1].split("Question:")[0]
    assert "left to right" in graph_json and "closer_than" not in graph_json  # orders, not 84 triples
