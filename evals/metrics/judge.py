"""Grading open-ended answers: an LLM judge (seed 004 App. D.2) and an offline normalised match.

The LLM judge sees the question, the ground truth and the model's answer and returns a
binary verdict (1 correct, 0 incorrect), as the seed's annotators did; it is called with
temperature 0.7 and max_tokens 1200 (seed 004 App. D.2). Its raw reply is stored with
the verdict. The offline judge (``normalized``, the default for generated data) needs no
model. It is a **string-match approximation** of the seed's LLM judge, not that judge: it
normalises both texts and accepts the answer when (rules in order, see
:func:`normalized_match`) they are equal; or the gold answer starts with yes / no and the
answer starts with the same word ("Yes" for "Yes, it would fit perfectly."); or every
content word of the gold answer appears in the answer; or the gold's head noun (its last
content word) appears in the answer and every gold word the answer lacks is a plain
modifier (not a colour, size, material, shape, direction or number word: "A small child"
for "Human child"). An answer that adds a negation the gold lacks, or starts with the
opposite yes / no, is never accepted; nor is a hedge between alternatives ("red or blue"
when the gold has no "or") or a reply that says it cannot tell ("No idea"). Each verdict it gives carries ``"method":
"string-match approximation"``.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from spatioxolver.errors import ConfigError

__all__ = [
    "JUDGE_PROMPT",
    "JUDGE_PROMPT_HASH",
    "normalize_text",
    "normalized_match",
    "NormalizedJudge",
    "LLMJudge",
    "make_judge",
    "parse_verdict",
    "grade_open",
]

JUDGE_PROMPT = (
    "You are grading an answer to a spatial-reasoning question about an image.\n"
    "Question: {question}\n"
    "Ground truth answer: {gold}\n"
    "Model answer: {pred}\n"
    "Decide whether the model answer is correct, i.e. it states the same spatial fact as the ground "
    "truth (wording may differ; extra correct detail is fine; a contradiction or a different fact is "
    "incorrect). Reply with a single digit: 1 if correct, 0 if incorrect."
)
JUDGE_PROMPT_HASH = "sha256:" + hashlib.sha256(JUDGE_PROMPT.encode()).hexdigest()[:16]

_ARTICLES = {"a", "an", "the"}
_NEGATIONS = {"not", "no", "never", "neither", "nor", "isn't", "isnt", "doesn't", "doesnt"}
_NUMBERS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
}
_FILLER = {"is", "are", "it", "of", "to", "object", "answer", "yes", "its", "in", "on"}
#: Words that carry the fact in a spatial answer: a gold word of these kinds is never waived.
_STRICT_WORDS = {
    *"red green blue yellow purple cyan brown gray grey black white orange pink".split(),
    *"small large big tiny little tall short huge wide narrow thin thick long".split(),
    *"metal metallic rubber wooden wood plastic glass".split(),
    *"cube sphere cylinder cone".split(),
    *"left right front behind above below under over top bottom near far closer further farther".split(),
    *"north south east west inside outside between next".split(),
    *"more less fewer larger smaller taller shorter bigger".split(),
    *_NEGATIONS,
}
_POLARITY = {"yes": "yes", "no": "no", "yeah": "yes", "nope": "no", "true": "yes", "false": "no"}
METHOD = "string-match approximation"


def normalize_text(text: str) -> list[str]:
    """Lower-case word tokens without articles, with number words as digits."""
    words = re.findall(r"[a-z0-9']+", str(text).lower())
    return [_NUMBERS.get(w, w) for w in words if w not in _ARTICLES]


def normalized_match(gold: str, pred: str) -> bool:
    """Offline verdict, a string-match approximation (rules in the module docstring).

    Example:
        >>> normalized_match("the red cube", "The red cube is closest.")
        True
        >>> normalized_match("the red cube", "not the red cube")
        False
        >>> normalized_match("Yes, it would fit perfectly.", "Yes")
        True
        >>> normalized_match("Human child", "A small child"), normalized_match("small red cube", "large red cube")
        (True, False)
        >>> normalized_match("red", "red or blue"), normalized_match("No", "No idea")
        (False, False)
    """
    g, p = normalize_text(gold), normalize_text(pred)
    if not p:
        return False
    if g == p:
        return True
    if "or" in p and "or" not in g:
        return False  # a hedge between alternatives ("red or blue") states no fact
    from spatioxolver.replies._text import refusal_reason

    if refusal_reason(str(pred), skip=("both or neither", "no match", "ambiguous")) and not refusal_reason(
        str(gold), skip=("both or neither", "no match", "ambiguous")
    ):
        return False  # "No idea", "I cannot tell": not an answer, whatever word it starts with
    if (set(p) & _NEGATIONS) - set(g):
        return False
    g_pol, p_pol = _POLARITY.get(g[0]) if g else None, _POLARITY.get(p[0])
    if g_pol or p_pol:
        # A yes/no answer is decided by its polarity; the rest of the sentence may differ.
        return g_pol is not None and g_pol == p_pol
    content = [w for w in g if w not in _FILLER]
    if not content:
        return False
    if all(w in p for w in content):
        return True
    head = content[-1]
    missing = [w for w in content if w not in p]
    return head in p and not any(w in _STRICT_WORDS or w.isdigit() for w in missing)


def parse_verdict(text: str) -> int | None:
    """1 / 0 from the judge's reply (``"1"``, ``"Score: 0"``, ``"correct"``...)."""
    s = str(text).strip().lower()
    m = re.search(r"\b([01])\b", s)
    if m:
        return int(m.group(1))
    if re.search(r"\bincorrect\b|\bwrong\b", s):
        return 0
    if re.search(r"\bcorrect\b", s):
        return 1
    return None


class NormalizedJudge:
    """Offline judge for generated data (no model call)."""

    name = "normalized"
    simulated = False
    offline = True

    async def grade(self, question: str, gold: Any, pred: Any) -> dict[str, Any]:
        verdict = int(normalized_match(str(gold), str(pred or "")))
        return {"judge": self.name, "verdict": verdict, "method": METHOD}


class LLMJudge:
    """A model as judge, reached through :func:`spatioxolver.models.get_model`."""

    offline = False

    def __init__(self, model: str, **options: Any) -> None:
        from spatioxolver.models import get_model

        self.name = model
        self.options = options
        try:  # built now, so an unknown judge or a missing key fails before the run starts
            self._client: Any = get_model(model, **options)
        except ConfigError as exc:
            raise ConfigError(f"judge {model!r}: {exc}") from None

    async def grade(self, question: str, gold: Any, pred: Any) -> dict[str, Any]:
        from spatioxolver.models import ModelRequest

        prompt = JUDGE_PROMPT.format(question=question, gold=gold, pred=pred)
        reply = await self._client.complete(
            ModelRequest(
                prompt=prompt,
                temperature=0.7,
                max_tokens=1200,
                template="judge",
                template_hash=JUDGE_PROMPT_HASH,
            )
        )
        from spatioxolver.models._seam import usage_dict

        verdict = parse_verdict(reply.text)
        usage = getattr(reply, "usage", None)
        return {
            "judge": self.name,
            "verdict": verdict if verdict is not None else 0,
            "unparsed": verdict is None,
            "raw": str(reply.text)[:500],
            "cost_usd": getattr(usage, "cost_usd", None),
            "usage": usage_dict(usage),
        }


def make_judge(spec: str | None, **options: Any) -> NormalizedJudge | LLMJudge:
    """``None`` / ``"normalized"`` -> offline judge; any model name -> :class:`LLMJudge`."""
    if spec in (None, "", "normalized", "offline"):
        return NormalizedJudge()
    if spec == "geometric":
        raise ConfigError("judge 'geometric' has no language model; use 'normalized' or a real model")
    if spec.startswith("sim/"):
        raise ConfigError(f"judge {spec!r}: simulated models cannot judge; use 'normalized' or a real model")
    return LLMJudge(spec, **options)


async def grade_open(judge: Any, question: str, gold: Any, text: Any, value: Any = None) -> dict[str, Any]:
    """Grade an open-ended answer: the answer text first, then (offline judge only) the value.

    The judge always reads the answer's text. An offline judge also tries the structured
    value when the text does not match (a value such as ``"south-east"`` may be cleaner
    than a sentence around it); an LLM judge is asked once, about the text. The verdict
    records which one matched (``"matched": "text" | "value"``).

    Example:
        >>> import asyncio
        >>> gold = "object 6 (the small red metal cylinder)"
        >>> asyncio.run(grade_open(NormalizedJudge(), "q", gold, gold, "6"))["verdict"]
        1
    """
    text_s = str(text).strip() if text is not None else ""
    candidates: list[tuple[str, Any]] = []
    if text_s:
        candidates.append(("text", text_s))
    if isinstance(value, (list, tuple)):
        value_s = " ".join(str(v) for v in value)
    else:
        value_s = "" if value is None or isinstance(value, bool) else str(value).strip()
    if value_s and value_s != text_s and (getattr(judge, "offline", False) or not candidates):
        candidates.append(("value", value_s))
    if not candidates:
        candidates.append(("text", ""))
    verdict: dict[str, Any] = {}
    for which, pred in candidates:
        verdict = await judge.grade(question, gold, pred)
        if verdict.get("verdict"):
            return {**verdict, "matched": which}
    return verdict
