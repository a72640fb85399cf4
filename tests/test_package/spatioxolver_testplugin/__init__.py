"""A third-party agent: counts the objects in the state it is given."""

from __future__ import annotations

from typing import Any


class EchoCounterAgent:
    name = "echo_counter"
    description = "counts scene-graph objects (test plug-in)"
    backends = ("geometric",)

    async def run(self, state: Any, runtime: Any) -> dict[str, Any]:
        objects = state.get("objects") or (state.get("scene_graph") or {}).get("objects", [])
        return {"object_count": len(objects)}
