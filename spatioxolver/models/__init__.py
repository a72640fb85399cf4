"""Model access: one client seam over litellm, a simulated MLLM and the ``geometric`` placeholder.

``import spatioxolver.models`` is cheap: litellm is imported only when an LLM client is
created.

Example:
    >>> from spatioxolver.models import ModelRequest, get_model
    >>> client = get_model("sim/random")
    >>> client.kind
    'sim'
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from spatioxolver.models._parse import parse_json
from spatioxolver.models._registry import get_model
from spatioxolver.models._seam import call_model, current_step, recording, spending, steps_taken
from spatioxolver.models._sim_profiles import SIM_PROFILES, SimProfile
from spatioxolver.models._types import ModelClient, ModelReply, ModelRequest, Usage, run_sync

__all__ = [
    "get_model",
    "call_model",
    "recording",
    "spending",
    "steps_taken",
    "current_step",
    "ModelClient",
    "ModelRequest",
    "ModelReply",
    "Usage",
    "SIM_PROFILES",
    "SimProfile",
    "parse_json",
    "ReplyParseError",
    "ResponseCache",
    "run_sync",
]

# Resolved on first access so that the import stays cheap.
_LAZY = {
    "ReplyParseError": "spatioxolver.models._litellm",
    "ResponseCache": "spatioxolver.models._cache",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'spatioxolver.models' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
