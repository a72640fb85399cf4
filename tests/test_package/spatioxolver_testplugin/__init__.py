"""A third-party agent: counts the objects in the scene graph it is given."""

from __future__ import annotations

from typing import Any


class EchoCounterAgent:
    name = "echo_counter"
    description = "counts scene-graph objects (test plug-in)"
    backends = ("geometric",)

    async def run(self, state: Any, config: Any) -> dict[str, Any]:
        objects = state.get("scene_graph", {}).get("objects", [])
        return {"object_count": len(objects)}
