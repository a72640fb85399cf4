"""A batch reply: one JSON object holding the answers of many questions (seed 003's sequential form).

Seed 003 asks for ``{"<image_name>": {"q_<id>": [relationships], ...}, ...}``. The table is read
leniently where models are known to drift - a fenced block, a ``<think>`` preamble, question
keys written ``q1`` / ``Q_1`` / ``1``, scene names without their file extension or in another
case - and every entry is left as written: each is read by its own form's parser afterwards
(:func:`table_entry`), so one garbled entry spoils only its own question.

Example:
    >>> table = parse_answer_table('```json\\n{"a.png": {"q_1": ["left"], "q2": "front"}}\\n```')
    >>> table_entry(table, "a.png", "q_2")
    'front'
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from spatioxolver.errors import ParseError
from spatioxolver.replies._text import strip_thinking

__all__ = ["parse_answer_table", "table_entry", "MISSING"]

#: What :func:`table_entry` returns for a question the reply does not answer.
MISSING = object()
_QID = re.compile(r"^\s*q?[\s_\-#]*(\d+)\s*$", re.I)


def _qid(key: Any) -> str:
    match = _QID.match(str(key))
    return f"q_{int(match.group(1))}" if match else str(key).strip()


def parse_answer_table(text: str | None) -> dict[str, dict[str, Any]]:
    """A batch reply -> ``{scene: {"q_<n>": entry as written}}`` (question keys normalised).

    Raises:
        NoAnswerError: no JSON and the reply refuses.
        ParseError: no JSON object of per-scene objects in the reply.
    """
    from spatioxolver.models import parse_json

    body = strip_thinking(text or "")
    value = parse_json(body)
    if not isinstance(value, dict) or not any(isinstance(v, dict) for v in value.values()):
        raise ParseError(
            'expected one JSON object {"<scene>": {"q_<id>": [...]}, ...}, got '
            f"{type(value).__name__}: {str(value)[:80]}",
            raw=text,
        )
    return {
        str(scene): {_qid(k): v for k, v in answers.items()}
        for scene, answers in value.items()
        if isinstance(answers, dict)
    }


def _scene_key(name: str) -> str:
    return PurePosixPath(name.strip().strip("'\"")).stem.lower()


def table_entry(table: dict[str, dict[str, Any]], scene: str, qid: str) -> Any:
    """The entry of question ``qid`` of ``scene`` as the model wrote it, or :data:`MISSING`.

    The scene matches exactly, else by its name without extension and case.
    """
    answers = table.get(scene)
    if answers is None:
        wanted = _scene_key(scene)
        found = [v for k, v in table.items() if _scene_key(k) == wanted]
        answers = found[0] if len(found) == 1 else None
    if answers is None:
        return MISSING
    return answers.get(_qid(qid), MISSING)
