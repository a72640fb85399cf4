"""Generated ``inconsistency`` family (seed 002): two views, one re-posed object, forced choice.

Buckets as the seed defines them (App. C.1): the dataset is split into three equally sized
bins of the moved object's depth in V1 (``close`` / ``medium`` / ``far``) and of the
luminance averaged over V1 and V2 (``dark`` / ``medium`` / ``bright``), with cut points at
the empirical tertiles of the *loaded* items (after split filters other than the buckets).
The generator's per-scene / fixed-cut-off buckets stay in ``meta`` as
``depth_bucket_scene`` / ``lighting_bucket_fixed``. Items without ``object_depth`` /
``mean_luminance`` (older manifests) keep their buckets. ``seed-selection`` keeps the
items that meet seed 002's selection rules (``meta.seed_selection``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from spatioxolver.evals.benchmarks._buckets import KNOWN_BUCKET_SPLITS, bucket_tags
from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

__all__ = ["InconsistencyBenchmark", "tertile_labels"]

_TERTILES = {
    "depth": ("object_depth", ("close", "medium", "far")),
    "lighting": ("mean_luminance", ("dark", "medium", "bright")),
}


def tertile_labels(values: list[float], names: tuple[str, str, str]) -> list[str]:
    """Three equally sized bins by rank (ties keep their order): the seed's empirical tertiles."""
    order = np.argsort(np.asarray(values, dtype=float), kind="stable")
    labels = [""] * len(values)
    for rank, idx in enumerate(order):
        labels[int(idx)] = names[min(3 * rank // max(len(values), 1), 2)]
    return labels


class InconsistencyBenchmark(GeneratedBenchmark):
    """Which lettered object moved inconsistently with the camera motion."""

    name = "inconsistency"
    family = "inconsistency"
    description = (
        "generated spatial-inconsistency pairs (seed 002): accuracy per depth/lighting/plausibility bucket"
    )
    split_patterns = (r"(depth|lighting|plausibility)-[A-Za-z0-9_]+",)

    def splits(self) -> list[str]:
        return ["all", "seed-selection", *KNOWN_BUCKET_SPLITS]

    def tags(self, example: Example) -> list[str]:
        return bucket_tags(example.meta) + (["seed-selection"] if example.meta.get("seed_selection") else [])

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        items = list(super()._examples(source, strict=strict, **options))
        examples = [e for e in items if isinstance(e, Example)]
        for kind, (key, names) in _TERTILES.items():
            have = [e for e in examples if isinstance(e.meta.get(key), (int, float))]
            if len(have) < 3 or len(have) < len(examples):
                continue  # older manifests: keep the generator's buckets
            for e, label in zip(have, tertile_labels([float(e.meta[key]) for e in have], names), strict=True):
                old = e.meta.get(f"{kind}_bucket")
                if old is not None:
                    e.meta[f"{kind}_bucket_{'scene' if kind == 'depth' else 'fixed'}"] = old
                e.meta[f"{kind}_bucket"] = label
        yield from items
