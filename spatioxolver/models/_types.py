"""Request / reply types of the model seam and the ``ModelClient`` protocol.

Every model call in SpatioXolver goes through :class:`ModelClient.complete` with a
:class:`ModelRequest` and gets a :class:`ModelReply` back, whatever the backend
(litellm provider, simulated MLLM, or the ``geometric`` placeholder).

Example:
    >>> Usage(prompt_tokens=3, completion_tokens=1) + Usage(prompt_tokens=2, cost_usd=0.5)
    Usage(prompt_tokens=5, completion_tokens=1, cost_usd=0.5)
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Usage", "ModelRequest", "ModelReply", "ModelClient", "run_sync"]


class Usage(BaseModel):
    """Token and cost accounting of one or more calls.

    ``cost_usd`` is ``None`` when no call in the sum had a known cost; adding a known
    cost to an unknown one keeps the known part.
    """

    model_config = ConfigDict(frozen=True)

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        if not isinstance(other, Usage):
            return NotImplemented
        if self.cost_usd is None and other.cost_usd is None:
            cost = None
        else:
            cost = (self.cost_usd or 0.0) + (other.cost_usd or 0.0)
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            cost_usd=cost,
        )

    def __radd__(self, other: Any) -> Usage:
        # Lets ``sum(usages)`` work (sum starts from 0).
        if other == 0:
            return self
        return NotImplemented


class ModelRequest(BaseModel):
    """One call to a model: a prompt, optional images and an optional output schema.

    Attributes:
        prompt: the user text.
        system: optional system message.
        images: anything :func:`spatioxolver.images.load_image` accepts, in order.
        output_schema: a pydantic model class; the reply's ``value`` is an instance of it.
        temperature: sampling temperature (the response cache is on by default only at 0).
        max_tokens: completion limit.
        timeout: per-attempt timeout in seconds (the client's default when ``None``).
        template: name of the prompt template the prompt was rendered from.
        template_hash: version hash of that template (part of the cache key).
        task: what the prompt asks, as structured data (``{"kind": "pairwise", "axis": "H",
            "objects": [...], ...}``). It never carries gold: a real model reads the prompt, a
            simulated one reads the task and answers from the answer key it was bound to
            (:meth:`SimulatedClient.bind`).
        parser: the reply form's parser (:mod:`spatioxolver.replies`), ``text -> value``;
            raising :class:`~spatioxolver.errors.ParseError` marks the reply unusable: it is
            then neither cached nor returned as an answer. Not part of the cache key.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    prompt: str
    system: str | None = None
    images: list[Any] = Field(default_factory=list)
    output_schema: type[BaseModel] | None = None
    temperature: float = 0.0
    max_tokens: int | None = None
    timeout: float | None = None
    template: str | None = None
    template_hash: str | None = None
    task: dict[str, Any] | None = None
    parser: Any = Field(default=None, exclude=True, repr=False)


class ModelReply(BaseModel):
    """What a model answered.

    Attributes:
        text: the reply text.
        value: the parsed ``output_schema`` instance (``None`` without a schema); the sim
            also fills it with the natural value of its probe answer.
        usage: tokens and cost. Simulated replies cost nothing; a cached reply keeps the
            token counts recorded when it was produced and reports ``cost_usd=0.0``
            (nothing was spent for it).
        latency_s: wall time of the call (of the cache lookup for a hit).
        cached: whether the reply came from the response cache (no request was made).
        raw: the provider response as a dict with secrets removed (``None`` for the sim).
        model: the model name.
        simulated: ``True`` for ``sim/...`` replies.
        parsed: the request's ``parser`` applied to ``text`` (``None`` without a parser).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    text: str
    value: Any = None
    usage: Usage = Field(default_factory=Usage)
    latency_s: float = 0.0
    cached: bool = False
    raw: dict[str, Any] | None = None
    model: str = ""
    simulated: bool = False
    parsed: Any = None


@runtime_checkable
class ModelClient(Protocol):
    """What :func:`spatioxolver.models.get_model` returns.

    Attributes:
        name: the model string it was created from.
        kind: ``"geometric"``, ``"sim"`` or ``"llm"``.
        simulated: ``True`` for simulated models.
    """

    name: str
    kind: str
    simulated: bool

    async def complete(self, request: ModelRequest) -> ModelReply:
        """Answer one request."""
        ...

    def complete_sync(self, request: ModelRequest) -> ModelReply:
        """Blocking wrapper around :meth:`complete`."""
        ...


def run_sync(coro: Any) -> Any:
    """Run ``coro`` to completion from synchronous code.

    Uses ``asyncio.run`` when no loop is running in this thread, otherwise runs it in a
    fresh loop on a worker thread (so it also works inside Jupyter or an async caller).
    """
    import asyncio
    import concurrent.futures

    box: list[Any] = []

    async def main() -> None:
        # The result stays out of the task: on the way out ``asyncio.run`` looks up the SIGINT
        # handler, whose failed enum lookup formats the repr of the finished main task and so of
        # its result (an answer with a 20-object scene graph: ~2 ms of repr, thrown away).
        box.append(await coro)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(main())
        return box[0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, main()).result()
    return box[0]
