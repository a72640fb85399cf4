"""Typing slips in a question's vocabulary words ("cirle", "shpere", "ther", "colr").

:func:`near_word` reads a word the parser does not know as the one vocabulary word it is a
single slip away from (one letter dropped, added or changed, or two neighbours swapped),
and only when that is safe: both words at least four letters, the vocabulary word at least
five unless the slip is a swap, exactly one candidate, and never a longer or shorter form of
the same word ("oranges", "squared", "stairs" stay unknown words). :func:`repair_typos`
rewrites a question's question words (there, which, colour, ...) the same way; the parser
tries it only after the question as typed failed to parse.

Example:
    >>> near_word("cirle", ["circle", "square"]), near_word("stairs", ["star", "stars"])
    ('circle', None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["near_word", "repair_typos"]

#: The question's own words a slip in which leaves it unparsed.
_QUESTION_WORDS = (
    "there", "which", "where", "colour", "color", "colours", "colors", "object", "objects", "shape",
    "shapes", "between", "above", "below", "right", "many", "what", "count", "number",
)  # fmt: skip


def _one_slip(a: str, b: str) -> str | None:
    """``"swap"`` / ``"edit"`` when ``a`` is one slip from ``b``, else ``None``."""
    if a == b or abs(len(a) - len(b)) > 1:
        return None
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return "edit"
        if (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        ):
            return "swap"
        return None
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            return "edit"
    return None


#: Real words a slip rule would otherwise mend into a vocabulary word.
_REAL = {"three", "there", "these", "those", "where", "were", "stairs", "start", "stare", "stars"}


def near_word(word: str, vocabulary: Iterable[str], *, truncated: bool = False) -> str | None:
    """The one vocabulary word ``word`` is a safe single slip from, else ``None``;
    ``truncated``: a word missing only its last letter counts too ("ther" -> "there")."""
    w = word.lower()
    if len(w) < 4 or not w.isalpha() or w in _REAL:
        return None
    hits = set()
    for v in vocabulary:
        if truncated and len(v) == len(w) + 1 and v.startswith(w):
            hits.add(v)
            continue
        if v.startswith(w) or w.startswith(v):
            continue  # another form of the same word, or a truncation: not a slip
        slip = _one_slip(w, v)
        if slip == "swap" or (slip == "edit" and len(v) >= 6 and w[-1] == v[-1]):
            hits.add(v)  # an edit at the last letter would be an inflection ("squared")
    return hits.pop() if len(hits) == 1 else None


def repair_typos(text: str) -> str | None:
    """``text`` with slips in its question words mended, or ``None`` when there are none."""
    changed = False

    def fix(m: re.Match[str]) -> str:
        nonlocal changed
        word = m.group(0)
        if word.lower() in _QUESTION_WORDS:
            return word
        near = near_word(word, [w for w in _QUESTION_WORDS if len(w) >= 5], truncated=True)
        if near is None:
            return word
        changed = True
        return near

    out = re.sub(r"[A-Za-z]+", fix, text)
    return out if changed else None
