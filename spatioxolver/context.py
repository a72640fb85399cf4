"""The run context: the live objects of one graph run, passed to every agent.

LangGraph hands it to each node as ``runtime.context`` (``StateGraph(..., context_schema=
RunContext)``, ``graph.astream(..., context=ctx)``); nothing of it is checkpointed and no
module keeps it. An agent's contract is::

    async def run(self, state: Mapping[str, Any], runtime: Runtime[RunContext]) -> dict[str, Any]

``state`` is plain data (objects, relations, scene graph, question, ...); ``runtime.context``
is this class: the model client, the decoded frames, the options and the protocol inputs.

Example:
    >>> import numpy as np
    >>> ctx = RunContext(client=None, model="geometric", frames=[np.zeros((4, 4, 3), np.uint8)])
    >>> ctx.backend, ctx.uses_model, ctx.text_only
    ('geometric', False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RunContext", "DECODING_OPTIONS", "AGENT_TEMPERATURE"]

#: Options that set how models decode (passed on every call of the run).
DECODING_OPTIONS = ("temperature", "max_tokens", "timeout")
#: Temperature of the agentic chain's agents (every call made with ``agent=...``) unless the
#: call site or the run sets one: seed 004, appendix H.5 ("a low temperature (0.1)").
AGENT_TEMPERATURE = 0.1  # = spatioxolver.controls.PROTOCOL_DECODING["agents"]["temperature"]


@dataclass
class RunContext:
    """Everything an agent may need that is not plain data.

    Attributes:
        client: the model client (``get_model(model)``; a simulated client is bound to the
            example's answer key).
        model: the model string.
        frames: decoded RGB frames (what a model sees; overlays included).
        clean_frames: overlay-free frames for pixel work (defaults to ``frames``).
        image_inputs: the original image arguments, sent to models.
        options: the run's options (``marks``, ``choices``, ``query``, ``repair_method``,
            ``<agent>_options``, decoding settings, ...).
        given_graph: the caller's scene graph (``scene_graph=``), which replaces perception.
        question: the question (text-only runs perceive the scene from it).
        plugins: ``{node: agent}`` replacing built-in agents of the agentic graph.
        agent_clients: ``{agent: client}`` for agents that use another model than ``client``.
    """

    client: Any
    model: str
    frames: list[Any] = field(default_factory=list)
    clean_frames: list[Any] = field(default_factory=list)
    image_inputs: list[Any] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    given_graph: Any = None
    question: str = ""
    plugins: dict[str, Any] = field(default_factory=dict)
    agent_clients: dict[str, Any] = field(default_factory=dict)
    _hashes: dict[int, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.clean_frames:
            self.clean_frames = list(self.frames)

    @property
    def backend(self) -> str:
        """The client's kind: ``"geometric"``, ``"sim"`` or ``"llm"``."""
        return str(getattr(self.client, "kind", "geometric"))

    @property
    def uses_model(self) -> bool:
        """Whether the run has a language model (simulated or real) to ask."""
        return self.backend != "geometric"

    @property
    def text_only(self) -> bool:
        """No image: the scene comes from the question text or the supplied scene graph."""
        return not self.frames

    def frame_sha256(self, frame: Any) -> str:
        """:func:`~spatioxolver.images.image_sha256` of one of this run's frames, hashed once
        per run (the cache key and the image record both need it; a 12 MP frame takes about
        0.1 s to hash). Keyed by identity: the run's frames are not changed while it runs."""
        key = id(frame)
        if key not in self._hashes:
            from spatioxolver.images import image_sha256

            self._hashes[key] = image_sha256(frame)
        return self._hashes[key]

    def marks_for(self, frame: int) -> dict[str, Any] | None:
        """The set-of-marks anchors ``{label: (x, y)}`` of ``frame`` (``None`` when absent)."""
        marks = self.options.get("marks")
        if not marks:
            return None
        if isinstance(marks, (list, tuple)):
            return marks[frame] if frame < len(marks) else None
        return marks if frame == 0 else None

    def agent_options(self, agent: str) -> dict[str, Any]:
        """The per-agent options (``<agent>_options``), with the run's ``world_prior`` and
        ``haze`` (when given; an agent's own setting wins)."""
        out = dict(self.options.get(f"{agent}_options") or {})
        for name in ("world_prior", "haze"):
            if self.options.get(name) is not None:
                out.setdefault(name, self.options[name])
        return out

    def client_for(self, agent: str | None) -> Any:
        """The client ``agent`` asks: its own model when one was chosen for it, else the run's."""
        return self.agent_clients.get(agent or "", self.client)

    def _images(self, which: bool | Sequence[int]) -> list[Any]:
        if which is True:
            return list(self.image_inputs)
        if which is False:
            return []
        return [self.image_inputs[k] for k in which]

    async def call(
        self,
        template: str,
        fields: dict[str, Any] | None = None,
        *,
        task: dict[str, Any] | None = None,
        schema: Any = None,
        parser: Callable[[str], Any] | None = None,
        images: bool | Sequence[int] = True,
        agent: str | None = None,
        decoding: dict[str, Any] | None = None,
    ) -> Any:
        """Ask the run's model (or ``agent``'s own) through the one seam
        (:func:`spatioxolver.models.call_model`).

        ``images``: ``True`` sends every frame, ``False`` none, a list of frame indices
        those frames. ``decoding`` holds the call site's defaults (``temperature``, ``max_tokens``,
        ``timeout``: a protocol's own values); the run's options override them. Without
        either, an agent's call (``agent=...``) runs at :data:`AGENT_TEMPERATURE`, any other
        at temperature 0.
        """
        from spatioxolver.models import call_model

        base = AGENT_TEMPERATURE if agent else 0.0
        settings = {"temperature": base, "max_tokens": None, "timeout": None, **(decoding or {})}
        for key in DECODING_OPTIONS:
            if self.options.get(key) is not None:
                settings[key] = self.options[key]
        return await call_model(
            self.client_for(agent),
            template,
            fields,
            images=self._images(images),
            task=task,
            schema=schema,
            parser=parser,
            temperature=float(settings["temperature"] or 0.0),
            max_tokens=settings["max_tokens"],
            timeout=settings["timeout"],
        )
