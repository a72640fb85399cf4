"""Reader for directories written by ``spatioxolver generate`` (issue 4 manifest contract)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import bad_reason
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine, read_jsonl

from spatioxolver.errors import BenchmarkError

__all__ = ["GeneratedBenchmark", "generation_prior", "load_scene", "manifest_path"]


def manifest_path(source: Path) -> Path:
    return source / "manifest.jsonl" if source.is_dir() else source


@lru_cache(maxsize=4096)
def _load_scene_cached(path: str, mtime: float) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def load_scene(path: str | Path) -> dict[str, Any]:
    """Load a scene JSON (cached by path and modification time).

    Raises:
        BenchmarkError: missing or malformed file.
    """
    p = Path(path)
    try:
        return _load_scene_cached(str(p), p.stat().st_mtime)
    except FileNotFoundError as exc:
        raise BenchmarkError(f"missing scene file {p}") from exc
    except (OSError, json.JSONDecodeError) as exc:
        raise BenchmarkError(f"unreadable scene file {p}: {exc}") from exc


def generation_prior(root: Path) -> dict[str, Any] | None:
    """The world prior a generated folder was rendered in (its ``generation.json``), or ``None``.

    A ``generation.json`` written before priors were recorded names none; the renderer then
    only knew CLEVR's world, so that folder gets :meth:`WorldPrior.clevr`. A manifest with no
    ``generation.json`` beside it (written by other code) gets no prior.

    Raises:
        BenchmarkError: a ``generation.json`` that is not JSON or names a bad prior.
    """
    from spatioxolver.errors import ConfigError
    from spatioxolver.world import WorldPrior, coerce_world_prior

    path = root / "generation.json"
    if not path.is_file():
        return None
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BenchmarkError(
            f"{path}: unreadable ({exc}); regenerate the folder or remove the file"
        ) from None
    if not isinstance(info, dict):
        raise BenchmarkError(f"{path}: expected a JSON object; regenerate the folder or remove the file")
    if "world_prior" not in info:
        return WorldPrior.clevr().to_dict()
    if info["world_prior"] is None:
        return None
    try:
        prior = coerce_world_prior(info["world_prior"])
    except ConfigError as exc:
        raise BenchmarkError(f"{path}: {exc}") from None
    return prior.to_dict() if prior is not None else None


class GeneratedBenchmark(BenchmarkBase):
    """A family of a generated directory; subclasses set ``family`` and tag rules."""

    family = ""

    def detect(self, source: Path) -> bool:
        manifest = manifest_path(source)
        if manifest.suffix != ".jsonl" or not manifest.is_file():
            return False
        with manifest.open(encoding="utf-8", errors="replace") as handle:
            for raw in handle:
                if raw.strip():
                    try:
                        return json.loads(raw).get("family") == self.family
                    except (json.JSONDecodeError, AttributeError):
                        return False
        return False

    def index_files(self, source: str | Path) -> list[Path]:
        return [manifest_path(Path(source))]

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        manifest = manifest_path(source)
        root = manifest.parent
        prior = generation_prior(root)
        resolved: dict[str, str] = {}  # many questions name one image: each path resolved once

        def resolve(path: Any) -> str:
            found = resolved.get(path) if isinstance(path, str) else None
            if found is None:
                found = str((root / path).resolve())  # a path that is no text fails here, as it did
                resolved[path] = found
            return found

        for number, record in read_jsonl(manifest, strict=strict):
            if isinstance(record, BadLine):
                yield record
                continue
            family = record.get("family", self.family)
            if self.family and family != self.family:
                raise BenchmarkError(
                    f"{manifest}:{number}: family {family!r} does not match benchmark {self.name!r}; "
                    f"use --benchmark {family}"
                )
            try:
                meta = dict(record.get("meta") or {})
                if prior is not None:
                    meta.setdefault("world_prior", prior)
                example = Example(
                    id=str(record["id"]),
                    benchmark=self.name,
                    family=family,
                    images=[resolve(p) for p in record["images"]],
                    clean_images=[resolve(p) for p in meta.get("clean_images") or []],
                    scenes=[resolve(p) for p in record.get("scenes") or []],
                    question=str(record["question"]),
                    query=dict(record.get("query") or {}),
                    answer=record["answer"],
                    choices=record.get("choices"),
                    category=record.get("category"),
                    subcategory=record.get("subcategory"),
                    meta=meta,
                )
            except (TypeError, ValueError) as exc:
                yield BadLine(str(manifest), number, f"invalid example: {bad_reason(exc)}")
                continue
            yield example
