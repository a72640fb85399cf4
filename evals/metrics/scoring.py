"""Per-example scoring: compare a parsed answer with the gold answer, by query type.

Open-ended items are not decided here: :func:`score_example` marks them
``needs_judge`` and the runner asks the configured judge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spatioxolver.evals.example import Example

from spatioxolver.errors import ParseError
from spatioxolver.replies import (
    parse_count,
    parse_label,
    parse_letter,
    parse_open,
    parse_option,
    parse_relation_set,
    parse_yes_no,
)

__all__ = ["score_example", "set_prf", "clevr_answer"]

#: CLEVR's answer vocabulary (besides yes/no and counts) with the usual synonyms.
_CLEVR_WORDS = {
    **{w: w for w in "gray red blue green brown purple cyan yellow".split()},
    "grey": "gray",
    **{w: w for w in "cube sphere cylinder rubber metal small large".split()},
    "cubes": "cube",
    "block": "cube",
    "blocks": "cube",
    "ball": "sphere",
    "balls": "sphere",
    "spheres": "sphere",
    "cylinders": "cylinder",
    "metallic": "metal",
    "shiny": "metal",
    "matte": "rubber",
    "big": "large",
    "tiny": "small",
}

_CLEVR_KINDS = (
    frozenset("gray red blue green brown purple cyan yellow".split()),
    frozenset("cube sphere cylinder".split()),
    frozenset("rubber metal".split()),
    frozenset("small large".split()),
)


def clevr_answer(value: Any, text: str | None, gold: str) -> str | None:
    """The reply read as a CLEVR answer (``yes``/``no``, digits, or a vocabulary word), or None.

    CLEVR scores by exact equality of the answer token; this reads that token from a reply:
    the whole normalised reply (``"3"``, ``"Cube."``, ``"Answer: metal"``), a leading yes/no,
    or the only number / the only vocabulary word of the reply's kind it mentions.

    Example:
        >>> clevr_answer(None, "There are three cubes.", "3"), clevr_answer("Metallic", None, "metal")
        ('3', 'metal')
    """
    import re

    if gold in ("yes", "no"):
        yes = _parsed(parse_yes_no, text, value=value)
        return None if yes is None else ("yes" if yes else "no")
    if gold.isdigit():
        count = _parsed(parse_count, text, value=value)
        return None if count is None else str(count)
    kind = next((k for k in _CLEVR_KINDS if gold in k), None)
    for candidate in (value, text):
        if candidate is None or isinstance(candidate, bool):
            continue
        s = str(candidate).strip().lower()
        s = re.sub(r"^(?:final answer|answer|the answer is)\s*[:\-]?\s*", "", s)
        s = re.sub(r"^(?:the|a|an)\s+", "", s).strip(" .!\"'`*")
        if s in _CLEVR_WORDS:
            return _CLEVR_WORDS[s]
        words = re.findall(r"[a-z]+", s)
        found = {_CLEVR_WORDS[w] for w in words if w in _CLEVR_WORDS and _CLEVR_WORDS[w] in (kind or ())}
        if len(found) == 1:
            return found.pop()
        if s:
            return s
    return None


def set_prf(pred: list[str], gold: list[str]) -> tuple[float, float, float]:
    """Multi-label precision, recall, F1 of one prediction (both empty: 1, 1, 1).

    Example:
        >>> set_prf(["front", "left"], ["left"])
        (0.5, 1.0, 0.6666666666666666)
    """
    p, g = set(pred), set(gold)
    if not p and not g:
        return 1.0, 1.0, 1.0
    tp = len(p & g)
    precision = tp / len(p) if p else 0.0
    recall = tp / len(g) if g else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _parsed(parse: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """The parsed prediction, or ``None`` when the reply gives none (garbled, refused or hedged)."""
    try:
        return parse(*args, **kwargs)
    except ParseError:
        return None


def score_example(example: Example, value: Any, text: str | None) -> dict[str, Any]:
    """``{"pred", "correct", "parsed"}`` plus ``precision/recall/f1`` for relation sets.

    ``correct`` is ``None`` (and ``needs_judge`` True) for open-ended items.
    """
    kind = example.query_type
    gold = example.answer
    if kind == "pairwise":
        labels = [str(x) for x in example.query.get("objects", [])] or [str(gold)]
        pred = _parsed(parse_label, text, labels, value=value)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == str(gold)}
    if kind in ("orbit", "top_down"):
        pred = _parsed(parse_relation_set, text, value=value)
        gold_set = sorted(str(g).lower() for g in (gold or []))
        precision, recall, f1 = set_prf(pred or [], gold_set)
        return {
            "pred": pred,
            "parsed": pred is not None,
            "correct": pred is not None and pred == gold_set,
            "precision": precision,
            "recall": recall,
            "f1": f1 if pred is not None else 0.0,
        }
    if kind == "inconsistent_object":
        pred = _parsed(parse_letter, text, example.query.get("labels"), value=value)
        return {
            "pred": pred,
            "parsed": pred is not None,
            "correct": pred is not None and pred == str(gold).strip().upper(),
        }
    if kind == "mcq":
        n = len(example.choices) if example.choices else None
        pred = _parsed(parse_option, text, n, example.choices, value=value)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == int(gold)}
    if kind == "yes_no":
        pred = _parsed(parse_yes_no, text, value=value)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == bool(gold)}
    if kind == "clevr":
        pred = clevr_answer(value, text, str(gold))
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == str(gold)}
    if kind == "open":
        # The judge reads the answer *text* (the sentence the model gave); the structured
        # value of an agentic answer is often a bare label ("6") that alone cannot match
        # a descriptive gold answer ("object 6 (the small red metal cylinder)").
        pred = _parsed(parse_open, text if isinstance(text, str) else None, value=value)
        return {"pred": pred, "parsed": pred is not None, "correct": None, "needs_judge": True}
    # Unknown query types: exact normalised comparison.
    pred = value if value is not None else text
    return {
        "pred": pred,
        "parsed": pred is not None,
        "correct": str(pred).strip().lower() == str(gold).strip().lower(),
    }
