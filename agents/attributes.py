"""The attributes agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class AttributesAgent:
    name = "attributes"
    description = "attributes agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the attributes agent is not implemented yet")
