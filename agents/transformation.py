"""The transformation agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class TransformationAgent:
    name = "transformation"
    description = "transformation agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the transformation agent is not implemented yet")
