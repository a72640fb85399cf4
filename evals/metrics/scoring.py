"""Per-example scoring: compare a parsed answer with the gold answer, by query type.

Open-ended items are not decided here: :func:`score_example` marks them
``needs_judge`` and the runner asks the configured judge.
"""

from __future__ import annotations

from typing import Any

from spatioxolver.evals.example import Example
from spatioxolver.evals.metrics.parsing import (
    parse_label,
    parse_letter,
    parse_option_number,
    parse_relations,
    parse_yes_no,
)

__all__ = ["score_example", "set_prf"]


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


def score_example(example: Example, value: Any, text: str | None) -> dict[str, Any]:
    """``{"pred", "correct", "parsed"}`` plus ``precision/recall/f1`` for relation sets.

    ``correct`` is ``None`` (and ``needs_judge`` True) for open-ended items.
    """
    kind = example.query_type
    gold = example.answer
    if kind == "pairwise":
        labels = [str(x) for x in example.query.get("objects", [])] or [str(gold)]
        pred = parse_label(value, text, labels)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == str(gold)}
    if kind in ("orbit", "top_down"):
        pred = parse_relations(value, text)
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
        pred = parse_letter(value, text, example.query.get("labels"))
        return {
            "pred": pred,
            "parsed": pred is not None,
            "correct": pred is not None and pred == str(gold).strip().upper(),
        }
    if kind == "mcq":
        n = len(example.choices) if example.choices else None
        pred = parse_option_number(value, text, n, example.choices)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == int(gold)}
    if kind == "yes_no":
        pred = parse_yes_no(value, text)
        return {"pred": pred, "parsed": pred is not None, "correct": pred is not None and pred == bool(gold)}
    if kind == "open":
        # The judge reads the answer *text* (the sentence the model gave); the structured
        # value of an agentic answer is often a bare label ("6") that alone cannot match
        # a descriptive gold answer ("object 6 (the small red metal cylinder)").
        pred = text if isinstance(text, str) and text.strip() else value
        if isinstance(pred, str) and not pred.strip():
            pred = None
        return {"pred": pred, "parsed": pred is not None, "correct": None, "needs_judge": True}
    # Unknown query types: exact normalised comparison.
    pred = value if value is not None else text
    return {
        "pred": pred,
        "parsed": pred is not None,
        "correct": str(pred).strip().lower() == str(gold).strip().lower(),
    }
