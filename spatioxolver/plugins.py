"""Extension points: the ``Agent`` and ``Benchmark`` protocols and their entry-point groups.

Built-in agents and benchmarks register through the same entry points as third-party
packages (``[project.entry-points."spatioxolver.agents"]`` in ``pyproject.toml``). Nothing
is imported until asked for: :func:`agent_names` reads only metadata, :func:`load_agent`
imports one plug-in.

A plug-in package declares, for example::

    [project.entry-points."spatioxolver.agents"]
    my_agent = "my_package.agent:MyAgent"

where ``MyAgent`` is a class (instantiated with no arguments) or an instance that
satisfies :class:`Agent`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Protocol, runtime_checkable

from spatioxolver.errors import ConfigError

__all__ = [
    "AGENT_GROUP",
    "BENCHMARK_GROUP",
    "Agent",
    "Benchmark",
    "agent_names",
    "benchmark_names",
    "load_agent",
    "load_benchmark",
    "shadowed_plugins",
]

AGENT_GROUP = "spatioxolver.agents"
BENCHMARK_GROUP = "spatioxolver.benchmarks"


@runtime_checkable
class Agent(Protocol):
    """One step of the pipeline, built-in or plug-in: reads the state, returns an update to it.

    ``state`` is the graph's plain-data state (question, objects, relations, scene graph as
    a dict, ...); ``runtime`` is LangGraph's runtime whose ``context`` is the
    :class:`~spatioxolver.context.RunContext` (model client, frames, options, the model seam
    ``call``). The agent chooses its backend from the run. The returned keys its node owns are
    validated and merged into the state (``docs/pipeline.md``, "One agent contract").
    """

    name: str
    description: str
    backends: tuple[str, ...]

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        """Do the agent's work and return a partial state update."""
        ...


@runtime_checkable
class Benchmark(Protocol):
    """A dataset adapter: named splits, examples with stable ids, and a scorer."""

    name: str
    description: str

    def splits(self) -> list[str]:
        """Names accepted by ``--split``."""
        ...

    def load(self, source: str, *, split: str | None = None, **options: Any) -> Iterable[Any]:
        """Yield the examples of ``source`` (a directory or file) in ``split``."""
        ...


BUILT_IN_DISTRIBUTION = "spatioxolver"


_SCANNED: dict[tuple[str, ...], Any] = {}  # sys.path -> every installed entry point (one scan)


def _entry_points(group: str) -> Iterable[EntryPoint]:
    """The entry points of ``group``; the installed metadata is read once per ``sys.path``.

    Reading every distribution's metadata takes tens of milliseconds, and one ``ask``
    resolves half a dozen agents.
    """
    key = tuple(sys.path)
    scanned = _SCANNED.get(key)
    if scanned is None:
        scanned = _SCANNED[key] = entry_points()
    return scanned.select(group=group)


def _group(group: str) -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in _entry_points(group):
        # A built-in name cannot be taken over by another package; among third parties the
        # first registration on sys.path wins. `shadowed_plugins` reports the losers.
        current = found.get(ep.name)
        if current is None or (_is_built_in(ep) and not _is_built_in(current)):
            found[ep.name] = ep
    return dict(sorted(found.items()))


def _is_built_in(ep: EntryPoint) -> bool:
    dist = getattr(ep, "dist", None)
    return bool(dist is not None and dist.name == BUILT_IN_DISTRIBUTION)


def shadowed_plugins(group: str) -> list[str]:
    """``"name (value)"`` of each registration in ``group`` ignored because the name is taken."""
    chosen = _group(group)
    return sorted(f"{ep.name} ({ep.value})" for ep in _entry_points(group) if chosen[ep.name] != ep)


def agent_names() -> list[str]:
    """Names of every registered agent (reads package metadata only)."""
    return list(_group(AGENT_GROUP))


def benchmark_names() -> list[str]:
    """Names of every registered benchmark (reads package metadata only)."""
    return list(_group(BENCHMARK_GROUP))


def _load(group: str, name: str, kind: str) -> Any:
    eps = _group(group)
    if name not in eps:
        known = ", ".join(eps) or "none"
        raise ConfigError(f"unknown {kind} {name!r}; known {kind}s: {known}")
    try:
        target = eps[name].load()
    except Exception as exc:  # a broken plug-in must not look like a missing one
        raise ConfigError(f"{kind} plug-in {name!r} ({eps[name].value}) failed to load: {exc}") from exc
    return target() if isinstance(target, type) else target


def load_agent(name: str) -> Agent:
    """Import and instantiate the agent registered as ``name``."""
    return _load(AGENT_GROUP, name, "agent")


def load_benchmark(name: str) -> Benchmark:
    """Import and instantiate the benchmark registered as ``name``."""
    return _load(BENCHMARK_GROUP, name, "benchmark")
