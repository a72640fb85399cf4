"""Generated ``spatialab`` family (seed 004): MCQ and open-ended items per SpatiaLab subcategory."""

from __future__ import annotations

from spatioxolver.evals.benchmarks._base import slug
from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark
from spatioxolver.evals.example import Example

__all__ = ["SpatiaLabBenchmark", "CATEGORIES", "spatialab_splits", "spatialab_tags"]

#: SpatiaLab's six categories (seed 004 §3).
CATEGORIES = (
    "Relative Positioning",
    "Depth & Occlusion",
    "Orientation",
    "Size & Scale",
    "Spatial Navigation",
    "3D Geometry",
)


def spatialab_splits() -> list[str]:
    return ["all", "mcq", "open", *(slug(c) for c in CATEGORIES)]


def spatialab_tags(example: Example) -> list[str]:
    tags = ["mcq" if example.query_type == "mcq" else "open"]
    category = example.category or example.query.get("category")
    if category:
        tags.append(slug(category))
    subcategory = example.subcategory or example.query.get("subcategory")
    if subcategory:
        tags.append(slug(subcategory))
    return tags


class SpatiaLabBenchmark(GeneratedBenchmark):
    """MCQ (gold option number) and open-ended (gold text) items."""

    name = "spatialab"
    family = "spatialab"
    description = (
        "generated SpatiaLab-style MCQ + open-ended items (seed 004): accuracy per category/subcategory"
    )
    split_patterns = (r"[a-z0-9-]+",)

    def splits(self) -> list[str]:
        return spatialab_splits()

    def tags(self, example: Example) -> list[str]:
        return spatialab_tags(example)
