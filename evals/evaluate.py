"""High-level entry: pick the benchmark, load the split, run, summarise.

Example:
    >>> # summary = evaluate("runs/demo/data/ctr", model="sim/gpt-4o", graph="direct")
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from spatioxolver.evals.example import Example, dataset_fingerprint
from spatioxolver.evals.manifest import BadLine
from spatioxolver.evals.results import read_rows
from spatioxolver.evals.runinfo import RunConfig, write_json_atomic
from spatioxolver.evals.runner import RunOutcome, ensure_known_graph, run_examples

from spatioxolver.controls import agent_model_specs, check_decoding, check_reasoner
from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = [
    "resolve_benchmark",
    "check_dataset",
    "load_examples",
    "find_example",
    "aevaluate",
    "evaluate",
    "summarize_run",
    "summarize_run_rows",
    "default_run_dir",
    "top_errors",
]


def resolve_benchmark(dataset: str | Path, name: str | None = None) -> Any:
    """The adapter named ``name``, or the first registered one that recognises ``dataset``.

    Raises:
        ConfigError: unknown name (the message lists the known ones).
        BenchmarkError: no adapter recognises the dataset.
    """
    from spatioxolver.plugins import benchmark_names, load_benchmark

    if name:
        return load_benchmark(name)
    path = Path(dataset).expanduser()
    if not str(dataset).startswith("hf:") and not path.exists():
        raise BenchmarkError(f"{dataset}: no such file or directory")
    for candidate in benchmark_names():
        bench = load_benchmark(candidate)
        detect = getattr(bench, "detect", None)
        if detect is not None and detect(path):
            return bench
    raise BenchmarkError(
        f"{dataset}: cannot tell which benchmark this is; pass --benchmark (known: {', '.join(benchmark_names())})"
    )


def load_examples(
    bench: Any,
    dataset: str | Path,
    *,
    split: str | None = None,
    strict: bool = False,
    options: dict[str, Any] | None = None,
) -> tuple[list[Example | BadLine], str]:
    """Examples of ``split`` plus the dataset fingerprint."""
    items = list(bench.load(dataset, split=split, strict=strict, **(options or {})))
    index = bench.index_files(dataset) if hasattr(bench, "index_files") else []
    good = [e for e in items if isinstance(e, Example)]
    return items, dataset_fingerprint(index, good)


def check_dataset(
    dataset: str | Path,
    benchmark: str | None = None,
    *,
    split: str | None = None,
    strict: bool = False,
    options: dict[str, Any] | None = None,
) -> None:
    """Raise now what a run of ``dataset`` would raise on reading it (a study checks every
    dataset before its first run): unknown or undetectable benchmark, unreadable layout, an
    empty split. Reads only up to the first example.
    """
    bench = resolve_benchmark(dataset, benchmark)
    load_options = {k: v for k, v in (options or {}).items() if k not in _RUN_OPTIONS}
    items = iter(bench.load(dataset, split=split, strict=strict, **load_options))
    if next(items, None) is None:
        raise BenchmarkError(f"{dataset}: no examples in split {split or 'all'!r}")


#: ``log_samples=None`` keeps samples for runs of at most this many examples.
LOG_SAMPLES_UP_TO = 200

_RUN_OPTIONS = (
    "api_base",
    "judge_api_base",
    "cache",
    "response_cache",
    "repair_method",
    "model_options",
    "agent_models",
    "temperature",
    "max_tokens",
    "timeout",
    "reasoner",
    "relations_options",
    "segmentation_backend",
    "segmentation_options",
    "refinements",
    "world_prior",
    "runner",
)


def _check_numbers(*, limit: int | None, concurrency: int, timeout_s: float, seed: int) -> None:
    """One-line :class:`ConfigError` for a bad numeric setting (before anything runs)."""
    import math

    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ConfigError(f"limit must be a whole number of at least 1, not {limit!r}")
    if isinstance(concurrency, bool) or not isinstance(concurrency, int) or not 1 <= concurrency <= 1024:
        raise ConfigError(f"concurrency must be a whole number from 1 to 1024, not {concurrency!r}")
    try:
        timeout = float(timeout_s)
    except (TypeError, ValueError):
        raise ConfigError(f"timeout must be a number of seconds, not {timeout_s!r}") from None
    if not math.isfinite(timeout) or timeout <= 0:
        raise ConfigError(f"timeout must be a positive number of seconds, not {timeout_s!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"seed must be a whole number >= 0, not {seed!r}")


def find_example(dataset: str | Path, example_id: str, *, benchmark: str | None = None) -> Example:
    """The example ``example_id`` of ``dataset`` (a generated directory or its manifest).

    Raises:
        BenchmarkError: the dataset cannot be read, or has no example with that id (the
            message names a few ids it does have).
    """
    bench = resolve_benchmark(dataset, benchmark)
    items, _ = load_examples(bench, dataset)
    examples = [e for e in items if isinstance(e, Example)]
    for example in examples:
        if example.id == example_id:
            return example
    bad = [b for b in items if isinstance(b, BadLine) and b.id == example_id]
    if bad:
        raise BenchmarkError(bad[0].message())
    some = ", ".join(e.id for e in examples[:3])
    raise BenchmarkError(
        f"{dataset}: no example with id {example_id!r} ({len(examples)} examples{', e.g. ' + some if some else ''})"
    )


def default_run_dir(benchmark: str, model: str, graph: str, split: str | None) -> Path:
    parts = [benchmark, model, graph] + ([split] if split else [])
    return Path("runs") / re.sub(r"[^A-Za-z0-9._+-]+", "_", "-".join(parts))


def top_errors(rows: list[dict[str, Any]], n: int = 3) -> list[dict[str, Any]]:
    """The ``n`` most frequent error messages of ``rows`` (``[{"error", "count"}]``), so a
    failed run says why."""
    from collections import Counter

    counts: Counter[str] = Counter()
    example: dict[str, str] = {}
    for r in rows:
        if r.get("status") == "ok":
            continue
        message = str(r.get("error") or r.get("error_type") or "error")[:300]
        key = re.sub(r"(?:[A-Za-z]:)?(?:/[^\s'\"():,]+)+", "<path>", message)  # group by message, not by file
        counts[key] += 1
        example.setdefault(key, message)
    return [{"error": example[key], "count": count} for key, count in counts.most_common(n)]


def summarize_run(run_dir: str | Path, *, seed: int = 0) -> dict[str, Any]:
    """Compute (and write) ``summary.json`` of one run directory."""
    return summarize_run_rows(run_dir, seed=seed)[0]


def summarize_run_rows(run_dir: str | Path, *, seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """:func:`summarize_run` plus the ``results.jsonl`` rows it read (so a report need not read them again)."""
    import json

    from spatioxolver.evals.metrics.summary import summarize

    run_dir = Path(run_dir)
    run_json = run_dir / "run.json"
    if not run_json.is_file():
        raise BenchmarkError(f"{run_dir}: not a run directory (no run.json)")
    try:
        info = json.loads(run_json.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else (getattr(exc, "strerror", None) or exc)
        raise BenchmarkError(f"{run_json}: unreadable or corrupt run.json ({reason})") from None
    if not isinstance(info, dict):
        raise BenchmarkError(f"{run_json}: corrupt run.json (not a JSON object)")
    bad_lines: list[int] = []
    rows = read_rows(run_dir / "results.jsonl", bad_lines=bad_lines)
    summary = summarize(rows, seed=seed)
    summary["top_errors"] = top_errors(rows)
    summary["warnings"] = []
    if bad_lines:
        shown = ", ".join(str(n) for n in bad_lines[:10]) + (" ..." if len(bad_lines) > 10 else "")
        summary["warnings"].append(
            f"{run_dir / 'results.jsonl'}: skipped {len(bad_lines)} unreadable line(s): {shown}"
        )
    config = info.get("config") or {}
    approximated = sum(
        1 for r in rows if (r.get("judge") or {}).get("method") == "string-match approximation"
    )
    if approximated and str(config.get("benchmark") or "").endswith("-release"):
        summary["warnings"].append(
            f"{approximated} open answers of the {config.get('benchmark')} release were judged by 'normalized', "
            "a string-match approximation of the seed's LLM judge; pass --judge MODEL for numbers comparable "
            "with the paper"
        )
    summary["run"] = {
        "dir": str(run_dir),
        "benchmark": config.get("benchmark"),
        "model": config.get("model"),
        "model_options": (config.get("options") or {}).get("model_options") or {},
        "graph": config.get("graph"),
        "reasoner": (config.get("options") or {}).get("reasoner"),
        "agent_models": (config.get("options") or {}).get("agent_models") or {},
        "decoding": info.get("decoding"),
        "split": config.get("split"),
        "dataset": config.get("dataset"),
        "fingerprint": info.get("fingerprint"),
        "simulated": bool(info.get("simulated")),
        "status": info.get("status"),
        "git_commit": info.get("git_commit"),
        "limit": config.get("limit"),
        "started_at": info.get("started_at"),
        "finished_at": info.get("finished_at") or info.get("resumed_at") or info.get("started_at"),
    }
    write_json_atomic(run_dir / "summary.json", summary)
    return summary, rows


async def aevaluate(
    dataset: str | Path,
    *,
    model: str,
    graph: str = "agentic",
    benchmark: str | None = None,
    split: str | None = None,
    limit: int | None = None,
    concurrency: int = 4,
    run_dir: str | Path | None = None,
    resume: bool = False,
    retry_errors: bool = False,
    judge: str | None = None,
    seed: int = 0,
    strict: bool = False,
    timeout_s: float = 300.0,
    traces: bool = False,
    options: dict[str, Any] | None = None,
    answer_fn: Any = None,
    progress: bool | None = None,
    executor: str = "local",
    executor_address: str | None = None,
    log_samples: bool | None = None,
    workers: int | str | None = None,
) -> tuple[RunOutcome, dict[str, Any]]:
    """Evaluate ``model`` with ``graph`` on ``dataset``; returns the outcome and the summary.

    ``workers`` processes do a local run's CPU-bound work (default ``SPATIOXOLVER_WORKERS``,
    else 1 = all in this process; ``"auto"``, the CLI's default, sizes them to the cores). On
    the geometric backend they answer the examples, this process included, sharded by image
    (:mod:`spatioxolver.evals.processes`; ``"auto"``: one per core); with a model backend they
    run the CPU-bound perception steps (``"auto"``: cores - 1). Either way only with more than
    one example in flight and enough work to pay for starting them; they are shut down when the
    run ends, and results do not depend on them. A script passing ``workers > 1`` runs under
    ``if __name__ == "__main__":`` (workers are spawned).

    ``executor="ray"`` answers the examples on a Ray cluster (``executor_address``, else
    ``RAY_ADDRESS``, else a local Ray); results go to the same run directory either way.
    ``log_samples`` keeps each row's question (``input``) and, per model call, the rendered
    prompt, the raw reply and the parsed value (``samples``); ``None`` (the default) turns it
    on for runs of at most :data:`LOG_SAMPLES_UP_TO` examples.
    """
    from spatioxolver.evals.processes import cpu_sample, example_processes, spare_cores
    from spatioxolver.evals.ray_executor import EXECUTORS

    started = cpu_sample()  # how busy the machine is while the run is set up (worker processes)

    from spatioxolver._pool import default_workers, parse_workers, perception_workers

    if executor not in EXECUTORS:
        raise ConfigError(f"unknown executor {executor!r}; use one of {', '.join(EXECUTORS)}")
    auto = isinstance(workers, str) and workers.strip().lower() == "auto"
    if auto:
        workers = default_workers()  # cores - 1 perception workers (the examples' count is below)
    else:
        workers = default_workers(1) if workers is None else parse_workers(workers, "workers")
    graph = ensure_known_graph(graph)
    bench = resolve_benchmark(dataset, benchmark)
    options = dict(options or {})
    check_decoding(options)  # temperature, max_tokens, timeout (per request): before anything runs
    agent_model_specs(options.get("agent_models"))
    check_reasoner(options.get("reasoner"), model)
    load_options = {k: v for k, v in options.items() if k not in _RUN_OPTIONS}
    items, fingerprint = load_examples(bench, dataset, split=split, strict=strict, options=load_options)
    if not items:
        raise BenchmarkError(f"{dataset}: no examples in split {split or 'all'!r}")
    if all(isinstance(item, BadLine) for item in items):
        raise BenchmarkError(
            f"{dataset}: none of its {len(items)} records could be read as benchmark {bench.name!r} "
            f"(first: {items[0].message()}); check --benchmark and --columns"
        )
    dataset_str = (
        str(dataset) if str(dataset).startswith("hf:") else str(Path(dataset).expanduser().resolve())
    )
    _check_numbers(limit=limit, concurrency=concurrency, timeout_s=timeout_s, seed=seed)
    config = RunConfig(
        dataset=dataset_str,
        benchmark=bench.name,
        split=split,
        model=model,
        graph=graph,
        limit=limit,
        concurrency=concurrency,
        timeout_s=timeout_s,
        judge=judge,
        seed=seed,
        strict=strict,
        traces=traces,
        log_samples=(
            bool(log_samples)
            if log_samples is not None
            else min(len(items), limit or len(items)) <= LOG_SAMPLES_UP_TO
        ),
        options=options,
        fingerprint=fingerprint,
        executor=executor,
        executor_address=executor_address,
    )
    run_dir = Path(run_dir) if run_dir else default_run_dir(bench.name, model, graph, split)
    images = _distinct_images(items, limit)
    processes = 1
    if executor == "local" and answer_fn is None:
        from spatioxolver._pool import usable_cores

        cores = usable_cores()
        processes = example_processes(
            model,
            options,
            concurrency=concurrency,
            workers=cores if auto else workers,
            groups=images,
            examples=min(len(items), limit or len(items)),
            spare=spare_cores(started, cpu_sample(), cores),
        )
    pooled = 1 if processes > 1 else perception_pool_size(workers, concurrency, executor, images)
    with perception_workers(pooled):
        outcome = await run_examples(
            config,
            items,
            run_dir,
            resume=resume,
            retry_errors=retry_errors,
            answer_fn=answer_fn,
            progress=progress,
            processes=processes,
        )
    return outcome, summarize_run(run_dir, seed=seed)


def perception_pool_size(workers: int, concurrency: int, executor: str, images: int) -> int:
    """Worker processes a run's perception gets (1: threads of this process).

    A pool pays only with examples in flight side by side in this process (Ray workers
    perceive on their own) and enough distinct images to pay for starting the workers.

    Example:
        >>> perception_pool_size(8, 2, "local", 500), perception_pool_size(8, 1, "local", 500)
        (2, 1)
    """
    from spatioxolver import _pool

    if executor != "local" or images < _pool.MIN_POOL_IMAGES:
        return 1
    return max(min(workers, concurrency), 1)


def _distinct_images(items: list[Any], limit: int | None) -> int:
    """How many different images (clean renders when given) the first ``limit`` examples show."""
    seen: set[tuple[str, ...]] = set()
    for item in items[:limit] if limit else items:
        if isinstance(item, Example):
            seen.add(tuple(item.clean_images or item.images))
    return len(seen)


def evaluate(dataset: str | Path, **kwargs: Any) -> tuple[RunOutcome, dict[str, Any]]:
    """Synchronous :func:`aevaluate`."""
    return asyncio.run(aevaluate(dataset, **kwargs))
