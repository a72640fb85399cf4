"""What the symbolic reasoner concludes (:class:`SymbolicAnswer`), and the problem a
reference can raise (an absent or ambiguous object)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["SymbolicAnswer", "cannot_tell"]


@dataclass
class SymbolicAnswer:
    """What the symbolic reasoner concluded."""

    text: str
    value: Any
    kind: str
    choice: int | None = None
    rationale: str = ""
    problem: str | None = None
    objects: list[str] = field(default_factory=list)
    #: MCQ only: the derived answer matched no single option (forced choice, ``choice=None``).
    no_option: bool = False
    #: How far the pixels can be trusted (scene reliability, 0..1; ``None``: not measured).
    confidence: float | None = None
    #: The reasoner declined: the scene is not one the geometric engine can read.
    abstained: bool = False
    #: Why there is no answer when the scene is readable but does not decide the question
    #: (``"cannot tell"``: two objects level on the asked axis, or no depth evidence).
    no_answer: str | None = None

    def as_answer(self) -> dict[str, Any]:
        """The graphs' answer dict for this conclusion (``reasoner="symbolic"``)."""
        return {
            "text": self.text,
            "value": self.value,
            "choice": self.choice,
            "rationale": self.rationale,
            "reasoner": "symbolic",
            "problem": self.problem,
            "confidence": self.confidence,
            "abstained": self.abstained,
            "no_answer": self.no_answer,
        }


class _ReferenceProblem(Exception):
    pass


class _CannotTell(_ReferenceProblem):
    """A reference the pixels read cannot decide (not "no such object"): the answer is the
    typed "cannot tell" with this reason."""


def cannot_tell(why: str, kind: str, objects: list[str] | None = None) -> SymbolicAnswer:
    """The typed "Cannot tell: <why>." answer (``no_answer="cannot tell"``, no value)."""
    return SymbolicAnswer(
        text=f"Cannot tell: {why}.", value=None, kind=kind, objects=list(objects or []), rationale=why,
        no_answer="cannot tell",
    )  # fmt: skip
