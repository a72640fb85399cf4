"""On-disk response cache (SQLite, WAL) for LLM replies.

Keyed by a SHA-256 of the model, API base, messages (images by content hash), sampling
parameters, output schema and prompt-template version; never by (or storing) a key. A hit
makes no request. Each thread uses its own connection; WAL plus a busy timeout make
concurrent writers from one run (threads or processes) safe.

Default location: ``$SPATIOXOLVER_CACHE`` (a file) or
``$SPATIOXOLVER_CACHE_DIR/responses.sqlite`` or ``~/.cache/spatioxolver/responses.sqlite``.

Example:
    >>> import tempfile, pathlib
    >>> cache = ResponseCache(pathlib.Path(tempfile.mkdtemp()) / "c.sqlite")
    >>> cache.put("k", {"text": "hi"}); cache.get("k")["text"]
    'hi'
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from spatioxolver.errors import ConfigError
from spatioxolver.models._secrets import collect_secrets, scrub

__all__ = ["ResponseCache", "cache_key", "default_cache_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    created REAL NOT NULL,
    record TEXT NOT NULL
)
"""


def default_cache_path() -> Path:
    """Where the cache lives unless a path is given (see module docstring)."""
    if os.environ.get("SPATIOXOLVER_CACHE"):
        return Path(os.environ["SPATIOXOLVER_CACHE"]).expanduser()
    base = os.environ.get("SPATIOXOLVER_CACHE_DIR")
    root = Path(base).expanduser() if base else Path.home() / ".cache" / "spatioxolver"
    return root / "responses.sqlite"


def cache_key(parts: dict[str, Any]) -> str:
    """Stable SHA-256 of a JSON-able dict (sorted keys)."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ResponseCache:
    """A key -> JSON record store in one SQLite file.

    Args:
        path: the SQLite file (created with its folder); default :func:`default_cache_path`.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"cannot create the response cache folder {self.path.parent}: {exc.strerror}"
            ) from None
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._conn()  # create the table now, so errors surface early

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False, isolation_level=None)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA busy_timeout=30000")
                conn.execute(_SCHEMA)
            except sqlite3.Error as exc:
                raise ConfigError(f"cannot open the response cache {self.path}: {exc}") from None
            self._local.conn = conn
            with self._lock:
                self._connections.append(conn)
        return conn

    def get(self, key: str) -> dict[str, Any] | None:
        """The record stored under ``key``, or ``None``."""
        row = self._conn().execute("SELECT record FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except ValueError:
            return None  # a damaged row is a miss

    def put(self, key: str, record: dict[str, Any], model: str = "") -> None:
        """Store ``record`` (secrets are masked once more before writing)."""
        clean = scrub(record, collect_secrets())
        text = json.dumps(clean, default=str)
        self._conn().execute(
            "INSERT OR REPLACE INTO responses (key, model, created, record) VALUES (?, ?, ?, ?)",
            (key, model, time.time(), text),
        )

    def __len__(self) -> int:
        return int(self._conn().execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def clear(self) -> None:
        """Delete every record."""
        self._conn().execute("DELETE FROM responses")

    def close(self) -> None:
        """Close every connection this cache opened."""
        with self._lock:
            for conn in self._connections:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._connections.clear()
        self._local = threading.local()
