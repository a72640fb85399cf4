"""``spatioxolver agents`` and ``spatioxolver benchmarks``: list installed plug-ins."""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_parser(subparsers: Any) -> None:
    agents = subparsers.add_parser("agents", help="list the installed agents and their backends")
    agents.add_argument("--json", action="store_true", help="print JSON instead of a table")
    agents.set_defaults(handler=_agents)
    benchmarks = subparsers.add_parser("benchmarks", help="list the installed benchmarks and their splits")
    benchmarks.add_argument("--json", action="store_true", help="print JSON instead of a table")
    benchmarks.set_defaults(handler=_benchmarks)


def _agents(args: argparse.Namespace) -> int:
    from spatioxolver.plugins import agent_names, load_agent

    rows = []
    for name in agent_names():
        agent = load_agent(name)
        rows.append({"name": name, "description": agent.description, "backends": list(agent.backends)})
    _print(rows, args.json, ("name", "description", "backends"), "Agents")
    return 0


def _benchmarks(args: argparse.Namespace) -> int:
    from spatioxolver.plugins import benchmark_names, load_benchmark

    rows = []
    for name in benchmark_names():
        bench = load_benchmark(name)
        rows.append({"name": name, "description": bench.description, "splits": list(bench.splits())})
    _print(rows, args.json, ("name", "description", "splits"), "Benchmarks")
    return 0


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
