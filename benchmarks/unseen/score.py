"""Verdicts for the unseen-image probes: one answer against the truth its family wrote.

A family's item carries one truth, in one of these forms:

- ``{"yes": bool}``: a yes/no question; right when ``Answer.value`` is that bool.
- ``{"count": int}``: a how-many question; right when ``Answer.value`` is that int.
- ``{"one_of": [...], "not": [...]}``: a word answer (a colour, a shape, an object); right when
  the answer's value and text name one of ``one_of`` and none of ``not`` (whole words, any case).
- ``{"photo": true}``: a photograph the offline engine cannot read; right only when it abstains.

Every answer gets one verdict: ``right``, ``wrong``, ``abstained`` (the engine said it cannot
tell: ``abstained`` or ``no_answer`` "cannot tell" / "labels unread"), ``unsupported`` (the
question was refused as a form the engine does not parse) or ``error`` (anything else raised).
"""

from __future__ import annotations

import re
from typing import Any

VERDICTS = ("right", "wrong", "abstained", "unsupported", "error")
_DOUBT = {"cannot tell", "labels unread"}


def answer_words(value: Any, text: str) -> str:
    """The words a word answer is judged on: its structured value and its text (a picked
    object's value can be a bare id or a read label, its text then names it)."""
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    return f"{value if value is not None else ''} {text or ''}".strip()


def _names(words: str, name: str) -> bool:
    pattern = r"(?<![a-z])" + re.escape(name.lower()) + r"(?:s|es)?(?![a-z])"
    return re.search(pattern, words.lower()) is not None


def verdict(truth: dict[str, Any], *, value: Any, text: str, abstained: bool, no_answer: str | None) -> str:
    """``right`` / ``wrong`` / ``abstained`` for one answer (exceptions are scored by the caller)."""
    if truth.get("photo"):
        return "right" if abstained or no_answer in _DOUBT else "wrong"
    if abstained or no_answer in _DOUBT:
        return "abstained"
    if "yes" in truth:
        return "right" if isinstance(value, bool) and value is bool(truth["yes"]) else "wrong"
    if "count" in truth:
        ok = isinstance(value, int) and not isinstance(value, bool) and value == int(truth["count"])
        return "right" if ok else "wrong"
    if "one_of" in truth:
        if no_answer:
            return "wrong"
        words = answer_words(value, text)
        named = any(_names(words, w) for w in truth["one_of"])
        wrong = any(_names(words, w) for w in truth.get("not", ()))
        return "right" if named and not wrong else "wrong"
    raise ValueError(f"truth has no known form: {truth!r} (use yes, count, one_of or photo)")


def tally(records: list[dict[str, Any]]) -> dict[str, int]:
    """Counts of each verdict over some records (every verdict present, zero when unseen)."""
    counts = dict.fromkeys(VERDICTS, 0)
    for record in records:
        counts[record["verdict"]] += 1
    return counts
