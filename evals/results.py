"""The append-only ``results.jsonl`` file: one JSON row per finished example.

Every row is written with a single ``os.write`` of the whole line and then
``fsync``-ed, so after a crash (SIGKILL included) the file holds complete rows plus at
most one torn last line. :func:`scan_results` drops that torn tail before a resumed run
appends, so every example ends up recorded exactly once.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

__all__ = ["ResultsFile", "scan_results", "read_rows", "rewrite_without_errors", "to_jsonable", "redact"]

_KEY_PATTERNS = [
    (re.compile(r"sk-[A-Za-z0-9_\-]{8,}"), "[redacted]"),
    (
        re.compile(r"(?i)\b(api[_-]?key|authorization|bearer)([\"'=:\s]+)([A-Za-z0-9_\-\.]{8,})"),
        r"\1\2[redacted]",
    ),
    (re.compile(r"AIza[0-9A-Za-z_\-]{20,}"), "[redacted]"),
]


def redact(text: str) -> str:
    """Remove anything that looks like an API key, and the values of ``*_API_KEY`` variables."""
    out = str(text)
    for name, value in os.environ.items():
        if value and len(value) >= 8 and any(t in name.upper() for t in ("API_KEY", "TOKEN", "SECRET")):
            out = out.replace(value, "[redacted]")
    for pattern, replacement in _KEY_PATTERNS:
        out = pattern.sub(replacement, out)
    return out


def to_jsonable(value: Any) -> Any:
    """``json.dumps`` default: pydantic models, numpy scalars/arrays, sets, paths."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "__dict__"):
        return {k: v for k, v in vars(value).items() if not k.startswith("_")}
    return str(value)


class ResultsFile:
    """Append rows durably: one ``os.write`` per line (``O_APPEND``), then fsync.

    The write is synchronous, so a row is in the file (and survives SIGKILL) as soon as
    :meth:`append` returns. The fsync that makes it survive power loss runs on a
    group-commit thread: every appended line is covered by an fsync issued after its
    write, and rows written while one fsync is in flight share the next one, so a slow
    disk does not stall the event loop. :meth:`close` waits for the last fsync.
    """

    def __init__(self, path: Path, *, fsync: bool = True) -> None:
        import threading

        self.path = path
        self.fsync = fsync
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._pending = threading.Event()
        self._closing = False
        self._thread = None
        if fsync:
            self._thread = threading.Thread(target=self._syncer, name="results-fsync", daemon=True)
            self._thread.start()

    def _syncer(self) -> None:
        while True:
            self._pending.wait()
            self._pending.clear()
            if self._fd >= 0:
                os.fsync(self._fd)
            if self._closing and not self._pending.is_set():
                return

    def append(self, row: dict[str, Any]) -> None:
        data = (json.dumps(row, default=to_jsonable, ensure_ascii=False) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        if self.fsync:
            self._pending.set()

    def close(self) -> None:
        if self._fd < 0:
            return
        if self._thread is not None:
            self._closing = True
            self._pending.set()
            self._thread.join()
        if self.fsync:
            os.fsync(self._fd)
        os.close(self._fd)
        self._fd = -1

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_ID_RE = re.compile(rb'^\{"id": ("(?:[^"\\]|\\.)*"), "status": "(ok|error)"')


def scan_results(path: Path, *, repair: bool = True) -> tuple[dict[str, str], int]:
    """Map id -> status of every complete row; truncate a torn last line when ``repair``.

    Returns:
        ``(statuses, dropped_bytes)``; rows are matched by their leading ``id``/``status``
        fields (written first by the runner) and fully parsed only when that fails.
    """
    statuses: dict[str, str] = {}
    if not path.exists():
        return statuses, 0
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    dropped = len(data) - end
    if dropped and repair:
        with open(path, "r+b") as handle:
            handle.truncate(end)
            handle.flush()
            os.fsync(handle.fileno())
    for line in data[:end].split(b"\n"):
        if not line:
            continue
        m = _ID_RE.match(line)
        if m:
            raw = m.group(1)
            key = raw[1:-1].decode() if b"\\" not in raw else json.loads(raw)
            statuses[key] = m.group(2).decode()
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a damaged middle line: that example is simply redone
        if isinstance(row, dict) and "id" in row:
            statuses[str(row["id"])] = str(row.get("status", "error"))
    return statuses, dropped


def read_rows(path: Path, *, bad_lines: list[int] | None = None) -> list[dict[str, Any]]:
    """All complete rows (a torn last line is ignored, not repaired).

    Args:
        path: the ``results.jsonl`` file.
        bad_lines: when given, receives the 1-based numbers of the lines that were skipped
            (not JSON, not an object with an ``id``, or a torn last line).
    """
    rows = []
    if not path.exists():
        return rows
    with path.open(encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            if not line.endswith("\n"):
                if bad_lines is not None:
                    bad_lines.append(number)
                break
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                row = None
            if isinstance(row, dict) and "id" in row:
                rows.append(row)
            elif bad_lines is not None:
                bad_lines.append(number)
    return rows


def rewrite_without_errors(path: Path) -> int:
    """Drop error rows (atomically) so ``--retry-errors`` records each example once; returns how many."""
    rows = read_rows(path)
    keep = [r for r in rows if r.get("status") == "ok"]
    tmp = path.with_suffix(".jsonl.tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for row in keep:
            handle.write(json.dumps(row, default=to_jsonable, ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    return len(rows) - len(keep)
