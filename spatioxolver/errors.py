"""Typed errors. Every error the project raises on purpose is a ``SpatioxolverError``.

The CLI prints ``error: <message>`` and exits with code 2 for any of them; the
message is one line that says what went wrong, where, and how to fix it.
"""

from __future__ import annotations

__all__ = [
    "SpatioxolverError",
    "InputError",
    "ConfigError",
    "ModelError",
    "ModelUnavailableError",
    "ParseError",
    "NoAnswerError",
    "BenchmarkError",
    "UnsupportedQuestionError",
]


class SpatioxolverError(Exception):
    """Base class of every error SpatioXolver raises deliberately."""

    exit_code = 2


class InputError(SpatioxolverError, ValueError):
    """Bad user input: an unreadable image, a malformed file, an invalid argument."""


class ConfigError(SpatioxolverError):
    """Bad configuration: an unknown model or benchmark, a missing API key or extra."""


class ModelError(SpatioxolverError):
    """A model call failed after retries (timeout, rate limit, refusal, server down)."""


class ModelUnavailableError(ModelError):
    """The model's server kept failing to connect: the run stops instead of grinding on."""


class ParseError(SpatioxolverError):
    """Model output could not be parsed; ``raw`` keeps the (truncated) text."""

    def __init__(self, message: str, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw[:2000]


class NoAnswerError(ParseError):
    """The model declined to commit: a refusal, "I cannot tell", a hedge ("1 or 2"),
    "both" / "neither". It becomes a typed "no answer", never a guessed value."""

    def __init__(self, message: str, raw: str = "", reason: str = "refusal") -> None:
        super().__init__(message, raw)
        self.reason = reason


class BenchmarkError(SpatioxolverError):
    """A benchmark dataset is missing, malformed, or used inconsistently."""


class UnsupportedQuestionError(SpatioxolverError):
    """The geometric reasoner cannot parse the question (use an LLM model)."""
