"""``spatioxolver agents`` and ``spatioxolver benchmarks``: list installed plug-ins."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any


def add_parser(subparsers: Any) -> None:
    agents = subparsers.add_parser("agents", help="list the installed agents and their backends")
    agents.add_argument("--json", action="store_true", help="print JSON instead of a table")
    agents.set_defaults(handler=_agents)
    benchmarks = subparsers.add_parser("benchmarks", help="list the installed benchmarks and their splits")
    benchmarks.add_argument("--json", action="store_true", help="print JSON instead of a table")
    benchmarks.set_defaults(handler=_benchmarks)


def _agents(args: argparse.Namespace) -> int:
    from spatioxolver.plugins import AGENT_GROUP, agent_names, load_agent

    def row(name: str) -> dict[str, Any]:
        agent = load_agent(name)
        return {"name": name, "description": agent.description, "backends": list(agent.backends)}

    return _list(agent_names(), row, AGENT_GROUP, args.json, ("name", "description", "backends"), "Agents")


def _benchmarks(args: argparse.Namespace) -> int:
    from spatioxolver.plugins import BENCHMARK_GROUP, benchmark_names, load_benchmark

    def row(name: str) -> dict[str, Any]:
        bench = load_benchmark(name)
        return {"name": name, "description": bench.description, "splits": list(bench.splits())}

    return _list(
        benchmark_names(), row, BENCHMARK_GROUP, args.json, ("name", "description", "splits"), "Benchmarks"
    )


def _list(
    names: list[str],
    row: Callable[[str], dict[str, Any]],
    group: str,
    as_json: bool,
    columns: tuple[str, ...],
    title: str,
) -> int:
    """List every plug-in; one that fails to load is a row of its own, not a failed listing.

    Exit code 1 (with a ``warning:`` line per problem) when a plug-in failed to load or a
    registration was ignored because its name is taken; 0 otherwise.
    """
    from spatioxolver.errors import SpatioxolverError
    from spatioxolver.plugins import shadowed_plugins

    rows, problems = [], []
    for name in names:
        try:
            rows.append(row(name))
        except SpatioxolverError as exc:
            rows.append(
                {"name": name, "description": f"failed to load: {exc}", columns[2]: [], "error": str(exc)}
            )
            problems.append(str(exc))
    problems += [
        f"{group} plug-in {entry} ignored: the name is already registered"
        for entry in shadowed_plugins(group)
    ]
    _print(rows, as_json, columns, title)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    return 1 if problems else 0


def _print(rows: list[dict[str, Any]], as_json: bool, columns: tuple[str, ...], title: str) -> None:
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(", ".join(v) if isinstance(v, list) else str(v) for v in (row[c] for c in columns)))
    Console().print(table)
