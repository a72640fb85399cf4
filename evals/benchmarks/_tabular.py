"""Row sources for release files: JSON, JSON Lines, parquet, and Hugging Face datasets.

Parquet needs ``pyarrow``; ``hf:NAME[:CONFIG][@SPLIT]`` needs the ``hub`` extra
(``datasets``). Both are imported lazily; the hub loader forces offline mode so it only
reads what is already in the local cache.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = ["iter_rows", "materialize_image", "row_unit", "bad_reason", "resolve_columns", "UniqueIds"]


def iter_rows(
    source: str | Path, *, records_key: str | None = None
) -> Iterator[tuple[int, dict[str, Any] | str]]:
    """Yield ``(row_number, row)`` or ``(row_number, error_text)`` for each record."""
    text = str(source)
    if text.startswith("hf:"):
        yield from _hub_rows(text[3:])
        return
    path = Path(source)
    suffix = path.suffix.lower()
    if path.is_dir():
        raise BenchmarkError(f"{path}: is a directory; this adapter reads one .json, .jsonl or .parquet file")
    if suffix == ".parquet":
        yield from _parquet_rows(path)
    elif suffix == ".jsonl":
        with path.open(encoding="utf-8", errors="replace") as handle:
            for number, raw in enumerate(handle, start=1):
                if not raw.strip():
                    continue
                try:
                    row = json.loads(raw)
                except json.JSONDecodeError as exc:
                    yield number, f"malformed JSON ({exc.msg} at column {exc.colno})"
                    continue
                yield (
                    number,
                    row if isinstance(row, dict) else f"expected an object, got {type(row).__name__}",
                )
    elif suffix == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise BenchmarkError(f"{path}: unreadable JSON ({exc})") from exc
        if isinstance(data, dict):
            keys = [records_key] if records_key else ["records", "data", "examples", "questions", "scenes"]
            for key in keys:
                if key and isinstance(data.get(key), list):
                    data = data[key]
                    break
        if not isinstance(data, list):
            raise BenchmarkError(f"{path}: expected a list of records (or an object with a 'records' list)")
        for number, row in enumerate(data, start=1):
            yield number, row if isinstance(row, dict) else f"expected an object, got {type(row).__name__}"
    else:
        raise BenchmarkError(f"{path}: unsupported file type {suffix!r} (use .json, .jsonl or .parquet)")


def row_unit(source: str | Path) -> str:
    """What the numbers of :func:`iter_rows` count: ``line`` (.jsonl), ``record`` (.json), ``row``."""
    text = str(source)
    if text.startswith("hf:"):
        return "row"
    suffix = Path(text).suffix.lower()
    return {".jsonl": "line", ".json": "record"}.get(suffix, "row")


def bad_reason(exc: BaseException) -> str:
    """One readable line for ``exc`` (a bare ``KeyError('x')`` becomes ``missing field 'x'``)."""
    if isinstance(exc, KeyError) and len(exc.args) == 1:
        arg = exc.args[0]
        text = f"missing field {arg!r}" if not (isinstance(arg, str) and " " in arg) else arg
    else:
        text = str(exc)
    return " ".join(text.split())[:300]


def resolve_columns(defaults: dict[str, str], given: Any, *, adapter: str) -> dict[str, str]:
    """``defaults`` updated with the user's ``columns`` mapping (our key -> the file's column).

    Raises:
        ConfigError: ``given`` is not a mapping, names a key not in ``defaults``, or maps a
            key to something other than a non-empty string.
    """
    if given is None:
        return dict(defaults)
    keys = ", ".join(defaults)
    if not isinstance(given, dict):
        raise ConfigError(f"--columns must be a JSON object {{key: column}} (keys: {keys})")
    for key, value in given.items():
        if key not in defaults:
            raise ConfigError(f"--columns: unknown key {key!r} for {adapter} (keys: {keys})")
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(
                f"--columns: the value of {key!r} must be a column name (a non-empty string), not {value!r}"
            )
    return {**defaults, **given}


class UniqueIds:
    """Content-derived ids made unique: the second copy of ``x`` becomes ``x~2``, the third ``x~3``."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def __call__(self, base: str) -> str:
        count = self._seen.get(base, 0) + 1
        self._seen[base] = count
        return base if count == 1 else f"{base}~{count}"


def _parquet_rows(path: Path) -> Iterator[tuple[int, dict[str, Any] | str]]:
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ConfigError(
            "reading parquet needs pyarrow: pip install pyarrow (or spatioxolver[hub])"
        ) from exc
    table = pq.read_table(path)
    yield from enumerate(table.to_pylist(), start=1)


def _hub_rows(spec: str) -> Iterator[tuple[int, dict[str, Any] | str]]:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    try:
        import datasets
    except ImportError as exc:
        raise ConfigError("hf: sources need the hub extra: pip install 'spatioxolver[hub]'") from exc
    name, _, split = spec.partition("@")
    name, _, config = name.partition(":")
    try:
        loaded = datasets.load_dataset(name, config or None, split=split or None)
    except Exception as exc:  # datasets raises many types; all mean "not available offline"
        raise BenchmarkError(
            f"hf:{spec}: could not load from the local Hugging Face cache ({type(exc).__name__}: "
            f"{' '.join(str(exc).split())[:200]}); download it once with network access "
            f"(python -c \"import datasets; datasets.load_dataset('{name}')\")"
        ) from exc
    ds = loaded
    if not split:
        splits = list(loaded.keys()) if hasattr(loaded, "keys") else []
        if "test" in splits:
            ds = loaded["test"]
        elif len(splits) == 1:
            import sys

            print(
                f"warning: hf:{spec} has no 'test' split; using its only split {splits[0]!r} "
                f"(name one with hf:{name}{':' + config if config else ''}@SPLIT)",
                file=sys.stderr,
            )
            ds = loaded[splits[0]]
        elif splits:
            raise BenchmarkError(
                f"hf:{spec}: no 'test' split; name one of {', '.join(splits)} as hf:{name}@SPLIT"
            )
    for number, row in enumerate(ds, start=1):
        yield number, dict(row)


def materialize_image(value: Any, root: Path) -> str:
    """Turn a path string, ``{"path"|"bytes"}`` dict or PIL image into an absolute file path."""
    if isinstance(value, str):
        p = Path(value).expanduser()
        return str(p if p.is_absolute() else (root / p).resolve())
    if isinstance(value, dict):
        if value.get("bytes"):
            return _cache_bytes(bytes(value["bytes"]))
        if value.get("path"):
            return materialize_image(str(value["path"]), root)
    if hasattr(value, "save"):  # PIL image from datasets
        import io

        buffer = io.BytesIO()
        value.save(buffer, format="PNG")
        return _cache_bytes(buffer.getvalue())
    raise BenchmarkError(f"unsupported image value of type {type(value).__name__}")


def _cache_bytes(data: bytes) -> str:
    """Write image bytes once to ``$SPATIOXOLVER_CACHE_DIR/images`` (default
    ``~/.cache/spatioxolver/images``), named by content hash with the suffix of their format.
    (``$SPATIOXOLVER_CACHE`` names the response-cache *file*, so it is not used here.)"""
    base = os.environ.get("SPATIOXOLVER_CACHE_DIR")
    cache = (Path(base).expanduser() if base else Path.home() / ".cache" / "spatioxolver") / "images"
    cache.mkdir(parents=True, exist_ok=True)
    suffix = ".jpg" if data[:3] == b"\xff\xd8\xff" else ".webp" if data[8:12] == b"WEBP" else ".png"
    path = cache / (hashlib.sha256(data).hexdigest()[:32] + suffix)
    if not path.exists():
        tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    return str(path)
