"""Keep API keys out of everything we keep or show: raw responses, caches, errors, logs."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

__all__ = ["collect_secrets", "scrub", "scrub_text", "MASK"]

MASK = "***"
_SECRET_SUFFIXES = ("_API_KEY", "_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
_MIN_SECRET_LEN = 6


def collect_secrets(extra: Iterable[str | None] = ()) -> tuple[str, ...]:
    """Values to hide: ``extra`` plus every key-like environment variable's value."""
    found = {s for s in extra if s and len(s) >= _MIN_SECRET_LEN}
    for name, value in os.environ.items():
        if name.upper().endswith(_SECRET_SUFFIXES) and value and len(value) >= _MIN_SECRET_LEN:
            found.add(value)
    # Longest first so a key containing another is masked whole.
    return tuple(sorted(found, key=len, reverse=True))


def scrub_text(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret replaced by ``***``."""
    for secret in secrets:
        if secret and secret in text:
            text = text.replace(secret, MASK)
    return text


def scrub(obj: Any, secrets: Iterable[str]) -> Any:
    """A copy of a JSON-like value with secrets masked in every string and dropped auth fields."""
    secrets = tuple(secrets)
    if isinstance(obj, str):
        return scrub_text(obj, secrets)
    if isinstance(obj, dict):
        out = {}
        for key, value in obj.items():
            if str(key).lower() in ("api_key", "authorization", "x-api-key", "api-key"):
                continue
            out[scrub_text(str(key), secrets)] = scrub(value, secrets)
        return out
    if isinstance(obj, (list, tuple)):
        return [scrub(v, secrets) for v in obj]
    return obj
