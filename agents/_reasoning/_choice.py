"""MCQ answers: the stem is answered symbolically, then bound to the one option that holds it.

The answer is restricted to the objects the options name (when at least two do). A derived
answer that matches no option, or several, is a forced-choice miss: ``value=None``,
``choice=None`` and a digit-free text naming what was derived (``no_option=True``), so an
evaluation scores it as wrong rather than as an error.

Example:
    >>> _spell_digits("object 3 of 42")
    'object three of forty-two'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._refs import parse_reference
from spatioxolver.agents._reasoning._symbolic import SymbolicAnswer, answer_query, resolve

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["answer_mcq"]


def answer_mcq(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """Answer an MCQ query: the stem's answer, then the one option that holds it (see the module docstring)."""
    stem = dict(q["stem"])
    named: list[str] = []
    naming = 0
    for option in q["options"]:
        try:
            found = resolve(parse_reference(option), g)
        except UnsupportedQuestionError:
            continue
        if found:
            naming += 1
            named.extend(o.id for o in found if o.id not in named)
    if naming >= 2:
        stem["among"] = named  # the answer is one of the objects the options name ("square": any square)
    inner = answer_query(stem, g)
    if inner.problem or inner.no_answer:  # no such object, or the scene does not decide the stem
        return SymbolicAnswer(
            text=_spell_digits(inner.text),
            value=None,
            kind="mcq",
            problem=inner.problem,
            no_answer=inner.no_answer,
        )
    options = q["options"]
    picks: list[int] = []
    for i, option in enumerate(options, start=1):
        if _option_matches(option, inner, g):
            picks.append(i)
    if len(picks) != 1:
        # Forced choice: record what was derived and that no single option holds it (a
        # wrong answer for the scorer, not an error). The text has no digits, so a scorer
        # reading an option number from free text cannot mistake it for a choice.
        how = "matches none of the options" if not picks else "matches more than one option"
        derived = _spell_digits(inner.text)
        return SymbolicAnswer(
            text=f"The derived answer ({derived}) {how}.",
            value=None,
            kind="mcq",
            objects=inner.objects,
            problem=f"the derived answer {inner.text!r} {how}",
            rationale=inner.rationale,
            no_option=True,
        )
    n = picks[0]
    return SymbolicAnswer(
        text=str(n),
        value=n,
        choice=n,
        kind="mcq",
        objects=inner.objects,
        rationale=f"{inner.rationale}; option {n}: {options[n - 1]}",
    )


_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _spell_digits(text: str) -> str:
    """Numbers as words (``3`` -> ``three``, ``42`` -> ``forty-two``; longer ones digit by digit).

    Keeps a free-text MCQ answer digit-free, so a scorer that reads an option number out of
    free text cannot mistake a label or a count in it for a choice.
    """

    def spell(m: re.Match[str]) -> str:
        n = int(m.group(0))
        if n < 20:
            return _ONES[n]
        if n < 100:
            return _TENS[n // 10 - 2] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
        return " ".join(_ONES[int(d)] for d in m.group(0))

    return re.sub(r"\d+", spell, text)


def _option_matches(option: str, inner: SymbolicAnswer, g: SceneGraph) -> bool:
    text = option.strip().strip(".").lower()
    if isinstance(inner.value, bool):
        return text in (("yes", "true") if inner.value else ("no", "false"))
    if isinstance(inner.value, int):
        digits = re.findall(r"\d+", text)
        if digits:
            return int(digits[0]) == inner.value
        words = re.findall(r"[a-z]+", text)
        return bool(words) and words[0] in _ONES and _ONES.index(words[0]) == inner.value  # "two"
    if isinstance(inner.value, str) and inner.kind in _WORD_ANSWERS:
        return _bare(text) == _bare(inner.value)
    if isinstance(inner.value, list):
        words = sorted(set(re.findall(r"left|right|front|behind|north|south", text)))
        return words == sorted(inner.value)
    if inner.objects:
        try:
            found = resolve(parse_reference(option), g)
        except UnsupportedQuestionError:
            return False
        return inner.objects[0] in {o.id for o in found}
    return False


#: Answers that are words, not objects: an option holds them when it says the same words.
_WORD_ANSWERS = ("compass", "outline", "attribute", "most_common", "which_side", "which_corner", "sequence")


def _bare(text: str) -> str:
    return " ".join(re.sub(r"^(?:the|a|an)\s+", "", text.strip().strip(".").lower()).split())
