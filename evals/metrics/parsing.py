"""Pure parsers from model output to the value a benchmark scores.

Each takes the structured ``Answer.value`` (may be ``None``) and the raw ``text`` and
returns the parsed value or ``None`` when nothing usable is there.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
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


def parse_option_number(
    value: Any, text: str | None, n_choices: int | None = None, choices: list[str] | None = None
) -> int | None:
    """1-based option number from ``3``, ``"3"``, ``"Option 3"``, ``"(3) foo"``, ``"Answer: 3."``,
    ``"three"``, a lone letter ``"C"``, or the exact text of one option.

    Example:
        >>> parse_option_number(None, "The answer is option (2).", 4)
        2
    """
    limit = n_choices or 26

    def ok(n: int) -> int | None:
        return n if 1 <= n <= limit else None

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
        m = re.search(
            r"(?:answer|option|choice)\s*(?:is|:)?\s*(?:option|number|no\.)?\s*[\(\[#]?(\d+)\b", s, re.I
        )
        if m:
            return ok(int(m.group(1)))
        m = re.fullmatch(r"\(?([A-Za-z])\)?[.:)]?", s)
        if m and len(s) <= 4:
            return ok(ord(m.group(1).upper()) - ord("A") + 1)
        m = re.match(r"^\s*[\(\[]?(\d+)[\)\].:]\s", s + " ")
        if m:
            return ok(int(m.group(1)))
        lowered = s.lower().rstrip(".")
        if lowered in _NUMBER_WORDS:
            return ok(_NUMBER_WORDS[lowered])
        if choices:
            norm = [c.strip().lower().rstrip(".") for c in choices]
            if lowered in norm:
                return norm.index(lowered) + 1
        numbers = set(re.findall(r"(?<![\d.])(\d+)(?![\d.])", s))
        if len(numbers) == 1:
            return ok(int(numbers.pop()))
    return None


def parse_letter(value: Any, text: str | None, labels: list[str] | None = None) -> str | None:
    """One capital letter from ``"B"``, ``"Final Answer: B"``, ``"**b**"``; ``None`` if ambiguous."""
    allowed = set(labels) if labels else None
    for candidate in (value, text):
        if candidate is None:
            continue
        s = str(candidate).strip()
        m = re.search(r"final\s+answer\s*[:\-]?\s*\**\s*\(?([A-Za-z])\b", s, re.I)
        if m:
            letter = m.group(1).upper()
        else:
            bare = re.fullmatch(r"[\s*`\"'(\[]*([A-Za-z])[\s*`\"')\].]*", s)
            if bare:
                letter = bare.group(1).upper()
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
    """The one object label the answer names (exact match first, then a unique mention)."""
    wanted = [str(label) for label in labels]
    for candidate in (value, text):
        if candidate is None:
            continue
        s = str(candidate).strip().strip("`*\"'.").strip()
        for label in wanted:
            if s == label or s.lower() in (label.lower(), f"object {label}".lower(), f"box {label}".lower()):
                return label
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
                low = s.lower()
                for phrase, rel in _SYNONYMS.items():
                    low = low.replace(phrase, f" {rel} ")
                items = re.findall(r"[a-z]+", low)
        rels = sorted({_SYNONYMS.get(i, i) for i in items if _SYNONYMS.get(i, i) in CVT_RELATIONS})
        if rels or (isinstance(candidate, (list, tuple, set)) and not candidate):
            return rels
    return None


def parse_yes_no(value: Any, text: str | None) -> bool | None:
    for candidate in (value, text):
        if isinstance(candidate, bool):
            return candidate
        if candidate is None:
            continue
        s = str(candidate).strip().lower()
        if re.match(r"^(yes|true|correct)\b", s):
            return True
        if re.match(r"^(no|false|incorrect)\b", s):
            return False
    return None
