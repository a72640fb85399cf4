"""Read run directories into viewer items: one item per (dataset, example id), with the
question, gold, images and every run's answer, trace and repairs.

The rows (``results.jsonl``) carry answers and traces; the question and the image paths
come from the dataset the run names in ``run.json``, loaded through its benchmark
adapter. A dataset that is gone leaves the items without question and images (each says
why) instead of failing the viewer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spatioxolver.errors import BenchmarkError, SpatioxolverError

__all__ = ["RunInfo", "Item", "collect"]


@dataclass
class RunInfo:
    """One run directory as the viewer shows it."""

    index: int
    dir: str
    benchmark: str
    dataset: str
    model: str
    graph: str
    split: str | None
    simulated: bool

    @property
    def label(self) -> str:
        sim = " (simulated)" if self.simulated else ""
        split = f" · {self.split}" if self.split else ""
        return f"{self.model}{sim} · {self.graph}{split}"

    @property
    def family_key(self) -> tuple[str, str, str | None]:
        """Runs that answer the same questions the same way apart from the graph."""
        return (self.dataset, self.model, self.split)


@dataclass
class Item:
    """One example with every run's answer to it."""

    key: tuple[str, str]
    id: str
    dataset: str
    benchmark: str
    category: str | None = None
    subcategory: str | None = None
    question: str | None = None
    gold: Any = None
    choices: list[str] | None = None
    images: list[str] = field(default_factory=list)
    note: str | None = None
    answers: dict[int, dict[str, Any]] = field(default_factory=dict)


def _read_run(run_dir: Path, index: int) -> tuple[RunInfo, dict[str, Any], list[dict[str, Any]]]:
    from spatioxolver.evals.metrics.summary import latest_rows
    from spatioxolver.evals.results import read_rows

    run_json = run_dir / "run.json"
    if not run_json.is_file():
        raise BenchmarkError(
            f"{run_dir}: not a run directory (no run.json); pass directories written by 'spatioxolver eval'"
        )
    try:
        info = json.loads(run_json.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BenchmarkError(f"{run_json}: unreadable or corrupt run.json ({exc})") from None
    config = info.get("config") if isinstance(info, dict) else None
    if not isinstance(config, dict):
        raise BenchmarkError(f"{run_json}: corrupt run.json (no config object)")
    dataset = str(config.get("dataset") or "")
    run = RunInfo(
        index=index,
        dir=str(run_dir),
        benchmark=str(config.get("benchmark") or ""),
        dataset=Path(dataset).name or str(config.get("benchmark")),
        model=str(config.get("model")),
        graph=str(config.get("graph")),
        split=config.get("split"),
        simulated=bool(info.get("simulated")),
    )
    rows = latest_rows(read_rows(run_dir / "results.jsonl"))
    return run, config, rows


def _examples(config: dict[str, Any], cache: dict[Any, Any]) -> tuple[dict[str, Any], str | None]:
    """id -> Example of the run's dataset and split, or ({}, why not)."""
    from spatioxolver.evals.evaluate import _RUN_OPTIONS, load_examples, resolve_benchmark
    from spatioxolver.evals.example import Example

    dataset = config.get("dataset")
    options = {k: v for k, v in (config.get("options") or {}).items() if k not in _RUN_OPTIONS}
    key = (
        dataset,
        config.get("benchmark"),
        config.get("split"),
        json.dumps(options, sort_keys=True, default=str),
    )
    if key not in cache:
        try:
            bench = resolve_benchmark(dataset, config.get("benchmark"))
            items, _ = load_examples(bench, dataset, split=config.get("split"), options=options)
            cache[key] = ({e.id: e for e in items if isinstance(e, Example)}, None)
        except (SpatioxolverError, OSError) as exc:
            cache[key] = (
                {},
                f"dataset {dataset} could not be loaded ({exc}); question and images are not shown",
            )
    return cache[key]


def _absolute(path: Any, resolved: dict[str, str]) -> str:
    key = str(path)
    if key not in resolved:
        resolved[key] = str(Path(key).resolve())
    return resolved[key]


def collect(run_dirs: list[str | Path]) -> tuple[list[RunInfo], list[Item], list[str]]:
    """Runs, items (in dataset then id order) and warnings for ``run_dirs``.

    Raises:
        BenchmarkError: a directory is not a run directory or its run.json is corrupt.
    """
    runs: list[RunInfo] = []
    items: dict[tuple[str, str], Item] = {}
    warnings: list[str] = []
    cache: dict[Any, Any] = {}
    resolved: dict[str, str] = {}
    for index, run_dir in enumerate(run_dirs):
        run, config, rows = _read_run(Path(run_dir), index)
        runs.append(run)
        examples, why = _examples(config, cache)
        if why and why not in warnings:
            warnings.append(why)
        for row in rows:
            example_id = str(row.get("id"))
            key = (run.dataset, example_id)
            item = items.get(key)
            if item is None:
                example = examples.get(example_id)
                item = Item(
                    key=key,
                    id=example_id,
                    dataset=run.dataset,
                    benchmark=run.benchmark,
                    category=row.get("category"),
                    subcategory=row.get("subcategory"),
                    gold=row.get("gold"),
                )
                if example is not None:
                    item.question = example.question
                    item.choices = list(example.choices) if example.choices else None
                    item.images = [_absolute(p, resolved) for p in example.images]
                else:
                    item.note = why or f"example {example_id} is no longer in dataset {config.get('dataset')}"
                items[key] = item
            item.answers[run.index] = row
    ordered = sorted(items.values(), key=lambda i: i.key)
    return runs, ordered, warnings
