"""The ``geometric`` model: a placeholder client meaning "no language model".

Selecting ``geometric`` makes every agent use its computer-vision backend; the client
exists so that configuration is uniform (``get_model(name)`` works for every name).
"""

from __future__ import annotations

from spatioxolver.errors import ConfigError
from spatioxolver.models._types import ModelReply, ModelRequest

__all__ = ["GeometricClient"]


class GeometricClient:
    """Client for ``get_model("geometric")``; it cannot answer prompts.

    Example:
        >>> client = GeometricClient()
        >>> (client.kind, client.simulated)
        ('geometric', False)
    """

    name = "geometric"
    kind = "geometric"
    simulated = False

    def __init__(self, **options: object) -> None:
        self.options = dict(options)

    async def complete(self, request: ModelRequest) -> ModelReply:
        """Always raises: the geometric backend computes answers from pixels, not prompts."""
        raise ConfigError(
            "model 'geometric' has no language model: agents run their computer-vision "
            "backends instead; to send prompts choose an LLM (e.g. 'openai/gpt-4o') or a "
            "simulated model (e.g. 'sim/gpt-4o')"
        )

    def complete_sync(self, request: ModelRequest) -> ModelReply:
        """Always raises :class:`ConfigError` (see :meth:`complete`)."""
        from spatioxolver.models._types import run_sync

        return run_sync(self.complete(request))

    def __repr__(self) -> str:
        return "GeometricClient()"
