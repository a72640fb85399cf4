"""Reading what an agent receives: plain-data ``state`` and the run context.

Every agent's ``run(state, runtime)`` gets the pipeline state (objects, relations, the
scene graph so far, the question) and ``runtime.context`` (a
:class:`~spatioxolver.context.RunContext`: model client, frames, options). These helpers
keep each ``run`` a thin adapter over its pure function.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spatioxolver.errors import ConfigError
from spatioxolver.schema import SpatialObject

__all__ = ["backend_of", "state_objects", "frame_objects", "image_size_of", "sent_size", "note", "MODEL"]

#: The backend of an agent that asks the run's language model (real or simulated).
MODEL = "model"


def backend_of(ctx: Any, agent: str, pixel_backends: tuple[str, ...] = ("geometric",)) -> str:
    """The backend ``agent`` uses in this run.

    ``<agent>_backend`` in the options picks one explicitly (``"geometric"``, ``"sam"``,
    ``"llm"``/``"model"``); otherwise the agent asks the model when the run has one and
    computes from pixels when it does not.

    Raises:
        ConfigError: an unknown backend, or a model backend in a run without a model.
    """
    chosen = ctx.options.get(f"{agent}_backend")
    if chosen is None:
        return MODEL if ctx.uses_model else pixel_backends[0]
    chosen = str(chosen).strip().lower()
    if chosen in ("llm", MODEL, "sim"):
        if not ctx.uses_model:
            raise ConfigError(
                f"{agent}_backend={chosen!r} needs a language model, but the run's model is "
                f"{ctx.model!r}; choose model='openai/...' (or sim/<profile>) or a pixel backend"
            )
        return MODEL
    if chosen not in pixel_backends:
        known = ", ".join((*pixel_backends, "llm"))
        raise ConfigError(f"unknown {agent} backend {chosen!r}; use one of {known}")
    return chosen


def state_objects(state: Mapping[str, Any]) -> list[SpatialObject]:
    """Objects of the state (its ``objects`` key, else its scene graph's)."""
    raw = state.get("objects")
    if not raw:
        graph = state.get("scene_graph") or {}
        raw = graph.get("objects") if isinstance(graph, Mapping) else getattr(graph, "objects", None)
    return [o if isinstance(o, SpatialObject) else SpatialObject.model_validate(o) for o in raw or []]


def frame_objects(objects: list[SpatialObject], frame: int) -> list[SpatialObject]:
    """The objects seen in ``frame``."""
    return [o for o in objects if o.frame == frame]


def image_size_of(ctx: Any, objects: list[SpatialObject] | None = None) -> tuple[int, int]:
    """``(width, height)`` of frame 0; without frames, the extent of the objects' boxes."""
    if ctx.frames:
        h, w = ctx.frames[0].shape[:2]
        return int(w), int(h)
    boxes = [o.bbox for o in objects or [] if o.bbox is not None]
    if not boxes:
        return 0, 0
    return int(max(b[2] for b in boxes)) + 1, int(max(b[3] for b in boxes)) + 1


def sent_size(ctx: Any, frame: int = 0, agent: str | None = None) -> tuple[int, int]:
    """``(width, height)`` of ``frame`` as the model receives it (clients downscale large
    images to their ``max_image_side``); model boxes are in these pixels."""
    h, w = ctx.frames[frame].shape[:2]
    max_side = getattr(ctx.client_for(agent), "max_image_side", None)
    if max_side and max(w, h) > int(max_side):
        scale = int(max_side) / max(w, h)
        return max(1, round(w * scale)), max(1, round(h * scale))
    return int(w), int(h)


def note(text: str) -> None:
    """Add a note to the current trace step (no-op outside a graph run)."""
    from spatioxolver.models import current_step

    step = current_step()
    if step is not None:
        step["note"] = f"{step['note']}; {text}" if step.get("note") else text
