"""Pure parsers of model output: text in, JSON value (or schema instance) or ``ParseError`` out.

Handles the ugly cases real models produce: code fences, prose around the JSON, trailing
commas, single-quoted strings, Python literals (``True`` / ``None``), and tells a refusal
apart from broken JSON.

Example:
    >>> parse_json("Sure! ```json\\n{'a': [1, 2,],}\\n```")
    {'a': [1, 2]}
"""

from __future__ import annotations

import json
import re
from typing import Any

from spatioxolver.errors import NoAnswerError, ParseError

__all__ = ["parse_json", "parse_model", "looks_like_refusal"]

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\n?(.*?)```", re.DOTALL)
_REFUSAL = re.compile(
    r"^\s*(i'?m sorry|i am sorry|sorry,|i can(?:'|no)t|i cannot|i won'?t|i'?m (?:not able|unable)|"
    r"i am (?:not able|unable)|as an ai)",
    re.IGNORECASE,
)
_PY_LITERALS = {"True": "true", "False": "false", "None": "null"}


def looks_like_refusal(text: str) -> bool:
    """Whether ``text`` reads like a refusal ("I'm sorry, I can't ...")."""
    return bool(_REFUSAL.match(text or ""))


def parse_json(text: str) -> Any:
    """Extract the first JSON value from a model reply.

    Tries, in order: the whole text; each fenced code block; each balanced ``{...}`` or
    ``[...]`` span. Each candidate is tried as strict JSON and then repaired (trailing
    commas dropped, single quotes and Python literals converted).

    Raises:
        NoAnswerError: no JSON, and the reply is a refusal ("I'm sorry, I can't ...").
        ParseError: nothing parseable; ``raw`` carries the (truncated) text.
    """
    if text is None or not str(text).strip():
        raise ParseError("model reply is empty (expected JSON)", raw=text or "")
    text = str(text)
    for candidate in _candidates(text):
        value = _loads(candidate)
        if value is not _FAIL:
            return value
    if looks_like_refusal(text):  # a typed "no answer": asking again will not help
        raise NoAnswerError(f"model refused instead of answering in JSON: {_short(text)}", raw=text)
    raise ParseError(f"model reply is not valid JSON: {_short(text)}", raw=text)


def parse_model(text: str, schema: Any) -> Any:
    """Parse ``text`` and validate it as pydantic model class ``schema``.

    Raises:
        ParseError: no JSON, or JSON that does not fit the schema.
    """
    from pydantic import ValidationError

    value = parse_json(text)
    try:
        return schema.model_validate(value)
    except ValidationError as exc:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "<root>"
        raise ParseError(
            f"model reply does not fit {schema.__name__}: {where}: {first.get('msg', 'invalid')}", raw=text
        ) from None


_FAIL = object()


def _short(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _candidates(text: str) -> list[str]:
    out = [text.strip()]
    for match in _FENCE.finditer(text):
        out.append(match.group(2).strip())
    out.extend(_balanced_spans(text))
    return [c for c in out if c]


def _balanced_spans(text: str) -> list[str]:
    """Every balanced bracket span starting at a ``{`` or ``[`` (string-aware), in order."""
    spans = []
    for start, char in enumerate(text):
        if char not in "{[":
            continue
        end = _match_end(text, start)
        if end is not None:
            spans.append(text[start : end + 1])
    return spans


def _match_end(text: str, start: int) -> int | None:
    stack = []
    quote = None
    escaped = False
    for pos in range(start, len(text)):
        char = text[pos]
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = None
            continue
        if char in "\"'":
            # An apostrophe inside prose-like words (don't) is not a quote.
            if (
                char == "'"
                and pos > 0
                and text[pos - 1].isalnum()
                and pos + 1 < len(text)
                and text[pos + 1].isalnum()
            ):
                continue
            quote = char
        elif char in "{[":
            stack.append("}" if char == "{" else "]")
        elif char in "}]":
            if not stack or stack.pop() != char:
                return None
            if not stack:
                return pos
    return None


def _loads(candidate: str) -> Any:
    try:
        return json.loads(candidate)
    except ValueError:
        pass
    repaired = _repair(candidate)
    if repaired is None:
        return _FAIL
    try:
        return json.loads(repaired)
    except ValueError:
        return _FAIL


def _repair(text: str) -> str | None:
    """Rewrite JSON-ish text as strict JSON: quotes, trailing commas, Python literals."""
    out: list[str] = []
    pos = 0
    n = len(text)
    while pos < n:
        char = text[pos]
        if char in "\"'":
            end, body = _read_string(text, pos)
            if end is None:
                return None
            out.append(json.dumps(body))
            pos = end + 1
            continue
        if char == ",":
            look = pos + 1
            while look < n and text[look].isspace():
                look += 1
            if look < n and text[look] in "}]":
                pos += 1  # trailing comma
                continue
        if char.isalpha() or char == "_":
            end = pos
            while end < n and (text[end].isalnum() or text[end] == "_"):
                end += 1
            word = text[pos:end]
            out.append(_PY_LITERALS.get(word, word))
            pos = end
            continue
        out.append(char)
        pos += 1
    return "".join(out)


def _read_string(text: str, start: int) -> tuple[int | None, str]:
    quote = text[start]
    chars: list[str] = []
    pos = start + 1
    while pos < len(text):
        char = text[pos]
        if char == "\\" and pos + 1 < len(text):
            nxt = text[pos + 1]
            if quote == '"':
                # Keep JSON escapes; json.loads decodes them below.
                try:
                    chars.append(json.loads(f'"{char}{nxt}"'))
                except ValueError:
                    if nxt == "u":
                        try:
                            chars.append(json.loads(f'"{text[pos : pos + 6]}"'))
                            pos += 6
                            continue
                        except ValueError:
                            pass
                    chars.append(nxt)
            else:
                chars.append({"n": "\n", "t": "\t", "'": "'", '"': '"', "\\": "\\"}.get(nxt, nxt))
            pos += 2
            continue
        if char == quote:
            return pos, "".join(chars)
        chars.append(char)
        pos += 1
    return None, ""
