"""Benchmark of model access against the local OpenAI-compatible server (200 ms latency).

Prints, measured in one run:
* throughput at concurrency 1 / 4 / 16 / 64 as a ratio to concurrency 1 (target >= 12x at 16);
* response-cache hit latency vs a live call;
* ``import spatioxolver.models`` time without and with the litellm import.

Run: ``python benchmarks/bench_models.py`` (about 30 s).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

LATENCY_S = 0.2
LEVELS = (1, 4, 16, 64)
ROUNDS = 3  # requests per worker at each level


def _import_time(code: str, repeats: int = 3) -> float:
    script = f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)"
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    times = []
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
        )
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return min(times)


async def _throughput(client, concurrency: int) -> float:
    from spatioxolver.models import ModelRequest

    async def worker(w: int) -> None:
        for r in range(ROUNDS):
            await client.complete(ModelRequest(prompt=f"worker {w} round {r}", temperature=0.0))

    start = time.perf_counter()
    await asyncio.gather(*[worker(w) for w in range(concurrency)])
    return concurrency * ROUNDS / (time.perf_counter() - start)


async def _cache_vs_live(server_url: str, cache_file: str) -> tuple[float, float]:
    from spatioxolver.models import ModelRequest, get_model

    client = get_model(
        "openai/local-model", api_base=server_url, api_key="sk-bench-key", cache=True, cache_path=cache_file
    )
    request = ModelRequest(prompt="cached question", images=[_image()])
    live = []
    for k in range(3):
        start = time.perf_counter()
        await client.complete(request.model_copy(update={"prompt": f"live question {k}"}))
        live.append(time.perf_counter() - start)
    await client.complete(request)  # fill the cache
    hits = []
    for _ in range(20):
        start = time.perf_counter()
        reply = await client.complete(request)
        hits.append(time.perf_counter() - start)
        assert reply.cached
    return statistics.median(live), statistics.median(hits)


def _image():
    import numpy as np

    rng = np.random.default_rng(0)
    return rng.integers(0, 255, (320, 480, 3), dtype=np.uint8)


class _ServerProcess:
    """``spatioxolver serve`` in its own process, like a remote provider (no shared GIL)."""

    def __enter__(self) -> _ServerProcess:
        cmd = [sys.executable, "-m", "spatioxolver", "serve", "--port", "0", "--latency", str(LATENCY_S)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if "http://" not in line:
            self.proc.kill()
            raise RuntimeError(f"local server did not start: {line!r}")
        self.url = line.split()[4]
        return self

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def main() -> int:
    """Run the benchmark and print the ratios; returns 0."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from spatioxolver.models import get_model

    print(
        f"bench_models: local OpenAI-compatible server (own process), {LATENCY_S * 1000:.0f} ms latency per request"
    )
    with _ServerProcess() as server, tempfile.TemporaryDirectory() as tmp:
        client = get_model(
            "openai/local-model",
            api_base=server.url,
            api_key="sk-bench-key",
            cache=False,
            concurrency=max(LEVELS),
        )
        asyncio.run(_throughput(client, 2))  # warm-up (litellm's first call is slow)
        rates = {level: asyncio.run(_throughput(client, level)) for level in LEVELS}
        live, hit = asyncio.run(_cache_vs_live(server.url, os.path.join(tmp, "bench.sqlite")))
    print("\nthroughput (requests/s) vs concurrency 1")
    print(f"{'concurrency':>12} {'req/s':>8} {'ratio':>7}")
    for level in LEVELS:
        print(f"{level:>12} {rates[level]:>8.1f} {rates[level] / rates[1]:>6.1f}x")
    ratio16 = rates[16] / rates[1]
    print(f"target >= 12x at concurrency 16: {'met' if ratio16 >= 12 else 'NOT met'} ({ratio16:.1f}x)")
    print("\nresponse cache (480x320 image, median)")
    print(
        f"  live call {live * 1000:8.1f} ms | cache hit {hit * 1000:6.2f} ms | hit is {live / hit:.0f}x faster"
    )
    plain = _import_time("import spatioxolver.models")
    heavy = _import_time(
        "import spatioxolver.models; from spatioxolver.models._litellm import import_litellm; import_litellm()"
    )
    print("\nimport time (best of 3, fresh interpreter)")
    print(
        f"  import spatioxolver.models {plain * 1000:8.1f} ms | + litellm {heavy * 1000:8.1f} ms | "
        f"litellm is {heavy / plain:.0f}x the package"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
