"""Viewer benchmark (``make bench``): ``spatioxolver view`` over 5,000 examples.

Two runs (agentic with a 7-step trace, an LLM step with prompt and reply, a 10-object scene
graph with masks, and three repairs per row; direct with one step) over a 5,000-question
dataset on 500 images. Targets: the whole site written in < 10 s, ``index.html`` < 2 MB
(images are files, never inlined). Printed next to the floor: reading the two results files.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

N_EXAMPLES = 5000
N_IMAGES = 500


def _dataset(root: Path) -> None:
    import numpy as np
    from PIL import Image

    (root / "images").mkdir(parents=True)
    rng = np.random.default_rng(0)
    for k in range(N_IMAGES):
        Image.fromarray(rng.integers(0, 255, (160, 240, 3), dtype=np.uint8)).save(
            root / "images" / f"s{k}.png"
        )
    cats = ("Relative Positioning", "Depth & Occlusion", "Orientation", "Size & Scale", "3D Geometry")
    with (root / "manifest.jsonl").open("w") as handle:
        for i in range(N_EXAMPLES):
            line = {
                "id": f"ex-{i:05d}",
                "family": "spatialab",
                "images": [f"images/s{i % N_IMAGES}.png"],
                "question": f"From the camera's viewpoint, where is object {i % 9 + 1} relative to object 10? "
                "Options: 1. left 2. right 3. in front 4. behind. Answer with the option number.",
                "query": {"type": "mcq", "category": cats[i % 5], "subcategory": "Sub"},
                "answer": 1 + i % 4,
                "choices": ["left", "right", "in front", "behind"],
                "category": cats[i % 5],
                "subcategory": "Sub",
                "meta": {},
            }
            handle.write(json.dumps(line) + "\n")


def _run(root: Path, data: Path, graph: str) -> Path:
    import numpy as np

    from spatioxolver.rle import encode_mask

    run = root / f"run-{graph}"
    run.mkdir()
    config = {
        "dataset": str(data),
        "benchmark": "spatialab",
        "split": None,
        "model": "openai/m",
        "graph": graph,
    }
    (run / "run.json").write_text(json.dumps({"config": config, "simulated": False}))
    masks = []
    for k in range(10):
        m = np.zeros((160, 240), bool)
        m[10 + 12 * k : 30 + 12 * k, 20 * k : 20 * k + 25] = True
        masks.append(encode_mask(m))
    step = {
        "seconds": 0.01,
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None},
        "calls": 0,
    }
    trace = [
        {"node": n, "agent": n, "backend": "geometric", **step}
        for n in ("segmentation", "attributes", "relations", "symmetry", "scene_graph", "consistency")
    ]
    llm = {
        "node": "reasoning",
        "agent": "reasoning",
        "backend": "openai/m",
        "seconds": 0.8,
        "calls": 1,
        "usage": {"prompt_tokens": 900, "completion_tokens": 40, "cost_usd": 0.0004},
        "model_calls": [  # as spatioxolver.models' seam records a call
            {
                "template": "reasoning",
                "prompt_hash": "sha256:0",
                "images": 1,
                "prompt": "You are the reasoning agent. Scene graph: " + "object 1 left of object 2; " * 30,
                "reply": '{"answer": 2, "rationale": "object 3 is left of object 10 in the image."}',
                "latency_s": 0.8,
                "usage": {"prompt_tokens": 900, "completion_tokens": 40, "cost_usd": 0.0004},
            }
        ],
    }
    with (run / "results.jsonl").open("w") as handle:
        for i in range(N_EXAMPLES):
            value = 1 + (i + (0 if graph == "agentic" else i % 3)) % 4
            row = {
                "id": f"ex-{i:05d}",
                "status": "ok",
                "benchmark": "spatialab",
                "family": "spatialab",
                "category": "x",
                "gold": 1 + i % 4,
                "model": "openai/m",
                "graph": graph,
                "latency_s": 0.9,
                "usage": llm["usage"],
                "text": str(value),
                "value": value,
                "correct": value == 1 + i % 4,
            }
            if graph == "agentic":
                row["trace"] = [*trace, llm]
                row["repairs"] = [
                    {
                        "axis": a,
                        "ctr_before": 0.1,
                        "ctr_after": 0.0,
                        "flipped": [["o1", "o2"]],
                        "optimal": True,
                    }
                    for a in "HVD"
                ]
                row["scene_graph"] = {
                    "images": [{"width": 240, "height": 160}],
                    "objects": [
                        {
                            "id": f"o{k}",
                            "label": f"object {k}",
                            "frame": 0,
                            "bbox": [20 * k, 10 + 12 * k, 20 * k + 25, 30 + 12 * k],
                            "mask": masks[k],
                        }
                        for k in range(10)
                    ],
                }
            else:
                row["trace"] = [llm]
            handle.write(json.dumps(row) + "\n")
    return run


def main() -> int:
    from spatioxolver.evals.results import read_rows
    from spatioxolver.evals.viewer import write_viewer

    # BENCH_TMPDIR: measure on the disk the sites are written to (file creation dominates on busy disks).
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMPDIR")) as tmp:
        root = Path(tmp)
        _dataset(root / "data")
        runs = [_run(root, root / "data", g) for g in ("agentic", "direct")]
        start = time.perf_counter()
        for run in runs:
            read_rows(run / "results.jsonl")
        floor = time.perf_counter() - start
        start, cpu = time.perf_counter(), time.process_time()
        result = write_viewer(runs, root / "site")
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert result["examples"] == N_EXAMPLES, result
        size = result["index_bytes"]
        pages = sum(p.stat().st_size for p in (root / "site" / "examples").iterdir())
    print(f"viewer, {N_EXAMPLES} examples x 2 runs (agentic with traces, masks, repairs), {N_IMAGES} images")
    print(
        f"  write the site: {seconds:.2f} s wall, {cpu:.2f} s CPU (target < 10 s) = "
        f"{seconds / floor:.1f}x reading the two results files ({floor:.2f} s)"
    )
    print(f"  index.html: {size / 1e6:.2f} MB (target < 2 MB); example pages {pages / 1e6:.1f} MB in all")
    ok = seconds < 10 and size < 2e6
    print("  targets met" if ok else "  TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
