"""The options of ``ask`` / ``aask`` / ``build_scene_graph``: the known names and the checks
that turn bad values into one typed line before anything runs (documented in
:mod:`spatioxolver.api`).

Example:
    >>> check_options({"marks": {"1": (3, 4)}})
    >>> "reasoner" in KNOWN_OPTIONS
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spatioxolver.controls import agent_model_specs, check_decoding, is_number
from spatioxolver.errors import ConfigError, InputError
from spatioxolver.graphs._cache import PERCEPTION_OPTIONS

__all__ = ["KNOWN_OPTIONS", "check_options"]

KNOWN_OPTIONS = {
    *PERCEPTION_OPTIONS,
    "ground_truth",
    "clean_images",
    "choices",
    "api_base",
    "cache",
    "client",
    "model_options",
    "checkpoint",
    "runner",
    "thread_id",
    "on_event",
    "return_errors",
    "temperature",
    "max_tokens",
    "timeout",
    "camera",
    "scene_graph",
    "text_only",
    "reasoner",
    "refinements",
    "query",
    "labels",
    "object_dictionary",
}


def check_options(options: dict[str, Any]) -> None:
    """Raise one typed line for an unknown option or a bad value.

    Raises:
        ConfigError: an unknown option, agent or model.
        InputError: malformed marks, ground truth, choices or decoding values.
    """
    unknown = sorted(set(options) - KNOWN_OPTIONS)
    if unknown:
        raise ConfigError(
            f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(KNOWN_OPTIONS))}"
        )
    _check_marks(options.get("marks"))
    _check_ground_truth(options.get("ground_truth"))
    _check_choices(options.get("choices"))
    check_decoding(options)  # temperature, max_tokens, timeout
    agent_model_specs(options.get("agent_models"))
    _check_runner(options)


def _check_runner(options: Mapping[str, Any]) -> None:
    """``runner``: ``langgraph`` or ``local``; the local runner keeps no checkpoints."""
    from spatioxolver.graphs._spec import normalize_runner

    if normalize_runner(options.get("runner")) == "local" and options.get("checkpoint"):
        raise ConfigError("runner='local' keeps no checkpoints; drop checkpoint= or use runner='langgraph'")


def _check_mark_dict(marks: Any, where: str) -> None:
    if not isinstance(marks, Mapping):
        raise InputError(f"{where} must be a mapping {{label: (x, y)}}, not {type(marks).__name__}")
    for label, xy in marks.items():
        pair = None if isinstance(xy, (str, bytes, Mapping)) or not hasattr(xy, "__iter__") else list(xy)
        if pair is None or len(pair) != 2 or not all(is_number(v) for v in pair):
            raise InputError(f"{where}: mark {label!r} must be an (x, y) pair of numbers, got {xy!r}")


def _check_marks(marks: Any) -> None:
    """``{label: (x, y)}`` or a list with one such mapping (or ``None``) per image."""
    if marks is None:
        return
    if isinstance(marks, (list, tuple)):
        for k, m in enumerate(marks):
            if m is not None and not isinstance(m, Mapping):
                raise InputError(
                    "marks must be a mapping {label: (x, y)} or a list of them (one per image); "
                    f"marks[{k}] is {type(m).__name__}"
                )
            if m is not None:
                _check_mark_dict(m, f"marks[{k}]")
        return
    _check_mark_dict(marks, "marks")


def _check_ground_truth(truth: Any) -> None:
    if truth is None:
        return
    if not isinstance(truth, Mapping) or not ({"scenes", "example"} & set(truth)):
        raise InputError(
            'ground_truth must be a dict {"scenes": [scene JSON, ...], "example": {...}}, '
            f"got {type(truth).__name__}"
            + (" without 'scenes' or 'example'" if isinstance(truth, Mapping) else "")
        )
    scenes, example = truth.get("scenes"), truth.get("example")
    if scenes is not None and (
        not isinstance(scenes, (list, tuple)) or not all(isinstance(x, Mapping) for x in scenes)
    ):
        raise InputError(
            f"ground_truth['scenes'] must be a list of scene JSON dicts, got {type(scenes).__name__}"
        )
    if example is not None and not isinstance(example, Mapping):
        raise InputError(f"ground_truth['example'] must be a dict, got {type(example).__name__}")


def _check_choices(choices: Any) -> None:
    if choices is None:
        return
    if (
        not isinstance(choices, (list, tuple))
        or not choices
        or not all(isinstance(c, str) and c.strip() for c in choices)
    ):
        raise InputError(f"choices must be a non-empty list of option strings, got {choices!r}"[:200])
