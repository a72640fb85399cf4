"""An MCQ question's stem and options, however they are written after it."""

from __future__ import annotations

import re

__all__ = ["split_options"]


def split_options(question: str) -> tuple[str, list[str]]:
    """Split an MCQ question into its stem and its options.

    Recognises options written on their own lines or inline as ``1. x``, ``(2) y``,
    ``3) z``, ``A. w`` or ``Options: x, y, z`` after the stem.

    Example:
        >>> split_options("Which is leftmost? 1. red cube 2. blue sphere")
        ('Which is leftmost?', ['red cube', 'blue sphere'])
    """
    text = question.strip()
    marker = re.compile(r"(?:^|\s|\n)\(?([1-9]|[A-Da-d])[.):]\s+|(?:^|\s|\n)\(([1-9]|[A-Da-d])\)\s*")
    found = list(marker.finditer(text))
    # Options must be numbered consecutively from 1 (or A).
    for start in range(len(found)):
        first = found[start].group(1) or found[start].group(2)
        if first not in ("1", "A", "a"):
            continue
        seq = [found[start]]
        for nxt in found[start + 1 :]:
            prev = seq[-1].group(1) or seq[-1].group(2)
            cur = nxt.group(1) or nxt.group(2)
            if ord(cur.upper()) == ord(prev.upper()) + 1:
                seq.append(nxt)
        if len(seq) < 2:
            continue
        stem = text[: seq[0].start()].strip()
        options = []
        for i, m in enumerate(seq):
            end = seq[i + 1].start() if i + 1 < len(seq) else len(text)
            option = text[m.end() : end].strip().rstrip(",;")
            if i == len(seq) - 1:
                option = re.sub(r"\s*\b(?:answer|reply|respond)\b.*$", "", option, flags=re.I | re.S)
            options.append(option.strip())
        stem = re.sub(r"(?:options|choices)\s*:?\s*$", "", stem, flags=re.I).strip().rstrip(":").strip()
        return stem, [o for o in options]
    return text, []
