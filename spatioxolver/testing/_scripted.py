"""An in-process language-model double for tests of code that calls models.

Example:
    >>> from spatioxolver.models import ModelRequest
    >>> model = ScriptedModel({"direct_open": "a red cube"})
    >>> model.complete_sync(ModelRequest(prompt="What is it?", template="direct_open")).text
    'a red cube'
    >>> len(model.requests)
    1
"""

from __future__ import annotations

from collections.abc import Mapping

from spatioxolver.errors import ConfigError
from spatioxolver.models import ModelReply, ModelRequest, Usage

__all__ = ["ScriptedModel"]


class ScriptedModel:
    """A ``ModelClient`` (kind ``llm``) that answers from a script and records every request.

    Args:
        replies: the reply text, either one string for every request or a mapping from
            prompt-template name (``request.template``) to reply text.
        usage: the usage reported with every reply.
        name: the model name reported in replies.
    """

    kind = "llm"
    simulated = False

    def __init__(
        self, replies: str | Mapping[str, str], *, usage: Usage | None = None, name: str = "scripted/llm"
    ) -> None:
        self.replies = replies
        self.usage = usage or Usage()
        self.name = name
        self.requests: list[ModelRequest] = []

    async def complete(self, request: ModelRequest) -> ModelReply:
        """Record ``request`` and return its scripted reply."""
        return self.complete_sync(request)

    def complete_sync(self, request: ModelRequest) -> ModelReply:
        """Synchronous twin of :meth:`complete`."""
        self.requests.append(request)
        if isinstance(self.replies, str):
            text = self.replies
        elif request.template in self.replies:
            text = self.replies[request.template]
        else:
            raise ConfigError(f"ScriptedModel has no reply for template {request.template!r}")
        return ModelReply(text=text, usage=self.usage, model=self.name)
