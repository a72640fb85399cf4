"""Every built-in agent under the one contract: ``await agent.run(state, runtime)`` on plain data."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.errors import ConfigError
from spatioxolver.plugins import Agent, load_agent
from spatioxolver.schema import Relation, SpatialObject, Transformation
from spatioxolver.testing import agent_runtime

PERCEPTION = ("segmentation", "attributes", "relations", "symmetry", "transformation")


@pytest.mark.parametrize("name", PERCEPTION)
def test_entry_point_loads_an_agent(name: str) -> None:
    agent = load_agent(name)
    assert isinstance(agent, Agent)
    assert agent.name == name and agent.description and "geometric" in agent.backends


async def test_chain_on_plain_state(render) -> None:
    view = render(61, 5)
    runtime = agent_runtime([view.rgb])
    state: dict = {}
    seg = await load_agent("segmentation").run(state, runtime)
    assert len(seg["objects"]) >= 4 and seg["images"][0]["width"] == view.rgb.shape[1]
    state["objects"] = seg["objects"]
    att = await load_agent("attributes").run(state, runtime)
    objs = [SpatialObject.model_validate(o) for o in att["objects"]]
    assert all(o.attributes.color for o in objs)
    state["objects"] = att["objects"]
    rel = await load_agent("relations").run(state, runtime)
    rels = [Relation.model_validate(r) for r in rel["relations"]]
    n = len(objs)
    assert len(rels) == 3 * n * (n - 1) // 2
    sym = await load_agent("symmetry").run(state, runtime)
    assert set(sym) == {"groups", "symmetries"}


async def test_two_frames_and_transformation_agent(render) -> None:
    view = render(62, 5)
    runtime = agent_runtime([view.rgb, np.roll(view.rgb, 5, axis=1)])
    seg = await load_agent("segmentation").run({}, runtime)
    assert {o["frame"] for o in seg["objects"]} == {0, 1}
    assert all(o["id"].startswith("f1o") for o in seg["objects"] if o["frame"] == 1)
    state = {"objects": (await load_agent("attributes").run(seg, runtime))["objects"]}
    out = await load_agent("transformation").run(state, runtime)
    ts = [Transformation.model_validate(t) for t in out["transformations"]]
    assert sum(t.object is None for t in ts) == 1
    assert any(t.kind == "motion" for t in ts)


async def test_per_agent_options_and_backends_come_from_the_run(render) -> None:
    view = render(63, 3)
    agent = load_agent("segmentation")
    out = await agent.run({}, agent_runtime([view.rgb], segmentation_options={"min_area": 10_000_000}))
    assert out["objects"] == []  # per-agent options applied
    out = await agent.run({}, agent_runtime([view.rgb], segmentation_options={"max_objects": 1}))
    assert len(out["objects"]) == 1
    with pytest.raises(ConfigError, match="needs a language model"):
        await agent.run({}, agent_runtime([view.rgb], segmentation_backend="llm"))
    with pytest.raises(ConfigError, match="unknown segmentation backend"):
        await agent.run({}, agent_runtime([view.rgb], segmentation_backend="crystal-ball"))


async def test_agents_tolerate_an_empty_scene() -> None:
    runtime = agent_runtime([np.full((40, 60, 3), 128, np.uint8)])
    for name in ("attributes", "relations", "symmetry", "transformation"):
        out = await load_agent(name).run({"objects": []}, runtime)
        assert all(v == [] for v in out.values())
