"""The ``spatioxolver`` command line."""

from spatioxolver.cli._app import main

__all__ = ["main"]
