"""The symmetry agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class SymmetryAgent:
    name = "symmetry"
    description = "symmetry agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the symmetry agent is not implemented yet")
