"""Small helpers of the graphs: scene labels and compact JSON (replies are parsed by :mod:`spatioxolver.replies`)."""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "scene_labels",
]


def scene_labels(scene: dict[str, Any]) -> list[str]:
    """Labels of the objects of a scene JSON (those with one)."""
    return [str(o["label"]) for o in scene.get("objects", []) if o.get("label") is not None]


def to_json(value: Any) -> str:
    """Compact deterministic JSON for prompts."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
