"""Scalar reply forms: yes/no, a count, a number, and the open form (the text as is)."""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.errors import NoAnswerError, ParseError
from spatioxolver.replies._text import (
    NOTHING,
    Mention,
    choose,
    clean,
    commitment_spans,
    declined,
    json_answer,
    refusal_reason,
    strip_thinking,
    with_value,
)

__all__ = ["parse_yes_no", "parse_count", "parse_number", "parse_open"]

_YES = ("yes", "true", "correct", "yeah", "yep", "affirmative", "indeed")
_NO = ("no", "false", "incorrect", "nope", "negative", "wrong")
# "yes" is never a determiner, "no" often is ("No object matches"), so "no" needs punctuation after it.
_LEAD_YES = re.compile(r"^\W*(" + "|".join(_YES) + r")\b(?![-'’])", re.I)
_LEAD_NO = re.compile(r"^\W*(" + "|".join(_NO) + r")(?:\s*[,.!:;]|[ \t]*(?:\n|$)|\s+[-–—])", re.I)
_MAYBE = re.compile(r"\b(?:maybe|perhaps|possibly|might|could\s+be)\b", re.I)
# Only these wordings undo a leading "Yes," / "No,": "No, there is no red cube" is an answer.
_HEDGES = ("both or neither", "no match")


def _lead_yes_no(text: str) -> bool | None:
    m = _LEAD_YES.match(text) or _LEAD_NO.match(text)
    if not m:
        return None
    return m.group(1).lower() in _YES


def parse_yes_no(text: str | None, *, value: Any = None) -> bool:
    """A yes/no reply -> ``True`` / ``False`` (also ``true``/``false``, ``correct``/``incorrect``).

    Raises:
        NoAnswerError: "No idea.", "Yes or no, I cannot tell", "No object matches 'the cube'.",
            a bare "maybe".
        ParseError: no yes/no word.

    Example:
        >>> parse_yes_no("<think>left? right?</think>No, the mug is to the right of the lamp.")
        False
    """

    def read_value(v: Any) -> bool:
        if isinstance(v, bool):
            return v
        return read_text(str(v))

    def read_text(raw: str) -> bool:
        text = clean(raw)
        if not text:
            raise ParseError("the reply is empty (expected yes or no)", raw=raw)
        found = json_answer(raw)  # {"answer": "no", "explanation": ...}
        if isinstance(found, bool):
            return found
        if found is None:
            raise declined("the JSON answer is empty", raw=raw)
        if found is not NOTHING and "{" not in str(found):
            try:
                return read_text(str(found))
            except NoAnswerError as exc:
                raise declined(exc.reason or "no answer", raw=raw) from None
            except ParseError:
                pass  # not a yes/no under the answer key: read the whole reply
        if re.search(
            r"\byes\s*(?:or|/)\s*no\b|\bno\s*(?:or|/)\s*yes\b|\b(?:yes\s+and\s+no|no\s+and\s+yes)\b(?!\s+[a-z])",
            text,
            re.I,
        ):
            raise declined("hedge between yes and no", raw=raw)
        for span, _weak in commitment_spans(text):
            answer = _lead_yes_no(span)
            if answer is not None:
                return answer
        first = re.split(r"(?<=[.!?])\s|\n", text, maxsplit=1)[0]
        answer = _lead_yes_no(text)
        if answer is not None:
            reason = refusal_reason(first, skip=_HEDGES)
            if reason:
                raise declined(reason, raw=raw)
            return answer
        reason = refusal_reason(text) or ("unsure" if _MAYBE.search(text) else None)
        if reason:
            raise declined(reason, raw=raw)
        raise ParseError("the reply does not say yes or no", raw=raw)

    return with_value(value, text, read_value, read_text)


_COUNT_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_INT = re.compile(r"(?<![\w.\-])(\d+)(?![\w]|\.\d)")
_NONE_THERE = re.compile(r"^\W*(?:there\s+(?:are|is)\s+)?(?:no|none|zero)\b(?!\s*(?:idea|answer)\b)", re.I)


def parse_count(text: str | None, *, value: Any = None) -> int:
    """A "how many" reply -> a non-negative integer (digits or number words up to twenty).

    Raises:
        NoAnswerError: a refusal or a hedge ("3 or 4").
        ParseError: no count, or several without a commitment.

    Example:
        >>> parse_count("I see two red cubes and one sphere. Answer: 2")
        2
    """

    def find(s: str, strict: bool) -> list[Mention]:
        out = [Mention(m.start(), m.end(), int(m.group(1))) for m in _INT.finditer(s)]
        words = re.finditer(r"\b(" + "|".join(_COUNT_WORDS) + r")\b", s, re.I)
        out += [Mention(m.start(), m.end(), _COUNT_WORDS[m.group(1).lower()]) for m in words]
        return sorted(out, key=lambda m: m.start)

    def read_value(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise ParseError(f"{v!r} is not a count", raw=str(v))
        if isinstance(v, str):
            return read_text(v)
        if v < 0 or int(v) != v:
            raise ParseError(f"{v!r} is not a count", raw=str(v))
        return int(v)

    def read_text(raw: str) -> int:
        text = clean(raw)
        if _NONE_THERE.match(text) and not refusal_reason(text, skip=_HEDGES) and not find(text, False):
            return 0
        return int(choose(raw, find, "count"))

    return with_value(value, text, read_value, read_text)


_FLOAT = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w]|\.\d)")


def parse_number(text: str | None, *, value: Any = None) -> float:
    """A numeric reply (a distance, an angle) -> a float; the unit after it is ignored.

    Raises:
        NoAnswerError: a refusal or a hedge ("2 or 3 metres").
        ParseError: no number, or several without a commitment.

    Example:
        >>> parse_number("Roughly 2.5 m. Final Answer: 2.5")
        2.5
    """

    def find(s: str, strict: bool) -> list[Mention]:
        return [Mention(m.start(), m.end(), float(m.group(1))) for m in _FLOAT.finditer(s)]

    def read_value(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise ParseError(f"{v!r} is not a number", raw=str(v))
        return float(v) if not isinstance(v, str) else read_text(v)

    def read_text(raw: str) -> float:
        return float(choose(raw, find, "number"))

    return with_value(value, text, read_value, read_text)


#: Replies longer than this are an answer to grade, even when they contain refusal words.
OPEN_DECLINE_WORDS = 16
#: In free text these are answers, not refusals ("Both are red.", "There is no cube.").
_OPEN_NOT_DECLINED = ("both or neither", "no match", "ambiguous")


def parse_open(text: str | None, *, value: Any = None) -> str:
    """An open-ended reply -> its text as is (only a ``<think>`` block and outer blanks removed).

    A JSON reply (``{"answer": "the red cube", "reasoning": ...}``, bare or fenced) is read as
    its answer field. A short reply (at most :data:`OPEN_DECLINE_WORDS` words) that only refuses or says it
    cannot tell ("I'm sorry, I can't help with that.", "I cannot determine that from the
    image.") is a typed no-answer; any longer reply is kept as text for the judge, whatever
    its wording. The structured ``value`` is the fallback when the text is empty.

    Raises:
        NoAnswerError: a short refusal (``reason`` "refusal", "cannot tell" or "unsure").
        ParseError: the reply (and the value) are empty.

    Example:
        >>> parse_open("<think>hmm</think>  The red cube, on the left. ")
        'The red cube, on the left.'
    """
    body = strip_thinking(text)
    if body.lstrip().startswith(("{", "```")):  # a JSON reply: its answer field is the answer
        found = json_answer(body)
        if isinstance(found, (str, int, float)) and not isinstance(found, bool) and str(found).strip():
            body = str(found).strip()
    if body:
        if len(body.split()) <= OPEN_DECLINE_WORDS:
            reason = refusal_reason(body, skip=_OPEN_NOT_DECLINED)
            if reason:
                raise declined(reason, raw=body)
        return body
    if value is not None and str(value).strip():
        return str(value).strip()
    raise ParseError("the reply is empty", raw="" if text is None else str(text))
