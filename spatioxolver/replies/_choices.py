"""Single-choice reply forms: an object label (pairwise), a letter (forced choice), an MCQ option.

Each reads the structured ``value`` of a schema reply first (when given and valid), else
the text, with the shared reader of :mod:`spatioxolver.replies._text`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from spatioxolver.errors import ParseError
from spatioxolver.replies._text import Mention, choose, refusal_reason, with_value

__all__ = ["parse_label", "parse_letter", "parse_option"]

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
# "A" / "I" followed by a lower-case word are an article / a pronoun, unless that word is
# one a label takes ("A is the one that moved", "I and J").
_LABEL_VERBS = r"(?:is|was|has|had|did|does|moved|changed|differs|appears|seems|looks|and|or|shows|stands)\b"
_LETTER = re.compile(r"(?<![A-Za-z0-9'’.])([A-Za-z])(?![A-Za-z0-9'’]|\.[A-Za-z])")


def _is_article(text: str, match: re.Match[str]) -> bool:
    if match.group(1) not in "AaIi":
        return False
    return bool(re.match(rf"\s+(?!{_LABEL_VERBS})[a-z]", text[match.end() :]))


def _letters(text: str, strict: bool, allowed: set[str]) -> list[Mention]:
    out = []
    for m in _LETTER.finditer(text):
        letter = m.group(1)
        if letter.upper() not in allowed or _is_article(text, m):
            continue
        if letter.islower() and not strict:
            continue  # a lower-case letter in prose is a word, not a label
        out.append(Mention(m.start(), m.end(), letter.upper()))
    return out


def _drop_nested(mentions: list[Mention]) -> list[Mention]:
    mentions = sorted(mentions, key=lambda m: (m.start, -(m.end - m.start)))
    out: list[Mention] = []
    for m in mentions:
        if out and m.start < out[-1].end:
            continue
        out.append(m)
    return out


def parse_letter(text: str | None, letters: Sequence[str] | None = None, *, value: Any = None) -> str:
    """A forced-choice letter (seed 002's ``Final Answer: <LETTER>``) -> the capital letter.

    Args:
        text: the reply.
        letters: the allowed letters (default A..Z); another letter is not an answer.
        value: a structured reply value, read first.

    Raises:
        NoAnswerError: "I cannot tell.", "B or C", "Neither moved."
        ParseError: no allowed letter, or several without a commitment.

    Example:
        >>> parse_letter("<think>A? maybe C</think>Both views differ in one place. Final Answer: **c**")
        'C'
    """
    allowed = {str(x).strip().upper() for x in letters} if letters else {chr(c) for c in range(65, 91)}

    def find(s: str, strict: bool) -> list[Mention]:
        return _letters(s, strict, allowed)

    return with_value(
        value, text, lambda v: choose(str(v), find, "letter"), lambda t: choose(t, find, "letter")
    )


def parse_label(text: str | None, labels: Sequence[str], *, value: Any = None) -> str:
    """A pairwise reply ("which of these objects") -> the one label it names.

    ``object 3``, ``box 3``, ``tag 3`` and ``3`` all name label ``3``; label ``1`` is not
    read inside ``12`` or ``1.5``.

    Raises:
        NoAnswerError: a refusal, "1 or 2", "both", only negated labels ("It is not 3.").
        ParseError: no label, or several without a commitment.

    Example:
        >>> parse_label("Object 1 looks larger, so I choose 2.", ["1", "2"])
        '2'
    """
    wanted = [str(label) for label in labels]
    single = {label.upper(): label for label in wanted if len(label) == 1 and label.isalpha()}
    patterns = [
        (label, re.compile(rf"(?<![\w.]){re.escape(label)}(?![\w]|\.\d)", re.I))
        for label in wanted
        if label.upper() not in single
    ]

    def find(s: str, strict: bool) -> list[Mention]:
        out = [Mention(m.start, m.end, single[m.value]) for m in _letters(s, strict, set(single))]
        for label, pattern in patterns:
            out.extend(Mention(m.start(), m.end(), label) for m in pattern.finditer(s))
        return _drop_nested(out)

    def read_text(t: str) -> str:
        # "A is leftmost, followed by B and then C": an order whose head is the answer.
        head = re.split(r",?\s*\bfollowed\s+by\b", t, maxsplit=1, flags=re.I)
        if len(head) == 2:
            named = {m.value for m in find(head[0], False)}
            if len(named) == 1 and not refusal_reason(head[0]):
                return str(named.pop())
        return choose(t, find, "label")

    return with_value(value, text, lambda v: choose(str(v), find, "label"), read_text)


# A number right after one of these words is an object label or a count, not an option.
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def _without_article(text: str) -> str:
    return _ARTICLE.sub("", text.strip()).strip()


_NOT_OPTION = re.compile(r"(?:object|objects|box|boxes|tag|image|view|frame|step|figure|#)\s*$", re.I)
_DIGITS = re.compile(
    r"(?<![\w.#])(\d{1,2})(?![\w]|\.\d|\s*%|\s*(?:m|cm|mm|meters?|metres?|px|pixels?|degrees?|°)\b)", re.I
)
_LETTER_OPTION_CONTEXT = re.compile(r"(?:option|choice)\s*\(?\s*$|\(\s*$", re.I)


def parse_option(
    text: str | None,
    n_options: int | None = None,
    choices: Sequence[str] | None = None,
    *,
    value: Any = None,
) -> int:
    """An MCQ reply -> the 1-based option number.

    Reads ``3``, ``Option 3``, ``(3)``, ``Answer: 3``, a letter ``C`` (A = 1), a number
    word (``three``) or an ordinal (``the third option``) in an answer span, or the exact
    text of one option. A number after ``object`` / ``box`` is an object label, not an option.

    Args:
        text: the reply.
        n_options: how many options there are (default: ``len(choices)``, else 26).
        choices: the options' texts, to read a reply that quotes one.
        value: a structured reply value (an int) read first.

    Raises:
        NoAnswerError: a refusal, "1 or 2, hard to say", "none of the options".
        ParseError: no option in range, or several without a commitment.

    Example:
        >>> parse_option("Object 1 looks bigger than object 2, so I choose 2.", 4)
        2
    """
    limit = n_options or (len(choices) if choices else 26)
    texts = [str(c).strip().rstrip(".").lower() for c in (choices or [])]
    bare = [_without_article(t) for t in texts]  # "the red square" is also read as "red square"
    choice_patterns = [
        (i, re.compile(rf"(?<!\w){re.escape(t)}(?!\w)", re.I)) for i, t in enumerate(texts, start=1) if t
    ] + [
        (i, re.compile(rf"(?<!\w){re.escape(b)}(?!\w)", re.I))
        for i, (t, b) in enumerate(zip(texts, bare, strict=True), start=1)
        if b and b != t and bare.count(b) == 1
    ]

    def find(s: str, strict: bool) -> list[Mention]:
        out = []
        for m in _DIGITS.finditer(s):
            number = int(m.group(1))
            if 1 <= number <= limit and not _NOT_OPTION.search(s[max(0, m.start() - 16) : m.start()]):
                out.append(Mention(m.start(), m.end(), number))
        for m in _LETTER.finditer(s):
            index = ord(m.group(1).upper()) - 64
            if index > limit or _is_article(s, m):
                continue
            framed = _LETTER_OPTION_CONTEXT.search(s[max(0, m.start() - 12) : m.start()]) or s[
                m.end() :
            ].startswith(")")
            if framed or (strict and (m.group(1).isupper() or len(s.strip(" .:()*")) == 1)):
                out.append(Mention(m.start(), m.end(), index))
        if strict:
            for m in re.finditer(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", s, re.I):
                if _NUMBER_WORDS[m.group(0).lower()] <= limit:
                    out.append(Mention(m.start(), m.end(), _NUMBER_WORDS[m.group(0).lower()]))
            for m in re.finditer(r"\b(" + "|".join(_ORDINALS) + r")\s+(?:option|choice|one)\b", s, re.I):
                if _ORDINALS[m.group(1).lower()] <= limit:
                    out.append(Mention(m.start(), m.end(), _ORDINALS[m.group(1).lower()]))
        # An option's own words are specific enough to count in prose too (several named
        # without a commitment is then "names several options", not "names none").
        for index, pattern in choice_patterns:
            out.extend(Mention(m.start(), m.end(), index) for m in pattern.finditer(s))
        return _drop_nested(out)

    def read_value(v: Any) -> int:
        if isinstance(v, bool):
            raise ParseError(f"a yes/no value is not an option number: {v!r}", raw=str(v))
        if isinstance(v, int):
            if 1 <= v <= limit:
                return v
            raise ParseError(f"option {v} is outside 1..{limit}", raw=str(v))
        return read_text(str(v))

    def read_text(t: str) -> int:
        flat = t.strip().strip("*`\"'").strip().rstrip(".").lower()
        if flat in texts:  # the reply is one option's text
            return texts.index(flat) + 1
        if bare.count(_without_article(flat)) == 1:  # ... give or take its article
            return bare.index(_without_article(flat)) + 1
        return int(choose(t, find, f"option in 1..{limit}"))

    return with_value(value, text, read_value, read_text)
