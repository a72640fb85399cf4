"""Export a run directory to the formats other harnesses read.

* ``csv`` - one row per example: id, status, benchmark, category, subcategory, input,
  gold, pred, correct, error, latency and cost (``results.csv``);
* ``lmms-eval`` - the ``--log_samples`` layout of lmms-eval / lm-evaluation-harness: a
  ``results_<run>.json`` (``{"results": {task: {"alias", "acc,none", "acc_stderr,none"}},
  "configs", "versions", "n-shot"}``) and ``samples_<task>.jsonl`` with ``doc_id``, ``doc``,
  ``target``, ``arguments`` (the rendered prompts), ``resps`` (raw replies),
  ``filtered_resps`` (the scored prediction) and the ``acc`` metric;
* ``inspect`` - an Inspect-style JSON eval log (``version``, ``status``, ``eval``,
  ``results.scores`` with an accuracy metric, ``samples`` with ``input``, ``target``,
  ``messages``, ``output.choices`` and a ``match`` score of ``"C"`` / ``"I"``).

Prompts and replies come from the rows' ``samples`` (``eval --log-samples``); without
them ``arguments`` / ``messages`` hold the question only, and the export says so in a
warning. Every string passes the secret filter again.

Example:
    >>> # export_run("runs/x", "csv")  # -> Path("runs/x/export/results.csv")
"""

from __future__ import annotations

import csv
import json
import math
import re
from pathlib import Path
from typing import Any

from spatioxolver.evals.results import read_rows, redact_obj

from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = ["FORMATS", "export_run"]

FORMATS = ("inspect", "lmms-eval", "csv")
_CSV_FIELDS = [
    "id", "status", "benchmark", "category", "subcategory", "input", "gold", "pred", "correct",
    "error", "error_type", "latency_s", "cost_usd",
]  # fmt: skip


def _load(run_dir: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    run_json = run_dir / "run.json"
    if not run_json.is_file():
        raise BenchmarkError(f"{run_dir}: not a run directory (no run.json)")
    try:
        info = json.loads(run_json.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BenchmarkError(f"{run_json}: unreadable or corrupt run.json ({exc})") from None
    return info if isinstance(info, dict) else {}, read_rows(run_dir / "results.jsonl")


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def _task(info: dict[str, Any]) -> str:
    config = info.get("config") or {}
    name = "-".join(str(p) for p in (config.get("benchmark"), config.get("split")) if p)
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name or "spatioxolver")


def _stderr(values: list[float]) -> float | None:
    if len(values) < 2:
        return None
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))


def export_run(run_dir: str | Path, fmt: str, out: str | Path | None = None) -> tuple[list[Path], list[str]]:
    """Write ``run_dir`` in format ``fmt`` into ``out`` (default ``RUN_DIR/export``).

    Returns:
        ``(files written, warnings)``.

    Raises:
        ConfigError: unknown format.
        BenchmarkError: not a run directory.
    """
    if fmt not in FORMATS:
        raise ConfigError(f"unknown export format {fmt!r}; known: {', '.join(FORMATS)}")
    run_dir = Path(run_dir)
    info, rows = _load(run_dir)
    rows = redact_obj(rows)
    target = Path(out) if out else run_dir / "export"
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create {target}: {exc.strerror or exc}") from None
    warnings = []
    if rows and not any(r.get("samples") for r in rows):
        warnings.append(
            f"{run_dir}: rows have no prompts or raw replies (run eval with --log-samples); "
            "the export holds questions and scored predictions only"
        )
    writer = {"csv": _csv, "lmms-eval": _lmms, "inspect": _inspect}[fmt]
    return writer(info, rows, target), warnings


def _csv(info: dict[str, Any], rows: list[dict[str, Any]], target: Path) -> list[Path]:
    path = target / "results.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=_CSV_FIELDS)
        writer.writeheader()
        for row in rows:
            record = {k: _cell(row.get(k)) for k in _CSV_FIELDS}
            record["cost_usd"] = (row.get("usage") or {}).get("cost_usd")
            writer.writerow(record)
    return [path]


def _prompts(row: dict[str, Any]) -> list[str]:
    samples = row.get("samples") or []
    return [str(s.get("prompt") or "") for s in samples] or [str(row.get("input") or "")]


def _replies(row: dict[str, Any]) -> list[str]:
    samples = row.get("samples") or []
    return [str(s.get("reply") or "") for s in samples] or [str(row.get("text") or "")]


def _lmms(info: dict[str, Any], rows: list[dict[str, Any]], target: Path) -> list[Path]:
    task = _task(info)
    config = info.get("config") or {}
    samples_path = target / f"samples_{task}.jsonl"
    scores = []
    with samples_path.open("w", encoding="utf-8") as handle:
        for doc_id, row in enumerate(rows):
            acc = 1.0 if row.get("correct") is True else 0.0
            scores.append(acc)
            sample = {
                "doc_id": doc_id,
                "doc": {
                    "id": row.get("id"),
                    "question": row.get("input"),
                    "category": row.get("category"),
                    "subcategory": row.get("subcategory"),
                    "meta": row.get("meta"),
                },
                "target": row.get("gold"),
                "arguments": _prompts(row),
                "resps": [_replies(row)],
                "filtered_resps": [row.get("pred") if row.get("status") == "ok" else None],
                "acc": acc,
            }
            if row.get("status") != "ok":
                sample["error"] = row.get("error")
            handle.write(json.dumps(sample, ensure_ascii=False, default=str) + "\n")
    results = {
        "results": {
            task: {
                "alias": task,
                "acc,none": sum(scores) / len(scores) if scores else None,
                "acc_stderr,none": _stderr(scores),
            }
        },
        "configs": {
            task: {
                "task": task,
                "dataset_path": config.get("dataset"),
                "model": config.get("model"),
                "graph": config.get("graph"),
            }
        },
        "versions": {task: info.get("git_commit")},
        "n-shot": {task: 0},
        "n-samples": {task: {"original": len(rows), "effective": len(rows)}},
    }
    results_path = target / f"results_{task}.json"
    results_path.write_text(json.dumps(results, indent=2, default=str), encoding="utf-8")
    return [results_path, samples_path]


def _inspect(info: dict[str, Any], rows: list[dict[str, Any]], target: Path) -> list[Path]:
    config = info.get("config") or {}
    correct = [1.0 if r.get("correct") is True else 0.0 for r in rows]
    samples = []
    for row in rows:
        messages: list[dict[str, Any]] = []
        for prompt, reply in zip(_prompts(row), _replies(row), strict=False):
            messages += [{"role": "user", "content": prompt}, {"role": "assistant", "content": reply}]
        samples.append(
            {
                "id": row.get("id"),
                "epoch": 1,
                "input": row.get("input") or (_prompts(row) or [""])[0],
                "target": row.get("gold")
                if isinstance(row.get("gold"), (str, list))
                else str(row.get("gold")),
                "messages": messages,
                "output": {
                    "model": row.get("model_resolved") or config.get("model"),
                    "choices": [{"message": {"role": "assistant", "content": str(row.get("text") or "")}}],
                    "error": row.get("error"),
                },
                "scores": {
                    "match": {
                        "value": "C" if row.get("correct") is True else "I",
                        "answer": None if row.get("pred") is None else str(row.get("pred")),
                        "explanation": row.get("error") or row.get("judge"),
                    }
                },
                "metadata": {
                    k: row.get(k) for k in ("benchmark", "category", "subcategory", "status", "meta")
                },
            }
        )
    log = {
        "version": 2,
        "status": {"complete": "success", "running": "started"}.get(info.get("status"), "error"),
        "eval": {
            "task": _task(info),
            "created": info.get("started_at"),
            "model": config.get("model"),
            "dataset": {
                "name": config.get("benchmark"),
                "location": config.get("dataset"),
                "samples": len(rows),
            },
            "task_args": {"graph": config.get("graph"), "split": config.get("split")},
            "revision": {"type": "git", "commit": info.get("git_commit")},
        },
        "results": {
            "total_samples": len(rows),
            "completed_samples": sum(1 for r in rows if r.get("status") == "ok"),
            "scores": [
                {
                    "name": "match",
                    "scorer": "match",
                    "metrics": {
                        "accuracy": {
                            "name": "accuracy",
                            "value": sum(correct) / len(correct) if correct else None,
                        },
                        "stderr": {"name": "stderr", "value": _stderr(correct)},
                    },
                }
            ],
        },
        "samples": samples,
    }
    path = target / f"{_task(info)}.inspect.json"
    path.write_text(json.dumps(log, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return [path]
