"""Reply forms that are collections: a CVT relation set and a CoT-rank ranking.

A ranking is read in the order it is written: ``3, 1, 2``, ``3 < 1 < 2``, ``3 > 1 > 2``,
``3 -> 1 -> 2`` and a numbered list ``1. 3 / 2. 1 / 3. 2`` all give ``["3", "1", "2"]``
(the prompt asks for the objects in the order of the axis, e.g. leftmost first, so the
order of the words is the ranking; ``<`` / ``>`` are read as separators, never as a
direction to reverse).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from spatioxolver.errors import ParseError
from spatioxolver.replies._text import (
    NOTHING,
    Mention,
    answer_value,
    clean,
    commitment_spans,
    declined,
    hedge_reason,
    refusal_reason,
    split_negated,
    strip_thinking,
    with_value,
)

__all__ = ["CVT_RELATIONS", "parse_relation_set", "parse_ranking"]

#: The relation words of seed 001's CVT protocol.
CVT_RELATIONS: tuple[str, ...] = ("left", "right", "front", "behind", "north", "south")
_RELATION = re.compile(
    r"\b(?:(?P<front>in\s+front|front)|(?P<behind>behind|in\s+back|back|rear)|(?P<left>left)|"
    r"(?P<right>right)|(?P<north>north)|(?P<south>south))\b",
    re.I,
)
# "neither left nor right", "both in front and to the left": negation and a set, not a refusal.
_NOT_REFUSALS = ("both or neither",)
_EMPTY_SET = re.compile(r"^\W*(?:none|no\s+relations?|empty(?:\s+set)?|\[\s*\])\W*$", re.I)


def _relations_in(text: str) -> list[Mention]:
    return [Mention(m.start(), m.end(), m.lastgroup) for m in _RELATION.finditer(text)]


def _relation_items(items: Sequence[Any], raw: str) -> list[str]:
    out = set()
    for item in items:
        words = {m.value for m in _relations_in(str(item))}
        if len(words) != 1:
            raise ParseError(f"{item!r} is not one of {', '.join(CVT_RELATIONS)}", raw=raw)
        out |= words
    return sorted(out)


def _relation_value(value: Any, raw: str) -> list[str]:
    while isinstance(value, dict):  # {"relations": [...]} or seed 001's {"img": {"q_1": [...]}}
        if not value:
            raise ParseError("an empty object is not a relation set", raw=raw)
        picked = answer_value(value)
        value = picked if picked is not NOTHING else next(iter(value.values()))
    if isinstance(value, str):
        value = [value] if value.strip() else []
    if isinstance(value, (list, tuple, set)):
        return _relation_items(list(value), raw)
    raise ParseError(f"{type(value).__name__} is not a relation set", raw=raw)


def _read_relations(span: str, raw: str, *, strict: bool) -> list[str] | None:
    mentions = _relations_in(span)
    positive, negated = split_negated(span, mentions)
    reason = hedge_reason(span, positive) or refusal_reason(span, skip=_NOT_REFUSALS)
    if reason:
        raise declined(reason, raw=raw)
    if positive:
        return sorted({m.value for m in positive})
    if negated and strict:
        raise declined("it only names relations that do not hold", raw=raw)
    return None


def parse_relation_set(text: str | None, *, value: Any = None) -> list[str]:
    """A CVT reply -> the sorted set of relation words (JSON list, fenced JSON, dict or prose).

    Prose synonyms count (``in front`` -> front, ``in back`` -> behind); a negated
    relation does not ("in front, not to the left" -> ``["front"]``). ``[]`` and a bare
    ``none`` are the empty set.

    Raises:
        NoAnswerError: "I cannot tell.", "left or right", only negated relations.
        ParseError: no relation word at all.

    Example:
        >>> parse_relation_set("The mug sits in front of the box, not to its left.")
        ['front']
    """

    def read_value(v: Any) -> list[str]:
        if isinstance(v, str):
            return read_text(v)
        return _relation_value(v, str(v))

    def read_text(raw: str) -> list[str]:
        from spatioxolver.models import parse_json

        body = strip_thinking(raw)
        if not body:
            raise ParseError("the reply is empty (expected relations)", raw=raw)
        if "[" in body or "{" in body:
            try:
                return _relation_value(parse_json(body), raw)
            except ParseError:
                pass  # not JSON of relations: read the prose
        text = clean(body)
        if _EMPTY_SET.match(text):
            return []
        for span, _weak in commitment_spans(text):
            found = _read_relations(span, raw, strict=True)
            if found is not None:
                return found
        if "\n" not in text and len(text.split()) <= 8:
            found = _read_relations(text, raw, strict=True)
        else:
            reason = refusal_reason(text, skip=_NOT_REFUSALS)
            if reason:
                raise declined(reason, raw=raw)
            found = _read_relations(text, raw, strict=True)
        if found is None:
            raise ParseError(f"the reply names no relation among {', '.join(CVT_RELATIONS)}", raw=raw)
        return found

    return with_value(value, text, read_value, read_text)


# --------------------------------------------------------------------------- rankings

_SEPARATOR = re.compile(
    r"\s*(?:,|;|<=?|>=?|->|=>|→|⟶|»|\bthen\b|\bfollowed\s+by\b|\band\s+then\b|\band\b)\s*", re.I
)
_ITEM_PREFIX = re.compile(r"^(?:(?:and|then|finally|lastly|the|object|box|tag|label)\b\s*)+", re.I)
_LIST_LINE = re.compile(r"^\s*(?:[-*•]\s*)?(\d+)[.):]\s*(.+?)\s*$")
_MARKER = re.compile(
    r"^.*?\b(?:final\s+answer|final\s+ranking|ranking|order(?:ing)?|answer|ranked|sorted)\b"
    r"(?:[^:\n]*:|\s+(?:is|would\s+be)\b)\s*",
    re.I,
)


def _label_key(text: str) -> str:
    """A label as written without its article / "object" prefix, quotes and extra spaces."""
    s = _ITEM_PREFIX.sub("", text.strip().strip(".!\"'").strip())
    return " ".join(s.strip(" .:!\"'#").split())


def _item(part: str, labels: dict[str, str] | None) -> str | None:
    s = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", part)
    s = _label_key(s)
    if not s:
        return None
    if labels is not None and s.upper() in labels:
        return labels[s.upper()]
    # A label-like token the prompt did not list (the model saw another tag) is kept as written.
    return s if re.fullmatch(r"[\w-]{1,24}", s) else None


def _known(items: list[str], labels: dict[str, str] | None) -> bool:
    """At least two items are labels the prompt listed (any two tokens without a label list)."""
    return len([i for i in items if labels is None or i in labels.values()]) >= 2


def _chain(line: str, labels: dict[str, str] | None) -> list[str] | None:
    parts = [p for p in _SEPARATOR.split(line) if p and p.strip()]
    if len(parts) < 2:
        return None
    items = [_item(p, labels) for p in parts]
    if any(i is None for i in items):
        return None
    found = [i for i in items if i is not None]
    return found if _known(found, labels) else None


def _numbered(lines: list[str], labels: dict[str, str] | None) -> list[str] | None:
    rows = [(int(m.group(1)), m.group(2)) for m in map(_LIST_LINE.match, lines) if m]
    if len(rows) < 2 or [n for n, _ in rows] != list(range(1, len(rows) + 1)):
        return None
    items = []
    for _, body in rows:
        head = re.split(r"\s[-–—]\s|:|,|\(|\bis\b|\bbecause\b", body, maxsplit=1)[0]
        item = _item(head, labels)
        if item is None:
            return None
        items.append(item)
    return items if _known(items, labels) else None


def _checked(items: list[str], raw: str) -> list[str]:
    if len(items) < 2:
        raise ParseError("a ranking needs at least two labels", raw=raw)
    if len(set(items)) != len(items):
        raise ParseError(f"the ranking repeats a label: {', '.join(items)}", raw=raw)
    return items


def parse_ranking(text: str | None, labels: Sequence[str] | None = None, *, value: Any = None) -> list[str]:
    """A CoT-rank reply -> the labels first to last, in the order written (see the module docstring).

    Reads a JSON list (clean, fenced or in prose, or under a key such as ``"ranking"``),
    a numbered list, or one line of labels separated by ``,`` ``<`` ``>`` ``->`` or
    "then" — the line after ``Ranking:`` / ``Final Answer:`` / ``the answer is`` when there is one, else
    the last line that is a ranking. ``object 3`` / ``box 3`` name label ``3``; letters
    are matched to ``labels`` whatever their case.

    Raises:
        NoAnswerError: the reply declines to rank ("I cannot rank these").
        ParseError: no ranking (fewer than two of ``labels`` named), a repeated label.
            A label-like token not in ``labels`` is kept as written; the caller checks
            that the labels it needs are there.

    Example:
        >>> parse_ranking("Left to right:\\n1. 3\\n2. 1\\n3. 2", ["1", "2", "3"])
        ['3', '1', '2']
    """
    # Labels are matched as written give or take an article: "the red square" or "red square".
    known = (
        {(_label_key(str(label)) or str(label)).upper(): str(label) for label in labels} if labels else None
    )

    def from_list(items: Sequence[Any], raw: str) -> list[str]:
        out = []
        for x in items:
            item = _item(str(x), known)
            if item is None:
                raise ParseError(f"{x!r} is not an object label", raw=raw)
            out.append(item)
        if not _known(out, known):
            raise ParseError(
                f"the ranking names fewer than two of the labels {', '.join(labels or [])}", raw=raw
            )
        return _checked(out, raw)

    def read_value(v: Any) -> list[str]:
        if isinstance(v, str):
            return read_text(v)
        if isinstance(v, dict):
            picked = answer_value(v)
            v = picked if picked is not NOTHING else next(iter(v.values()), None)
        if isinstance(v, (list, tuple)):
            return from_list(v, str(v))
        raise ParseError(f"{type(v).__name__} is not a ranking", raw=str(v))

    def read_text(raw: str) -> list[str]:
        from spatioxolver.models import parse_json

        body = strip_thinking(raw)
        if not body:
            raise ParseError("the reply is empty (expected a ranking)", raw=raw)
        if "[" in body or "{" in body:
            try:
                found = parse_json(body)
                if isinstance(found, dict):
                    picked = answer_value(found)
                    found = picked if picked is not NOTHING else next(iter(found.values()), None)
                if isinstance(found, list):
                    return from_list(found, raw)
            except ParseError:
                pass  # not a JSON ranking: read the prose
        text = clean(body)
        lines = [line for line in text.splitlines() if line.strip()]
        found = _numbered(lines, known)
        if found is not None:
            return _checked(found, raw)
        marked = [(_MARKER.match(line), line) for line in lines]
        for m, line in reversed([(m, line) for m, line in marked if m]):
            found = _chain(line[m.end() :], known) or _numbered(lines[lines.index(line) + 1 :], known)
            if found is not None:
                return _checked(found, raw)
        for line in reversed(lines):
            line = line.strip().rstrip(".")
            found = _chain(line, known) or _chain(line.rsplit(":", 1)[-1], known)
            if found is not None:
                return _checked(found, raw)
        reason = refusal_reason(text)
        if reason:
            raise declined(reason, raw=raw)
        raise ParseError("the reply holds no ranking of the labels", raw=raw)

    return with_value(value, text, read_value, read_text)
