"""Shared per-object offsets of the simulated ordinal answers (the ``tau`` component).

A real model that mis-perceives where an object is makes the *same* mistake in every
question about it: its errors are correlated across pairs (seed 000 section 5) and, being
one perceived position per object, transitive. The simulator models this with an offset
``eta_k ~ N(0, tau_a^2)`` per object ``k`` and axis ``a``, drawn once per (client seed,
scene, axis) - so every ``pairwise`` question, the ``ranking`` and the ``relations`` about
one scene see the same perceived scene - and added to the coordinates before the per-query
noise of Thm 3.7. With ``tau = 0`` (the ``custom`` profile, or the ``sigma`` option alone)
the model is exactly the seed's.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from spatioxolver.models._sim_profiles import SimProfile
from spatioxolver.models._sim_scene import SceneView

__all__ = ["shared_offsets"]


def shared_offsets(profile: SimProfile, view: SceneView, axis: str) -> np.ndarray:
    """``(N,)`` offsets (metres, the axis's simulator coordinate) of the scene's objects."""
    n = len(view.labels)
    tau = profile.tau(axis)
    if profile.chance or not tau:
        return np.zeros(n)
    scene = json.dumps(view.scene, sort_keys=True, default=str, separators=(",", ":"))
    material = json.dumps([int(profile.seed), "shared", axis, hashlib.sha256(scene.encode()).hexdigest()])
    digest = hashlib.sha256(material.encode()).digest()
    rng = np.random.default_rng(int.from_bytes(digest[:16], "little"))
    return rng.standard_normal(n) * tau
