"""CLEVR scene files with images: yes/no relation questions from ``relationships``.

For each scene, up to ``per_scene`` (default 4) object pairs are drawn with a seeded
generator; each gives "Is the <A> <relation> the <B>?" for one of left / right / front /
behind, answered from ``relationships[rel][index(B)]`` (CLEVR: the objects that are
``rel`` of B). Objects whose attribute description is not unique are never used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import bad_reason, iter_rows, row_unit
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

__all__ = ["CLEVRBenchmark", "RELATION_WORDS"]

RELATION_WORDS = {
    "left": "to the left of",
    "right": "to the right of",
    "front": "in front of",
    "behind": "behind",
}


def _describe(obj: dict[str, Any]) -> str:
    return (
        " ".join(str(obj.get(k, "")) for k in ("size", "color", "material", "shape"))
        .replace("  ", " ")
        .strip()
    )


class CLEVRBenchmark(BenchmarkBase):
    """Relation questions built from CLEVR ``*_scenes.json`` and its images."""

    name = "clevr"
    description = "CLEVR scene file + images: yes/no relation questions from `relationships`"

    def splits(self) -> list[str]:
        return ["all", *RELATION_WORDS]

    def tags(self, example: Example) -> list[str]:
        return [example.query.get("relation", "")]

    def detect(self, source: Path) -> bool:
        return source.is_file() and source.suffix == ".json" and "scenes" in source.name.lower()

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        image_root = Path(options.get("image_root") or source.parent / "images")
        per_scene = int(options.get("per_scene") or 4)
        rng = random.Random(int(options.get("seed") or 0))
        for number, scene in iter_rows(source, records_key="scenes"):
            try:
                if isinstance(scene, str):
                    raise ValueError(scene)
                objects = scene["objects"]
                rels = scene["relationships"]
                descs = [_describe(o) for o in objects]
                counts = Counter(descs)
                usable = [i for i, d in enumerate(descs) if counts[d] == 1]
                pairs = [(a, b) for a in usable for b in usable if a != b]
                rng.shuffle(pairs)
                filename = scene.get("image_filename") or f"{scene.get('image_index', number)}.png"
                split_dir = (
                    image_root / scene["split"]
                    if (image_root / str(scene.get("split", ""))).is_dir() and scene.get("split")
                    else image_root
                )
                image = str((split_dir / filename).resolve())
                for a, b in pairs[:per_scene]:
                    relation = rng.choice(sorted(RELATION_WORDS))
                    answer = a in rels[relation][b]
                    yield Example(
                        id=stable_id(filename, a, b, relation, prefix="clevr-"),
                        benchmark=self.name,
                        family="clevr",
                        images=[image],
                        question=f"Is the {descs[a]} {RELATION_WORDS[relation]} the {descs[b]}? Answer yes or no.",
                        query={
                            "type": "yes_no",
                            "relation": relation,
                            "subject": descs[a],
                            "reference": descs[b],
                        },
                        answer=answer,
                        meta={"scene_inline": scene, "image_filename": filename},
                    )
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                yield BadLine(str(source), number, f"invalid scene: {bad_reason(exc)}", row_unit(source))
