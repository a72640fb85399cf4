"""One model call answering many examples: seed 003's concatenated sequential prompt (CVT).

Examples marked by :func:`spatioxolver.evals.benchmarks.cvt_batch.concatenated_batches`
(``meta.batch_id``) are grouped by the runner into a :class:`Batch`; :func:`process_batch` makes
the one ``direct``-graph call (query type ``cvt_batch``: every scene block with its questions
``q_<n>: ...`` in one prompt) and writes one row per example, as the per-example path does:

* each example's entry of the reply's JSON table is read by its own parser
  (:func:`spatioxolver.replies.parse_relation_set`): a missing entry is that row's
  ``no_answer`` (scored wrong), a garbled one that row's ``ParseError`` (an error row); the
  other rows of the batch are unaffected. A failed call (or a reply that is no JSON table at all)
  gives an error row to every example of the batch.
* **Tokens and cost.** The call's usage is split evenly over the rows this call writes (integer
  token shares, the remainder to the first rows; cost and latency divided), so the run's totals
  are what was spent; each row's ``batch`` field keeps the whole call's usage, latency, size and
  id. Resuming a half-done batch re-sends the whole batch prompt (the protocol's context is the
  batch) and writes only the missing rows, which then carry all of that call's cost.
* Timeout: the run's per-call timeout times the number of scenes in the batch.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine
from spatioxolver.evals.results import redact
from spatioxolver.evals.runinfo import RunConfig

from spatioxolver.errors import ConfigError, ModelUnavailableError, SpatioxolverError

__all__ = ["Batch", "plan_units", "batch_call", "process_batch", "split_usage"]


@dataclass
class Batch:
    """The examples of one call, in prompt order, and those of them still without a row."""

    id: str
    examples: list[Example] = field(default_factory=list)
    todo: list[Example] = field(default_factory=list)


def plan_units(todo: list[Example | BadLine], examples: list[Example | BadLine]) -> list[Any]:
    """``todo`` with the examples of each batch replaced by one :class:`Batch` (at its first
    pending example's place); examples without ``meta.batch_id`` stay as they are."""
    members: dict[str, list[Example]] = {}
    for e in examples:
        if isinstance(e, Example) and e.meta.get("batch_id"):
            members.setdefault(str(e.meta["batch_id"]), []).append(e)
    units: list[Any] = []
    batches: dict[str, Batch] = {}
    for item in todo:
        bid = item.meta.get("batch_id") if isinstance(item, Example) else None
        if not bid:
            units.append(item)
            continue
        if bid not in batches:
            batches[bid] = Batch(id=str(bid), examples=members.get(str(bid), [item]))
            units.append(batches[bid])
        batches[bid].todo.append(item)
    return units


def batch_call(batch: Batch, config: RunConfig) -> dict[str, Any]:
    """Keyword arguments of the one ``aask`` call of ``batch`` (prompt, images, answer keys).

    Raises:
        ConfigError: a graph other than ``direct``, or the ``geometric`` model.
        BenchmarkError: a missing image or scene file.
    """
    from spatioxolver.evals.runner import ensure_known_graph, example_call

    if ensure_known_graph(config.graph) != "direct":
        raise ConfigError(
            f"the sequential-batch protocol is one direct call per batch; run it with --graph direct "
            f"(got {config.graph!r})"
        )
    if config.model.strip() == "geometric":
        raise ConfigError(
            "the sequential-batch protocol needs a language model (or sim/<profile>), not geometric"
        )
    calls = [
        example_call(e, model=config.model, graph="direct", options=config.options) for e in batch.examples
    ]
    blocks: list[str] = []
    images: list[str] = []
    clean: list[str] = []
    items: list[dict[str, str]] = []
    current = None
    for e, call in zip(batch.examples, calls, strict=True):
        meta = e.meta
        scene = str(meta["batch_scene"])
        if scene != current:  # a new scene: its block, and its image in image mode
            current = scene
            blocks.append(str(meta.get("batch_context") or f"Scene '{scene}':"))
            images += list(call.get("images") or [])[:1]
            clean += list(call.get("clean_images") or [])[:1]
        blocks[-1] += f"\n{meta['batch_qid']}: {meta.get('batch_question') or e.question}"
        items.append({"scene": scene, "qid": str(meta["batch_qid"])})
    out: dict[str, Any] = {
        "images": images,
        "question": "\n\n".join(blocks),
        "model": config.model,
        "graph": "direct",
        "query": {"type": "cvt_batch", "items": items},
        "ground_truth": {"batch": [call["ground_truth"] for call in calls]},
    }
    if not images:
        out["text_only"] = True
    elif len(clean) == len(images):
        out["clean_images"] = clean
    for key, value in calls[0].items():
        if key not in out and key not in ("marks", "choices", "object_dictionary", "labels", "scene_graph",
                                           "text_only", "clean_images"):  # fmt: skip
            out[key] = value
    return out


def split_usage(usage: dict[str, Any] | None, n: int) -> list[dict[str, Any]]:
    """``usage`` split evenly over ``n`` rows (token remainders to the first rows)."""
    usage = usage or {}
    shares = []
    for k in range(n):
        share: dict[str, Any] = {}
        for key in ("prompt_tokens", "completion_tokens"):
            total = int(usage.get(key) or 0)
            share[key] = total // n + (1 if k < total % n else 0)
        cost = usage.get("cost_usd")
        share["cost_usd"] = None if cost is None else float(cost) / n
        shares.append(share)
    return shares


def _entry_answer(entry: Any) -> tuple[str, Any, str | None, str | None]:
    """``(text, value, no_answer, parse error)`` of one entry of the table."""
    from spatioxolver.errors import NoAnswerError, ParseError
    from spatioxolver.replies import parse_relation_set

    text = entry if isinstance(entry, str) else json.dumps(entry)
    try:
        value = parse_relation_set(text, value=None if isinstance(entry, str) else entry)
    except NoAnswerError as exc:
        return text, None, str(getattr(exc, "reason", None) or exc), None
    except ParseError as exc:
        return text, None, None, " ".join(str(exc).split())
    return text, value, None, None


async def process_batch(
    batch: Batch,
    config: RunConfig,
    answer_fn: Callable[..., Awaitable[Any]],
    row_base: Callable[[Example, RunConfig], dict[str, Any]],
    accepted: set[str] | None,
    client: Any = None,
) -> list[dict[str, Any]]:
    """One call for ``batch``; one row per pending example (module docstring)."""
    from spatioxolver.evals.answers import answer_fields
    from spatioxolver.evals.metrics.scoring import score_example
    from spatioxolver.evals.rundir import RunAborted
    from spatioxolver.evals.runner import _rejected_key

    from spatioxolver.models._seam import usage_dict
    from spatioxolver.replies import MISSING, parse_answer_table, table_entry

    start = time.perf_counter()
    n = len(batch.todo)
    try:
        call = batch_call(batch, config)
        if accepted is not None:
            call = {k: v for k, v in call.items() if k in accepted}
        if client is not None:
            key = call.pop("ground_truth", None)
            bind = getattr(client, "bind", None)
            call["client"] = bind(key) if callable(bind) and key else client
        n_scenes = len({str(e.meta.get("batch_scene")) for e in batch.examples})
        answer = await asyncio.wait_for(answer_fn(**call), timeout=config.timeout_s * max(n_scenes, 1))
        fields = answer_fields(answer)
        if fields["error"]:
            raise SpatioxolverError(str(fields["error"]))
        table = parse_answer_table(fields["text"])
    except (asyncio.TimeoutError, TimeoutError):
        return _failed(batch, config, row_base, "timed out", "Timeout", None, start)
    except ModelUnavailableError:
        raise
    except SpatioxolverError as exc:
        message = " ".join(str(exc).split())
        if isinstance(exc, ConfigError) and _rejected_key(message):
            raise RunAborted(
                ConfigError(f"stopped: {redact(message)}; fix the key and continue with --resume")
            ) from None
        return _failed(
            batch, config, row_base, message, type(exc).__name__, getattr(exc, "usage", None), start
        )
    except Exception as exc:  # noqa: BLE001 - one bad batch must not stop the run
        message = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
        return _failed(batch, config, row_base, message, "InternalError", None, start)
    latency = time.perf_counter() - start
    total = usage_dict(fields["usage"]) if fields["usage"] else usage_dict(None)
    info = {"id": batch.id, "size": len(batch.examples), "written": n, "usage": total,
            "latency_s": round(latency, 4)}  # fmt: skip
    rows = []
    for e, share in zip(batch.todo, split_usage(total, n), strict=True):
        scene, qid = str(e.meta["batch_scene"]), str(e.meta["batch_qid"])
        row = {"id": e.id, "status": "ok", **row_base(e, config)}
        row.update({"latency_s": round(latency / n, 4), "usage": share, "simulated": fields["simulated"],
                    "batch": info, "prompt_hashes": fields["prompt_hashes"]})  # fmt: skip
        if fields["model"]:
            row["model_resolved"] = fields["model"]
        if config.log_samples:
            row["input"] = e.question
        entry = table_entry(table, scene, qid)
        if entry is MISSING:
            text, value, declined, garbled = (
                "",
                None,
                f"the batch reply has no entry {qid} for scene {scene}",
                None,
            )
        else:
            text, value, declined, garbled = _entry_answer(entry)
        row.update({"text": redact(text[:2000]), "value": value})
        if garbled is not None:
            row.update({"status": "error", "error": redact(f"entry {qid} of scene {scene}: {garbled}")[:500],
                        "error_type": "ParseError", "correct": False})  # fmt: skip
        else:
            if declined is not None:
                row["no_answer"] = declined
            row.update(score_example(e, value, text))
        rows.append(row)
    return rows


def _failed(
    batch: Batch,
    config: RunConfig,
    row_base: Callable[[Example, RunConfig], dict[str, Any]],
    reason: str,
    kind: str,
    spent: Any,
    start: float,
) -> list[dict[str, Any]]:
    from spatioxolver.models._seam import usage_dict

    n = len(batch.todo)
    latency = time.perf_counter() - start
    shares = split_usage(usage_dict(spent), n) if spent is not None else [None] * n
    rows = []
    for e, share in zip(batch.todo, shares, strict=True):
        row = {"id": e.id, **row_base(e, config), "status": "error", "correct": False,
               "error": redact(f"batch {batch.id}: {reason}")[:500], "error_type": kind,
               "latency_s": round(latency / n, 4), "batch": {"id": batch.id, "size": len(batch.examples)}}  # fmt: skip
        if share is not None:
            row["usage"] = share
        rows.append(row)
    return rows
