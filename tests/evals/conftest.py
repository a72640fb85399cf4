"""Hand-written generated-directory fixtures and a fake ``aask`` for the evals tests."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image


def _png(path: Path, seed: int = 0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    Image.fromarray(rng.integers(0, 255, (8, 12, 3), dtype=np.uint8)).save(path)


def _scene(path: Path, coords: dict[str, tuple[float, float, float]]) -> dict[str, Any]:
    objects = []
    for label, (x, y, z) in coords.items():
        objects.append(
            {
                "label": label,
                "shape": "cube",
                "size": "small",
                "material": "rubber",
                "color": "red",
                "3d_coords": [x, y, z],
                "rotation": 0.0,
                "pixel_coords": [100 + 10 * x, 100 + 10 * y, z],
            }
        )
    names = list(coords)
    rel = {"left": [], "right": [], "front": [], "behind": []}
    for a in names:
        xa, _, za = coords[a]
        rel["left"].append([j for j, b in enumerate(names) if coords[b][0] < xa - 0.2])
        rel["right"].append([j for j, b in enumerate(names) if coords[b][0] > xa + 0.2])
        rel["front"].append([j for j, b in enumerate(names) if coords[b][2] < za - 0.2])
        rel["behind"].append([j for j, b in enumerate(names) if coords[b][2] > za + 0.2])
    scene = {
        "objects": objects,
        "relationships": rel,
        "camera": {"world_to_camera": np.eye(4).tolist(), "K": np.eye(3).tolist(), "width": 12, "height": 8},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(scene))
    return scene


def write_manifest(root: Path, lines: list[Any]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    with (root / "manifest.jsonl").open("w") as handle:
        for line in lines:
            handle.write(line if isinstance(line, str) else json.dumps(line))
            handle.write("\n")
    return root


def make_ctr(root: Path, n_scenes: int = 2) -> Path:
    lines = []
    for s in range(n_scenes):
        rng = np.random.default_rng(s)
        coords = {str(k + 1): tuple(float(v) for v in rng.uniform(0, 10, 3)) for k in range(4)}
        _png(root / f"images/s{s}.png", s)
        _png(root / f"images/s{s}_clean.png", s)
        _scene(root / f"scenes/s{s}.json", coords)
        for axis, col, asks in (("H", 0, "left"), ("V", 1, "above"), ("D", 2, "further")):
            for a, b in itertools.combinations(coords, 2):
                if asks == "further":
                    ans = a if coords[a][col] > coords[b][col] else b
                else:
                    ans = a if coords[a][col] < coords[b][col] else b
                lines.append(
                    {
                        "id": f"ctr-s{s}-{axis}-{a}{b}",
                        "family": "ctr",
                        "images": [f"images/s{s}.png"],
                        "scenes": [f"scenes/s{s}.json"],
                        "question": f"Which is {asks}: {a} or {b}?",
                        "query": {"type": "pairwise", "axis": axis, "objects": [a, b], "asks": asks},
                        "answer": ans,
                        "meta": {"N": 4, "axis": axis, "clean_images": [f"images/s{s}_clean.png"]},
                    }
                )
    # N = 3 gap-set scenes
    for s, gap in enumerate((0.5, 0.5, 2.0, 2.0)):
        coords = {"1": (0.0, 0.0, 5.0), "2": (1.0, 0.5, 5.0 + gap), "3": (2.0, 1.0, 5.0 + 2 * gap)}
        _png(root / f"images/g{s}.png", 10 + s)
        _scene(root / f"scenes/g{s}.json", coords)
        for a, b in itertools.combinations(coords, 2):
            ans = a if coords[a][2] > coords[b][2] else b
            lines.append(
                {
                    "id": f"gap-g{s}-{a}{b}",
                    "family": "ctr",
                    "images": [f"images/g{s}.png"],
                    "scenes": [f"scenes/g{s}.json"],
                    "question": f"Which is further: {a} or {b}?",
                    "query": {"type": "pairwise", "axis": "D", "objects": [a, b], "asks": "further"},
                    "answer": ans,
                    "meta": {"N": 3, "axis": "D", "gap_set": True, "depth_gap": gap},
                }
            )
    return write_manifest(root, lines)


def make_spatialab(root: Path) -> Path:
    _png(root / "images/a.png")
    _scene(root / "scenes/a.json", {"A": (0, 0, 1), "B": (2, 0, 3)})
    lines = []
    for i, (cat, sub) in enumerate(
        [("Relative Positioning", "Directional Relations"), ("Size & Scale", "Relative Size Comparison")] * 2
    ):
        lines.append(
            {
                "id": f"sl-mcq-{i}",
                "family": "spatialab",
                "images": ["images/a.png"],
                "scenes": ["scenes/a.json"],
                "question": "Which?",
                "query": {"type": "mcq", "category": cat, "subcategory": sub},
                "answer": (i % 4) + 1,
                "choices": ["a", "b", "c", "d"],
                "category": cat,
                "subcategory": sub,
                "meta": {},
            }
        )
    lines.append(
        {
            "id": "sl-open-0",
            "family": "spatialab",
            "images": ["images/a.png"],
            "scenes": ["scenes/a.json"],
            "question": "What is left of B?",
            "query": {
                "type": "open",
                "category": "Relative Positioning",
                "subcategory": "Directional Relations",
            },
            "answer": "the red cube",
            "category": "Relative Positioning",
            "subcategory": "Directional Relations",
            "meta": {},
        }
    )
    return write_manifest(root, lines)


def make_cvt(root: Path, n_scenes: int = 3) -> Path:
    lines = []
    views = [0, 45, 90, 180, 360]
    for s in range(n_scenes):
        _png(root / f"images/c{s}.png", s)
        _scene(root / f"scenes/c{s}.json", {"1": (0, 0, 1), "2": (2, 0, 3), "3": (-1, 0, 2)})
        for theta in views:
            gold = ["front", "left"] if theta in (0, 360) else ["behind", "right"]
            lines.append(
                {
                    "id": f"cvt-c{s}-{theta}",
                    "family": "cvt",
                    "images": [f"images/c{s}.png"],
                    "scenes": [f"scenes/c{s}.json"],
                    "question": f"At {theta} degrees where is 1 from 2?",
                    "query": {
                        "type": "orbit",
                        "subject": "1",
                        "reference": "2",
                        "theta": theta,
                        "direction": "left",
                    },
                    "answer": gold,
                    "meta": {"n_objects": 3, "tracked": True},
                }
            )
        lines.append(
            {
                "id": f"cvt-c{s}-top",
                "family": "cvt",
                "images": [f"images/c{s}.png"],
                "scenes": [f"scenes/c{s}.json"],
                "question": "Top-down?",
                "query": {"type": "top_down", "subject": "1", "reference": "2"},
                "answer": ["left", "south"],
                "meta": {"n_objects": 3, "tracked": True},
            }
        )
    return write_manifest(root, lines)


def make_inconsistency(root: Path) -> Path:
    lines = []
    for s in range(4):
        _png(root / f"images/v{s}a.png", s)
        _png(root / f"images/v{s}b.png", s + 1)
        lines.append(
            {
                "id": f"inc-{s}",
                "family": "inconsistency",
                "images": [f"images/v{s}a.png", f"images/v{s}b.png"],
                "question": "Which letter?",
                "query": {"type": "inconsistent_object", "labels": ["A", "B", "C", "D"]},
                "answer": "ABCD"[s],
                "meta": {
                    "num_labels": 4,
                    "depth_bucket": ["low", "high"][s % 2],
                    "lighting_bucket": "medium",
                    "plausibility_bucket": "pi",
                },
            }
        )
    return write_manifest(root, lines)


class FakeAsk:
    """``aask``-compatible: answers from the ground truth, wrong on ids in ``wrong``."""

    def __init__(
        self,
        wrong: set[str] | None = None,
        fail: set[str] | None = None,
        delay: float = 0.0,
        graph_bias: dict[str, float] | None = None,
    ) -> None:
        self.wrong = wrong or set()
        self.fail = fail or set()
        self.delay = delay
        self.calls: list[dict[str, Any]] = []

    async def __call__(
        self,
        images: list[str],
        question: str,
        *,
        model: str = "fake",
        graph: str = "agentic",
        ground_truth: dict[str, Any] | None = None,
        marks: Any = None,
        clean_images: Any = None,
        **options: Any,
    ) -> dict[str, Any]:
        import asyncio

        self.calls.append(
            {
                "images": images,
                "question": question,
                "model": model,
                "graph": graph,
                "ground_truth": ground_truth,
                "marks": marks,
                "clean_images": clean_images,
            }
        )
        if self.delay:
            await asyncio.sleep(self.delay)
        example = (ground_truth or {}).get("example") or {}
        ex_id = example.get("id")
        if ex_id in self.fail:
            from spatioxolver.errors import ModelError

            raise ModelError("simulated provider failure api_key=sk-THIS_SHOULD_NOT_LEAK_123")
        answer = example.get("answer")
        query = example.get("query") or {}
        if ex_id in self.wrong:
            kind = query.get("type")
            if kind == "pairwise":
                a, b = query["objects"]
                answer = b if answer == a else a
            elif kind == "mcq":
                answer = answer % 4 + 1
            elif kind in ("orbit", "top_down"):
                answer = ["right"]
            elif kind == "inconsistent_object":
                answer = "Z"
            else:
                answer = "no idea"
        return {
            "value": answer,
            "text": json.dumps(answer),
            "usage": {"prompt_tokens": 10, "completion_tokens": 2, "cost_usd": 0.001},
            "model": model,
            "graph": graph,
            "simulated": False,
            "prompt_hashes": {"fake": "sha256:abc"},
            "repairs": [{"axis": "D", "ctr_before": 0.2, "ctr_after": 0.0}] if graph == "agentic" else [],
        }


@pytest.fixture()
def fake_ask() -> FakeAsk:
    return FakeAsk()


@pytest.fixture()
def fx() -> Any:
    """This module's builders (tests run with --import-mode=importlib, so they cannot import it)."""
    import sys

    return sys.modules[__name__]


#: A model reply that tries to break out of every context the viewer writes text into.
MALICIOUS = "</pre></script><script>alert('x')</script><img src=x onerror=alert(1)>&amp;"


def make_viewer_data(root: Path) -> Path:
    """Three spatialab-style MCQ examples on a solid magenta 240x160 image (easy to find on a screenshot)."""
    image = root / "images" / "scene.png"
    image.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (240, 160), (255, 0, 255)).save(image)
    _scene(root / "scenes/a.json", {"A": (0, 0, 1), "B": (2, 0, 3)})
    lines = [
        {
            "id": f"vw-{i}",
            "family": "spatialab",
            "images": ["images/scene.png"],
            "scenes": ["scenes/a.json"],
            "question": f"Question {i}: is A left of B? {MALICIOUS if i == 2 else ''}",
            "query": {"type": "mcq", "category": cat, "subcategory": "Sub"},
            "answer": 1,
            "choices": ["yes", "no", "maybe", "unclear"],
            "category": cat,
            "subcategory": "Sub",
            "meta": {},
        }
        for i, cat in enumerate(("Relative Positioning", "Size & Scale", "Relative Positioning"))
    ]
    return write_manifest(root, lines)


class TracedAsk:
    """``aask``-compatible double that returns a full trace (an LLM step with prompt and reply),
    a scene graph with boxes and masks, and repairs, shaped the way the chain reports them.

    agentic is right on vw-0 and vw-1; direct is wrong on vw-0; both are wrong on vw-2 with
    different answers.
    """

    async def __call__(
        self, images: list[str], question: str, *, graph: str = "agentic", ground_truth: Any = None, **_: Any
    ) -> dict[str, Any]:
        from spatioxolver.rle import encode_mask

        ex_id = ((ground_truth or {}).get("example") or {}).get("id")
        right = {"agentic": {"vw-0", "vw-1"}, "direct": {"vw-1"}}[graph]
        value = 1 if ex_id in right else (2 if graph == "agentic" else 3)
        mask = np.zeros((160, 240), bool)
        mask[40:100, 30:90] = True
        trace = [
            {
                "node": "segmentation",
                "agent": "segmentation",
                "backend": "geometric",
                "seconds": 0.01,
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None},
                "calls": 0,
                "objects": 2,
            },
            {
                "node": "reasoning",
                "agent": "reasoning",
                "backend": "openai/test-model",
                "seconds": 0.5,
                "usage": {"prompt_tokens": 120, "completion_tokens": 7, "cost_usd": 0.0002},
                "calls": 1,
                "templates": {"reasoning": "sha256:1"},
                # one call as spatioxolver.models' seam records it
                "model_calls": [
                    {
                        "template": "reasoning",
                        "prompt_hash": "sha256:2",
                        "images": 1,
                        "prompt": "You are the reasoning agent.\nScene: A, B\n" + question,
                        "reply": f"The answer is {value}. {MALICIOUS}",
                        "latency_s": 0.5,
                        "usage": {"prompt_tokens": 120, "completion_tokens": 7, "cost_usd": 0.0002},
                    }
                ],
            },
        ]
        return {
            "value": value,
            "text": f"{value} {MALICIOUS}",
            "usage": {"prompt_tokens": 120, "completion_tokens": 7, "cost_usd": 0.0002},
            "model": "openai/test-model",
            "graph": graph,
            "trace": trace if graph == "agentic" else trace[1:],
            "scene_graph": {
                "images": [{"width": 240, "height": 160}],
                "objects": [
                    {
                        "id": "A",
                        "label": "red cube",
                        "frame": 0,
                        "bbox": [30, 40, 90, 100],
                        "mask": encode_mask(mask),
                    },
                    {"id": "B", "label": MALICIOUS, "frame": 0, "bbox": [150, 50, 200, 120], "mask": None},
                ],
            }
            if graph == "agentic"
            else None,
            "repairs": [
                {"axis": "D", "ctr_before": 0.25, "ctr_after": 0.0, "flipped": [["A", "B"]], "optimal": True}
            ]
            if graph == "agentic"
            else [],
        }


async def make_viewer_runs(root: Path) -> list[Path]:
    """An agentic and a direct run (with traces) over :func:`make_viewer_data`."""
    from spatioxolver.evals.evaluate import aevaluate

    data = make_viewer_data(root / "data")
    runs = []
    for graph in ("agentic", "direct"):
        run = root / f"run-{graph}"
        await aevaluate(
            data,
            model="openai/test-model",
            graph=graph,
            run_dir=run,
            answer_fn=TracedAsk(),
            traces=True,
            progress=False,
        )
        runs.append(run)
    return runs
