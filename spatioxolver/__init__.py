"""SpatioXolver: answers spatial questions about images with a team of plug-in agents.

Public API (imported lazily, so ``import spatioxolver`` stays cheap)::

    import spatioxolver
    answer = spatioxolver.ask("scene.png", "Is the red cube left of the blue sphere?")
    graph = spatioxolver.build_scene_graph("scene.png")
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from spatioxolver.errors import (
    BenchmarkError,
    ConfigError,
    InputError,
    ModelError,
    ModelUnavailableError,
    NoAnswerError,
    ParseError,
    SpatioxolverError,
    UnsupportedQuestionError,
)

__version__ = "0.1.0"

# name -> module that defines it; resolved on first attribute access.
_LAZY = {
    "ask": "spatioxolver.api",
    "aask": "spatioxolver.api",
    "build_scene_graph": "spatioxolver.api",
    "abuild_scene_graph": "spatioxolver.api",
    "Answer": "spatioxolver.answer",
    "SceneGraph": "spatioxolver.schema",
    "SpatialObject": "spatioxolver.schema",
    "Relation": "spatioxolver.schema",
    "Group": "spatioxolver.schema",
    "Symmetry": "spatioxolver.schema",
    "Transformation": "spatioxolver.schema",
    "Attributes": "spatioxolver.schema",
    "load_image": "spatioxolver.images",
}

__all__ = [
    "__version__",
    "SpatioxolverError",
    "InputError",
    "ConfigError",
    "ModelError",
    "ModelUnavailableError",
    "ParseError",
    "NoAnswerError",
    "BenchmarkError",
    "UnsupportedQuestionError",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'spatioxolver' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
