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

__all__ = [
    "ResultsFile",
    "scan_results",
    "read_rows",
    "rewrite_without_errors",
    "to_jsonable",
    "redact",
    "redact_obj",
    "redact_json",
    "json_secrets",
    "CORRUPT_NAME",
]

#: Where ``--resume`` moves damaged lines of ``results.jsonl`` (kept for inspection).
CORRUPT_NAME = "results.corrupt.jsonl"

_KEY_PATTERNS = [
    (re.compile(r"sk-[A-Za-z0-9_\-]{8,}"), "[redacted]"),
    (
        re.compile(r"(?i)\b(api[_-]?key|authorization|bearer)([\"'=:\s]+)([A-Za-z0-9_\-\.]{8,})"),
        r"\1\2[redacted]",
    ),
    (re.compile(r"AIza[0-9A-Za-z_\-]{20,}"), "[redacted]"),
]


def _secret_values() -> tuple[str, ...]:
    """Values of key-like environment variables (both naming rules in use), longest first."""
    found = set()
    for name, value in os.environ.items():
        upper = name.upper()
        if value and len(value) >= 8 and any(t in upper for t in ("API_KEY", "TOKEN", "SECRET")):
            found.add(value)
        elif value and len(value) >= 6 and upper.endswith(("_KEY", "_TOKEN", "_SECRET", "_PASSWORD")):
            found.add(value)  # the model seam's rule (spatioxolver.models._secrets)
    return tuple(sorted(found, key=len, reverse=True))


def redact(text: str, secrets: tuple[str, ...] | None = None) -> str:
    """Remove anything that looks like an API key, and the values of key-like environment variables."""
    out = str(text)
    for value in _secret_values() if secrets is None else secrets:
        if value in out:
            out = out.replace(value, "[redacted]")
    for pattern, replacement in _KEY_PATTERNS:
        out = pattern.sub(replacement, out)
    return out


def redact_json(text: str, secrets: tuple[str, ...] | None = None) -> str:
    """:func:`redact` for serialised JSON: secrets are also matched in their JSON-escaped form,
    and ``[redacted]`` needs no escaping, so the result is valid JSON whenever ``text`` was.
    ``secrets``: :func:`json_secrets` taken earlier (else read from the environment now)."""
    return redact(text, json_secrets() if secrets is None else secrets)


def json_secrets(secrets: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The key-like values of the environment (or ``secrets``), each also in its JSON-escaped form."""
    secrets = _secret_values() if secrets is None else secrets
    escaped = tuple(json.dumps(v, ensure_ascii=False)[1:-1] for v in secrets)
    return tuple(dict.fromkeys((*secrets, *escaped)))


def redact_obj(value: Any, secrets: tuple[str, ...] | None = None) -> Any:
    """A copy of a JSON-like value with :func:`redact` applied to every string (keys included)."""
    secrets = _secret_values() if secrets is None else secrets
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, dict):
        return {
            redact(k, secrets) if isinstance(k, str) else k: redact_obj(v, secrets) for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [redact_obj(v, secrets) for v in value]
    return value


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

    The key-like values of the environment that rows are redacted of are read once, when the
    file is opened (:attr:`secrets`; reading them per row cost a third of a row's writing).
    """

    def __init__(self, path: Path, *, fsync: bool = True) -> None:
        import threading

        self.path = path
        self.fsync = fsync
        self.secrets = _secret_values()
        self._json_secrets = json_secrets(self.secrets)
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
        """Write ``row`` (every string passed through :func:`redact`) as one line.

        Raises:
            OSError: the write failed (a full disk); the file is cut back to its last whole
                line first, so it never keeps a partial row.
        """
        text = json.dumps(row, default=to_jsonable, ensure_ascii=False)
        data = (redact(text, self._json_secrets) + "\n").encode("utf-8")
        view = memoryview(data)
        start = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
        except OSError:
            try:
                os.ftruncate(self._fd, start)
            except OSError:
                pass
            raise
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


def scan_results(path: Path, *, repair: bool = True) -> tuple[dict[str, str], int]:
    """Map id -> status of every complete row; with ``repair``, truncate a torn last line and
    move damaged middle lines (not a JSON object with an ``id``) to ``results.corrupt.jsonl``,
    so their examples run again on ``--resume``.

    Returns:
        ``(statuses, dropped_bytes)``.
    """
    statuses: dict[str, str] = {}
    if not path.exists():
        return statuses, 0
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    dropped = len(data) - end
    corrupt: list[str] = []
    lines = data[:end].decode("utf-8", errors="surrogateescape").split("\n")
    loads = json.loads
    for line in lines:
        if not line:
            continue
        try:
            row = loads(line)
        except ValueError:
            row = None
        if not isinstance(row, dict) or "id" not in row:
            if line.strip():
                corrupt.append(line)
            continue
        statuses[str(row["id"])] = str(row.get("status", "error"))
    if repair and (dropped or corrupt):
        if corrupt:
            with open(path.with_name(CORRUPT_NAME), "ab") as handle:
                handle.write("".join(c + "\n" for c in corrupt).encode("utf-8", errors="surrogateescape"))
            bad = set(corrupt)
            kept = "".join(line + "\n" for line in lines if line.strip() and line not in bad).encode(
                "utf-8", errors="surrogateescape"
            )
            tmp = path.with_name(path.name + ".tmp")
            with open(tmp, "wb") as handle:
                handle.write(kept)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        else:
            with open(path, "r+b") as handle:
                handle.truncate(end)
                handle.flush()
                os.fsync(handle.fileno())
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
