"""Which of several OCR readings of one label to believe.

A label is read in several windows (its crop at two zooms, the input's crop, its ink alone,
its clean grey pixels; :mod:`.labels`). :func:`best_reading` keeps the surest one: none when
two sure readings disagree; a lone letter whose capital and small forms differ only in size,
or any lone glyph, that the windows agree on counts as sure at a lower score, since the
recogniser hedges on a glyph with no word around it.

Example:
    >>> best_reading([("v", 0.54), ("V", 0.64)])
    ('V', 0.8)
"""

from __future__ import annotations

import re

__all__ = ["best_reading", "LOOKALIKE", "sure"]


#: Symbols the recogniser returns for a lone capital letter drawn in some fonts (its
#: dictionary holds them, a one-glyph label is always a letter or a digit).
LOOKALIKE = {
    "×": "X",
    "√": "V",
    "|": "I",
    "∨": "V",
    "Λ": "A",
    "∧": "A",
    "○": "O",
    "。": "O",  # (the recogniser's full stop is a ring: a lone round glyph of a letter's size)
    "О": "O",
    "Ｌ": "L",
    "」": "J",
}


def _trim(text: str) -> str:
    """``text`` without a quote, comma, dot or stroke clinging to one letter or digit, or a
    quote, comma or dot at either end of a word (a leader line's end beside it)."""
    core = text.strip(" '\".,`|/\\-_")
    if len(core) == 1 and core.isalnum():
        return core
    core = text.strip(" '\".,`")
    return core if len(core) > 1 and core.isalnum() else text


def sure(text: str, score: float, min_score: float) -> bool:
    return score >= min_score and re.fullmatch(r"[A-Za-z0-9]{1,12}", text) is not None


#: Letters whose capital and small forms differ only in size: alone, the recogniser splits
#: its belief between the two ("V" 0.54 as "v"), so two windows agreeing on it suffice.
_CASELESS = set("COSUVWXZ")


def best_reading(readings: list[tuple[str, float]], min_score: float = 0.8) -> tuple[str, float]:
    """The surer of several readings of one label (``LOOKALIKE`` applied): none when two
    sure ones disagree; a lone letter of :data:`_CASELESS` every reading agrees on (case
    aside) at 0.5 or more counts as sure, and any lone glyph every reading agrees on at 0.7."""
    readings = [(LOOKALIKE.get(t, t), s) for t, s in readings]
    # A leader line's end beside a letter reads as a quote or a stroke ("s'"); a window
    # that saw nothing ("") does not disagree.
    readings = [(_trim(t), s) for t, s in readings if t.strip()] or [("", 0.0)]
    # Nor does an unsure symbol with no letter or digit in it ("】" 0.22 for the binary ink
    # of a small "Z" the other windows read as "z" and "Z").
    # (a CJK sign is "alphanumeric" to Python, but no label's letter)
    readings = [(t, s) for t, s in readings if s >= 0.5 or any(c.isascii() and c.isalnum() for c in t)] or [
        ("", 0.0)
    ]
    sure = {t.upper() for t, s in readings if s >= min_score and re.fullmatch(r"[A-Za-z0-9]{1,12}", t)}
    if len(sure) > 1:
        return "", 0.0
    if sure:
        # One sure label text: a reading that is no label text at all ("va ve", a letter lost
        # in one window) does not outweigh it, however high its score.
        readings = [(t, s) for t, s in readings if re.fullmatch(r"[A-Za-z0-9]{1,12}", t)]
    text, score = max(readings, key=lambda r: r[1])
    # Where two windows read at 0.5 or more, a guess under 0.5 (the binary ink of a letter
    # the segmenter thinned, read "8" for an "S") does not disagree with them.
    heard = [(t, s) for t, s in readings if s >= 0.5]
    readings = heard if len(heard) >= 2 else readings
    if score < min_score and {t.upper() for t, _ in readings} == {text.upper()} and text.upper() in _CASELESS:
        if score >= 0.5:
            return text.upper(), min_score
    if (
        score < min_score
        and len(readings) >= 2
        and {t for t, _ in readings} == {text}
        and re.fullmatch(r"[A-Za-z0-9]", text)
        and min(s for _, s in readings) >= 0.7
    ):
        # A lone glyph every window reads alike, each at 0.7 or more ("J" 0.75 and 0.76:
        # the recogniser hedges on a lone letter with no word around it): sure enough.
        return text, min_score
    return text, score
