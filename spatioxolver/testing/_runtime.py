"""Running an agent outside a graph: the runtime its ``run(state, runtime)`` expects.

Example:
    >>> import numpy as np, asyncio
    >>> from spatioxolver.plugins import load_agent
    >>> img = np.full((60, 80, 3), 128, np.uint8); img[20:40, 10:30] = (200, 30, 30)
    >>> out = asyncio.run(load_agent("segmentation").run({}, agent_runtime([img])))
    >>> [o["id"] for o in out["objects"]]
    ['o1']
"""

from __future__ import annotations

from typing import Any

__all__ = ["agent_runtime"]


def agent_runtime(
    images: list[Any] | None = None,
    *,
    model: Any = "geometric",
    clean_images: list[Any] | None = None,
    question: str = "",
    **options: Any,
) -> Any:
    """A LangGraph ``Runtime`` whose context is a :class:`~spatioxolver.context.RunContext`.

    Args:
        images: the frames (paths, arrays, ...; decoded here).
        model: a model string or a ready client (a ``ScriptedModel``, a bound simulated client).
        clean_images: overlay-free frames for pixel work.
        question: the question (text-only scenes are read from it).
        **options: run options (``marks``, ``<agent>_options``, ``<agent>_backend``, ...).
    """
    from langgraph.runtime import Runtime

    from spatioxolver.context import RunContext
    from spatioxolver.images import load_image
    from spatioxolver.models import get_model

    client = get_model(model) if isinstance(model, str) else model
    frames = [load_image(i) for i in images or []]
    clean = [load_image(i) for i in clean_images] if clean_images else list(frames)
    ctx = RunContext(
        client=client,
        model=str(getattr(client, "name", model)),
        frames=frames,
        clean_frames=clean,
        image_inputs=list(images or []),
        options=dict(options),
        question=question,
    )
    return Runtime(context=ctx)
