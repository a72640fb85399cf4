"""Placeholder for the `ask` command(s); replaced by the issue that builds them."""

from __future__ import annotations

from typing import Any


def add_parser(subparsers: Any) -> None:
    return None
