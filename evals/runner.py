"""The evaluation runner: asynchronous, bounded concurrency, resumable, cost-aware.

For each example the runner calls ``spatioxolver.api.aask`` (or an injected callable
with the same signature) with the images, the question, the model and graph, the
ground truth for simulated models (``{"scenes": [...], "example": {...}}``), the
set-of-marks anchors of the first scene and the overlay-free images; it scores the
answer and appends one row to ``results.jsonl`` (flushed and fsynced). ``run.json``
records the configuration, package versions, prompt hashes, the git commit and the
dataset fingerprint.

Example:
    >>> import asyncio, tempfile
    >>> from spatioxolver.evals.example import Example
    >>> async def fake(images, question, **kw):
    ...     return {"value": "1", "text": "1"}
    >>> ex = Example(id="x", benchmark="t", question="q?", query={"type": "pairwise", "objects": ["1", "2"]}, answer="1")
    >>> cfg = RunConfig(dataset="d", benchmark="t", model="m")
    >>> out = asyncio.run(run_examples(cfg, [ex], tempfile.mkdtemp(), answer_fn=fake, progress=False))
    >>> out.counts["correct"]
    1
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spatioxolver.evals.answers import answer_fields, failed_steps, log_samples
from spatioxolver.evals.calls import build_call, example_call
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine
from spatioxolver.evals.metrics.judge import JUDGE_PROMPT_HASH, grade_open, make_judge
from spatioxolver.evals.metrics.scoring import score_example
from spatioxolver.evals.processes import WorkerLost
from spatioxolver.evals.progress import Progress as _Progress
from spatioxolver.evals.results import ResultsFile, redact, rewrite_without_errors, scan_results
from spatioxolver.evals.rundir import RunAborted, RunLock, on_terminate, write_failure
from spatioxolver.evals.runinfo import (
    RunConfig,
    check_resume,
    git_commit,
    now_iso,
    package_versions,
    public_options,
    write_json_atomic,
)

from spatioxolver.controls import decoding_used, run_agent_clients
from spatioxolver.errors import (
    BenchmarkError,
    ConfigError,
    InputError,
    ModelUnavailableError,
    SpatioxolverError,
)

__all__ = [
    "RunConfig",
    "RunOutcome",
    "run_examples",
    "build_call",
    "example_call",
    "answer_fields",
    "model_client",
    "row_base",
]

AnswerFn = Callable[..., Awaitable[Any]]
_META_DROP = (
    "clean_images", "scene_inline", "masks", "depth_maps", "scene_text", "batch_context", "world_prior",
)  # fmt: skip


@dataclass
class RunOutcome:
    """What a finished (or interrupted) run reports back."""

    run_dir: Path
    counts: dict[str, int] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)
    interrupted: bool = False
    skipped: int = 0


def model_client(config: RunConfig) -> Any:
    """The run's model client, built once (``api_base``; ``response_cache=False`` turns the
    response cache off; ``options["model_options"]`` are passed to ``get_model``).

    Raises:
        ConfigError: unknown model or sim profile, missing API key, a model option the
            model does not know (``geometric`` takes none).
    """
    from spatioxolver.models import get_model

    options: dict[str, Any] = dict(config.options.get("model_options") or {})
    if options and config.model.strip() == "geometric":
        raise ConfigError(f"model 'geometric' takes no model options (got {', '.join(sorted(options))})")
    if config.options.get("api_base"):
        options["api_base"] = config.options["api_base"]
    if config.options.get("response_cache") is False:
        options["cache"] = False
    return get_model(config.model, **options)


def prepare_dir(path: str | Path, *, what: str = "output directory") -> Path:
    """Create ``path`` (with parents) and check it is a writable directory.

    Raises:
        InputError: it cannot be created (read-only or missing parent, a file in the way)
            or cannot be written.
    """
    import os

    path = Path(path).expanduser()
    if path.exists() and not path.is_dir():
        raise InputError(f"{what} {path} exists and is not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create {what} {path}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{what} {path} is not writable")
    return path


def _accepts(fn: Callable[..., Any]) -> set[str] | None:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return {p.name for p in params}


def row_base(example: Example, config: RunConfig) -> dict[str, Any]:
    """The fields every row of ``example`` carries, whatever its outcome."""
    return {
        "benchmark": example.benchmark,
        "family": example.family,
        "category": example.category,
        "subcategory": example.subcategory,
        "query": example.query,
        "gold": example.answer,
        "n_choices": len(example.choices) if example.choices else None,
        "scene_key": example.meta.get("scene_key")
        or example.meta.get("scene_id")
        or (Path(example.scenes[0]).stem if example.scenes else None),
        "meta": {k: v for k, v in example.meta.items() if k not in _META_DROP},
        "model": config.model,
        "graph": config.graph,
    }


async def _process(
    example: Example,
    config: RunConfig,
    answer_fn: AnswerFn,
    judge: Any,
    accepted: set[str] | None,
    client: Any = None,
    agent_clients: dict[str, Any] | None = None,
    secrets: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """One example's row. ``secrets``: the key-like values to redact (read once per run,
    :class:`~spatioxolver.evals.results.ResultsFile`), else read from the environment now."""
    row: dict[str, Any] = {"id": example.id, "status": "ok"}
    base = row_base(example, config)
    start = time.perf_counter()
    spent: Any = None
    try:
        call = build_call(example, config)
        if accepted is not None:
            call = {k: v for k, v in call.items() if k in accepted}
        if client is not None:  # the run's client, bound to this example's answer key if simulated
            key = call.pop("ground_truth", None)
            bind = getattr(client, "bind", None)
            call["client"] = bind(key) if callable(bind) and key else client
        if agent_clients and call.get("agent_models"):  # built once; the API binds them to the example
            call["agent_models"] = dict(agent_clients)
        # No retry here: the model client owns the only retry loop.
        answer = await asyncio.wait_for(answer_fn(**call), timeout=config.timeout_s)
        fields = answer_fields(answer)
        if fields["error"] and _rejected_key(str(fields["error"])):
            raise ConfigError(str(fields["error"]))
        latency = time.perf_counter() - start
        row.update(base)
        row.update(
            {
                "latency_s": round(latency, 4),
                "usage": fields["usage"],
                "simulated": fields["simulated"],
                "text": redact(str(fields["text"])[:2000], secrets),
                "value": fields["value"],
                "repairs": [
                    {k: r.get(k) for k in ("axis", "ctr_before", "ctr_after", "flipped", "optimal")}
                    for r in fields["repairs"]
                    if isinstance(r, dict)
                ],
                "prompt_hashes": fields["prompt_hashes"],
            }
        )
        if fields["no_answer"] and fields["value"] is None:  # the model declined: a typed no-answer row
            row["no_answer"] = str(fields["no_answer"])
        if fields["model"]:
            row["model_resolved"] = fields["model"]
        if config.log_samples:
            row["input"] = example.question
            row["samples"] = log_samples(fields["trace"])
        if config.traces:
            row["trace"] = fields["trace"]
            if fields["scene_graph"]:
                row["scene_graph"] = fields["scene_graph"]
        if fields["error"] and fields["value"] is None:
            row.update(
                {
                    "status": "error",
                    "error": redact(str(fields["error"]), secrets)[:500],
                    "error_type": "AnswerError",
                    "correct": False,
                }
            )
            return row
        row.update(score_example(example, fields["value"], fields["text"]))
        if row.get("no_answer"):  # a typed no-answer is wrong, whatever words a judge would find in it
            row.pop("needs_judge", None)
            row["correct"] = False
        if row.pop("needs_judge", False):
            verdict = await grade_open(
                judge, example.question, example.answer, fields["text"], fields["value"]
            )
            row["judge"] = verdict
            row["correct"] = bool(verdict.get("verdict"))
            if verdict.get("usage"):  # the run pays for its judge too: counted in the row's usage
                from spatioxolver.models._seam import add_usage

                row["usage"] = add_usage(row.get("usage") or {}, verdict["usage"])
        return row
    except (asyncio.TimeoutError, TimeoutError):
        reason = f"timed out after {config.timeout_s:g} s; raise --timeout (per example) or retry with --resume --retry-errors"
        kind = "Timeout"
    except (ModelUnavailableError, WorkerLost):
        raise  # the server is gone: stop the run (resume later) instead of an error row per example
    except ConfigError as exc:
        if _rejected_key(str(exc)):  # every later request would be refused too: stop the run at once
            raise RunAborted(
                ConfigError(
                    f"stopped: {redact(' '.join(str(exc).split()))}; fix the key and continue with --resume"
                )
            ) from None
        reason, kind = " ".join(str(exc).split()), type(exc).__name__
        spent = getattr(exc, "usage", None)
    except SpatioxolverError as exc:
        reason, kind = " ".join(str(exc).split()), type(exc).__name__
        spent = getattr(exc, "usage", None)  # what the failed example spent (unparsed replies included)
        row.update(
            failed_steps(example.question, getattr(exc, "trace", None), config.log_samples, config.traces)
        )
    except Exception as exc:  # noqa: BLE001 - one bad example must not stop the run; the row says what happened
        reason, kind = f"{type(exc).__name__}: {' '.join(str(exc).split())}", "InternalError"
    row.update(base)
    row.update(
        {
            "status": "error",
            "error": redact(reason, secrets)[:500],
            "error_type": kind,
            "correct": False,
            "latency_s": round(time.perf_counter() - start, 4),
        }
    )
    if spent is not None:
        from spatioxolver.models._seam import usage_dict

        row["usage"] = usage_dict(spent)
    return row


def _rejected_key(message: str) -> bool:
    """Whether ``message`` says the provider refused the credentials (HTTP 401 / 403)."""
    import re

    return bool(
        re.search(
            r"rejected the API key|\b(?:401|403)\b.*(?:unauthori[sz]ed|forbidden)|AuthenticationError",
            message,
            re.I,
        )
    )


def _error_row(bad: BadLine, config: RunConfig) -> dict[str, Any]:
    return {
        "id": bad.id,
        "status": "error",
        "error": bad.message(),
        "error_type": "BadLine",
        "correct": False,
        "model": config.model,
        "graph": config.graph,
    }


async def run_examples(
    config: RunConfig,
    examples: list[Example | BadLine],
    run_dir: str | Path,
    *,
    resume: bool = False,
    retry_errors: bool = False,
    answer_fn: AnswerFn | None = None,
    judge: Any = None,
    progress: bool | None = None,
    fsync: bool = True,
    processes: int = 1,
) -> RunOutcome:
    """Run ``examples`` into ``run_dir`` (``results.jsonl`` + ``run.json``).

    ``processes`` > 1 answers the examples of a local run in that many processes, this one
    included, sharded by image (:mod:`spatioxolver.evals.processes`; the caller decides when
    it pays, see :func:`~spatioxolver.evals.processes.example_processes`).

    Raises:
        BenchmarkError: ``run_dir`` holds results and neither ``resume`` nor ``retry_errors``
            was asked, or the stored settings differ (see :data:`RESUME_KEYS`).
    """
    # Resolve the model and the judge first: an unknown name or a missing API key is a
    # ConfigError before anything is written, not one error row per example.
    client, agent_clients = None, {}
    if answer_fn is None and config.executor == "ray":  # answered on Ray: see evals/ray_executor.py
        from spatioxolver.evals.ray_executor import ray_answer_fn

        answer_fn = ray_answer_fn(config, address=config.executor_address)
    if answer_fn is None:
        from spatioxolver.api import aask

        answer_fn, client = aask, model_client(config)
        agent_clients = run_agent_clients(
            config.options, ensure_known_graph(config.graph) == "agentic", client
        )
    judge_options = {k: v for k, v in config.options.items() if k in ("api_base", "judge_api_base")}
    if "judge_api_base" in judge_options:
        judge_options["api_base"] = judge_options.pop("judge_api_base")
    judge = judge or make_judge(config.judge, **judge_options)
    run_dir = prepare_dir(run_dir, what="run directory")
    with RunLock(run_dir):
        return await _run_locked(
            config,
            examples,
            run_dir,
            resume=resume,
            retry_errors=retry_errors,
            answer_fn=answer_fn,
            judge=judge,
            progress=progress,
            fsync=fsync,
            client=client,
            agent_clients=agent_clients,
            processes=processes if client is not None else 1,
        )


async def _run_locked(
    config: RunConfig,
    examples: list[Example | BadLine],
    run_dir: Path,
    *,
    resume: bool,
    retry_errors: bool,
    answer_fn: AnswerFn,
    judge: Any,
    progress: bool | None,
    fsync: bool,
    client: Any = None,
    agent_clients: dict[str, Any] | None = None,
    processes: int = 1,
) -> RunOutcome:
    """:func:`run_examples` once the run directory is locked."""
    results, run_json = run_dir / "results.jsonl", run_dir / "run.json"

    public = public_options(config.options)  # no secrets in run.json (model options included)
    config = config.model_copy(update={"options": public})
    previous: dict[str, Any] = {}
    if results.exists() and results.stat().st_size and not (resume or retry_errors):
        raise BenchmarkError(
            f"{run_dir} already holds results; pass --resume to continue it or use a new --run-dir"
        )
    if (resume or retry_errors) and run_json.exists():
        previous = check_resume(run_json, config)
    statuses, _dropped = scan_results(results)
    if retry_errors and any(s != "ok" for s in statuses.values()):
        rewrite_without_errors(results)
        statuses = {k: v for k, v in statuses.items() if v == "ok"}
    if config.limit is not None:
        examples = examples[: config.limit]
    todo = [e for e in examples if e.id not in statuses]
    accepted = _accepts(answer_fn)
    info: dict[str, Any] = {
        "config": config.model_dump(mode="json"),
        "fingerprint": config.fingerprint,
        "versions": package_versions(),
        "git_commit": git_commit(),
        "started_at": previous.get("started_at") or now_iso(),
        "resumed_at": now_iso() if previous else None,
        "status": "running",
        "examples_total": len(examples),
        "prompt_hashes": dict(previous.get("prompt_hashes") or {}),
        "judge_prompt_hash": JUDGE_PROMPT_HASH
        if config.judge not in (None, "normalized", "offline")
        else None,
        "simulated": previous.get("simulated", config.model.startswith("sim/")),
        "decoding": decoding_used(config.options),
    }
    try:
        write_json_atomic(run_json, info)
    except OSError as exc:
        raise write_failure(run_json, exc) from None
    import sys

    from spatioxolver.evals.batch import plan_units
    from spatioxolver.evals.processes import Lane, process_lanes
    from spatioxolver.evals.sharding import LanePicker

    units = plan_units(todo, examples)  # a CVT sequential-batch: one call writes many rows
    outcome = RunOutcome(run_dir=run_dir, skipped=len(examples) - len(todo))
    home = Lane(answer_fn, max(min(config.concurrency, len(units)), 1), client, dict(agent_clients or {}))
    with contextlib.ExitStack() as stack:
        lanes = [home]
        if processes > 1 and len(units) > 1:  # before the bar's and the writer's threads start
            lanes = stack.enter_context(process_lanes(processes, config, home))
        show = sys.stderr.isatty() if progress is None else progress
        sim = " (simulated)" if config.model.startswith("sim/") else ""
        bar = _Progress(len(todo), show, f"{config.benchmark} · {config.model}{sim} · {config.graph}")
        writer = ResultsFile(results, fsync=fsync)
        picker = LanePicker(
            units, len(lanes), wait_for_records=config.options.get("cache", True) is not False
        )
        return await _drive(
            config, lanes, picker, writer, bar, info, outcome, judge=judge, accepted=accepted,
            results=results, run_json=run_json, examples=examples,
        )  # fmt: skip


async def _drive(
    config: RunConfig,
    lanes: list[Any],
    picker: Any,
    writer: ResultsFile,
    bar: Any,
    info: dict[str, Any],
    outcome: RunOutcome,
    *,
    judge: Any,
    accepted: set[str] | None,
    results: Path,
    run_json: Path,
    examples: list[Example | BadLine],
) -> RunOutcome:
    """Answer the units the ``picker`` hands to each lane, write their rows, finish ``run.json``."""
    from spatioxolver.evals.batch import Batch, process_batch
    from spatioxolver.evals.sharding import carrying

    shared = len(lanes) > 1  # an image's perception may travel between lanes (evals/sharding.py)
    secrets = writer.secrets

    async def worker(index: int, lane: Any) -> None:
        if lane.ready is not None:  # a worker process starting: it works only if work is left when ready
            started = asyncio.ensure_future(lane.ready())
            drained = asyncio.ensure_future(picker.drained.wait())
            try:
                await asyncio.wait({started, drained}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                drained.cancel()
            if not started.done() or started.cancelled() or started.exception() is not None:
                started.cancel()  # it cannot start (the other lanes do its share), or all work is taken
                return
        while True:
            item = await picker.next(index)
            if item is None:
                return
            scope = carrying(picker.seed_for(index, item), here=lane.ready is None) if shared else None
            try:
                with scope or contextlib.nullcontext({}) as record:
                    if isinstance(item, BadLine):
                        rows = [_error_row(item, config)]
                    elif isinstance(item, Batch):
                        rows = await process_batch(
                            item, config, lane.answer_fn, row_base, accepted, lane.client
                        )
                    else:
                        rows = [
                            await _process(
                                item, config, lane.answer_fn, judge, accepted, lane.client, lane.agent_clients,
                                secrets,
                            )
                        ]  # fmt: skip
            except WorkerLost:  # this lane's worker process died: another lane answers the example
                picker.give_back(item, index)
                return
            picker.done(index, item, record)
            for row in rows:  # no await between scoring and writing: a row is whole or absent
                info["prompt_hashes"].update(row.pop("prompt_hashes", None) or {})
                if row.get("simulated"):
                    info["simulated"] = True
                try:
                    writer.append(row)
                except OSError as exc:
                    raise RunAborted(write_failure(results, exc)) from None
                bar.update(row)

    workers = [
        asyncio.create_task(worker(i, lane)) for i, lane in enumerate(lanes) for _ in range(lane.width)
    ]
    terminated: list[bool] = []

    def terminate() -> None:  # SIGTERM: stop like Ctrl-C
        terminated.append(True)
        for task in workers:
            task.cancel()

    failure: Exception | None = None
    try:
        with on_terminate(terminate):
            await asyncio.gather(*workers)
    except RunAborted as exc:
        failure = exc.error
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
    except BaseException:
        outcome.interrupted = True
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        if terminated:
            raise KeyboardInterrupt from None
        raise
    finally:
        bar.stop()
        try:
            writer.close()
        except OSError as exc:
            failure = failure or write_failure(results, exc)
        final, _ = scan_results(results, repair=False)
        outcome.counts = {
            "total": len(examples),
            "recorded": len(final),
            "ok": sum(1 for s in final.values() if s == "ok"),
            "errors": sum(1 for s in final.values() if s != "ok"),
            "correct": bar.correct,
            "this_session": bar.done,
        }
        status = "failed" if failure else "interrupted" if outcome.interrupted else "complete"
        info.update({"status": status, "finished_at": now_iso(), "counts": outcome.counts})
        if failure:
            info["error"] = str(failure)
        try:
            write_json_atomic(run_json, info)
        except OSError as exc:  # run.json keeps its previous whole content
            failure = failure or write_failure(run_json, exc)
    if failure:
        raise failure
    return outcome


def ensure_known_graph(graph: str) -> str:
    """The canonical graph name (the one checker: :func:`spatioxolver.graphs.normalize_graph_name`)."""
    from spatioxolver.graphs import normalize_graph_name

    return normalize_graph_name(graph)
