"""One agent pipeline: what the contract costs, and what a failing model costs.

1. Scene-graph time of a 480x320 render through the agentic graph (every node an agent,
   ``run(state, runtime)``, outputs validated) vs the same agents' pure functions called
   in a plain loop, measured side by side: the ratio is the contract's overhead.
2. HTTP requests per failing question against the local OpenAI-compatible server, per
   failure kind and graph. Before the one retry layer (client x node RetryPolicy x runner)
   the issue measured 30 requests for a persistent 5xx / dead port / timeout and 6 for a 400.

Run: ``python benchmarks/bench_agent_pipeline.py [--scenes 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import time

BEFORE = {"500": 30, "timeout": 30, "400": 6}


def _direct_pipeline(rgb) -> int:
    """The agents' pure functions in a plain loop (no graph, no validation)."""
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.consistency import check_consistency
    from spatioxolver.agents.relations import relate
    from spatioxolver.agents.segmentation import segment
    from spatioxolver.agents.symmetry import find_structure

    from spatioxolver.schema import SceneGraph

    prior = {"world_prior": "clevr"}  # our renders: the renderer's world
    objects = describe(rgb, segment(rgb), options=prior)
    h, w = rgb.shape[:2]
    relations = relate(objects, image_size=(w, h), options=prior)
    groups, symmetries = find_structure(objects, image_size=(w, h))
    graph = SceneGraph(objects=objects, relations=relations, groups=groups, symmetries=symmetries)
    repaired, _ = check_consistency(graph)
    return len(repaired.objects)


def _scene_graph_times(n_scenes: int) -> tuple[float, float]:
    from spatioxolver.api import build_scene_graph
    from spatioxolver.scenes import render_random_scene

    views = [render_random_scene(300 + s, n_objects=6, width=480, height=320) for s in range(n_scenes)]
    build_scene_graph(views[0].clean_rgb, cache=False, world_prior="clevr")  # warm-up: imports, compilation
    _direct_pipeline(views[0].clean_rgb)
    graph_ms, plain_ms = [], []
    for view in views:
        t = time.perf_counter()
        build_scene_graph(view.clean_rgb, cache=False, world_prior="clevr")
        graph_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        _direct_pipeline(view.clean_rgb)
        plain_ms.append((time.perf_counter() - t) * 1000)
    return statistics.median(graph_ms), statistics.median(plain_ms)


def _dead_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}/v1"


async def _requests_per_failure(kind: str, graph: str, rgb) -> tuple[int | str, float]:
    from spatioxolver.api import aask
    from spatioxolver.errors import SpatioxolverError
    from spatioxolver.testing import LocalServer

    model_options = {"backoff_base": 0.001, "backoff_max": 0.01, "timeout": 0.3, "cache": False}
    question = "Which object is to the left of the other: 1 or 2?"
    marks = {"1": (100, 100), "2": (300, 100)}
    if kind == "dead port":
        url, server = _dead_url(), None
    else:
        spec = {"500": {"status": 500}, "400": {"status": 400}, "timeout": {"fault": "hang", "hang_s": 1.0}}[
            kind
        ]
        server = LocalServer(default=spec).start()
        url = server.url
    start = time.perf_counter()
    try:
        await aask(rgb, question, model="openai/local-model", api_base=url, graph=graph, marks=marks,
                   model_options=model_options)  # fmt: skip
    except SpatioxolverError:
        pass
    seconds = time.perf_counter() - start
    if server is None:
        return "-", seconds
    count = len(server.requests)
    server.stop()
    return count, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=5)
    args = parser.parse_args(argv)

    graph_ms, plain_ms = _scene_graph_times(args.scenes)
    print(f"scene graph, 480x320, 6 objects (median of {args.scenes}):")
    print(f"  agentic graph (agents under one contract)  {graph_ms:7.1f} ms")
    print(f"  same agents' functions in a plain loop     {plain_ms:7.1f} ms")
    print(f"  contract overhead: x{graph_ms / plain_ms:.2f}")

    from spatioxolver.scenes import render_random_scene

    rgb = render_random_scene(7, n_objects=3, width=480, height=320).rgb
    asyncio.run(_requests_per_failure("400", "direct", rgb))  # warm-up: litellm's import (~2 s)
    print("\nHTTP requests per failing question (at most 5 per call; a final 4xx: 1):")
    print(f"  {'failure':<10} {'graph':<9} {'requests':>8} {'before':>7} {'seconds':>8}")
    for kind in ("500", "400", "timeout", "dead port"):
        for graph in ("direct", "agentic", "cot_rank"):
            count, seconds = asyncio.run(_requests_per_failure(kind, graph, rgb))
            before = BEFORE.get(kind, BEFORE["500"])
            print(f"  {kind:<10} {graph:<9} {count!s:>8} {before:>7} {seconds:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
