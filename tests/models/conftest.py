"""Fixtures of the model tests: importable helpers, an isolated response cache, a local server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# --import-mode=importlib does not put test folders on sys.path; our helper module lives here.
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """Every test gets its own response cache file (never the user's)."""
    monkeypatch.setenv("SPATIOXOLVER_CACHE", str(tmp_path / "responses.sqlite"))


@pytest.fixture
def server():
    from spatioxolver.testing import LocalServer

    with LocalServer() as srv:
        yield srv
