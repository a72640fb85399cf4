"""Bucket tags of the spatial-inconsistency task (seed 002 App. C.1)."""

from __future__ import annotations

from typing import Any

__all__ = ["BUCKET_KINDS", "buckets_of", "bucket_tags", "KNOWN_BUCKET_SPLITS"]

BUCKET_KINDS = ("depth", "lighting", "plausibility")

#: Bucket values of the public release (low/medium/high, pi/pp) and of the seed's tables.
KNOWN_BUCKET_SPLITS = [
    *(f"depth-{v}" for v in ("low", "medium", "high", "close", "far")),
    *(f"lighting-{v}" for v in ("low", "medium", "high", "dark", "bright")),
    *(f"plausibility-{v}" for v in ("pi", "pp")),
]


def buckets_of(meta: dict[str, Any]) -> dict[str, str]:
    """``{"depth": "low", ...}`` from ``meta`` (flat ``depth_bucket`` keys or a ``buckets`` dict)."""
    nested = meta.get("buckets") if isinstance(meta.get("buckets"), dict) else {}
    out = {}
    for kind in BUCKET_KINDS:
        value = meta.get(f"{kind}_bucket", nested.get(kind))
        if value is not None:
            out[kind] = str(value)
    return out


def bucket_tags(meta: dict[str, Any]) -> list[str]:
    return [f"{k}-{v}" for k, v in buckets_of(meta).items()]
