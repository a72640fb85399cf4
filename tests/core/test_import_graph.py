"""The package's import graph has no cycles: between its sub-packages (agents, graphs,
models, consistency, ...) and between the modules of ``consistency``. Imports inside
functions count too (a lazy import is still a dependency); imports under
``if TYPE_CHECKING:`` do not (annotations only)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"spatioxolver": "spatioxolver", "agents": "spatioxolver.agents", "graphs": "spatioxolver.graphs",
           "evals": "spatioxolver.evals", "prompts": "spatioxolver.prompts"}  # fmt: skip


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([package, *parts])] = path
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }  # annotations only: not a dependency at run time
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _graph() -> nx.DiGraph:
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for target in _imports(name, path, set(modules)):
            graph.add_edge(name, target)
    return graph


def _unit(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2])


def test_the_scan_sees_the_packages_and_their_imports() -> None:
    graph = _graph()
    assert graph.has_edge("spatioxolver.graphs.agentic", "spatioxolver.graphs._agents")
    assert graph.number_of_nodes() > 100


def test_no_cycles_between_sub_packages() -> None:
    graph = _graph()
    units = nx.DiGraph()
    for a, b in graph.edges:
        ua, ub = _unit(a), _unit(b)
        # A package's __init__ re-exports its modules; a module importing its own package is not a cycle
        if ua != ub and ub != "spatioxolver.__init__" and b != "spatioxolver":
            units.add_edge(ua, ub)
    cycles = list(nx.simple_cycles(units))
    assert not cycles, f"import cycles between packages: {cycles[:5]}"


def test_no_cycles_inside_consistency() -> None:
    graph = _graph()
    inner = graph.subgraph([n for n in graph if n.startswith("spatioxolver.consistency.")])
    assert not list(nx.simple_cycles(inner)), list(nx.simple_cycles(inner))[:5]
