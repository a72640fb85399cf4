"""Run contexts: the live objects of one graph run (client, decoded images, options).

The state only carries ``run_id``; nodes call :func:`get_context` to reach what cannot
be checkpointed. Contexts are registered by the API for the duration of a run.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError

__all__ = ["RunContext", "register", "get_context", "release"]


@dataclass
class RunContext:
    """Everything a node may need that is not plain data.

    Attributes:
        client: the model client (``get_model(model)``).
        model: the model string.
        frames: decoded RGB frames (what the model sees; overlays included).
        clean_frames: overlay-free frames for the geometric pipeline (defaults to ``frames``).
        image_inputs: the original image arguments (paths / arrays) sent to LLMs.
        options: the remaining user options (``ground_truth``, ``marks``, ``repair_method``, ...).
        given_graph: the caller's scene graph (``scene_graph=`` option), which replaces perception.
        question: the question (text-only runs perceive the scene from it).
        plugins: ``{node: agent}`` loaded from the ``agents`` option (entry-point plug-ins
            that replace built-in nodes of the agentic graph).
    """

    client: Any
    model: str
    frames: list[np.ndarray]
    clean_frames: list[np.ndarray]
    image_inputs: list[Any] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    given_graph: Any = None
    question: str = ""
    plugins: dict[str, Any] = field(default_factory=dict)

    @property
    def backend(self) -> str:
        """``"geometric"``, ``"sim"`` or ``"llm"``."""
        return getattr(self.client, "kind", "geometric")

    @property
    def text_only(self) -> bool:
        """No image: the scene comes from the question text or the supplied scene graph."""
        return not self.frames

    @property
    def ground_truth(self) -> dict[str, Any] | None:
        return self.options.get("ground_truth")


_CONTEXTS: dict[str, RunContext] = {}


def register(ctx: RunContext) -> str:
    """Register ``ctx`` and return its run id."""
    run_id = uuid.uuid4().hex
    _CONTEXTS[run_id] = ctx
    return run_id


def get_context(run_id: str) -> RunContext:
    """The context registered under ``run_id`` (:class:`ConfigError` when unknown)."""
    try:
        return _CONTEXTS[run_id]
    except KeyError:
        raise ConfigError(f"no run context {run_id!r}: graphs must be run through spatioxolver.api") from None


def release(run_id: str) -> None:
    """Forget a run context (idempotent)."""
    _CONTEXTS.pop(run_id, None)
