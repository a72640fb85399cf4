"""The Agent plug-ins: protocol, entry points, async run on plain-data state."""

from __future__ import annotations

import pytest

from spatioxolver.plugins import Agent, load_agent
from spatioxolver.schema import Relation, SpatialObject, Transformation

PERCEPTION = ("segmentation", "attributes", "relations", "symmetry", "transformation")


@pytest.mark.parametrize("name", PERCEPTION)
def test_entry_point_loads_an_agent(name: str) -> None:
    agent = load_agent(name)
    assert isinstance(agent, Agent)
    assert agent.name == name and agent.description and "geometric" in agent.backends


async def test_chain_on_plain_state(render) -> None:
    view = render(61, 5)
    state: dict = {"images": [view.rgb], "options": {}}
    config = {"backend": "geometric"}
    seg = await load_agent("segmentation").run(state, config)
    assert len(seg["objects"]) >= 4
    state["scene_graph"] = {"objects": seg["objects"]}
    att = await load_agent("attributes").run(state, config)
    objs = [SpatialObject.model_validate(o) for o in att["objects"]]
    assert all(o.attributes.color for o in objs)
    state["scene_graph"] = {"objects": att["objects"]}
    rel = await load_agent("relations").run(state, config)
    rels = [Relation.model_validate(r) for r in rel["relations"]]
    n = len(objs)
    assert len(rels) == 3 * n * (n - 1) // 2
    sym = await load_agent("symmetry").run(state, config)
    assert set(sym) == {"groups", "symmetries"}


async def test_two_frames_and_transformation_agent(render) -> None:
    import numpy as np

    view = render(62, 5)
    state: dict = {"images": [view.rgb, np.roll(view.rgb, 5, axis=1)]}
    seg = await load_agent("segmentation").run(state, {})
    frames = {o["frame"] for o in seg["objects"]}
    assert frames == {0, 1}
    assert all(o["id"].startswith("f1o") for o in seg["objects"] if o["frame"] == 1)
    state["scene_graph"] = {"objects": seg["objects"]}
    state["scene_graph"] = {"objects": (await load_agent("attributes").run(state, {}))["objects"]}
    out = await load_agent("transformation").run(state, {})
    ts = [Transformation.model_validate(t) for t in out["transformations"]]
    assert sum(t.object is None for t in ts) == 1
    assert any(t.kind == "motion" for t in ts)


async def test_per_agent_backend_and_options_from_config(render) -> None:
    view = render(63, 3)
    state = {"images": [view.rgb], "options": {"min_area": 10_000_000}}
    out = await load_agent("segmentation").run(state, {"agents": {"segmentation": {"backend": "geometric"}}})
    assert out["objects"] == []  # min_area from the state options applied
    out = await load_agent("segmentation").run(
        {"images": [view.rgb]}, {"configurable": {"options": {"max_objects": 1}}}
    )
    assert len(out["objects"]) == 1
