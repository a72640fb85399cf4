"""Agent plug-ins run by the agentic graph (``agents={node: name}`` / ``--agent NODE=NAME``),
one frame-id convention (``f{k}o1``) and typed errors for badly typed ``ask`` options."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spatioxolver.api import ask, build_scene_graph
from spatioxolver.errors import ConfigError, InputError

REPO = Path(__file__).resolve().parents[2]
IMAGE = str(REPO / "examples" / "tabletop.png")

_PLUGIN_SOURCE = '''
SEEN = {}


class FixedObjects:
    """Segmentation replaced: two boxes, ids by the documented convention."""
    name, description, backends = "fake_seg", "two fixed objects", ("geometric",)

    async def run(self, state, runtime):
        SEEN["segmentation"] = (state, runtime)
        runtime.stream_writer({"event": "plugin", "node": "segmentation", "note": "two boxes"})
        objs = [
            {"id": "o1", "bbox": [10, 10, 30, 30], "centroid": [20, 20], "area": 400, "frame": 0},
            {"id": "o2", "bbox": [60, 10, 90, 40], "centroid": [75, 25], "area": 900, "frame": 0},
        ]
        return {"objects": objs, "note": "fixed"}


class SayHello:
    """Reasoning replaced (a sync run is accepted too)."""
    name, description, backends = "fake_reason", "answers hello", ("geometric",)

    def run(self, state, runtime):
        SEEN["reasoning"] = (state, runtime)
        n = len(state["scene_graph"]["objects"])
        return {"answer": {"text": f"hello {n}", "value": n}}


class BadReturn:
    name, description, backends = "fake_bad", "returns junk", ("geometric",)

    async def run(self, state, runtime):
        return {"relations": [{"subject": "o1"}]}


class Crashes:
    name, description, backends = "fake_crash", "raises", ("geometric",)

    async def run(self, state, runtime):
        raise KeyError("boom")
'''


@pytest.fixture()
def fake_plugins(tmp_path, monkeypatch) -> Any:
    """A third-party distribution on sys.path registering four agents (found by entry points)."""
    module = f"spx_fake_plug_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(_PLUGIN_SOURCE)
    info = tmp_path / "spx_fake_plug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spx-fake-plug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[spatioxolver.agents]\n"
        f"fake_seg = {module}:FixedObjects\nfake_reason = {module}:SayHello\n"
        f"fake_bad = {module}:BadReturn\nfake_crash = {module}:Crashes\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    yield importlib.import_module(module)
    sys.modules.pop(module, None)


# ---------------------------------------------------------------- #7 plug-ins in the graph
def test_segmentation_plugin_replaces_the_built_in(fake_plugins, boxes_view):
    builtin = ask(boxes_view.rgb, "How many objects are there?")
    assert builtin.value != 2  # the scene has 5 objects
    answer = ask(boxes_view.rgb, "How many objects are there?", agents={"segmentation": "fake_seg"})
    assert answer.value == 2  # not served from the built-in's perception cache
    seg = next(e for e in answer.trace if e["node"] == "segmentation")
    assert seg["backend"] == "plugin:fake_seg" and seg["plugin"] == "fake_seg"
    assert seg["output"] == {"note": "fixed"}  # keys the node does not own go to the trace
    assert [o.id for o in answer.scene_graph.objects] == ["o1", "o2"]
    # what the plug-in was given: the plain-data state and the run context, as built-ins get them
    state, runtime = fake_plugins.SEEN["segmentation"]
    assert state["question"] == "How many objects are there?" and state["n_frames"] == 1
    assert not state.get("objects") and not state.get("scene_graph")
    ctx = runtime.context
    assert isinstance(ctx.frames[0], np.ndarray) and ctx.frames[0].shape == boxes_view.rgb.shape
    assert len(ctx.clean_frames) == 1 and ctx.backend == "geometric" and ctx.model == "geometric"
    assert ctx.plugins["segmentation"] is not None


@pytest.mark.parametrize("runner", ["langgraph", "local"])
def test_plugins_run_the_same_on_either_runner(fake_plugins, boxes_view, runner):
    events: list[dict] = []
    answer = ask(
        boxes_view.rgb, "How many objects are there?", agents={"segmentation": "fake_seg"}, runner=runner,
        on_event=events.append,
    )  # fmt: skip
    assert answer.value == 2
    _state, runtime = fake_plugins.SEEN["segmentation"]
    assert runtime.context.backend == "geometric" and runtime.store is None
    assert {"event": "plugin", "node": "segmentation", "note": "two boxes"} in events  # its own event


def test_reasoning_plugin_sees_the_repaired_graph(fake_plugins, boxes_view):
    answer = ask(boxes_view.rgb, "Which object is the leftmost?", agents={"reasoning": "fake_reason"})
    n = len(answer.scene_graph.objects)
    assert answer.text == f"hello {n}" and answer.value == n and answer.choice is None
    state, runtime = fake_plugins.SEEN["reasoning"]
    assert state["question"] == "Which object is the leftmost?"
    assert {r["axis"] for r in state["repairs"]} == {"H", "V", "D"}
    assert [e["node"] for e in answer.trace][-1] == "reasoning"


def test_built_in_agents_run_as_plugins_give_the_same_answer(boxes_view):
    # Built-ins and plug-ins share one contract: the built-ins named as plug-ins change nothing.
    nodes = ["segmentation", "attributes", "relations", "symmetry", "consistency", "reasoning"]
    plain = ask(boxes_view.rgb, "How many objects are there?", cache=False)
    plugged = ask(boxes_view.rgb, "How many objects are there?", agents={n: n for n in nodes}, cache=False)
    assert plugged.value == plain.value
    assert {e["node"]: e["backend"] for e in plugged.trace}["relations"] == "plugin:relations"


def test_bad_plugins_are_config_errors(fake_plugins, boxes_view):
    with pytest.raises(ConfigError, match=r"'fake_bad' \(node 'relations'\) returned an invalid 'relations'"):
        ask(boxes_view.rgb, "How many objects are there?", agents={"relations": "fake_bad"})
    with pytest.raises(ConfigError, match=r"'fake_crash' \(node 'symmetry'\) failed: KeyError"):
        ask(boxes_view.rgb, "How many objects are there?", agents={"symmetry": "fake_crash"})
    with pytest.raises(ConfigError, match="unknown agent 'nope'; known agents: .*fake_seg.*segmentation"):
        ask(boxes_view.rgb, "How many objects are there?", agents={"segmentation": "nope"})
    with pytest.raises(ConfigError, match="unknown node 'depth'; pluggable nodes: segmentation"):
        ask(boxes_view.rgb, "How many objects are there?", agents={"depth": "fake_seg"})
    with pytest.raises(ConfigError, match="agentic graph only"):
        ask(
            boxes_view.rgb, "How many objects are there?", graph="direct", agents={"reasoning": "fake_reason"}
        )


def test_cli_agent_option_errors(capsys):
    from spatioxolver.cli._app import main

    assert main(["ask", IMAGE, "How many objects are there?", "--agent", "reasoning"]) == 2
    assert "use NODE=NAME" in capsys.readouterr().err
    assert main(["ask", IMAGE, "How many objects are there?", "--agent", "reasoning=nope"]) == 2
    assert "known agents: " in capsys.readouterr().err


@pytest.mark.slow
def test_installed_plugin_runs_in_the_agentic_graph(test_plugin_site: Path, tmp_path: Path) -> None:
    """The real installable test plug-in (``echo_counter``) replaces the symmetry node of ``ask``."""
    env = {**os.environ, "PYTHONPATH": str(test_plugin_site)}
    cmd = [sys.executable, "-m", "spatioxolver", "ask", IMAGE, "How many objects are there?"]
    out = subprocess.run(
        [*cmd, "--agent", "symmetry=echo_counter", "--json", "--trace"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=180,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    symmetry = next(e for e in result["trace"] if e["node"] == "symmetry")
    assert symmetry["backend"] == "plugin:echo_counter"
    # echo_counter counted the objects of the scene graph it was given
    assert symmetry["output"] == {"object_count": result["value"]} and result["value"] >= 3
    bad = subprocess.run(
        [*cmd, "--agent", "symmetry=no_such_agent"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=180,
    )
    assert bad.returncode == 2 and "known agents: " in bad.stderr and "echo_counter" in bad.stderr


# ---------------------------------------------------------------- #8 one frame-id convention
def test_second_view_ids_are_the_same_in_the_api_and_the_agent(boxes_view):
    import asyncio

    from spatioxolver.agents.segmentation import SegmentationAgent, frame_object_id

    graph = build_scene_graph([boxes_view.rgb, boxes_view.rgb], cache=False)
    api_ids = [o.id for o in graph.objects if o.frame == 1]
    assert api_ids and all(i.startswith("f1o") and "_" not in i for i in api_ids)
    first = [o.id for o in graph.objects if o.frame == 0]
    assert sorted(api_ids) == sorted(frame_object_id(1, i) for i in first)
    from spatioxolver.testing import agent_runtime

    seg = asyncio.run(SegmentationAgent().run({}, agent_runtime([boxes_view.rgb, boxes_view.rgb])))
    assert sorted(o["id"] for o in seg["objects"] if o["frame"] == 1) == sorted(api_ids)


# ---------------------------------------------------------------- #9 typed option errors
@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"marks": [1, 2]}, "marks must be a mapping"),
        ({"marks": "A"}, "marks must be a mapping"),
        ({"marks": {"A": "xy"}}, "mark 'A' must be an \\(x, y\\) pair"),
        ({"marks": {"A": (1, 2, 3)}}, "mark 'A' must be an \\(x, y\\) pair"),
        ({"ground_truth": [1]}, "ground_truth must be a dict"),
        ({"ground_truth": {"foo": 1}}, "without 'scenes' or 'example'"),
        ({"ground_truth": {"scenes": "x"}}, "ground_truth\\['scenes'\\] must be a list"),
        ({"ground_truth": {"example": [1]}}, "ground_truth\\['example'\\] must be a dict"),
        ({"choices": "abc"}, "choices must be a non-empty list"),
        ({"choices": []}, "choices must be a non-empty list"),
        ({"choices": ["a", 2]}, "choices must be a non-empty list"),
        ({"timeout": -1}, "timeout must be a positive number"),
        ({"timeout": 0}, "timeout must be a positive number"),
        ({"timeout": "5"}, "timeout must be a positive number"),
    ],
)
def test_badly_typed_options_are_input_errors(options, match, boxes_view):
    with pytest.raises(InputError, match=match) as info:
        ask(boxes_view.rgb, "How many objects are there?", model="sim/gpt-4o", **options)
    assert "\n" not in str(info.value)


def test_well_typed_options_pass(boxes_view):
    answer = ask(
        boxes_view.rgb,
        "How many objects are there?",
        marks=[{"A": (1.0, np.float64(2.0))}, None],
        choices=["3", "5"],
        timeout=2.5,
        return_errors=True,
    )
    assert answer.error is None or "InputError" not in answer.error
