"""Scene JSON in CLEVR's format, plus the camera block.

``directions`` follow CLEVR's ``render_images.py``: ``behind`` is the camera's viewing
direction (OpenCV +z) projected onto the ground plane and normalised, ``front`` its
negation, ``left`` the camera's -x projected onto the ground, ``right`` its negation,
``above`` / ``below`` the plane normal. ``relationships[name][i]`` lists every ``j`` with
``dot(coords[j] - coords[i], directions[name]) > eps`` (eps = 0.2), i.e. the objects that
are ``name`` of object ``i``; above/below are not listed, as in CLEVR.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from spatioxolver.scenes._camera import Camera

__all__ = ["RELATION_EPS", "directions", "relationships", "scene_json"]

RELATION_EPS = 0.2
GROUND_RELATIONS = ("left", "right", "front", "behind")


def directions(camera: Camera) -> dict[str, list[float]]:
    """CLEVR's six unit direction vectors for a camera (world frame)."""
    fwd = camera.R[2].copy()
    fwd[2] = 0.0
    right = camera.R[0].copy()
    right[2] = 0.0
    n_f, n_r = np.linalg.norm(fwd), np.linalg.norm(right)
    if n_f < 1e-9:
        # camera looking straight down: "behind" is image up (the -y camera axis)
        fwd = -camera.R[1].copy()
        fwd[2] = 0.0
        n_f = np.linalg.norm(fwd)
    behind = fwd / n_f
    rightv = right / n_r
    out = {
        "behind": behind,
        "front": -behind,
        "left": -rightv,
        "right": rightv,
        "above": np.array([0.0, 0.0, 1.0]),
        "below": np.array([0.0, 0.0, -1.0]),
    }
    return {k: [round(float(x), 9) for x in v] for k, v in out.items()}


def relationships(
    coords: np.ndarray, dirs: dict[str, list[float]], eps: float = RELATION_EPS
) -> dict[str, list[list[int]]]:
    """CLEVR's relationship lists for ground-plane directions."""
    coords = np.asarray(coords, float).reshape(-1, 3)
    out: dict[str, list[list[int]]] = {}
    for name in GROUND_RELATIONS:
        d = np.asarray(dirs[name], float)
        rel = []
        for i in range(len(coords)):
            dots = (coords - coords[i]) @ d
            rel.append([int(j) for j in range(len(coords)) if j != i and dots[j] > eps])
        out[name] = rel
    return out


def scene_json(
    objects: list[dict[str, Any]],
    camera: Camera,
    *,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Assemble a CLEVR-style scene dict (objects already carry their per-view fields)."""
    dirs = directions(camera)
    coords = np.array([o["3d_coords"] for o in objects], float).reshape(-1, 3)
    scene: dict[str, Any] = {
        "objects": objects,
        "directions": dirs,
        "relationships": relationships(coords, dirs),
        "camera": camera.to_json(),
    }
    if extra:
        scene.update(extra)
    return scene
