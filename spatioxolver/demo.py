"""``make demo``: the full offline comparison, on a fresh machine, in a few minutes.

1. Generates small sets of the four benchmark families (ctr with its N = 3 gap set, cvt,
   inconsistency, spatialab) into ``runs/demo/data``.
2. Evaluates the ``geometric`` agentic pipeline, and two simulated models (``sim/gpt-4o``
   and ``sim/llava-1.6-34b``: seed 000's noise model at those models' published noise,
   answering from the generated ground truth) with the direct and agentic graphs, and
   cot_rank on the pairwise (ctr) families, the protocol it is defined for.
   On cvt also the sequential protocol, and the text / scene-graph input representations
   (geometric agentic on the scene graph; sim/gpt-4o direct on the text and on the graph).
3. Writes ``runs/demo/report.html`` (+ report.md, summary.json, plots) and the per-example
   viewer ``runs/demo/viewer/index.html`` (traces are kept), prints the headline table and
   both paths. Simulated results are labelled as simulated everywhere.

Run: ``python -m spatioxolver.demo [--out runs/demo] [--scale 1.0]``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

SIM_MODELS = ("sim/gpt-4o", "sim/llava-1.6-34b")
GRAPHS = ("direct", "agentic", "cot_rank")
IMAGE = {"width": 240, "height": 160, "supersample": 1}


def _datasets(scale: float) -> list[tuple[str, str, int, dict[str, Any]]]:
    """(directory name, family, scenes, family options) of the demo data."""
    k = lambda n: max(2, int(round(n * scale)))  # noqa: E731
    return [
        ("ctr", "ctr", k(8), {"n": [3, 5, 8, 12], **IMAGE}),
        ("ctr-gap", "ctr", k(80), {"gap_set": True, "deltas": [0.1, 0.3, 0.5, 1.0, 3.0], **IMAGE}),
        ("cvt", "cvt", k(6), dict(IMAGE)),
        ("inconsistency", "inconsistency", k(16), {"max_objects": 7, **IMAGE}),
        ("spatialab", "spatialab", k(12), dict(IMAGE)),
    ]


def _generate(data: Path, scale: float, seed: int) -> list[tuple[str, Path]]:
    from spatioxolver.errors import SpatioxolverError
    from spatioxolver.scenes import generate

    made = []
    for name, family, scenes, options in _datasets(scale):
        start = time.perf_counter()
        try:
            path = generate(
                family, data / name, scenes=scenes, seed=seed, overwrite=True, progress=False, **options
            )
        except SpatioxolverError as exc:
            print(f"  skip {name}: {exc}")
            continue
        root = path.parent if path.name == "manifest.jsonl" else path
        lines = sum(1 for _ in (root / "manifest.jsonl").open())
        print(
            f"  generated {name:14s} {scenes:3d} scenes, {lines:4d} questions in {time.perf_counter() - start:.1f} s"
        )
        made.append((name, root))
    return made


async def _evaluate(datasets: list[tuple[str, Path]], runs: Path, seed: int) -> list[Path]:
    from spatioxolver.errors import SpatioxolverError
    from spatioxolver.evals.evaluate import aevaluate

    def plan(name: str) -> list[tuple[str, str, str | None]]:
        # CoT-rank is a protocol for pairwise ordering questions (seed 000, Exp. 3); on the
        # other families it would only repeat the direct prompt, so it runs on ctr only.
        graphs = GRAPHS if name.startswith("ctr") else tuple(g for g in GRAPHS if g != "cot_rank")
        return [("geometric", "agentic", None)] + [(m, g, None) for m in SIM_MODELS for g in graphs]

    # CVT's sequential protocol (seed 003: k scenes per prompt) next to the episodic runs.
    sequential = [(m, g, "sequential") for m in SIM_MODELS for g in ("direct", "agentic")]
    # CVT's input representations (seed 003 §3-4): no image, the scene as text or as a scene graph.
    representations = [
        ("geometric", "agentic", "scene-graph"),
        (SIM_MODELS[0], "direct", "text"),
        (SIM_MODELS[0], "direct", "scene-graph"),
    ]
    done = []
    for name, root in datasets:
        for model, graph, split in plan(name) + (sequential + representations if name == "cvt" else []):
            suffix = f"--{split}" if split else ""
            run_dir = runs / f"{name}--{model.replace('/', '_')}--{graph}{suffix}"
            start = time.perf_counter()
            try:
                _, summary = await aevaluate(
                    root,
                    model=model,
                    graph=graph,
                    split=split,
                    options={"batch_size": 3} if split == "sequential" else None,
                    run_dir=run_dir,
                    concurrency=8,
                    seed=seed,
                    timeout_s=120,
                    progress=False,
                    traces=True,
                )
            except SpatioxolverError as exc:
                print(f"  {name:15s} {model:18s} {graph:9s} failed: {exc}")
                continue
            t = summary["totals"]
            sim = " (simulated)" if summary["run"]["simulated"] else ""
            acc = summary["accuracy"]["value"] or 0.0
            label = name + (f"/{split}" if split else "")
            print(
                f"  {label:15s} {model + sim:30s} {graph:9s} acc {acc:6.1%}  "
                f"errors {t['errors']:3d}/{t['examples']:<4d} {time.perf_counter() - start:5.1f} s"
            )
            done.append(run_dir)
    return done


def _print_headline(table: list[dict[str, Any]]) -> None:
    """A compact terminal headline; the report carries every column with its CIs."""
    from rich.console import Console
    from rich.table import Table

    out = Table(
        title="Headline: % (accuracy, or F1 for cvt); Δ with its 95% CI; * = simulated model; "
        "CTR(D) = cyclic-triple rate of depth answers (d = direct, a = agentic, c = cot_rank)",
        caption="full table with confidence intervals: report.md / report.html",
    )
    for name in ("data", "model", *GRAPHS, "Δ agentic−direct", "CTR(D) " + " / ".join(g[0] for g in GRAPHS)):
        out.add_column(name, justify="left" if name in ("data", "model") else "right")
    for row in table:
        data = row["dataset"] + ("" if row.get("split") in (None, "all") else f"/{row['split']}")
        model = row["model"] + (" *" if row.get("simulated") else "")
        cells = [_percent(row["graphs"].get(g)) for g in GRAPHS]
        delta = (row.get("deltas") or {}).get("agentic-direct")
        ctr_d = row.get("ctr_D") or {}
        cycles = (
            " / ".join("–" if ctr_d.get(g) is None else f"{ctr_d[g]:.3f}" for g in GRAPHS) if ctr_d else "–"
        )
        out.add_row(data, model, *cells, _delta(delta), cycles)
    Console(width=130).print(out)


def _percent(cell: dict[str, Any] | None) -> str:
    return "–" if not cell or cell.get("value") is None else f"{100 * cell['value']:.1f}"


def _delta(delta: Any) -> str:
    if not isinstance(delta, dict) or delta.get("value") is None:
        return "–"
    low, high = (100 * v for v in delta.get("ci", (float("nan"), float("nan"))))
    return f"{100 * delta['value']:+.1f} [{low:+.1f}, {high:+.1f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spatioxolver.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="runs/demo", help="output folder (default runs/demo)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply the number of scenes (default 1.0)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    from spatioxolver.errors import SpatioxolverError
    from spatioxolver.evals.report import write_report
    from spatioxolver.evals.viewer import write_viewer

    start = time.perf_counter()
    out = Path(args.out)
    for sub in ("data", "runs"):
        shutil.rmtree(out / sub, ignore_errors=True)
    print(f"SpatioXolver demo -> {out}/ (offline; simulated models are labelled as such)")
    print("1/3 generating benchmark data")
    datasets = _generate(out / "data", args.scale, args.seed)
    if not datasets:
        print("error: no benchmark family could be generated")
        return 2
    print(
        "2/3 evaluating geometric (agentic) and simulated GPT-4o / LLaVA-1.6-34B (direct, agentic; cot_rank on ctr)"
    )
    run_dirs = asyncio.run(_evaluate(datasets, out / "runs", args.seed))
    if not run_dirs:
        print("error: no evaluation run finished")
        return 2
    print("3/3 writing the report and the viewer")
    try:
        viewer = write_viewer(run_dirs, out / "viewer")
        result = write_report(run_dirs, out, viewer="viewer/index.html")
    except SpatioxolverError as exc:
        print(f"error: {exc}")
        return 2
    _print_headline(result["headline"])
    print(f"total {time.perf_counter() - start:.0f} s")
    print(f"report: {Path(result['report_html']).resolve()} ({len(result['plots'])} plots)")
    print(
        f"viewer: {Path(viewer['index']).resolve()} ({viewer['examples']} examples from {viewer['runs']} runs)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
