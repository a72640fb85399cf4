"""Ground-truth helpers shared by the generators: projection from a scene JSON, descriptions."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["camera_points", "describe", "scene_id", "labelled"]


def camera_points(scene: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Recompute ``(u, v)`` pixels and camera-frame ``z`` of every object from its 3D coordinates.

    This uses only the scene JSON (``3d_coords`` and ``camera``), independently of the
    renderer's ``pixel_coords``, so generators can check their gold against 3D truth.
    """
    cam = scene["camera"]
    m = np.asarray(cam["world_to_camera"], float)
    K = np.asarray(cam["K"], float)
    pts = np.array([o["3d_coords"] for o in scene["objects"]], float).reshape(-1, 3)
    pc = pts @ m[:3, :3].T + m[:3, 3]
    uvw = pc @ K.T
    uv = uvw[:, :2] / uvw[:, 2:3]
    return uv, pc[:, 2]


def describe(obj: dict[str, Any]) -> str:
    """CLEVR-style description, e.g. ``"small red metal cube"``."""
    return f"{obj['size']} {obj['color']} {obj['material']} {obj['shape']}"


def scene_id(family: str, index: int) -> str:
    return f"{family}-{index:05d}"


def labelled(scene: dict[str, Any]) -> list[int]:
    """Indices of objects that carry a label in this view."""
    return [i for i, o in enumerate(scene["objects"]) if o.get("label")]
