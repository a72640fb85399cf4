"""The reasoning agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class ReasoningAgent:
    name = "reasoning"
    description = "reasoning agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the reasoning agent is not implemented yet")
