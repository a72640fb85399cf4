"""Reply parsers of the graphs: pure functions (text in, typed value or :class:`ParseError` out)."""

from __future__ import annotations

import json
import re
from typing import Any

from spatioxolver.errors import ParseError

__all__ = [
    "parse_label",
    "parse_relation_set",
    "parse_letter",
    "parse_option",
    "parse_ranking",
    "scene_labels",
]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def parse_label(text: str, candidates: list[str]) -> str:
    """The candidate a pairwise reply names (exactly one must appear).

    Example:
        >>> parse_label("Object 2.", ["1", "2"])
        '2'
    """
    raw = (text or "").strip()
    cleaned = re.sub(r"^(?:final answer|answer)\s*:\s*", "", raw, flags=re.I).strip().strip(".*\"' ")
    for cand in candidates:
        if _squash(cleaned) == _squash(cand):
            return cand
    low = f" {_squash(cleaned)} "
    hits = []
    for cand in candidates:
        tokens = _squash(re.sub(r"^(?:the|a|an)\s+", "", cand, flags=re.I))
        if tokens and (
            f" {tokens} " in low or re.search(rf"\b(?:object|box|tag)\s+{re.escape(tokens)}\b", low)
        ):
            hits.append(cand)
    if len(hits) == 1:
        return hits[0]
    raise ParseError(f"reply names {'none' if not hits else 'several'} of {candidates}", raw=raw)


_REL_WORDS = ("left", "right", "front", "behind", "north", "south")


def parse_relation_set(text: str) -> list[str]:
    """A CVT reply -> sorted list of relation words (JSON list, dict or prose).

    Example:
        >>> parse_relation_set('```json\\n["front", "Left"]\\n```')
        ['front', 'left']
    """
    raw = text or ""
    try:
        from spatioxolver.models import parse_json

        value = parse_json(raw)
        if isinstance(value, dict):
            value = next(iter(value.values()), [])
            while isinstance(value, dict):
                value = next(iter(value.values()), [])
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            words = {str(v).strip().lower() for v in value}
            if words <= set(_REL_WORDS):
                return sorted(words)
    except Exception:
        pass
    words = set(re.findall(r"\b(" + "|".join(_REL_WORDS) + r")\b", raw.lower()))
    if not words:
        raise ParseError("reply names no relation among left/right/front/behind/north/south", raw=raw)
    return sorted(words)


def parse_letter(text: str) -> str:
    """Seed 002's ``Final Answer: <LETTER>`` (or a lone capital letter).

    Example:
        >>> parse_letter("Reasoning...\\nFinal Answer: c")
        'C'
    """
    raw = text or ""
    m = re.search(r"final answer\s*:?\s*\**\s*([A-Za-z])\b", raw, re.I)
    if m:
        return m.group(1).upper()
    m = re.fullmatch(r"\W*([A-Za-z])\W*", raw.strip())
    if m:
        return m.group(1).upper()
    caps = re.findall(r"\b([A-Z])\b", raw)
    if len(set(caps)) == 1:
        return caps[0]
    raise ParseError("reply has no single answer letter", raw=raw)


def parse_option(text: str, n_options: int) -> int:
    """An MCQ reply -> 1-based option number.

    Example:
        >>> parse_option("Answer: (3)", 4)
        3
    """
    raw = (text or "").strip()
    m = re.search(r"(?:answer|option)\s*(?:is)?\s*:?\s*\(?([1-9])\)?", raw, re.I) or re.search(
        r"\b([1-9])\b", raw
    )
    if m and 1 <= int(m.group(1)) <= max(n_options, 1):
        return int(m.group(1))
    m = re.fullmatch(r"\W*([A-Da-d])\W*", raw)
    if m:
        return ord(m.group(1).upper()) - ord("A") + 1
    raise ParseError(f"reply has no option number in 1..{n_options}", raw=raw)


def parse_ranking(text: str, labels: list[str] | None = None) -> list[str]:
    """A CoT-rank reply (JSON list or comma-separated labels) -> labels first to last.

    Example:
        >>> parse_ranking("Ranking: 3, 1, 2")
        ['3', '1', '2']
    """
    raw = (text or "").strip()
    items: list[str] | None = None
    try:
        from spatioxolver.models import parse_json

        value = parse_json(raw)
        if isinstance(value, list):
            items = [str(v).strip() for v in value]
    except Exception:
        items = None
    if items is None:
        line = raw.splitlines()[-1] if raw else ""
        line = re.sub(r"^[^:]*:\s*", "", line)
        items = [p.strip().strip(".") for p in re.split(r",|>|->", line) if p.strip()]
    items = [re.sub(r"^(?:object|box|tag)\s+", "", i, flags=re.I) for i in items]
    if labels:
        norm = {str(label).upper(): str(label) for label in labels}
        items = [norm.get(i.upper(), i) for i in items]
    if len(items) < 2 or len(set(items)) != len(items):
        raise ParseError("reply is not a ranking of distinct labels", raw=raw)
    return items


def scene_labels(scene: dict[str, Any]) -> list[str]:
    """Labels of the objects of a scene JSON (those with one)."""
    return [str(o["label"]) for o in scene.get("objects", []) if o.get("label") is not None]


def to_json(value: Any) -> str:
    """Compact deterministic JSON for prompts."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
