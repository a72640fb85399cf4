"""Generated ``spatialab`` family (seed 004): MCQ and open-ended items per SpatiaLab subcategory."""

from __future__ import annotations

from spatioxolver.evals.benchmarks._base import slug
from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark
from spatioxolver.evals.example import Example

__all__ = ["SpatiaLabBenchmark", "CATEGORIES", "spatialab_splits", "spatialab_tags", "spatialab_transform"]

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
    return ["all", "mcq", "open", "balanced", *(slug(c) for c in CATEGORIES)]


def spatialab_transform(examples: list[Example], protocol: list[str], **options: object) -> list[Example]:
    """``balanced``: the seed's 5-per-subcategory subset (seed 42; 150 items on the release).

    ``per_subcategory`` (option, default 5) changes the count. Combine with ``mcq`` or
    ``open`` to draw from one format (``--split mcq+balanced``).
    """
    if "balanced" not in protocol:
        return examples
    from spatioxolver.evals.benchmarks.spatialab_taxonomy import balanced_subset

    per = options.get("per_subcategory", 5)
    return balanced_subset(examples, per_subcategory=int(per), seed=42)  # type: ignore[call-overload]


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

    def protocol_splits(self) -> set[str]:
        return {"balanced"}

    def transform(self, examples: list[Example], protocol: list[str], **options: object) -> list[Example]:
        return spatialab_transform(examples, protocol, **options)

    def tags(self, example: Example) -> list[str]:
        return spatialab_tags(example)
