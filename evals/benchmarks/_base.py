"""Shared machinery of the benchmark adapters: split parsing and tag filtering.

A split is a name (``dense``, ``n5-D``, ``mcq``...) or several joined with ``+``
(``dense+sequential+text``): subset names are ANDed together, protocol names
(``episodic``/``sequential``, ``image``/``text``/``scene-graph``) change how the
examples are presented. ``all`` (the default) keeps everything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["BenchmarkBase", "slug", "parse_split"]


def slug(text: str) -> str:
    """``"Depth & Occlusion"`` -> ``"depth-occlusion"``."""
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")


def parse_split(split: str | None, known: Iterable[str], patterns: Iterable[str] = ()) -> list[str]:
    """Split ``a+b`` into parts and check each against ``known`` names or regex ``patterns``.

    Raises:
        BenchmarkError: a part is neither a known name nor matches a pattern.
    """
    if not split or split == "all":
        return []
    known_set = set(known)
    parts = [p.strip() for p in split.split("+") if p.strip()]
    for part in parts:
        if part in known_set or any(re.fullmatch(p, part) for p in patterns):
            continue
        listing = ", ".join(sorted(known_set))
        raise BenchmarkError(f"unknown split {part!r}; known splits: {listing} (combine with '+')")
    return [p for p in parts if p != "all"]


class BenchmarkBase:
    """Base class: subclasses set ``name``/``description`` and implement ``_examples``.

    Subclasses may override :meth:`tags` (subset names an example belongs to),
    :meth:`protocol_splits` (names that transform instead of filter) and
    :meth:`index_files` (files whose bytes make up the dataset fingerprint).
    """

    name = "base"
    description = ""
    #: regexes accepted as split names in addition to :meth:`splits`
    split_patterns: tuple[str, ...] = ()

    def splits(self) -> list[str]:
        """Names accepted by ``--split`` (combine with ``+``)."""
        return ["all"]

    def protocol_splits(self) -> set[str]:
        return set()

    def detect(self, source: Path) -> bool:
        """Whether ``source`` looks like this benchmark's data (used when --benchmark is omitted)."""
        return False

    def index_files(self, source: str | Path) -> list[Path]:
        path = Path(source)
        return [path] if path.is_file() else []

    def tags(self, example: Example) -> list[str]:
        return []

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        """Yield examples and a :class:`BadLine` per malformed record; :meth:`load` makes
        a bad line fatal under ``strict``, so adapters need not check it themselves."""
        raise NotImplementedError

    def transform(self, examples: list[Example], protocol: list[str], **options: Any) -> list[Example]:
        """Apply protocol split parts (default: none known, nothing to do)."""
        return examples

    def load(
        self, source: str | Path, *, split: str | None = None, strict: bool = False, **options: Any
    ) -> list[Example | BadLine]:
        """Examples of ``source`` in ``split`` (bad lines are returned as :class:`BadLine`).

        Raises:
            BenchmarkError: missing source, unknown split, or (``strict``) a malformed record.
        """
        parts = parse_split(split, self.splits(), self.split_patterns)
        path = Path(source).expanduser()
        if not str(source).startswith("hf:") and not path.exists():
            raise BenchmarkError(f"{source}: no such file or directory for benchmark {self.name!r}")
        protocols = [p for p in parts if p in self.protocol_splits()]
        filters = [p for p in parts if p not in self.protocol_splits()]
        out: list[Example | BadLine] = []
        kept: list[Example] = []
        for item in self._examples(path, strict=strict, **options):
            if isinstance(item, BadLine):
                if strict:
                    raise BenchmarkError(item.message())
                out.append(item)
                continue
            item.tags = sorted(set(item.tags) | set(self.tags(item)))
            if all(f in item.tags for f in filters):
                kept.append(item)
        if protocols or self.protocol_splits():
            kept = self.transform(kept, protocols, **options)
        if filters and not kept:
            raise BenchmarkError(
                f"split {split!r} matched no examples in {source}; known splits: {', '.join(self.splits())}"
            )
        seen: set[str] = set()
        for example in kept:
            if example.id in seen:
                raise BenchmarkError(f"{source}: duplicate example id {example.id!r}; ids must be unique")
            seen.add(example.id)
        return out + list(kept)
