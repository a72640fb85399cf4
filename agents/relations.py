"""The relations agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class RelationsAgent:
    name = "relations"
    description = "relations agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the relations agent is not implemented yet")
