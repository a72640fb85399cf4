"""Pure parsers from model output to the value a benchmark scores.

Each takes the structured ``Answer.value`` (may be ``None``) and the raw ``text`` and
returns the parsed value or ``None`` when nothing usable is there.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
    "is_unclear",
    "parse_option_number",
    "parse_letter",
    "parse_label",
    "parse_relations",
    "parse_yes_no",
    "CVT_RELATIONS",
]

CVT_RELATIONS = ("left", "right", "front", "behind", "north", "south")
_SYNONYMS = {
    "in front": "front",
    "in front of": "front",
    "behind": "behind",
    "back": "behind",
    "left of": "left",
    "right of": "right",
    "to the left": "left",
    "to the right": "right",
}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}

# Wording that makes a free-text answer unclear: a refusal ("There is no object matching
# '3'"), an ambiguity report ("'15' is ambiguous: it matches 2 objects"), a no-match note
# ("... matches none of the options"), negation or hedging. A label, letter or number
# quoted in such a text is not an answer, so the text fallback gives up (the row is
# counted as unparsed) unless an explicit "the answer is X" commitment is present.
_UNCLEAR = re.compile(
    r"\b(?:no(?!\.\s*\d)|not|none|nothing|neither|nor|never|cannot|unable|unclear|unknown|"
    r"uncertain|unsure|ambiguous|ambiguity|impossible|either|both|multiple|several|sorry|"
    r"more\s+than\s+one|same\s+object)\b|n't\b",
    re.I,
)
# An explicit commitment: "The answer is 3.", "Answer: B", "Final answer - (C)".
_MARKER = re.compile(
    r"\b(?:final\s+)?answer\s*(?:is|:|=|-)\s*(?:option\s+|object\s+|box\s+|number\s+)?"
    r"[*`\"'(\[#]*([A-Za-z0-9]+)[*`\"')\]]*",
    re.I,
)


def is_unclear(text: str | None) -> bool:
    """True when ``text`` contains refusal, no-match, ambiguity, negation or hedging wording.

    Example:
        >>> is_unclear("There is no object matching '3' in the scene.")
        True
        >>> is_unclear("Object 3 is further.")
        False
    """
    return bool(text) and _UNCLEAR.search(str(text)) is not None


def _committed(s: str) -> str | None:
    """The token after the last explicit "answer is/:" marker, if the rest of its
    sentence carries no unclear wording ("The answer is 3, not 7" gives ``None``)."""
    found = list(_MARKER.finditer(s))
    if not found:
        return None
    m = found[-1]
    rest = re.split(r"(?<=[.!?;])\s", s[m.end() :], maxsplit=1)[0]
    if is_unclear(rest) or is_unclear(m.group(0)):
        return None
    return m.group(1)


def parse_option_number(
    value: Any, text: str | None, n_choices: int | None = None, choices: list[str] | None = None
) -> int | None:
    """1-based option number from ``3``, ``"3"``, ``"Option 3"``, ``"(3) foo"``, ``"Answer: 3."``,
    ``"three"``, a lone letter ``"C"``, or the exact text of one option.

    Free text with refusal, no-match or hedging wording (see :func:`is_unclear`) gives
    ``None`` unless it commits explicitly ("The answer is 3.").

    Example:
        >>> parse_option_number(None, "The answer is option (2).", 4)
        2
        >>> parse_option_number(None, "There is no option 2 that fits.", 4) is None
        True
    """
    limit = n_choices or 26

    def ok(n: int) -> int | None:
        return n if 1 <= n <= limit else None

    def token(t: str) -> int | None:
        t = t.lower()
        if t.isdigit():
            return ok(int(t))
        if t in _NUMBER_WORDS:
            return ok(_NUMBER_WORDS[t])
        if len(t) == 1 and t.isalpha():
            return ok(ord(t.upper()) - ord("A") + 1)
        return None

    if isinstance(value, bool):
        value = None
    if isinstance(value, int):
        return ok(value)
    for candidate in (value, text):
        if candidate is None:
            continue
        s = str(candidate).strip().strip("`*").strip()
        if not s:
            continue
        m = re.fullmatch(r"\(?\[?(\d+)\]?\)?[.:)]?", s)
        if m:
            return ok(int(m.group(1)))
        m = re.fullmatch(r"\(?([A-Za-z])\)?[.:)]?", s)
        if m and len(s) <= 4:
            return ok(ord(m.group(1).upper()) - ord("A") + 1)
        lowered = s.lower().rstrip(".")
        if lowered in _NUMBER_WORDS:
            return ok(_NUMBER_WORDS[lowered])
        if choices:
            norm = [c.strip().lower().rstrip(".") for c in choices]
            if lowered in norm:
                return norm.index(lowered) + 1
        committed = _committed(s)
        if committed is not None and token(committed) is not None:
            return token(committed)
        if is_unclear(s):
            continue
        m = re.search(
            r"(?:answer|option|choice)\s*(?:is|:)?\s*(?:option|number|no\.)?\s*[\(\[#]?(\d+)\b", s, re.I
        )
        if m:
            return ok(int(m.group(1)))
        m = re.match(r"^\s*[\(\[]?(\d+)[\)\].:]\s", s + " ")
        if m:
            return ok(int(m.group(1)))
        numbers = set(re.findall(r"(?<![\d.])(\d+)(?![\d.])", s))
        if len(numbers) == 1:
            return ok(int(numbers.pop()))
    return None


def parse_letter(value: Any, text: str | None, labels: list[str] | None = None) -> str | None:
    """One capital letter from ``"B"``, ``"Final Answer: B"``, ``"**b**"``; ``None`` if ambiguous.

    A text with refusal or no-match wording ("There is no object matching 'B'") gives
    ``None`` unless it commits explicitly ("Final Answer: B").
    """
    allowed = set(labels) if labels else None
    for candidate in (value, text):
        if candidate is None:
            continue
        s = str(candidate).strip()
        bare = re.fullmatch(r"[\s*`\"'(\[]*([A-Za-z])[\s*`\"')\].]*", s)
        committed = _committed(s)
        if bare:
            letter = bare.group(1).upper()
        elif committed is not None and len(committed) == 1 and committed.isalpha():
            letter = committed.upper()
        elif is_unclear(s):
            continue
        else:
            # "A"/"I" followed by a lower-case word are an article / pronoun, not a label.
            found = (
                {
                    m.group(1)
                    for m in re.finditer(r"\b([A-Z])\b", s)
                    if not (m.group(1) in "AI" and re.match(r"\s+[a-z]", s[m.end() :]))
                }
                if len(s) > 3
                else set()
            )
            if len(found) != 1:
                continue
            letter = found.pop()
        if allowed is None or letter in allowed:
            return letter
    return None


def parse_label(value: Any, text: str | None, labels: list[str]) -> str | None:
    """The one object label the answer names (exact match first, then a unique mention).

    A text with refusal, no-match, ambiguity or negation wording gives ``None`` (the
    label it quotes is not an answer) unless it commits explicitly ("The answer is 3.").

    Example:
        >>> parse_label(None, "Object 3 is further.", ["3", "7"])
        '3'
        >>> parse_label(None, "There is no object matching '3' in the scene.", ["3", "7"]) is None
        True
    """
    wanted = [str(label) for label in labels]
    for candidate in (value, text):
        if candidate is None:
            continue
        s = str(candidate).strip().strip("`*\"'.").strip()
        for label in wanted:
            if s == label or s.lower() in (label.lower(), f"object {label}".lower(), f"box {label}".lower()):
                return label
        committed = _committed(s)
        if committed is not None:
            hits = [label for label in wanted if label.lower() == committed.lower()]
            if len(hits) == 1:
                return hits[0]
        if is_unclear(s):
            continue
        mentioned = {label for label in wanted if re.search(rf"(?<![\w]){re.escape(label)}(?![\w])", s)}
        if len(mentioned) == 1:
            return mentioned.pop()
    return None


def parse_relations(value: Any, text: str | None) -> list[str] | None:
    """Sorted relation set from a list, a JSON list, or prose like ``"left and front"``."""
    for candidate in (value, text):
        if candidate is None:
            continue
        if isinstance(candidate, (list, tuple, set)):
            items = [str(v).strip().lower() for v in candidate]
        else:
            s = str(candidate).strip()
            items = []
            m = re.search(r"\[[^\[\]]*\]", s)
            if m:
                try:
                    items = [str(v).lower() for v in json.loads(m.group(0))]
                except json.JSONDecodeError:
                    items = []
            if not items:
                if is_unclear(s):
                    continue  # "There is no object matching 'the cube behind ...'" is no answer
                low = s.lower()
                for phrase, rel in _SYNONYMS.items():
                    low = low.replace(phrase, f" {rel} ")
                items = re.findall(r"[a-z]+", low)
        rels = sorted({_SYNONYMS.get(i, i) for i in items if _SYNONYMS.get(i, i) in CVT_RELATIONS})
        if rels or (isinstance(candidate, (list, tuple, set)) and not candidate):
            return rels
    return None


def parse_yes_no(value: Any, text: str | None) -> bool | None:
    """``True``/``False`` from a leading yes/no; ``None`` for refusals such as
    ``"No object matches 'the cube'."`` or hedged text ("No idea", "yes or no, unclear")."""
    for candidate in (value, text):
        if isinstance(candidate, bool):
            return candidate
        if candidate is None:
            continue
        s = str(candidate).strip().lower()
        m = re.match(r"^(yes|true|correct|no|false|incorrect)\b[\s,.!:;-]*", s)
        if not m:
            continue
        rest = s[m.end() :]
        if re.match(r"(?:object|objects|such|one|option|match|idea|answer)\b", rest) or re.search(
            r"\b(?:ambiguous|cannot|unable|unclear|unsure|uncertain|not sure|impossible|either)\b|can't", s
        ):
            continue
        return m.group(1) in ("yes", "true", "correct")
    return None
