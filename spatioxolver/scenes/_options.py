"""Validation helpers shared by the family generators' options."""

from __future__ import annotations

from typing import Any

from spatioxolver.errors import InputError

__all__ = ["take_int", "take_int_list", "take_float_list", "take_choice", "take_bool", "reject_unknown"]


def take_int(options: dict[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    value = options.pop(name, None)
    if value is None:
        return default
    try:
        out = int(value)
    except (TypeError, ValueError):
        raise InputError(f"option {name} must be an integer, got {value!r}") from None
    if not lo <= out <= hi:
        raise InputError(f"option {name} must be between {lo} and {hi}, got {out}")
    return out


def _split(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [v for v in value.replace(" ", "").split(",") if v]
    if isinstance(value, (int, float)):
        return [value]
    return list(value)


def take_int_list(
    options: dict[str, Any], name: str, default: list[int], allowed: tuple[int, ...] | None = None
) -> list[int]:
    value = options.pop(name, None)
    if value is None:
        return list(default)
    try:
        out = [int(v) for v in _split(value)]
    except (TypeError, ValueError):
        raise InputError(f"option {name} must be a comma-separated list of integers, got {value!r}") from None
    if not out:
        raise InputError(f"option {name} is empty")
    if allowed is not None:
        bad = [v for v in out if v not in allowed]
        if bad:
            raise InputError(f"option {name}: {bad} not allowed; choose from {list(allowed)}")
    return out


def take_float_list(options: dict[str, Any], name: str, default: list[float]) -> list[float]:
    value = options.pop(name, None)
    if value is None:
        return list(default)
    try:
        out = [float(v) for v in _split(value)]
    except (TypeError, ValueError):
        raise InputError(f"option {name} must be a comma-separated list of numbers, got {value!r}") from None
    if not out or any(v <= 0 for v in out):
        raise InputError(f"option {name} needs positive numbers, got {value!r}")
    return out


def take_choice(options: dict[str, Any], name: str, default: str, choices: tuple[str, ...]) -> str:
    value = options.pop(name, None)
    if value is None:
        return default
    if value not in choices:
        raise InputError(f"option {name} must be one of {', '.join(choices)}, got {value!r}")
    return str(value)


def take_bool(options: dict[str, Any], name: str, default: bool) -> bool:
    value = options.pop(name, None)
    return default if value is None else bool(value)


def reject_unknown(options: dict[str, Any], family: str) -> None:
    if options:
        raise InputError(f"unknown option(s) for {family}: {', '.join(sorted(options))}")
