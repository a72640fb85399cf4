"""The spatial-inconsistency release (seed 002): ``public_eval_annotations.json`` + pair folders.

Each record names its two images relative to the pair root (the folder holding the
annotation file unless ``pair_root`` is given). Gold is ``moved_object_letter``; chance
for a record is ``1 / num_labels``.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._buckets import KNOWN_BUCKET_SPLITS, bucket_tags
from spatioxolver.evals.benchmarks._tabular import bad_reason, iter_rows, row_unit
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

__all__ = ["InconsistencyReleaseBenchmark", "SEED_PROMPT"]

#: The forced-choice prompt of seed 002, App. B.2.
SEED_PROMPT = (
    "Here are two photos of a static scene from different views. However, in between taking the "
    "photos, I edited the second image such that, for one object, its positioning is inconsistent "
    "with the camera motion between the two frames. Which letter marks the modified object? Please "
    "use the labels from the first image.\nFormat your reply exactly as:\nFinal Answer: <LETTER>\n"
    "...where <LETTER> is ONE capital letter A to Z only. Do not write anything else."
)

ANNOTATION_FILE = "public_eval_annotations.json"


class InconsistencyReleaseBenchmark(BenchmarkBase):
    """Forced choice A..Z over labelled objects of the first view."""

    name = "inconsistency-release"
    description = "spatial-inconsistency release (public_eval_annotations.json + pair folders, seed 002)"
    split_patterns = (r"(depth|lighting|plausibility)-[A-Za-z0-9_]+",)

    def splits(self) -> list[str]:
        return ["all", *KNOWN_BUCKET_SPLITS]

    def tags(self, example: Example) -> list[str]:
        return bucket_tags(example.meta)

    def _annotation(self, source: Path) -> Path:
        return source / ANNOTATION_FILE if source.is_dir() else source

    def detect(self, source: Path) -> bool:
        path = self._annotation(source)
        if not path.is_file() or path.suffix != ".json":
            return False
        if path.name == ANNOTATION_FILE:
            return True
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
        return '"moved_object_letter"' in head

    def index_files(self, source: str | Path) -> list[Path]:
        return [self._annotation(Path(source))]

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        annotation = self._annotation(source)
        root = Path(options.get("pair_root") or annotation.parent)
        for number, row in iter_rows(annotation, records_key="records"):
            try:
                if isinstance(row, str):
                    raise ValueError(row)
                num_labels = int(row["num_labels"])
                if not 1 <= num_labels <= 26:
                    raise ValueError(f"num_labels {num_labels} outside 1..26")
                letter = str(row["moved_object_letter"]).strip().upper()
                labels = list(string.ascii_uppercase[:num_labels])
                if letter not in labels:
                    raise ValueError(f"moved_object_letter {letter!r} not among the {num_labels} labels")
                meta = {
                    k: row.get(k)
                    for k in (
                        "scene_id",
                        "mode",
                        "num_labels",
                        "depth_bucket",
                        "lighting_bucket",
                        "plausibility_bucket",
                        "scene_class",
                        "object_class",
                        "moved_object_id",
                    )
                    if row.get(k) is not None
                }
                yield Example(
                    id=str(row["pair_id"]),
                    benchmark=self.name,
                    family="inconsistency",
                    images=[str((root / row["a_path"]).resolve()), str((root / row["b_path"]).resolve())],
                    question=SEED_PROMPT,
                    query={"type": "inconsistent_object", "labels": labels},
                    answer=letter,
                    meta=meta,
                )
            except (KeyError, TypeError, ValueError) as exc:
                yield BadLine(
                    str(annotation), number, f"invalid record: {bad_reason(exc)}", row_unit(annotation)
                )
