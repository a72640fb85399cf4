"""The segmentation agent (placeholder until the agents issue lands)."""

from __future__ import annotations

from typing import Any


class SegmentationAgent:
    name = "segmentation"
    description = "segmentation agent (not implemented yet)"
    backends: tuple[str, ...] = ()

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        raise NotImplementedError("the segmentation agent is not implemented yet")
