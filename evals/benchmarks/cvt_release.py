"""CVT-style question files (JSON / JSONL / parquet / ``hf:``): relation lists under rotation.

Each record: ``image`` (path), ``subject``, ``reference``, ``answer`` (list of relations
or a comma-separated string) and ``theta`` (degrees) or ``view: "top_down"``; optional
``question``, ``id``, ``scene``, ``density``, ``tracked``. Field names are configurable
with ``columns`` like the SpatiaLab release adapter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import iter_rows, materialize_image
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["CVTReleaseBenchmark"]

DEFAULT_COLUMNS = {
    k: k
    for k in (
        "id",
        "image",
        "question",
        "subject",
        "reference",
        "answer",
        "theta",
        "view",
        "scene",
        "density",
        "tracked",
    )
}


class CVTReleaseBenchmark(BenchmarkBase):
    """Counterfactual-viewpoint questions from a file (seed 003 format, fields configurable)."""

    name = "cvt-release"
    description = "CVT-style question files (JSON/JSONL/parquet or hf:NAME): multi-label relations per view"

    def splits(self) -> list[str]:
        return ["all", "sparse", "dense", "orbit", "top-down", "tracked"]

    def tags(self, example: Example) -> list[str]:
        tags = ["top-down" if example.query.get("type") == "top_down" else "orbit"]
        if example.meta.get("density") in ("sparse", "dense"):
            tags.append(example.meta["density"])
        if example.meta.get("tracked"):
            tags.append("tracked")
        return tags

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        columns = {**DEFAULT_COLUMNS, **(options.get("columns") or {})}
        root = Path(options.get("image_root") or (source.parent if source.is_file() else Path.cwd()))
        for number, row in iter_rows(options.get("hf") or source):
            try:
                if isinstance(row, str):
                    raise ValueError(row)
                record = row

                def get(field: str, record: dict[str, Any] = record) -> Any:
                    return record.get(columns[field])

                answer = get("answer")
                if isinstance(answer, str):
                    answer = [a.strip().lower() for a in answer.replace(";", ",").split(",") if a.strip()]
                answer = sorted(str(a).lower() for a in answer)
                subject, reference = str(get("subject")), str(get("reference"))
                top = str(get("view") or "").replace("-", "_").lower() in ("top_down", "topdown", "top")
                if top:
                    query = {"type": "top_down", "subject": subject, "reference": reference}
                    default_q = (
                        f"From a top-down view, where is object {subject} relative to object {reference}?"
                    )
                else:
                    theta = float(get("theta") or 0)
                    query = {
                        "type": "orbit",
                        "subject": subject,
                        "reference": reference,
                        "theta": theta,
                        "direction": "left",
                    }
                    default_q = (
                        f"If the camera orbits {theta:g} degrees around the scene, where is object "
                        f"{subject} relative to object {reference}? Answer with a list from left, right, "
                        f"front, behind."
                    )
                image = get("image")
                yield Example(
                    id=str(get("id") or stable_id(image, subject, reference, query, prefix="cvt-")),
                    benchmark=self.name,
                    family="cvt",
                    images=[materialize_image(image, root)] if image else [],
                    question=str(get("question") or default_q),
                    query=query,
                    answer=answer,
                    meta={k: get(k) for k in ("scene", "density", "tracked") if get(k) is not None}
                    | {"scene_key": str(get("scene") or image)},
                )
            except (BenchmarkError, KeyError, TypeError, ValueError) as exc:
                bad = BadLine(str(source), number, f"invalid record: {' '.join(str(exc).split())[:300]}")
                if strict:
                    raise BenchmarkError(bad.message()) from exc
                yield bad
