"""The unit of evaluation: one question with its gold answer, images and provenance.

Every adapter turns its source (a generated directory, a release file, a hub dataset)
into :class:`Example` objects with a stable ``id``; the runner only ever sees these.

Example:
    >>> ex = Example(id="ctr-0001", benchmark="ctr", question="Which is left?", answer="1")
    >>> ex.query_type
    'open'
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Example", "stable_id", "dataset_fingerprint"]


class Example(BaseModel):
    """One benchmark item, with absolute paths, ready to hand to ``aask``.

    Attributes:
        id: stable identifier (unique within the dataset; survives re-loading).
        benchmark: adapter name that produced it.
        family: question family (``ctr``, ``cvt``, ``inconsistency``, ``spatialab``...).
        images: absolute image paths, in prompt order.
        clean_images: overlay-free renders of the same views (generated data only).
        scenes: absolute paths of the scene JSON of each image (generated / CLEVR data).
        question: natural-language question sent to the model.
        query: structured form of the question (``{"type": ...}``).
        answer: gold answer (label, option number, letter, relation list, text).
        choices: MCQ options (``None`` otherwise).
        category / subcategory: taxonomy labels where the benchmark has them.
        meta: anything else the metrics read (N, axis, angle, buckets...).
        tags: split names this example belongs to.
    """

    model_config = ConfigDict(extra="forbid")

    id: str
    benchmark: str
    family: str = ""
    images: list[str] = Field(default_factory=list)
    clean_images: list[str] = Field(default_factory=list)
    scenes: list[str] = Field(default_factory=list)
    question: str
    query: dict[str, Any] = Field(default_factory=dict)
    answer: Any = None
    choices: list[str] | None = None
    category: str | None = None
    subcategory: str | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
    tags: list[str] = Field(default_factory=list)

    @property
    def query_type(self) -> str:
        """``query["type"]``, or ``mcq`` / ``open`` inferred from ``choices``."""
        kind = self.query.get("type") if self.query else None
        if kind:
            return str(kind)
        return "mcq" if self.choices else "open"

    def gold_payload(self) -> dict[str, Any]:
        """The ``example`` part of the answer key a simulated model is bound to (never sent to a model)."""
        return {
            "id": self.id,
            "query": self.query,
            "answer": self.answer,
            "choices": self.choices,
            "meta": self.meta,
        }


def stable_id(*parts: Any, prefix: str = "") -> str:
    """A short deterministic id from the given parts (order matters).

    Example:
        >>> stable_id("scene1", 3, prefix="clevr-") == stable_id("scene1", 3, prefix="clevr-")
        True
    """
    blob = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return prefix + hashlib.sha256(blob.encode()).hexdigest()[:16]


def dataset_fingerprint(paths: list[Path] | list[str], examples: list[Example] | None = None) -> str:
    """SHA-256 over the bytes of the dataset's index files and the loaded examples.

    Image bytes are not hashed (too slow for large sets); their paths and the index
    files that name them are, so a changed manifest or annotation file changes the
    fingerprint.
    """
    digest = hashlib.sha256()
    for path in sorted(str(p) for p in paths):
        p = Path(path)
        digest.update(p.name.encode())
        if p.is_file():
            with p.open("rb") as handle:
                for chunk in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(chunk)
    for example in examples or []:
        digest.update(example.id.encode())
        digest.update(json.dumps(example.answer, sort_keys=True, default=str).encode())
    return "sha256:" + digest.hexdigest()[:32]
