"""Replies written the way real vision-language models write them, for a known gold answer.

Test-side only: this module never imports :mod:`spatioxolver.replies` or any other code under
test, so the parsers are checked against text they did not produce. Given the gold answer of
a form it writes the reply in one of :data:`STYLES` (bare, clean JSON, fenced JSON, prose
before or after the answer, answer then explanation, a ``<think>`` block first, bold,
``Final Answer:``, markdown lists), with wordings drawn from a seeded ``random.Random``.
:func:`refusal` writes the declining replies (refusals, "I can't determine", hedges between
two candidates); :func:`json_reply` the perception agents' JSON in the styles models wrap it in.

Forms and their gold values:

* ``pairwise`` / ``object``: a label (``"2"``);
* ``cvt``: a list of relation words (``["front", "left"]``);
* ``inconsistency``: a capital letter; ``mcq``: a 1-based option number;
* ``yesno``: a bool; ``count``: an int; ``ranking``: labels first to last.
"""

from __future__ import annotations

import json
import random
from typing import Any

STYLES = (
    "bare",
    "json",
    "fenced_json",
    "prose_before",
    "prose_after",
    "answer_then_explanation",
    "think",
    "bold",
    "final_answer",
    "markdown",
)
PERCEPTION_STYLES = (
    "json",
    "fenced_json",
    "fence_no_lang",
    "prose_before",
    "prose_after",
    "think",
    "bold_heading",
    "python_quotes",
)
_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_PHRASES = {
    "cvt": {
        "left": ["to the left", "left"],
        "right": ["to the right", "right"],
        "front": ["in front", "front"],
        "behind": ["behind", "behind"],
    },
}


# --------------------------------------------------------------------------- surfaces


def _surface(form: str, gold: Any, rng: random.Random, ctx: dict[str, Any]) -> str:
    """A short way of writing the answer itself."""
    if form in ("pairwise", "object"):
        return rng.choice(
            [gold, f"Object {gold}", f"object {gold}", f"Box {gold}", f"the object labeled {gold}"]
        )
    if form == "cvt":
        if not gold:
            return rng.choice(["none", "[]"])
        words = [rng.choice(_PHRASES["cvt"][g]) for g in gold]
        return rng.choice([", ".join(words), " and ".join(words), json.dumps(list(gold))])
    if form == "inconsistency":
        return rng.choice([gold, f"Object {gold}", f"({gold})", f"the object marked {gold}"])
    if form == "mcq":
        text = ctx["options"][gold - 1]
        return rng.choice([str(gold), f"Option {gold}", f"({gold})", f"{gold}. {text}", f"{gold} ({text})"])
    if form == "yesno":
        return rng.choice(["Yes", "yes", "Yes."] if gold else ["No", "no", "No."])
    if form == "count":
        return rng.choice([str(gold), _NUMBER_WORDS[gold], f"{gold} objects"])
    if form == "ranking":
        sep = rng.choice([", ", " < ", " -> ", ", then "])
        items = [rng.choice([x, f"object {x}"]) if sep != ", then " else x for x in gold]
        return sep.join(items)
    raise ValueError(form)


def _sentence(form: str, gold: Any, rng: random.Random, ctx: dict[str, Any]) -> str:
    """One sentence that states the answer in words."""
    if form == "pairwise":
        return rng.choice(
            [
                f"Object {gold} is {ctx['phrase']}.",
                f"The object labeled {gold} is the one {ctx['phrase']}.",
                f"It is object {gold}.",
            ]
        )
    if form == "object":
        return rng.choice(
            [f"Object {gold} is the {ctx['superlative']} one.", f"The {ctx['superlative']} object is {gold}."]
        )
    if form == "cvt":
        if not gold:
            return "None of the listed relations holds."
        words = " and ".join(_PHRASES["cvt"][g][0] for g in gold)
        return f"After the camera moves, object {ctx['subject']} is {words} of object {ctx['reference']}."
    if form == "inconsistency":
        return rng.choice([f"The edited object is {gold}.", f"Object {gold} is the one that was modified."])
    if form == "mcq":
        return rng.choice(
            [f"The correct option is {gold}.", f"The answer is option {gold}: {ctx['options'][gold - 1]}."]
        )
    if form == "yesno":
        return (
            f"Yes, object {ctx['subject']} is {ctx['phrase']} object {ctx['reference']}."
            if gold
            else f"No, object {ctx['subject']} is not {ctx['phrase']} object {ctx['reference']}."
        )
    if form == "count":
        return rng.choice([f"There are {gold} objects.", f"I count {_NUMBER_WORDS[gold]} objects in total."])
    if form == "ranking":
        return "From first to last: " + ", ".join(gold) + "."
    raise ValueError(form)


def _explanation(form: str, gold: Any, rng: random.Random, ctx: dict[str, Any]) -> str:
    """Reasoning that mentions other candidates the way models do (positions, comparisons)."""
    others = [x for x in ctx.get("candidates", []) if x != gold]
    other = rng.choice(others) if others else "1"
    if form == "pairwise":
        return rng.choice(
            [
                f"Object {other} sits near the middle of the image, while object {gold} is close to the edge.",
                f"Comparing the boxes, the one marked {gold} is clearly {ctx['phrase']} than object {other}.",
                f"Looking at where the two objects touch the table, box {gold} stands out.",
            ]
        )
    if form == "object":
        return f"Object {other} is near the centre and the others are spread out; object {gold} is the {ctx['superlative']}."
    if form == "cvt":
        return rng.choice(
            [
                f"In the current view object {ctx['subject']} and object {ctx['reference']} stand side by side on the table.",
                f"The camera motion changes the viewpoint, so the relation between {ctx['subject']} and {ctx['reference']} changes.",
            ]
        )
    if form == "inconsistency":
        return rng.choice(
            [
                f"Object {other} moves the way the camera motion predicts, but object {gold} is rotated.",
                "All other objects shift consistently with the camera between the two views.",
            ]
        )
    if form == "mcq":
        return f"The {ctx['options'][0]} is near the centre, so the other candidates have to be compared."
    if form == "yesno":
        return f"Object {ctx['subject']}'s box lies at x around 40 px and object {ctx['reference']}'s at x around 120 px."
    if form == "count":
        return rng.choice(
            [
                "I see a red cube, a blue sphere and a green cylinder on the table.",
                "Each object is clearly separated from the others.",
            ]
        )
    if form == "ranking":
        return f"Object {gold[0]} is at the very start of the axis and object {gold[-1]} at the very end."
    raise ValueError(form)


def _json_value(form: str, gold: Any, rng: random.Random) -> dict[str, Any]:
    if form in ("pairwise", "object", "inconsistency"):
        key = rng.choice(["answer", "answer", "final_answer", "object"])
        return {key: rng.choice([gold, f"object {gold}"]) if form != "inconsistency" else gold}
    if form == "cvt":
        return rng.choice([{"relations": list(gold)}, {"answer": list(gold)}])
    if form == "mcq":
        return rng.choice([{"answer": gold}, {"answer": str(gold)}, {"option": gold}])
    if form == "yesno":
        return rng.choice([{"answer": "yes" if gold else "no"}, {"answer": bool(gold)}])
    if form == "count":
        return rng.choice([{"answer": gold}, {"count": gold}])
    if form == "ranking":
        return rng.choice([{"ranking": list(gold)}, {"order": list(gold)}, {"answer": list(gold)}])
    raise ValueError(form)


# --------------------------------------------------------------------------- styles


def reply(form: str, gold: Any, style: str, rng: random.Random, **ctx: Any) -> str:
    """The reply of a model that answers ``gold`` in ``style``.

    ``ctx`` gives the question's words: ``candidates`` (the labels it could name), ``phrase``
    ("further to the left"), ``superlative``, ``subject`` / ``reference``, ``options``.
    """
    surface = _surface(form, gold, rng, ctx)
    why = _explanation(form, gold, rng, ctx)
    if style == "bare":
        return rng.choice([surface, surface + ".", f" {surface}\n"]) if form != "ranking" else surface
    if style == "json":
        value = _json_value(form, gold, rng)
        if rng.random() < 0.5:
            value = {**value, rng.choice(["reasoning", "explanation"]): why}
        return json.dumps(value, indent=rng.choice([None, 2]))
    if style == "fenced_json":
        value = _json_value(form, gold, rng)
        block = "```json\n" + json.dumps(value, indent=2) + "\n```"
        return rng.choice([block, "Here is my answer:\n\n" + block, block + "\n\n" + why])
    if style == "prose_before":
        if form == "ranking":
            return why + "\n\n" + rng.choice(["Ranking: ", "So the order is: ", "Final ranking: "]) + surface
        return rng.choice(
            [
                f"{why} Therefore, the answer is {surface}.",
                f"{why}\n\nAnswer: {surface}",
                f"{why} So my answer is {surface}.",
                f"Let me look at the image carefully. {why}\n\nThe answer is {surface}.",
            ]
        )
    if style == "prose_after":
        if form == "ranking":
            return f"{surface}\n\n{why}"
        return rng.choice([f"{_sentence(form, gold, rng, ctx)} {why}", f"{_sentence(form, gold, rng, ctx)}"])
    if style == "answer_then_explanation":
        if form == "ranking":
            return f"{surface}.\n\nExplanation: {why}"
        return rng.choice(
            [
                f"{surface}\n\n{why}",
                f"{surface}. {why}",
                f"{surface} - {why}",
                f"Answer: {surface}\nExplanation: {why}",
            ]
        )
    if style == "think":
        thinking = (
            f"The user asks about the image. {why} Let me double-check the other candidates "
            f"{', '.join(str(c) for c in ctx.get('candidates', []))} before answering. Hmm, maybe, maybe not."
        )
        tail = rng.choice([surface, _sentence(form, gold, rng, ctx), f"Final Answer: {surface}"])
        return f"<think>\n{thinking}\n</think>\n\n{tail}"
    if style == "bold":
        return rng.choice(
            [
                f"**{surface}**",
                f"The answer is **{surface}**.",
                f"{why}\n\n**Answer: {surface}**",
                f"**Answer:** {surface}",
            ]
        )
    if style == "final_answer":
        return rng.choice(
            [
                f"{why}\n\nFinal Answer: {surface}",
                f"Final answer: {surface}",
                f"{why}\n\n**Final Answer:** {surface}",
                f"{why}\n\n\\boxed{{{surface}}}",
            ]
        )
    if style == "markdown":
        if form == "ranking":
            lines = "\n".join(f"{k}. Object {x}" for k, x in enumerate(gold, start=1))
            return rng.choice([f"Here is the ranking:\n\n{lines}", f"### Ranking\n{lines}\n\n{why}"])
        return rng.choice(
            [
                f"### Analysis\n- {why}\n\n### Answer\n{surface}",
                f"- **Answer:** {surface}\n- **Reason:** {why}",
                f"## Reasoning\n\n1. {why}\n2. {_sentence(form, gold, rng, ctx)}\n\n## Answer\n\n**{surface}**",
            ]
        )
    raise ValueError(f"unknown style {style!r}")


def refusal(form: str, rng: random.Random, **ctx: Any) -> str:
    """A reply that declines: a refusal, "I can't determine ...", or a hedge between two candidates."""
    cands = [str(c) for c in ctx.get("candidates") or ["1", "2"]]
    a, b = (cands + cands)[:2] if len(cands) >= 2 else ("1", "2")
    hedge = {
        "cvt": "It could be either to the left or to the right; the image does not make it clear.",
        "yesno": "It could be yes or no; the view is ambiguous.",
        "count": "There are either 3 or 4 objects, it is hard to say.",
        "mcq": "It could be either 1 or 2.",
    }.get(form, f"It could be either {a} or {b}.")
    return rng.choice(
        [
            "I can't determine that from this image.",
            hedge,
            "I'm sorry, but I can't help with that request.",
            "I'm sorry, the image is too blurry for me to tell.",
            "<think>\nThe objects overlap a lot here.\n</think>\n\nI cannot determine the answer from this image.",
            "Unfortunately, I am unable to determine this from the picture.",
            "**Answer:** Unclear - the objects are too small to judge.",
        ]
    )


def json_reply(data: Any, style: str, rng: random.Random) -> str:
    """A perception agent's JSON ``data`` written in ``style`` (see :data:`PERCEPTION_STYLES`)."""
    compact = json.dumps(data)
    pretty = json.dumps(data, indent=2)
    if style == "json":
        return rng.choice([compact, pretty])
    if style == "fenced_json":
        return f"```json\n{pretty}\n```"
    if style == "fence_no_lang":
        return f"```\n{pretty}\n```"
    if style == "prose_before":
        return rng.choice(["Here is the JSON you asked for:\n\n", "Sure! I analysed the image.\n\n"]) + (
            rng.choice([pretty, f"```json\n{pretty}\n```"])
        )
    if style == "prose_after":
        return f"{pretty}\n\nNote: some boxes [x0, y0, x1, y1] are approximate because of occlusion."
    if style == "think":
        return (
            "<think>\nI see several objects; the first one spans about [5, 5, 30, 30]. "
            'Draft: {"objects": [ ... ]} - let me write it out properly.\n</think>\n' + compact
        )
    if style == "bold_heading":
        return f"**Result:**\n\n```json\n{pretty}\n```\n\n*All coordinates are in pixels.*"
    if style == "python_quotes":
        return repr(data)
    raise ValueError(f"unknown perception style {style!r}")
