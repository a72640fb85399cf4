"""The result of one question: :class:`Answer` (re-exported by :mod:`spatioxolver.api`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spatioxolver.models._types import Usage
from spatioxolver.schema import SceneGraph

__all__ = ["Answer", "AnswerValue"]


#: What ``Answer.value`` can hold: a label or text (str), yes/no (bool), a count or option
#: number (int), a measure (float), a relation set (sorted list of str), or ``None``.
AnswerValue = str | bool | int | float | list[str] | None


class Answer(BaseModel):
    """The answer to one question, with everything that produced it.

    Attributes:
        text: the answer as text.
        value: structured value: label (pairwise), sorted relation list (CVT), letter
            (inconsistency), option number (MCQ), bool (yes/no), int (count), str (open);
            ``None`` when there is no answer (see ``no_answer``).
        no_answer: why there is no answer, when there is none: the model refused or hedged
            (``"refusal"``, ``"hedge"``, ...), a named object is absent or ambiguous
            (``"no match"``), labels drawn in the picture name it but none could be read (``"labels
            unread"``: no ``ocr`` extra), or the pixels do not decide it (``"cannot tell"``: an abstaining
            scene, two objects level on the asked axis, a noun the offline engine has no
            picture of); ``None`` when ``value`` is an answer.
        choice: the MCQ option number (1-based) or ``None``.
        scene_graph: the scene graph the answer was read from (``None`` for model-only graphs).
        repairs: consistency records (axis, ctr_before, ctr_after, flipped pairs, ...).
        trace: one entry per graph node (node/agent, backend, seconds, usage, calls, notes).
        usage: tokens and cost summed over every model call.
        model, graph: what answered.
        simulated: whether a simulated model produced it.
        prompt_hashes: template name -> version hash of every prompt used.
        error: the error message when ``return_errors=True`` and the run failed.
        confidence: the geometric engine's scene reliability (0..1) where it measured one.
        abstained: ``True`` when the engine declined ("cannot tell from pixels; use a
            vision-language model"): ``value`` is then ``None``, never a guess.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    text: str = ""
    value: AnswerValue = None
    no_answer: str | None = None
    choice: int | None = None
    scene_graph: SceneGraph | None = None
    repairs: list[dict[str, Any]] = Field(default_factory=list)
    trace: list[dict[str, Any]] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    model: str = ""
    graph: str = ""
    simulated: bool = False
    prompt_hashes: dict[str, str] = Field(default_factory=dict)
    error: str | None = None
    confidence: float | None = None
    abstained: bool = False
