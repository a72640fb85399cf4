"""Generated ``inconsistency`` family (seed 002): two views, one re-posed object, forced choice."""

from __future__ import annotations

from spatioxolver.evals.benchmarks._buckets import KNOWN_BUCKET_SPLITS, bucket_tags
from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark
from spatioxolver.evals.example import Example

__all__ = ["InconsistencyBenchmark"]


class InconsistencyBenchmark(GeneratedBenchmark):
    """Which lettered object moved inconsistently with the camera motion."""

    name = "inconsistency"
    family = "inconsistency"
    description = (
        "generated spatial-inconsistency pairs (seed 002): accuracy per depth/lighting/plausibility bucket"
    )
    split_patterns = (r"(depth|lighting|plausibility)-[A-Za-z0-9_]+",)

    def splits(self) -> list[str]:
        return ["all", *KNOWN_BUCKET_SPLITS]

    def tags(self, example: Example) -> list[str]:
        return bucket_tags(example.meta)
