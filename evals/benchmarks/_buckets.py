"""Bucket tags of the spatial-inconsistency task (seed 002 App. C.1)."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BUCKET_KINDS",
    "GROUPING_KINDS",
    "buckets_of",
    "groupings_of",
    "bucket_tags",
    "KNOWN_BUCKET_SPLITS",
]

BUCKET_KINDS = ("depth", "lighting", "plausibility")

#: The six groupings of the public release (``groupings`` in ``public_eval_annotations.json``):
#: the three buckets plus the per-record ``num_labels``, ``object_class`` and ``scene_class``.
GROUPING_KINDS = (*BUCKET_KINDS, "num_labels", "object_class", "scene_class")

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


def groupings_of(meta: dict[str, Any]) -> dict[str, str]:
    """Every grouping of :data:`GROUPING_KINDS` that ``meta`` has: the buckets plus
    ``num_labels``, ``object_class`` and ``scene_class`` (values as strings)."""
    out = buckets_of(meta)
    for kind in GROUPING_KINDS[len(BUCKET_KINDS) :]:
        value = meta.get(kind)
        if value is not None and str(value).strip():
            out[kind] = str(value).strip()
    return out
