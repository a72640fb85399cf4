"""The simulated model's transformation task: objects matched by label across two views,
nothing flagged (the simulator does not model this agent's accuracy)."""

from __future__ import annotations

import json

from spatioxolver.models import ModelRequest, get_model
from spatioxolver.scenes import render_random_scene


def test_matches_by_label_and_flags_nothing() -> None:
    first = render_random_scene(11, n_objects=4, overlay="letters").scene
    later = json.loads(json.dumps(first))
    gone = later["objects"].pop()["label"]
    client = get_model("sim/gpt-4o").bind({"scenes": [first, later]})
    reply = client.complete_sync(ModelRequest(prompt="x", task={"kind": "transformation", "frames": [0, 1]}))
    value = json.loads(reply.text)
    matches = {m["object"]: m["match"] for m in value["matches"]}
    assert set(matches) == {o["label"] for o in first["objects"]}
    assert matches[gone] is None and all(matches[k] == k for k in matches if k != gone)
    assert value["inconsistent"] is None
