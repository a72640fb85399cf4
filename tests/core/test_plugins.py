"""Plug-ins: built-ins and a real third-party package are found through entry points."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spatioxolver.errors import ConfigError
from spatioxolver.plugins import Agent, agent_names, load_agent, load_benchmark

BUILT_IN_AGENTS = {
    "segmentation",
    "attributes",
    "relations",
    "symmetry",
    "transformation",
    "consistency",
    "reasoning",
}


def test_built_in_agents_are_registered_and_satisfy_the_protocol() -> None:
    assert BUILT_IN_AGENTS <= set(agent_names())
    for name in BUILT_IN_AGENTS:
        agent = load_agent(name)
        assert isinstance(agent, Agent)
        assert agent.name == name and agent.description


def test_unknown_plugin_names_list_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="known agents: .*segmentation"):
        load_agent("no-such-agent")
    with pytest.raises(ConfigError, match="unknown benchmark"):
        load_benchmark("no-such-benchmark")


def _agents_json(env_path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``spatioxolver agents --json`` in a subprocess with ``env_path`` on PYTHONPATH."""
    return subprocess.run(
        [sys.executable, "-m", "spatioxolver", "agents", "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(env_path)},
        cwd=cwd,
        timeout=120,
    )


@pytest.mark.slow
def test_installed_extension_package_is_listed(test_plugin_site: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(test_plugin_site)}
    out = _agents_json(test_plugin_site, tmp_path)
    assert out.returncode == 0, out.stderr
    rows = {row["name"]: row for row in json.loads(out.stdout)}
    assert rows["echo_counter"]["backends"] == ["geometric"]
    assert BUILT_IN_AGENTS <= set(rows)
    # and the plug-in actually runs
    code = (
        "import asyncio; from spatioxolver.plugins import load_agent;"
        "a = load_agent('echo_counter');"
        "print(asyncio.run(a.run({'scene_graph': {'objects': [1, 2, 3]}}, {})))"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert ran.stdout.strip() == "{'object_count': 3}", ran.stderr


def _fake_distribution(root: Path) -> None:
    """A minimal installed distribution (dist-info + module) registering good and bad agents."""
    (root / "fakeplug.py").write_text(
        "class Good:\n    name = 'good'\n    description = 'a working third-party agent'\n"
        "    backends = ('geometric',)\n    async def run(self, state, config):\n        return {}\n"
    )
    info = root / "fakeplug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[spatioxolver.agents]\n"
        "good = fakeplug:Good\n"
        "broken = fakeplug.nosuch:X\n"
        "segmentation = fakeplug:Good\n"
    )


def test_broken_and_shadowing_plugins_do_not_break_the_listing(tmp_path: Path) -> None:
    _fake_distribution(tmp_path)
    out = _agents_json(tmp_path, tmp_path)
    assert out.returncode == 1, out.stderr
    rows = {row["name"]: row for row in json.loads(out.stdout)}
    assert BUILT_IN_AGENTS <= set(rows)
    assert rows["good"]["description"] == "a working third-party agent"
    assert rows["broken"]["description"].startswith("failed to load:")
    # the built-in keeps its name; the third-party registration is reported, not used
    assert rows["segmentation"]["description"] != "a working third-party agent"
    warnings = [line for line in out.stderr.splitlines() if line.startswith("warning: ")]
    assert (
        len(warnings) == 2 and any("broken" in w for w in warnings) and any("ignored" in w for w in warnings)
    )
