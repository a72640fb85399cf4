"""Pipeline benchmark: scene-graph latency of a 480x320 render and answers/second from a cached graph.

Targets (issue 6): scene graph of a 480x320 render <= 150 ms median (geometric backend);
>= 500 answers per second from a cached scene graph. Prints measured values, the ratio
to each target, and cached-vs-uncached speed-ups measured in the same run.

Run: ``python benchmarks/bench_pipeline.py [--scenes 5] [--questions 400]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

TARGET_SCENE_MS = 150.0
TARGET_ANSWERS_PER_S = 500.0


def _questions(labels: list[str], n: int) -> list[str]:
    forms = [
        "Looking at this image, which object is to the left of the other: {a} or {b}?",
        "Looking at this image, which object is above the other: {a} or {b}?",
        "Looking at this image, which object is further from the camera than the other: {a} or {b}?",
        "Is object {a} left of object {b}?",
        "Which object is the leftmost?",
        "How many objects are there?",
        "Which object is nearest to object {a}?",
        "If the camera orbits 90 degrees to the left, what is the new spatial relationship of the object "
        "(Tag {a}) with respect to the object (Tag {b})?",
    ]
    out = []
    k = 0
    while len(out) < n:
        a, b = labels[k % len(labels)], labels[(k + 1) % len(labels)]
        out.append(forms[k % len(forms)].format(a=a, b=b))
        k += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=5)
    parser.add_argument("--questions", type=int, default=400)
    args = parser.parse_args(argv)

    from spatioxolver.agents.reasoning import reason_symbolic
    from spatioxolver.graphs._cache import cache_clear

    from spatioxolver.api import aask, build_scene_graph
    from spatioxolver.scenes import render_random_scene

    views = [
        render_random_scene(100 + s, n_objects=6, overlay="tags", width=480, height=320)
        for s in range(args.scenes)
    ]
    build_scene_graph(views[0].clean_rgb, world_prior="clevr")  # warm-up: imports, graph compilation
    scene_ms = []
    node_ms: dict[str, list[float]] = {}
    graphs = []
    for view in views:
        t = time.perf_counter()
        graph = build_scene_graph(view.clean_rgb, world_prior="clevr")
        scene_ms.append((time.perf_counter() - t) * 1000)
        graphs.append((view, graph))
        for entry in graph.provenance.get("trace", []):
            node_ms.setdefault(entry["node"], []).append(entry["seconds"] * 1000)
    median_scene = statistics.median(scene_ms)

    # Answers from a cached scene graph: the symbolic reasoner alone.
    view, graph = graphs[0]
    marks = {o["label"]: o["label_anchor"] for o in view.scene["objects"] if o.get("label_anchor")}
    from spatioxolver.agents.segmentation import bind_marks

    graph = graph.model_copy(update={"objects": bind_marks(graph.objects, marks)})
    questions = _questions(sorted(marks), args.questions)
    t = time.perf_counter()
    for q in questions:
        reason_symbolic(q, graph)
    reasoner_rate = len(questions) / (time.perf_counter() - t)

    # Through the full API with a perception-cache hit (graph run, reasoning node only).
    cache_clear()

    async def api_rate() -> tuple[float, float]:
        t0 = time.perf_counter()
        await aask(view.rgb, questions[0], marks=marks, clean_images=[view.clean_rgb], world_prior="clevr")
        first = time.perf_counter() - t0
        n = min(len(questions), 200)
        t1 = time.perf_counter()
        for q in questions[:n]:
            await aask(view.rgb, q, marks=marks, clean_images=[view.clean_rgb], world_prior="clevr")
        return first, n / (time.perf_counter() - t1)

    first_s, api_per_s = asyncio.run(api_rate())

    print("SpatioXolver pipeline benchmark (geometric backend, 480x320 renders, 6 objects)")
    print(
        f"  scene graph median           {median_scene:8.1f} ms   target <= {TARGET_SCENE_MS:.0f} ms   "
        f"ratio target/measured = {TARGET_SCENE_MS / median_scene:5.2f}x"
    )
    for node, values in node_ms.items():
        print(f"    {node:<16} median {statistics.median(values):8.1f} ms")
    print(
        f"  answers/s, cached graph      {reasoner_rate:8.0f} /s   target >= {TARGET_ANSWERS_PER_S:.0f} /s  "
        f"ratio measured/target = {reasoner_rate / TARGET_ANSWERS_PER_S:5.2f}x"
    )
    print(
        f"  answers/s, full API + cache  {api_per_s:8.0f} /s   (uncached first answer {first_s * 1000:.0f} ms; "
        f"cache speed-up {api_per_s * first_s:5.1f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
