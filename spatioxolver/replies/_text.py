"""The reading machinery every reply form shares: cleaning, commitments, negation, refusals.

A reply is read in a fixed order, so every form treats the same wording the same way:

1. :func:`clean` drops a ``<think>...</think>`` block (its content is never read),
   markdown emphasis, headers and quotes, turns ``\\boxed{X}`` into ``Final Answer: X``
   and an ``Answer`` heading into ``Answer:`` followed by the line under it.
2. A JSON object reply (bare, fenced or inside prose) with an answer key (``answer``,
   ``final_answer``, ``choice``, ``option``, ``object``, ``count``, ...: :data:`ANSWER_KEYS`)
   is read by that key's value alone, as an answer span; ``null`` there is no answer.
   A short reply (one line of a few words) is read whole, as an answer span.
3. An explicit commitment wins over everything else: ``Final Answer: X`` first, then the
   last of ``the answer is X`` / ``Answer: X`` / ``I choose X`` / ``I'd go with X``; the span
   read is the rest of that sentence, parentheses and ``because ...`` cut off.
4. An answer set off at the start (``2. Object 2 is further because ...``,
   ``Object 2 — it sits ...``), or a first sentence whose subject is the one candidate it
   names (``Object 3 is higher up. Object 2 sits ...``).
5. Otherwise the whole text: refusal or hedge wording makes it a :class:`NoAnswerError`;
   exactly one candidate named (outside negated clauses) is the answer; several are a
   plain :class:`ParseError` (the reply commits to none).

A candidate inside a negated clause ("not to the left", "3, not 7", "B did not move")
is not an answer. Within an answer span two candidates joined by "or" / "and" / "/"
(``1 or 2``) are a hedge: no answer, never the first of the two.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spatioxolver.errors import NoAnswerError, ParseError

__all__ = [
    "Mention",
    "Finder",
    "clean",
    "strip_thinking",
    "commitment_spans",
    "split_negated",
    "refusal_reason",
    "hedge_reason",
    "choose",
    "declined",
    "with_value",
    "ANSWER_KEYS",
    "answer_value",
    "json_answer",
    "NOTHING",
]

_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1\s*>", re.S | re.I)
_THINK_CLOSE = re.compile(r"</(?:think|thinking|reasoning)\s*>", re.I)
_THINK_OPEN = re.compile(r"<(?:think|thinking|reasoning)>", re.I)
_BOXED = re.compile(r"\\boxed\s*\{([^{}]*)\}")
# A line that is only an answer heading ("Answer", "Final answer:") before the answer's line.
_ANSWER_HEADING = re.compile(r"^[ \t]*((?:final[ \t]+)?answer)[ \t]*:?[ \t]*\n\s*(?=\S)", re.I | re.M)


@dataclass(frozen=True)
class Mention:
    """One candidate named in a text: where it starts and ends, and the value it stands for."""

    start: int
    end: int
    value: Any


#: ``finder(text, strict)`` -> the candidates ``text`` names, in order. ``strict`` is True
#: when ``text`` is an answer span (a short reply, or the words after a commitment), where
#: looser forms count (a lower-case letter, a number word, an option's text).
Finder = Callable[[str, bool], list[Mention]]


def declined(reason: str, raw: str = "") -> NoAnswerError:
    """The :class:`NoAnswerError` for ``reason`` (a short phrase such as ``"hedge between 1 and 2"``)."""
    return NoAnswerError(f"the model gave no answer ({reason})", raw=raw, reason=reason)


def strip_thinking(text: str | None) -> str:
    """``text`` without its ``<think>`` block(s); what follows a lone ``</think>`` only.

    Raises:
        ParseError: the reply opens a ``<think>`` block and never closes it (cut off).

    Example:
        >>> strip_thinking("<think>maybe 1?</think>\\nObject 2")
        'Object 2'
    """
    raw = "" if text is None else str(text)
    s = _THINK_BLOCK.sub(" ", raw)
    closes = list(_THINK_CLOSE.finditer(s))
    if closes:  # the opening tag was part of the prompt (chat templates of reasoning models)
        s = s[closes[-1].end() :]
    if _THINK_OPEN.search(s):
        raise ParseError("the reply stops inside its <think> block; no answer follows it", raw=raw)
    return s.strip()


def clean(text: str | None) -> str:
    """The reply as prose: thinking dropped, markdown removed, ``\\boxed{X}`` as a final answer.

    Example:
        >>> clean("**Final Answer:** `B`")
        'Final Answer: B'
    """
    s = strip_thinking(text)
    s = _BOXED.sub(r"Final Answer: \1", s)
    s = re.sub(r"```[A-Za-z0-9_-]*", " ", s)
    s = re.sub(r"\*\*|__|[*`]", "", s)
    s = re.sub(r"^[ \t]{0,3}#{1,6}[ \t]*", "", s, flags=re.M)
    s = re.sub(r"^[ \t]*>[ \t]?", "", s, flags=re.M)
    s = _ANSWER_HEADING.sub(r"\1: ", s)  # "## Answer\n\n**2**" -> "Answer: 2"
    s = re.sub(r"[ \t]+", " ", s)
    return s.strip()


# --------------------------------------------------------------------------- JSON replies


class _Missing:
    def __repr__(self) -> str:
        return "NOTHING"


_NOTHING = _Missing()
#: What :func:`answer_value` / :func:`json_answer` return when there is no answer key.
NOTHING = _NOTHING

#: Keys under which a JSON reply puts its answer, looked up in this order (case and
#: spaces / hyphens ignored): ``{"answer": "2", "reasoning": "object 1 is ..."}`` is ``"2"``.
ANSWER_KEYS = (
    "final_answer",
    "answer",
    "choice",
    "option",
    "selected_option",
    "letter",
    "label",
    "object",
    "count",
    "relations",
    "ranking",
    "order",
    "result",
)


def answer_value(data: Any) -> Any:
    """The value under ``data``'s answer key (:data:`ANSWER_KEYS`), or :data:`NOTHING`.

    Example:
        >>> answer_value({"reasoning": "object 1 is nearer", "Final Answer": 2})
        2
    """
    if not isinstance(data, dict):
        return _NOTHING
    keys = {re.sub(r"[\s-]+", "_", str(k).strip().lower()): k for k in data}
    for key in ANSWER_KEYS:
        if key in keys:
            return data[keys[key]]
    return _NOTHING


def json_answer(text: str | None) -> Any:
    """The answer of a reply that is a JSON object (bare, fenced, or inside prose), or :data:`NOTHING`.

    Example:
        >>> json_answer('```json\\n{"answer": "object 2", "reasoning": "1 is in front"}\\n```')
        'object 2'
    """
    try:
        body = strip_thinking(text)
    except ParseError:
        return _NOTHING
    if "{" not in body:
        return _NOTHING
    from spatioxolver.models import parse_json

    try:
        return answer_value(parse_json(body))
    except ParseError:
        return _NOTHING


# --------------------------------------------------------------------------- commitments

_FINAL = re.compile(r"\bfinal\s+(?:answer|choice|ranking)\s*(?:is\b|:|=|-|–|—)?\s*", re.I)
_STRONG = re.compile(
    r"(?:\b(?:the\s+|my\s+|correct\s+|best\s+)?(?:answer|choice|selection)\s*"
    r"(?:is|would\s+be|will\s+be|should\s+be|must\s+be|:|=|-|–|—)\s*"
    r"|\bi\s*(?:would|will|'ll|’ll|'d|’d|shall)?\s*(?:choose|pick|select|go\s+with|answer|opt\s+for|say)\b[:\s]*"
    r"|\bi\s+(?:lean|am\s+leaning|'m\s+leaning)\s+(?:towards?|to)\s*)",
    re.I,
)
# A conclusion word counts only when a bare answer follows it ("..., so 2.", "Therefore: object 2").
_WEAK = re.compile(
    r"\b(?:so|therefore|thus|hence|overall|in\s+conclusion|in\s+summary|to\s+conclude)\b[,:]?\s*", re.I
)
_SPAN_END = re.compile(
    r"(?<=[.!?])\s|\n|;|\s[-–—]\s|\bbecause\b|\bsince\b|\bas\s+(?:it|the|this)\b|,\s*(?:which|as|since)\b",
    re.I,
)
_PAREN = re.compile(r"\([^()]*\s[^()]*\)|\[[^\[\]]*\s[^\[\]]*\]")


def _span_after(text: str, start: int) -> str:
    rest = text[start:]
    cut = _SPAN_END.search(rest)
    span = rest[: cut.start()] if cut else rest
    return re.sub(r"\s+", " ", _PAREN.sub(" ", span)).strip(" .!?,")


def commitment_spans(text: str) -> list[tuple[str, bool]]:
    """The answer spans after explicit commitments, most authoritative first.

    ``Final Answer:`` spans come first (the last one first), then the other strong
    markers (last first), then conclusion words followed by a short span. Each item is
    ``(span, weak)``.

    Example:
        >>> commitment_spans("Hmm, 1 or 2? The answer is 2 (it is further).")
        [('2', False)]
    """
    final = [(_span_after(text, m.end()), False) for m in _FINAL.finditer(text)]
    final_starts = {m.start() for m in _FINAL.finditer(text)}
    strong = [
        (_span_after(text, m.end()), False)
        for m in _STRONG.finditer(text)
        if not any(abs(m.start() - f) < 12 for f in final_starts)
    ]
    weak = []
    for m in _WEAK.finditer(text):
        span = _span_after(text, m.end())
        if span and len(span.split()) <= 3:
            weak.append((span, True))
    return final[::-1] + strong[::-1] + weak[::-1]


# --------------------------------------------------------------------------- negation

_CLAUSE_SPLIT = re.compile(
    r"[,;:()\n]|(?<=[.!?])\s|\s[-–—]\s|\b(?:and|but|while|whereas|although|though|however|because|since|so|yet)\b",
    re.I,
)
# Negation that covers the whole clause: "B did not move", "3 isn't further", "I can't see 2".
_CLAUSE_NEGATOR = re.compile(
    r"\b(?:is|are|was|were|does|do|did|has|have|had|can|could|would|should|will|may|might|must)"
    r"\s+(?:\w+ly\s+)?(?:not|never)\b|n['’]t\b|\bcannot\b",
    re.I,
)
# Negation that covers what follows it: "not 7", "rather than 1", "no object 3", "neither left nor right".
_FORWARD_NEGATOR = re.compile(
    r"\b(?:not|never|neither|nor|none|without|except|excluding)\b|\bno\b(?!\.\s*\d)|"
    r"\b(?:rather|other)\s+than\b|\binstead\s+of\b",
    re.I,
)


def _clauses(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE_SPLIT.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out


def split_negated(text: str, mentions: Sequence[Mention]) -> tuple[list[Mention], list[Mention]]:
    """``(positive, negated)``: the mentions inside a negated clause go to the second list.

    Example:
        >>> ms = [Mention(6, 11, "front"), Mention(24, 28, "left")]
        >>> [m.value for m in split_negated("It is front of it, not left of it", ms)[0]]
        ['front']
    """
    positive, negated = [], []
    clauses = _clauses(text)
    for mention in mentions:
        lo, hi = next(((a, b) for a, b in clauses if a <= mention.start < b), (0, len(text)))
        clause = text[lo:hi]
        before = text[lo : mention.start]
        if _CLAUSE_NEGATOR.search(clause) or _FORWARD_NEGATOR.search(before):
            negated.append(mention)
        else:
            positive.append(mention)
    return positive, negated


# --------------------------------------------------------------------------- refusals and hedges

_REFUSALS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, re.compile(pattern, re.I))
    for reason, pattern in (
        (
            "refusal",
            r"\b(?:i\s+am\s+sorry|i['’]m\s+sorry|sorry|apologi[sz]e|as\s+an\s+ai|i\s+won['’]t|"
            r"i\s+will\s+not|i\s+refuse)\b",
        ),
        (
            "cannot tell",
            r"\b(?:cannot|can\s*not|can['’]t|unable\s+to|not\s+able\s+to|could\s*n['’]t|could\s+not|"
            r"impossible\s+to|no\s+way\s+to|hard\s+to|difficult\s+to)\s+(?:\w+\s+){0,2}?"
            r"(?:tell|determine|say|see|answer|identify|decide|judge|know|be\s+(?:determined|sure|told)|"
            r"rank|count|find|infer|distinguish|make\s+out|locate|compare|be\s+certain)\b",
        ),
        (
            "unsure",
            r"\b(?:i\s+(?:do\s+not|don['’]t|dont)\s+know|no\s+idea|not\s+(?:sure|certain|clear|possible|"
            r"determinable|enough)|unsure|uncertain|unclear|unknown|undeterminable|indeterminate|"
            r"insufficient|can['’]t\s+be\s+sure)\b",
        ),
        ("ambiguous", r"\b(?:ambiguous|ambiguity)\b"),
        (
            "both or neither",
            r"\b(?:neither|both|either)\b|\bequally\b|\bthe\s+same\s+(?:distance|depth|height)\b",
        ),
        (
            "no match",
            r"\bnone\s+of\b|\bno[ \t]+(?:object|option|answer|match|such|single|clear|visible|choice)\b|"
            r"\bmatch(?:es)?\s+(?:none|more\s+than\s+one|several|multiple|no)\b|"
            r"\bname\s+the\s+same\s+object\b|\bthere\s+is\s+no\b|\bdoes\s+not\s+(?:exist|appear)\b",
        ),
    )
)


def refusal_reason(text: str, *, skip: tuple[str, ...] = ()) -> str | None:
    """A short reason when ``text`` refuses, hedges or reports no match; else ``None``.

    ``skip`` names reasons that are not refusals for the form at hand (``"both or
    neither"`` for a relation set, where "neither left nor right" is a negation).

    Example:
        >>> refusal_reason("I cannot tell from this angle."), refusal_reason("Object 2.")
        ('cannot tell', None)
    """
    for reason, pattern in _REFUSALS:
        if reason not in skip and pattern.search(text):
            return reason
    return None


_HEDGE_GAP = re.compile(
    r"^[\s\"'’,]*(?:or|/|nor|and\s*/\s*or|,\s*or)[\s\"'’(]*(?:maybe\s+|perhaps\s+|possibly\s+)?"
    r"(?:to\s+|in\s+)?(?:the\s+)?(?:object|option|box|tag|choice)?\s*[(\[]?$",
    re.I,
)
_STRICT_GAP = re.compile(
    r"^[\s\"'’,)\]]*(?:and|&|\+|,)?[\s\"'’(\[]*(?:the\s+)?(?:object|option|box|tag)?\s*[(\[]?$", re.I
)


def hedge_reason(text: str, mentions: Sequence[Mention], *, strict: bool = False) -> str | None:
    """``"hedge between X and Y"`` when two different candidates are joined by "or" / "/"
    (in an answer span also by "and" or a comma); else ``None``."""
    for a, b in zip(mentions, mentions[1:], strict=False):
        if a.value == b.value:
            continue
        gap = text[a.end : b.start]
        if _HEDGE_GAP.match(gap) or (strict and _STRICT_GAP.match(gap)):
            return f"hedge between {a.value} and {b.value}"
    return None


# --------------------------------------------------------------------------- the generic reader

_NUMBERED_LINE = re.compile(r"^\s*\d+[.)]\s", re.M)
_LEAD_PREFIX = re.compile(
    r"^[\s(\[\"'’]*(?:it\s+is\s+|it['’]s\s+)?"
    r"(?:(?:the\s+)?(?:answer|object|option|box|tag|choice)\s*(?:(?:label+ed|marked|tagged)\s+)?:?\s*)?[(\[]?",
    re.I,
)
# "Object 3 is higher up." - the candidate is the subject of a short first sentence.
_LEAD_COPULA = re.compile(r"^\s+(?:is|was)\b", re.I)
# "The leftmost object is 3." - the sentence ends on the candidate, right after "is".
_TAIL_COPULA = re.compile(
    r"\b(?:is|was)\s+(?:the\s+)?(?:object|option|box|tag|letter|label)?\s*[(\[]?\s*$", re.I
)
_LEAD_SENTENCE_WORDS = 12
_LEAD_SEPARATOR = re.compile(r"^[)\]\"'’]*\s*(?:[.:;,!]|\s[-–—]|[-–—]|\n|$)")


def _read_span(span: str, find: Finder, raw: str) -> Any:
    """A committed answer span -> its value, :class:`NoAnswerError`, or ``_NOTHING``."""
    mentions = find(span, True)
    positive, negated = split_negated(span, mentions)
    reason = hedge_reason(span, positive, strict=True)
    if reason:
        raise declined(reason, raw=raw)
    reason = refusal_reason(span)
    if reason:
        raise declined(reason, raw=raw)
    if positive:
        return positive[0].value
    if negated:
        raise declined("it only names what the answer is not", raw=raw)
    return _NOTHING


def _answer_sentence(first: str, find: Finder, lead_end: int) -> Any:
    """The one candidate of a short first sentence that is about it: its subject ("Object 3
    is higher up.") or what it ends on ("The edited object is A."); else ``_NOTHING``."""
    if len(first.split()) > _LEAD_SENTENCE_WORDS:
        return _NOTHING
    positive, negated = split_negated(first, find(first, True))
    if negated or len({m.value for m in positive}) != 1:
        return _NOTHING
    head, tail = positive[0], positive[-1]
    subject = head.start <= lead_end and _LEAD_COPULA.match(first[head.end :])
    ending = _TAIL_COPULA.search(first[: tail.start]) and not first[tail.end :].strip(" .!)]\"'’")
    return head.value if subject or ending else _NOTHING


def _leading(text: str, find: Finder) -> Any:
    """The answer set off at the very start ("2. Because ...", "Object 2 — it ..."), if any."""
    if len(_NUMBERED_LINE.findall(text)) > 1:  # a numbered list of reasoning steps
        return _NOTHING
    first = re.split(r"(?<=[.!?])\s|\n", text, maxsplit=1)[0]
    prefix = _LEAD_PREFIX.match(text)
    lead_end = prefix.end() if prefix else 0
    mentions = find(text[: max(len(first), lead_end) + 1], True)
    if hedge_reason(first, mentions) or refusal_reason(first):
        return _NOTHING
    if mentions and mentions[0].start <= lead_end and _LEAD_SEPARATOR.match(text[mentions[0].end :]):
        return mentions[0].value
    return _answer_sentence(first, find, lead_end)


def choose(raw: str | None, find: Finder, what: str) -> Any:
    """Read one candidate from a reply, in the order the module docstring gives.

    Raises:
        NoAnswerError: a refusal, a hedge, or only negated candidates.
        ParseError: empty, no candidate, or several with no commitment.
    """
    source = "" if raw is None else str(raw)
    text = clean(source)
    if not text:
        raise ParseError(f"the reply is empty (expected {what})", raw=source)
    found = json_answer(source)
    if found is not _NOTHING:  # {"answer": ..., "reasoning": ...}: the answer key alone
        if found is None or (isinstance(found, str) and not found.strip()):
            raise declined("the JSON answer is empty", raw=source)
        span = ", ".join(str(v) for v in found) if isinstance(found, list) else str(found)
        value = _read_span(clean(span), find, source)
        if value is not _NOTHING:
            return value
    if "\n" not in text and len(text.split()) <= 6:
        value = _read_span(text, find, source)
        if value is not _NOTHING:
            return value
    for span, weak in commitment_spans(text):
        mentions = find(span, True)
        if weak and len({m.value for m in mentions}) != 1:
            continue
        value = _read_span(span, find, source)
        if value is not _NOTHING:
            return value
    value = _leading(text, find)
    if value is not _NOTHING:
        return value
    reason = refusal_reason(text)
    if reason:
        raise declined(reason, raw=source)
    mentions = find(text, False)
    positive, negated = split_negated(text, mentions)
    reason = hedge_reason(text, positive)
    if reason:
        raise declined(reason, raw=source)
    values = list(dict.fromkeys(m.value for m in positive))
    if len(values) == 1:
        return values[0]
    if not values and negated:
        raise declined("it only names what the answer is not", raw=source)
    if not values:
        raise ParseError(f"the reply names no {what}", raw=source)
    shown = ", ".join(str(v) for v in values[:4])
    raise ParseError(f"the reply names several {what}s ({shown}) and commits to none", raw=source)


def with_value(
    value: Any, text: str | None, read_value: Callable[[Any], Any], read_text: Callable[[str], Any]
) -> Any:
    """The structured value when it reads, else the text; the text's error when both fail."""
    if value is not None:
        try:
            return read_value(value)
        except ParseError:
            if text is None or not str(text).strip():
                raise
    return read_text("" if text is None else str(text))
