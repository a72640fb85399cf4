"""Grading open-ended answers: an LLM judge (seed 004 App. D.2) and an offline normalised match.

The LLM judge sees the question, the ground truth and the model's answer and returns a
binary verdict (1 correct, 0 incorrect), as the seed's annotators did; it is called with
temperature 0.7 and max_tokens 1200 (seed 004 App. D.2). Its raw reply is stored with
the verdict. The offline judge (``normalized``, the default for generated data) needs no
model: it normalises both texts and accepts the answer when they match or when every
content word of the gold answer appears in the answer without an added negation.
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


def normalize_text(text: str) -> list[str]:
    """Lower-case word tokens without articles, with number words as digits."""
    words = re.findall(r"[a-z0-9']+", str(text).lower())
    return [_NUMBERS.get(w, w) for w in words if w not in _ARTICLES]


def normalized_match(gold: str, pred: str) -> bool:
    """Offline verdict: equal after normalisation, or gold's content words all in the answer.

    Example:
        >>> normalized_match("the red cube", "The red cube is closest.")
        True
        >>> normalized_match("the red cube", "not the red cube")
        False
    """
    g, p = normalize_text(gold), normalize_text(pred)
    if not p:
        return False
    if g == p:
        return True
    if (set(p) & _NEGATIONS) - set(g):
        return False
    content = [w for w in g if w not in _FILLER]
    return bool(content) and all(w in p for w in content)


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
        return {"judge": self.name, "verdict": verdict}


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
        verdict = parse_verdict(reply.text)
        usage = getattr(reply, "usage", None)
        return {
            "judge": self.name,
            "verdict": verdict if verdict is not None else 0,
            "unparsed": verdict is None,
            "raw": str(reply.text)[:500],
            "cost_usd": getattr(usage, "cost_usd", None),
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
