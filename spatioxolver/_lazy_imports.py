"""Defer the parts of LangGraph's dependencies that a local run never touches.

``import langgraph.graph`` executes two large packages whose contents a run of the
geometric pipeline never uses: ``langsmith.types`` (several hundred generated API models;
``langchain_core``'s tracer schemas import one small module from it) and ``langgraph_sdk``
(the HTTP client of LangGraph servers; ``langgraph.runtime`` imports one typing module from
it). Together about a third of LangGraph's import time on a 2-core machine.

:func:`defer_unused_packages` registers each such package as a *lazy package*: its
``__path__`` is the real one, so its submodules import normally and on their own, and the
first attribute access on the package itself runs the real ``__init__``, after which it is
an ordinary module. Nothing changes for code that uses them; only the cost moves to first
use. It is an explicit call, never a side effect of importing SpatioXolver, and a no-op for
a package already imported or not installed. The CLI makes it through
:func:`defer_on_import` ("when LangGraph is first imported"), so a command that never loads
LangGraph (``spatioxolver ask`` runs its graph in-process) loads none of these either. Set
``SPATIOXOLVER_EAGER_IMPORTS=1`` to turn it off.

Example:
    >>> import sys
    >>> defer_unused_packages(("no_such_package_here",))
    []
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import types
from collections.abc import Iterable

__all__ = ["DEFERRED_PACKAGES", "defer_unused_packages", "defer_on_import"]

#: Packages LangGraph imports that a local run does not use (see the module docstring).
DEFERRED_PACKAGES = ("langsmith.types", "langgraph_sdk")


class _LazyPackage(types.ModuleType):
    """A package whose ``__init__`` runs on the first attribute lookup that misses."""

    def __getattr__(self, name: str) -> object:
        load = self.__dict__.get("_spatioxolver_load")
        if load is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        load()
        return getattr(self, name)


def defer_unused_packages(names: Iterable[str] = DEFERRED_PACKAGES) -> list[str]:
    """Register each of ``names`` as a lazy package; returns the names actually deferred.

    A name is skipped when it is already imported, not installed, not a package, or when
    ``SPATIOXOLVER_EAGER_IMPORTS`` is set.
    """
    if os.environ.get("SPATIOXOLVER_EAGER_IMPORTS"):
        return []
    deferred = []
    for name in names:
        if name in sys.modules:
            continue
        parent = name.rpartition(".")[0]
        try:
            if parent:
                importlib.import_module(parent)
            spec = importlib.util.find_spec(name)
        except ImportError:
            continue
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            continue
        sys.modules[name] = _lazy_module(spec)
        if parent:
            setattr(sys.modules[parent], name.rpartition(".")[2], sys.modules[name])
        deferred.append(name)
    return deferred


class _DeferOnImport:
    """A ``sys.meta_path`` finder that defers ``names`` when ``trigger`` is first imported,
    then steps aside (it finds nothing itself)."""

    def __init__(self, trigger: str, names: tuple[str, ...]) -> None:
        self.trigger, self.names = trigger, names

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == self.trigger:
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            defer_unused_packages(self.names)
        return None


def defer_on_import(trigger: str = "langgraph", names: Iterable[str] = DEFERRED_PACKAGES) -> bool:
    """Defer ``names`` (:func:`defer_unused_packages`) just before ``trigger`` is first imported;
    at once if it already is. Returns whether anything was arranged."""
    if os.environ.get("SPATIOXOLVER_EAGER_IMPORTS"):
        return False
    names = tuple(names)
    if trigger in sys.modules:
        return bool(defer_unused_packages(names))
    if not any(isinstance(f, _DeferOnImport) and f.trigger == trigger for f in sys.meta_path):
        sys.meta_path.insert(0, _DeferOnImport(trigger, names))
    return True


def _lazy_module(spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
    module = importlib.util.module_from_spec(spec)
    lock = threading.RLock()

    def load() -> None:
        with lock:
            if module.__dict__.pop("_spatioxolver_load", None) is None:
                return  # another thread loaded it meanwhile
            module.__class__ = types.ModuleType
            try:
                spec.loader.exec_module(module)  # type: ignore[union-attr]
            except BaseException:
                sys.modules.pop(spec.name, None)  # as a failed import would leave it
                raise

    module.__class__ = _LazyPackage
    module._spatioxolver_load = load  # type: ignore[attr-defined]
    return module
