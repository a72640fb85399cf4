"""Prompt templates shipped as package data (``spatioxolver.prompts``).

Templates are plain text files named ``<name>.txt`` read with :mod:`importlib.resources`;
fields are written ``{field}`` (``str.format`` syntax). Every rendered prompt carries the
template's version hash so answers can record exactly which prompt produced them.

Example:
    >>> from spatioxolver.prompts import template_names
    >>> isinstance(template_names(), list)
    True
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import resources

from spatioxolver.errors import ConfigError

__all__ = ["load_template", "render", "template_hash", "template_names"]


def template_names() -> list[str]:
    """Names of every shipped template (file stem, without ``.txt``)."""
    root = resources.files(__name__)
    return sorted(p.name[:-4] for p in root.iterdir() if p.name.endswith(".txt"))


@cache
def load_template(name: str) -> str:
    """Text of the template ``name``; :class:`ConfigError` lists the known ones when absent."""
    path = resources.files(__name__).joinpath(f"{name}.txt")
    if not path.is_file():
        raise ConfigError(f"unknown prompt template {name!r}; known: {', '.join(template_names())}")
    return path.read_text(encoding="utf-8")


def template_hash(name: str) -> str:
    """Short content hash (12 hex digits) identifying the template's version."""
    return hashlib.sha256(load_template(name).encode("utf-8")).hexdigest()[:12]


def render(name: str, **fields: object) -> str:
    """Render template ``name`` with ``fields``; a missing field is a :class:`ConfigError`."""
    try:
        return load_template(name).format(**fields)
    except KeyError as exc:
        raise ConfigError(f"prompt template {name!r} needs field {exc.args[0]!r}") from None
