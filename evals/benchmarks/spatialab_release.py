"""SpatiaLab release files on disk (parquet / JSON / JSONL) or ``hf:`` datasets.

The release's exact column names are not known here, so the mapping from our field
names to the file's columns is configurable (``columns={"question": "prompt", ...}``,
or ``--columns`` on the CLI). Each row yields an MCQ example when it has options and a
gold option, and an open-ended example when it has a gold open answer. The defaults
match the fixture shipped in ``evals/fixtures/spatialab_release/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import iter_rows, materialize_image
from spatioxolver.evals.benchmarks.spatialab import spatialab_splits, spatialab_tags
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["SpatiaLabReleaseBenchmark", "DEFAULT_COLUMNS", "parse_options", "parse_gold_option"]

DEFAULT_COLUMNS: dict[str, str] = {
    "id": "question_id",
    "image": "image",
    "question": "question",
    "options": "options",
    "gold_option": "correct_option",
    "open_answer": "open_answer",
    "category": "category",
    "subcategory": "subcategory",
}

MCQ_SUFFIX = "\nAnswer with the option number only."


def parse_options(value: Any) -> list[str]:
    """Options as a list: a list, a JSON list string, or ``"1. a\\n2. b"`` text."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    text = str(value).strip()
    if text.startswith("["):
        try:
            parsed = json.loads(text)
            if isinstance(parsed, list):
                return [str(v) for v in parsed]
        except json.JSONDecodeError:
            pass
    parts = re.split(r"(?:^|\n|\s)\(?([1-9]|[A-Ha-h])[.):]\s+", text)
    if len(parts) >= 3:
        return [p.strip() for p in parts[2::2]]
    return [p.strip() for p in text.split("\n") if p.strip()]


def parse_gold_option(value: Any, options: list[str]) -> int | None:
    """Gold option as a 1-based number from ``2``, ``"2"``, ``"B"``, ``"(2)"`` or the option text."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1 <= value <= max(len(options), 1) else None
    text = str(value).strip()
    m = re.fullmatch(r"\(?(?:option\s*)?(\d+)\)?\.?", text, flags=re.I)
    if m:
        return int(m.group(1))
    m = re.fullmatch(r"\(?([A-Za-z])\)?\.?", text)
    if m:
        return ord(m.group(1).upper()) - ord("A") + 1
    lowered = [o.strip().lower() for o in options]
    if text.lower() in lowered:
        return lowered.index(text.lower()) + 1
    return None


class SpatiaLabReleaseBenchmark(BenchmarkBase):
    """The SpatiaLab release with a configurable column mapping."""

    name = "spatialab-release"
    description = (
        "SpatiaLab release file (parquet/JSON/JSONL or hf:NAME) with configurable columns (seed 004)"
    )
    split_patterns = (r"[a-z0-9-]+",)

    def splits(self) -> list[str]:
        return spatialab_splits()

    def tags(self, example: Example) -> list[str]:
        return spatialab_tags(example)

    def detect(self, source: Path) -> bool:
        return (
            source.is_file()
            and source.suffix.lower() in (".parquet", ".jsonl", ".json")
            and ("spatialab" in source.name.lower())
        )

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        columns = {**DEFAULT_COLUMNS, **(options.get("columns") or {})}
        root = Path(options.get("image_root") or (source.parent if source.is_file() else Path.cwd()))
        for number, row in iter_rows(options.get("hf") or source):
            if isinstance(row, str):
                bad = BadLine(str(source), number, row)
                if strict:
                    raise BenchmarkError(bad.message())
                yield bad
                continue
            try:
                yield from self._row_examples(row, number, columns, root)
            except (BenchmarkError, KeyError, TypeError, ValueError) as exc:
                bad = BadLine(str(source), number, f"invalid row: {' '.join(str(exc).split())[:300]}")
                if strict:
                    raise BenchmarkError(bad.message()) from exc
                yield bad

    def _row_examples(
        self, row: dict[str, Any], number: int, columns: dict[str, str], root: Path
    ) -> Iterator[Example]:
        def get(field: str) -> Any:
            return row.get(columns.get(field, field))

        question = get("question")
        if not question:
            raise KeyError(f"no question in column {columns['question']!r}")
        image = get("image")
        images = [materialize_image(image, root)] if image is not None else []
        base_id = str(get("id")) if get("id") not in (None, "") else stable_id(question, number, prefix="sl-")
        category, subcategory = get("category"), get("subcategory")
        options = parse_options(get("options"))
        gold = parse_gold_option(get("gold_option"), options)
        produced = False
        if options and gold is not None:
            numbered = "\n".join(f"{i}. {o}" for i, o in enumerate(options, start=1))
            yield Example(
                id=f"{base_id}:mcq",
                benchmark=self.name,
                family="spatialab",
                images=images,
                question=f"{question}\n{numbered}{MCQ_SUFFIX}",
                query={"type": "mcq", "category": category, "subcategory": subcategory},
                answer=gold,
                choices=options,
                category=category,
                subcategory=subcategory,
                meta={"row": number},
            )
            produced = True
        open_answer = get("open_answer")
        if open_answer not in (None, ""):
            yield Example(
                id=f"{base_id}:open",
                benchmark=self.name,
                family="spatialab",
                images=images,
                question=str(question),
                query={"type": "open", "category": category, "subcategory": subcategory},
                answer=str(open_answer),
                category=category,
                subcategory=subcategory,
                meta={"row": number},
            )
            produced = True
        if not produced:
            raise ValueError(
                "row has neither options + gold option nor an open answer (check the column mapping)"
            )
