"""Shared fixtures: small rendered scenes (cached per session) and a clean perception cache."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def boxes_view():
    from spatioxolver.scenes import render_random_scene

    return render_random_scene(3, n_objects=5, overlay="boxes", width=240, height=160)


@pytest.fixture(scope="session")
def tags_view():
    from spatioxolver.scenes import render_random_scene

    return render_random_scene(5, layout="tabletop", n_objects=4, overlay="tags", width=240, height=160)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from spatioxolver.graphs._cache import cache_clear

    cache_clear()
    yield
    cache_clear()
