"""The consistency agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class ConsistencyAgent:
    name = "consistency"
    description = "consistency agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the consistency agent is not implemented yet")
