"""``spatioxolver eval`` (run a model and graph over a benchmark split) and ``spatioxolver report``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from spatioxolver.cli._controls import (
    add_agent_model_flags,
    add_chain_flags,
    add_decoding_flags,
    add_segmentation_flags,
    control_options,
)
from spatioxolver.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    ev = subparsers.add_parser(
        "eval",
        help="evaluate a model + graph on a benchmark split (resumable)",
        description="Evaluate MODEL with GRAPH on DATASET (a `spatioxolver generate` directory, a release file "
        "or directory, a CLEVR scenes file, or hf:NAME). Results go to RUN_DIR/results.jsonl and run.json; "
        "a summary to RUN_DIR/summary.json.",
    )
    ev.add_argument("dataset", metavar="DATASET", nargs="*")
    ev.add_argument(
        "--config",
        metavar="STUDY.toml",
        help="a TOML file describing a whole study (datasets, models, graphs, reasoners, decoding, agent "
        "models, concurrency, run dir; see docs/evaluation.md); flags given here override it",
    )
    ev.add_argument(
        "--data",
        nargs="+",
        default=[],
        metavar="DATASET",
        help="more datasets for one study: every dataset x graph is one run directory under --run-dir, "
        "and one report covers them all",
    )
    ev.add_argument(
        "--model",
        nargs="+",
        default=None,
        help="geometric | sim/<profile> | provider/model (litellm); several make a study (or `models` in --config)",
    )
    ev.add_argument(
        "--graph",
        nargs="+",
        default=None,
        help="agentic | direct | cot_rank (default agentic); several make a study, e.g. --graph agentic direct",
    )
    ev.add_argument(
        "--reasoner",
        nargs="+",
        choices=("llm", "symbolic", "auto"),
        default=None,
        help="the agentic graph's reasoner: llm (the model answers from the scene graph; default for provider "
        "models), symbolic (rule-based reader: the neuro-symbolic arm, reported as 'agentic (symbolic "
        "reasoner)') or auto; several make one agentic arm each, e.g. --graph agentic direct --reasoner llm symbolic",
    )
    ev.add_argument(
        "--benchmark", help="adapter name (default: detected from DATASET); see `spatioxolver benchmarks`"
    )
    ev.add_argument("--split", help="split name(s), joined with '+' (see `spatioxolver benchmarks`)")
    ev.add_argument("--limit", type=int, help="evaluate only the first N examples of the split")
    ev.add_argument("--concurrency", type=int, default=None, help="examples in flight at once (default 4)")
    ev.add_argument(
        "--runner",
        default=None,
        choices=("langgraph", "local"),
        help="run each example's graph as its compiled LangGraph state machine (default) or in-process "
        "(the same nodes and edges, same answers; no LangGraph import, less overhead per example)",
    )
    ev.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds per example (default 300); the per-request limit is --request-timeout",
    )
    ev.add_argument(
        "--workers",
        default=None,
        help="processes for CPU-bound work (1 = in this process): the geometric backend's examples, "
        "sharded by image, else perception (default SPATIOXOLVER_WORKERS, else auto: sized to the cores)",
    )
    ev.add_argument(
        "--executor",
        choices=("local", "ray"),
        default="local",
        help="where examples are answered: local (default) or ray (optional extra 'ray')",
    )
    ev.add_argument(
        "--ray-address", help="Ray cluster to join with --executor ray (default: RAY_ADDRESS or local)"
    )
    ev.add_argument("--run-dir", help="output directory (default runs/<benchmark>-<model>-<graph>[-<split>])")
    ev.add_argument("--resume", action="store_true", help="continue a run: skip examples already recorded")
    ev.add_argument("--retry-errors", action="store_true", help="with a run dir: run the error rows again")
    ev.add_argument(
        "--judge",
        help="open-ended judge: 'normalized' (default: offline string-match approximation, see "
        "docs/evaluation.md) or a model name (the seed's binary LLM judge, e.g. gemini/gemini-2.5-flash)",
    )
    ev.add_argument("--seed", type=int, default=None, help="seed for sampling and bootstrap (default 0)")
    ev.add_argument(
        "--strict", action="store_true", help="a malformed dataset line is fatal instead of an error row"
    )
    ev.add_argument(
        "--traces",
        action="store_true",
        help="store each example's per-node trace and scene graph (boxes, masks) in its row, for 'spatioxolver view'",
    )
    ev.add_argument(
        "--log-samples",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="keep each row's question and, per model call, the rendered prompt, raw reply and parsed value "
        "(default: on for runs of at most 200 examples)",
    )
    ev.add_argument("--api-base", help="OpenAI-compatible server URL for provider/model names")
    ev.add_argument("--judge-api-base", help="OpenAI-compatible server URL for the --judge model")
    ev.add_argument(
        "--columns",
        help="JSON object or file mapping our field keys to the file's columns (spatialab-release keys: "
        "id, image, question, options, gold_option, open_answer, category, subcategory; cvt-release "
        'keys: see docs/evaluation.md), e.g. \'{"gold_option": "answer_idx"}\'',
    )
    ev.add_argument(
        "--option-base",
        type=int,
        choices=(0, 1),
        help="spatialab-release: numeric gold options count from 1 (default: 1 = first option) or 0",
    )
    ev.add_argument("--image-root", help="folder the release's image paths are relative to")
    ev.add_argument(
        "--batch-size",
        type=int,
        help="scenes per batch for the CVT `sequential` and `sequential-batch` protocols (default 20, seed 003; it used 10 for GPT-5.2 only)",
    )
    ev.add_argument(
        "--no-cache",
        action="store_true",
        help="do not read or write the model response cache (LLM models; cache=False)",
    )
    add_agent_model_flags(ev)
    add_chain_flags(ev)
    add_segmentation_flags(ev)
    ev.add_argument(
        "--world-prior",
        default=None,
        metavar="clevr|FILE",
        help="assume this world (lens, camera elevation and distance, object sizes) for every example: 'clevr' "
        "or a JSON file of WorldPrior fields; default: a generated set's own (its generation.json), else none",
    )
    add_decoding_flags(ev, timeout_flags=("--request-timeout",))
    ev.add_argument(
        "--model-option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="option passed to the model client, repeatable; VALUE is read as JSON when it parses "
        "(0.5, 3, true, null), else as text. E.g. --model-option sigma_d=0.5 --model-option seed=3 "
        "for sim/custom; an option the model does not know is an error",
    )
    ev.add_argument(
        "--max-error-rate",
        type=float,
        default=None,
        help="exit 1 (with the most frequent errors) when more than this fraction of rows are errors "
        "(default 0.5); a run whose rows are all errors exits 2",
    )
    ev.add_argument("--clevr-split", help="clevr: the split of a CLEVR_v1.0 folder (default val)")
    ev.add_argument("--no-progress", action="store_true", help="no progress bar")
    ev.set_defaults(handler=_eval)

    exp = subparsers.add_parser(
        "export",
        help="export a run directory for other harnesses (inspect, lmms-eval, csv)",
        description="Write RUN_DIR's rows as an Inspect-style eval log, lmms-eval --log_samples files or a CSV.",
    )
    exp.add_argument("run_dir", metavar="RUN_DIR")
    exp.add_argument("--format", required=True, choices=("inspect", "lmms-eval", "csv"), help="output format")
    exp.add_argument("--out", help="output folder (default RUN_DIR/export)")
    exp.set_defaults(handler=_export)

    rep = subparsers.add_parser("report", help="write report.md / report.html / plots for run directories")
    rep.add_argument("run_dirs", nargs="+", metavar="RUN_DIR")
    rep.add_argument("--out", required=True, help="output directory")
    rep.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    rep.set_defaults(handler=_report)


def _columns(value: str | None) -> dict[str, Any] | None:
    """The ``--columns`` JSON (inline or a file); keys and values are checked by the adapter."""
    if not value:
        return None
    inline = value.lstrip().startswith("{")
    if not inline and not Path(value).is_file():
        raise ConfigError(f"--columns: no such file {value!r} (give a JSON object or a JSON file)")
    try:
        text = value if inline else Path(value).read_text(encoding="utf-8")
        mapping = json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--columns: cannot read {value!r} ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"--columns: not valid JSON ({exc.msg})") from exc
    if not isinstance(mapping, dict):
        raise ConfigError('--columns must be a JSON object such as \'{"question": "prompt"}\'')
    return mapping


_SECRET_WORDS = ("key", "token", "secret", "password")


def parse_model_options(items: list[str] | None) -> dict[str, Any]:
    """``["sigma_d=0.5", "name=x"]`` -> ``{"sigma_d": 0.5, "name": "x"}``.

    Values are read as JSON when they parse (numbers, ``true``/``false``, ``null``, quoted
    strings, lists, objects), otherwise kept as text.

    Raises:
        ConfigError: no ``=``, an empty or repeated key, or a secret-like key (API keys come
            from the environment and are never recorded in ``run.json``).

    Example:
        >>> parse_model_options(["sigma_d=0.5", "seed=3", "bias=-0.1", "note=hi"])
        {'sigma_d': 0.5, 'seed': 3, 'bias': -0.1, 'note': 'hi'}
    """
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = str(item).partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"--model-option {item!r}: expected KEY=VALUE, e.g. sigma_d=0.5")
        if key in out:
            raise ConfigError(f"--model-option {key} given more than once")
        if any(w in key.lower() for w in _SECRET_WORDS):
            raise ConfigError(
                f"--model-option {key}: secrets are not taken on the command line; "
                "set the provider's API key variable in the environment"
            )
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


#: Settings a study file may give and their defaults when neither it nor a flag does.
_DEFAULTS: dict[str, Any] = {
    "concurrency": 4,
    "timeout": 300.0,
    "seed": 0,
    "max_error_rate": 0.5,
    "executor": "local",
}
#: Flag (``args`` attribute) -> study setting, where the names differ.
_FROM_STUDY = {"model": "models", "graph": "graphs", "reasoner": "reasoners", "dataset": "datasets"}


def _apply_study(args: argparse.Namespace) -> None:
    """Fill the flags not given on the command line from ``--config`` (then the defaults)."""
    from spatioxolver.cli._study import read_study

    study = read_study(args.config) if args.config else {}
    for name in (
        "model", "graph", "reasoner", "run_dir", "benchmark", "split", "limit", "concurrency", "timeout",
        "seed", "judge", "api_base", "judge_api_base", "executor", "max_error_rate", "image_root",
        "temperature", "max_tokens", "request_timeout", "log_samples",
    ):  # fmt: skip
        if getattr(args, name, None) in (None, []):
            value = study.get(_FROM_STUDY.get(name, name), _DEFAULTS.get(name))
            setattr(args, name, value)
    if not args.dataset and not args.data:
        args.dataset = list(study.get("datasets") or [])
    for flag in ("no_cache", "traces"):
        if not getattr(args, flag, False) and study.get(flag):
            setattr(args, flag, True)
    if args.executor not in ("local", "ray"):
        raise ConfigError(f"--config {args.config}: executor must be local or ray, not {args.executor!r}")
    args.study_agent_models = study.get("agent_models") or {}
    args.study_model_options = study.get("model_options") or {}
    args.study_repair = study.get("repair")
    if not args.model:
        raise ConfigError("give --model (or `models` in the --config file); see 'spatioxolver eval --help'")
    args.graph = list(args.graph or ["agentic"])


def _eval(args: argparse.Namespace) -> int:
    import math

    _apply_study(args)
    if args.limit is not None and args.limit < 1:
        raise ConfigError("--limit must be at least 1")
    if not 1 <= args.concurrency <= 1024:
        raise ConfigError("--concurrency must be from 1 to 1024")
    if not math.isfinite(args.timeout) or args.timeout <= 0:
        raise ConfigError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    if args.seed < 0:
        raise ConfigError("--seed must be 0 or more")
    import os

    from spatioxolver._pool import ENV_WORKERS, default_workers, parse_workers

    if args.workers is None:  # SPATIOXOLVER_WORKERS, else sized to the cores for this run's work
        args.workers = default_workers() if os.environ.get(ENV_WORKERS, "").strip() else "auto"
    elif str(args.workers).strip().lower() != "auto":
        args.workers = parse_workers(args.workers, "--workers")
    if args.batch_size is not None and args.batch_size < 1:
        raise ConfigError("--batch-size must be at least 1")
    if not math.isfinite(args.max_error_rate) or not 0 <= args.max_error_rate <= 1:
        raise ConfigError(f"--max-error-rate must be a fraction from 0 to 1, not {args.max_error_rate:g}")
    options: dict[str, Any] = {}
    if args.no_cache:
        options["response_cache"] = False
    if args.api_base:
        options["api_base"] = args.api_base
    if args.judge_api_base:
        options["judge_api_base"] = args.judge_api_base
    if args.columns:
        options["columns"] = _columns(args.columns)
    if args.option_base is not None:
        options["option_base"] = args.option_base
    if args.image_root:
        options["image_root"] = args.image_root
    if args.batch_size is not None:
        options["batch_size"] = args.batch_size
    if args.clevr_split:
        options["clevr_split"] = args.clevr_split
    if args.world_prior:
        from spatioxolver.world import coerce_world_prior

        options["world_prior"] = coerce_world_prior(args.world_prior).to_dict()
    if args.study_repair:
        options["repair_method"] = args.study_repair
    if getattr(args, "runner", None):
        options["runner"] = args.runner
    model_options = {
        **parse_model_options_from_study(args.study_model_options),
        **parse_model_options(args.model_option),  # flags win per key
    }
    if model_options:
        options["model_options"] = model_options
    controls = control_options(args)  # --agent-model, --temperature, --max-tokens, --request-timeout
    controls.pop("reasoner", None)  # one per cell, below
    agent_models = {**args.study_agent_models, **controls.pop("agent_models", {})}  # flags win per agent
    if agent_models:
        options["agent_models"] = agent_models
    options.update(controls)
    datasets = [*args.dataset, *args.data]
    if not datasets:
        raise ConfigError("give a DATASET (or several with --data A B); see 'spatioxolver eval --help'")
    graphs = list(dict.fromkeys(args.graph))
    reasoners = list(dict.fromkeys(args.reasoner or [None]))
    if args.reasoner and "agentic" not in graphs:
        raise ConfigError("--reasoner chooses the agentic graph's reasoning agent: add agentic to --graph")
    models = list(dict.fromkeys(args.model))
    cells = [
        (d, m, g, r)
        for d in datasets
        for m in models
        for g in graphs
        for r in (reasoners if g == "agentic" else [None])
    ]
    if len(cells) == 1:
        dataset, model, graph, reasoner = cells[0]
        cell_options = _cell_options(options, graph, reasoner)
        return _eval_cell(args, dataset, graph, args.run_dir, cell_options, model)
    return _study(args, cells, options, several_models=len(models) > 1)


def parse_model_options_from_study(options: dict[str, Any]) -> dict[str, Any]:
    """A study file's ``[model_options]``, checked like ``--model-option`` (no secrets)."""
    for key in options:
        if any(w in str(key).lower() for w in _SECRET_WORDS):
            raise ConfigError(
                f"model_options.{key}: secrets are not taken from a study file; "
                "set the provider's API key variable in the environment"
            )
    return dict(options)


def _cell_options(options: dict[str, Any], graph: str, reasoner: str | None) -> dict[str, Any]:
    """A cell's options: its reasoner; per-agent models only where there are agents (agentic)."""
    if graph != "agentic":
        return {k: v for k, v in options.items() if k != "agent_models"}
    return {**options, "reasoner": reasoner} if reasoner else options


def _study(
    args: argparse.Namespace,
    cells: list[tuple[str, str, str, str | None]],
    options: dict[str, Any],
    *,
    several_models: bool = False,
) -> int:
    """Several datasets x models x arms: one run directory per cell under the study folder, one report."""
    import re

    from spatioxolver.evals.evaluate import check_dataset
    from spatioxolver.evals.report import write_report
    from spatioxolver.evals.runner import ensure_known_graph

    for dataset in dict.fromkeys(c[0] for c in cells):  # bad input stops the study before anything runs
        check_dataset(dataset, args.benchmark, split=args.split, strict=args.strict, options=options)
    for graph in dict.fromkeys(c[2] for c in cells):
        ensure_known_graph(graph)
    root = Path(args.run_dir or "runs/study")
    run_dirs: list[str] = []
    code = 0
    for dataset, model, graph, reasoner in cells:
        name = Path(dataset.rstrip("/")).name or dataset
        parts = [name, *([model] if several_models else []), graph, *([reasoner] if reasoner else [])]
        cell = root / re.sub(r"[^A-Za-z0-9._+-]+", "_", "-".join(parts))
        while str(cell) in run_dirs:
            cell = cell.with_name(cell.name + "_")
        run_dirs.append(str(cell))
        cell_options = _cell_options(options, graph, reasoner)
        code = max(code, _eval_cell(args, dataset, graph, str(cell), cell_options, model))
    result = write_report(run_dirs, root / "report", seed=args.seed)
    _warn(result.get("warnings") or [])
    print(f"study: {len(run_dirs)} runs in {root}; report: {result['report_md']}, {result['report_html']}")
    return code


def _eval_cell(
    args: argparse.Namespace,
    dataset: str,
    graph: str,
    run_dir: str | None,
    options: dict[str, Any],
    model: str,
) -> int:
    """One dataset with one graph (the whole of a plain ``eval``); returns its exit code."""
    from spatioxolver.costs import format_cost
    from spatioxolver.evals.evaluate import evaluate
    from spatioxolver.evals.report.headline import arm_label, model_label
    from spatioxolver.evals.report.render import fmt_ci

    outcome, summary = evaluate(
        dataset,
        model=model,
        graph=graph,
        benchmark=args.benchmark,
        split=args.split,
        limit=args.limit,
        concurrency=args.concurrency,
        run_dir=run_dir,
        resume=args.resume,
        retry_errors=args.retry_errors,
        judge=args.judge,
        seed=args.seed,
        strict=args.strict,
        timeout_s=args.timeout,
        traces=args.traces,
        log_samples=args.log_samples,
        options=options,
        progress=False if args.no_progress else None,
        executor=args.executor,
        executor_address=args.ray_address,
        workers=args.workers,
    )
    totals = summary["totals"]
    sim = " (simulated)" if summary["run"].get("simulated") else ""
    from spatioxolver.evals.results import redact

    print(
        redact(
            f"{summary['run']['benchmark']} · {model_label(summary['run'])}{sim} · {arm_label(summary['run'])}: "
            f"accuracy {fmt_ci(summary['accuracy'])} % over {totals['examples']} examples, "
            f"{totals['errors']} errors, {totals['prompt_tokens']}+{totals['completion_tokens']} tokens, "
            f"{format_cost(totals['cost_usd'], unknown=int(totals.get('cost_unknown_rows') or 0), what='examples')}, "
            f"{outcome.skipped} resumed"
        )
    )
    print(f"results: {outcome.run_dir}/results.jsonl  summary: {outcome.run_dir}/summary.json")
    _warn(summary.get("warnings") or [])
    return _exit_code(summary, args.max_error_rate)


def _exit_code(summary: dict[str, Any], max_error_rate: float) -> int:
    """2 when every row is an error, 1 when the error rate is above ``max_error_rate`` (the
    most frequent errors go to stderr), else 0."""
    import sys

    from spatioxolver.evals.results import redact

    totals = summary["totals"]
    examples, errors = int(totals.get("examples") or 0), int(totals.get("errors") or 0)
    if not examples or not errors:
        return 0
    rate = errors / examples
    if errors < examples and rate <= max_error_rate:
        return 0
    head = (
        "every row is an error"
        if errors == examples
        else (f"{errors} of {examples} rows are errors ({rate:.0%} > --max-error-rate {max_error_rate:g})")
    )
    print(f"error: {head}; most frequent:", file=sys.stderr)
    for item in summary.get("top_errors") or []:
        print(f"  {item['count']} x {redact(item['error'])}", file=sys.stderr)
    return 2 if errors == examples else 1


def _warn(lines: list[str]) -> None:
    import sys

    for line in lines:
        print(f"warning: {line}", file=sys.stderr)


def _export(args: argparse.Namespace) -> int:
    from spatioxolver.evals.export import export_run

    files, warnings = export_run(args.run_dir, args.format, args.out)
    _warn(warnings)
    for path in files:
        print(f"wrote {path}")
    return 0


def _report(args: argparse.Namespace) -> int:
    from spatioxolver.evals.report import write_report

    if args.seed < 0:
        raise ConfigError("--seed must be 0 or more")
    result = write_report(args.run_dirs, args.out, seed=args.seed)
    _warn(result.get("warnings") or [])
    print(f"wrote {result['report_md']}, {result['report_html']}, {len(result['plots'])} plots")
    return 0
