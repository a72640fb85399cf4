"""Answer forms: what shape a model's answer to a question takes, how the prompt asks for
it, and which :mod:`spatioxolver.replies` parser reads it.

A form follows from the question's structured query (a benchmark's protocol query, else
the parsed question): ``pairwise`` (one of two labels), ``cvt`` (a relation set),
``inconsistency`` (a letter), ``mcq`` (an option number), ``yesno``, ``count``, ``object``
(one object of the scene graph, by name) and ``open`` (free text, graded by a judge).
The parser is handed to the model seam, so a refusal or a hedge is a typed
:class:`~spatioxolver.errors.NoAnswerError` there, and never cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["FORMS", "form_of", "format_instruction", "reply_parser", "answer_fields"]

_INSTRUCTIONS = {
    "pairwise": "Answer with just the object name (its label).",
    "cvt": 'Answer with a JSON list of relations, e.g. ["left", "front"].',
    "inconsistency": "Reply exactly as 'Final Answer: <LETTER>' with one capital letter.",
    "mcq": "Reply with the number of the correct option only.",
    "yesno": "Answer 'Yes' or 'No'.",
    "count": "Answer with a single whole number.",
    "object": "Answer with just the object's name as the scene graph gives it.",
    "open": "Answer concisely in one or two sentences.",
}
FORMS = tuple(_INSTRUCTIONS)

_BY_QUERY = {
    "pairwise": "pairwise",
    "orbit": "cvt",
    "top_down": "cvt",
    "inconsistent_object": "inconsistency",
    "mcq": "mcq",
    "yesno": "yesno",
    "between": "yesno",
    "count": "count",
    "extreme": "object",
    "nearest": "object",
    "corner": "object",
    "occluder": "object",
    "relative": "object",
    "compare_count": "yesno",
    "size_compare": "yesno",
    "mirror": "yesno",
    "exists": "yesno",
    "grid": "count",
    "count_is": "yesno",
    "all_are": "yesno",
    "is_pick": "yesno",
    "any_same": "yesno",
    "the_one": "object",
    "most_sides": "object",
    "closer_of": "object",
    "inside": "yesno",
    "inside_count": "count",
}


def form_of(query: Mapping[str, Any] | None) -> str:
    """The answer form of a structured query (``open`` when there is none)."""
    return _BY_QUERY.get(str((query or {}).get("type", "")), "open")


def format_instruction(form: str) -> str:
    """The prompt's answer-format line for ``form``."""
    return _INSTRUCTIONS[form]


def reply_parser(
    form: str, *, labels: Sequence[str] = (), n_options: int = 4, choices: Sequence[str] = ()
) -> Callable[[str], Any]:
    """The reply parser of ``form``: reply text -> typed value.

    ``labels`` are the names a ``pairwise`` / ``object`` answer may take; ``n_options`` the
    number of MCQ options and ``choices`` their texts (a reply may quote one).
    """
    from spatioxolver import replies

    names = [str(x) for x in labels]
    parsers: dict[str, Callable[[str], Any]] = {
        "pairwise": lambda text: replies.parse_label(text, names),
        "object": lambda text: replies.parse_label(text, names) if names else replies.parse_open(text),
        "cvt": replies.parse_relation_set,
        "inconsistency": replies.parse_letter,
        "mcq": lambda text: replies.parse_option(text, n_options, [str(c) for c in choices] or None),
        "yesno": replies.parse_yes_no,
        "count": replies.parse_count,
        "open": replies.parse_open,
    }
    return parsers[form]


def answer_fields(form: str, value: Any) -> dict[str, Any]:
    """The answer dict's ``text`` / ``value`` / ``choice`` of a parsed ``value``."""
    if form == "yesno":
        text = "Yes" if value else "No"
    elif isinstance(value, list):
        text = ", ".join(str(v) for v in value) if value else "none"
    else:
        text = str(value)
    return {"text": text, "value": value, "choice": value if form == "mcq" else None}
