"""Evaluation runner benchmarks (``make bench``), printed side by side with their baselines.

1. Runner overhead per example beyond the model call: a scripted zero-latency model,
   2,000 examples through ``run_examples`` (scoring + one fsynced row each) vs. the same
   calls in a bare loop. Target <= 2 ms per example.
2. 1,000 examples against the local OpenAI-compatible server (``spatioxolver.testing``)
   at 100 ms latency with concurrency 32, through the real model client
   (``openai/...`` + ``api_base``). Target <= 10 s (ideal: 1000 / 32 * 0.1 = 3.1 s).
3. Resume scan of a 100,000-line results file vs. parsing every line. Target <= 2 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


def _examples(n: int) -> list:
    from spatioxolver.evals.example import Example

    return [
        Example(
            id=f"ex-{i:06d}",
            benchmark="bench",
            family="ctr",
            question=f"Which is left: 1 or 2? ({i})",
            query={"type": "pairwise", "axis": "H", "objects": ["1", "2"], "asks": "left"},
            answer=str(1 + i % 2),
            meta={"N": 2},
        )
        for i in range(n)
    ]


async def _zero_model(images, question, **kw):
    return {"value": kw["ground_truth"]["example"]["answer"], "text": "", "usage": {"cost_usd": 0.0}}


def bench_overhead(n: int = 2000) -> float:
    from spatioxolver.evals.runinfo import RunConfig
    from spatioxolver.evals.runner import build_call, run_examples

    examples = _examples(n)
    cfg = RunConfig(dataset="bench", benchmark="bench", model="scripted", graph="direct", concurrency=8)

    async def bare() -> None:
        for e in examples:
            await _zero_model(**build_call(e, cfg))

    start = time.perf_counter()
    asyncio.run(bare())
    bare_s = time.perf_counter() - start
    results = {}
    for fsync in (True, False):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            asyncio.run(run_examples(cfg, examples, tmp, answer_fn=_zero_model, progress=False, fsync=fsync))
            results[fsync] = time.perf_counter() - start
    per = (results[True] - bare_s) / n * 1000
    print(
        f"runner overhead: {per:.3f} ms/example with fsync ({(results[False] - bare_s) / n * 1000:.3f} ms without);"
        f" bare calls {bare_s / n * 1000:.3f} ms; runner/bare = {results[True] / max(bare_s, 1e-9):.1f}x"
        f"  [target <= 2 ms] {'OK' if per <= 2 else 'MISSED'}"
    )
    return per


def bench_server(n: int = 1000, latency: float = 0.1, concurrency: int = 32) -> float:
    from spatioxolver.evals.runinfo import RunConfig
    from spatioxolver.evals.runner import run_examples

    from spatioxolver.models import ModelRequest, get_model
    from spatioxolver.testing import LocalServer

    with LocalServer(latency=latency, default="1") as srv:
        client = get_model("openai/bench-model", api_base=srv.url)

        async def via_server(images, question, **kw):
            reply = await client.complete(ModelRequest(prompt=question, max_tokens=5))
            return {"value": None, "text": reply.text, "usage": reply.usage}

        cfg = RunConfig(
            dataset="bench",
            benchmark="bench",
            model="openai/bench-model",
            graph="direct",
            concurrency=concurrency,
            timeout_s=60,
        )
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            outcome = asyncio.run(run_examples(cfg, _examples(n), tmp, answer_fn=via_server, progress=False))
            elapsed = time.perf_counter() - start
    ideal = n / concurrency * latency
    print(
        f"{n} examples @ {latency * 1000:.0f} ms, concurrency {concurrency}: {elapsed:.2f} s "
        f"(ideal {ideal:.2f} s, ratio {elapsed / ideal:.2f}x; {outcome.counts['errors']} errors)"
        f"  [target <= 10 s] {'OK' if elapsed <= 10 else 'MISSED'}"
    )
    return elapsed


def bench_resume_scan(n: int = 100_000) -> float:
    from spatioxolver.evals.results import scan_results

    row = {
        "status": "ok",
        "benchmark": "ctr",
        "family": "ctr",
        "category": "ctr",
        "subcategory": "H",
        "query": {"type": "pairwise", "axis": "H", "objects": ["3", "7"], "asks": "left"},
        "gold": "3",
        "meta": {"N": 8, "axis": "H", "scene_id": "ctr-00042", "set": "main"},
        "model": "sim/gpt-4o",
        "graph": "agentic",
        "latency_s": 0.0123,
        "usage": {"prompt_tokens": 812, "completion_tokens": 3, "cost_usd": 0.0},
        "text": "3",
        "pred": "3",
        "correct": True,
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "results.jsonl"
        with path.open("w") as handle:
            for i in range(n):
                handle.write(json.dumps({"id": f"ctr-{i:07d}", **row}) + "\n")
            handle.write('{"id": "torn')  # a torn last line, as after SIGKILL
        size = path.stat().st_size
        start = time.perf_counter()
        with path.open() as handle:
            full = {json.loads(line)["id"] for line in handle if line.endswith("\n")}
        full_s = time.perf_counter() - start
        start = time.perf_counter()
        statuses, dropped = scan_results(path)
        scan_s = time.perf_counter() - start
    assert len(statuses) == len(full) == n and dropped > 0
    print(
        f"resume scan of {n:,} lines ({size / 1e6:.0f} MB, every line parsed and checked): {scan_s:.3f} s "
        f"= {scan_s / full_s:.2f}x a bare json parse ({full_s:.3f} s)  [target <= 2 s] {'OK' if scan_s <= 2 else 'MISSED'}"
    )
    return scan_s


def main() -> int:
    bench_overhead()
    bench_resume_scan()
    try:
        bench_server()
    except Exception as exc:  # the model client or server may be unavailable on a partial checkout
        print(f"server benchmark skipped: {type(exc).__name__}: {exc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
