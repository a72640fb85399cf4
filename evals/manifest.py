"""Reading ``manifest.jsonl`` files line by line, with line-numbered errors.

A malformed line never stops a run by itself: it becomes a :class:`BadLine` the
runner turns into an error row (or a fatal :class:`BenchmarkError` with ``strict``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spatioxolver.errors import BenchmarkError

__all__ = ["BadLine", "read_jsonl", "REQUIRED_FIELDS"]

#: Fields every generated manifest line must carry (issue 4 contract).
REQUIRED_FIELDS = ("id", "images", "question", "answer")


@dataclass(frozen=True)
class BadLine:
    """A manifest line that could not be turned into an example."""

    path: str
    line: int
    reason: str
    #: what ``line`` counts: ``"line"`` (JSON Lines), ``"record"`` (JSON array) or ``"row"`` (parquet/hub)
    unit: str = "line"

    @property
    def id(self) -> str:
        return f"{Path(self.path).name}:{self.unit}{self.line}"

    def message(self) -> str:
        if self.unit == "line":
            return f"{self.path}:{self.line}: {self.reason}"
        return f"{self.path}: {self.unit} {self.line}: {self.reason}"


def read_jsonl(path: Path, *, strict: bool = False) -> Iterator[tuple[int, dict[str, Any] | BadLine]]:
    """Yield ``(line_number, record_or_badline)`` for each non-blank line of ``path``.

    Raises:
        BenchmarkError: the file is missing, or (with ``strict``) a line is malformed.
    """
    if not path.is_file():
        raise BenchmarkError(f"{path}: no such manifest file (expected JSON Lines, one example per line)")
    with path.open("r", encoding="utf-8", errors="replace") as handle:
        for number, raw in enumerate(handle, start=1):
            text = raw.strip()
            if not text:
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as exc:
                bad = BadLine(str(path), number, f"malformed JSON ({exc.msg} at column {exc.colno})")
            else:
                if not isinstance(record, dict):
                    bad = BadLine(str(path), number, f"expected a JSON object, got {type(record).__name__}")
                else:
                    missing = [f for f in REQUIRED_FIELDS if f not in record]
                    if not missing:
                        yield number, record
                        continue
                    bad = BadLine(str(path), number, f"missing field(s): {', '.join(missing)}")
            if strict:
                raise BenchmarkError(f"{bad.message()} (drop --strict to skip bad lines)")
            yield number, bad
