"""Test helpers shipped with the package: a local OpenAI-compatible server and an in-process
scripted model (``ScriptedModel``).

Example:
    >>> from spatioxolver.testing import LocalServer
    >>> with LocalServer(queue=["hello"]) as srv:
    ...     srv.url.startswith("http://127.0.0.1:")
    True
"""

from __future__ import annotations

from spatioxolver.testing._runtime import agent_runtime
from spatioxolver.testing._script import FAULTS, MALFORMED_JSON_TEXT, REFUSAL_TEXT, Reply, Rule, Script
from spatioxolver.testing._scripted import ScriptedModel
from spatioxolver.testing._server import LocalServer

__all__ = [
    "LocalServer",
    "ScriptedModel",
    "agent_runtime",
    "Reply",
    "Rule",
    "Script",
    "FAULTS",
    "REFUSAL_TEXT",
    "MALFORMED_JSON_TEXT",
]
