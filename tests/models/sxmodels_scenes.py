"""Synthetic CLEVR-style scene JSON for the simulator tests (pure numpy, no rendering).

Follows the scene contract of the scenes package: ``camera.world_to_camera`` (OpenCV
x right, y down, z forward), ``K``, ``width``, ``height``; objects with ``3d_coords``,
``pixel_coords`` (u, v, depth), ``label`` and CLEVR attributes; CLEVR ``directions``.
"""

from __future__ import annotations

import numpy as np

COLORS = ("gray", "red", "blue", "green", "brown", "purple", "cyan", "yellow")


def look_at(eye: np.ndarray, target: np.ndarray) -> np.ndarray:
    """4x4 world_to_camera for a camera at ``eye`` looking at ``target`` (world z up)."""
    forward = target - eye
    forward /= np.linalg.norm(forward)
    right = np.cross(forward, np.array([0.0, 0.0, 1.0]))
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    rot = np.stack([right, down, forward])
    w2c = np.eye(4)
    w2c[:3, :3] = rot
    w2c[:3, 3] = -rot @ eye
    return w2c


def make_scene(seed: int, n: int = 6, *, volume: float = 10.0, letters: bool = False) -> dict:
    """A scene of ``n`` objects at random positions in a ``volume``-metre cube."""
    rng = np.random.default_rng(seed)
    width, height, focal = 480, 320, 400.0
    K = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
    eye = np.array([-18.0, -14.0, 12.0]) + rng.normal(0, 1.0, 3)
    w2c = look_at(eye, np.zeros(3))
    objects = []
    for k in range(n):
        pos = rng.uniform(-volume / 2, volume / 2, 3) * np.array([1.0, 1.0, 0.4])
        cam = w2c[:3, :3] @ pos + w2c[:3, 3]
        u, v, _ = K @ (cam / cam[2])
        objects.append(
            {
                "shape": ("cube", "sphere", "cylinder")[k % 3],
                "size": ("large", "small")[k % 2],
                "material": ("rubber", "metal")[k % 2],
                "color": COLORS[k % 8],
                "3d_coords": pos.tolist(),
                "rotation": 0.0,
                "pixel_coords": [float(u), float(v), float(cam[2])],
                "label": chr(65 + k) if letters else str(k + 1),
            }
        )
    rot = w2c[:3, :3]
    up = np.array([0.0, 0.0, 1.0])
    right = rot[0] - rot[0].dot(up) * up
    right /= np.linalg.norm(right)
    behind = rot[2] - rot[2].dot(up) * up
    behind /= np.linalg.norm(behind)
    directions = {
        "right": right.tolist(),
        "left": (-right).tolist(),
        "behind": behind.tolist(),
        "front": (-behind).tolist(),
        "above": up.tolist(),
        "below": (-up).tolist(),
    }
    return {
        "image_index": seed,
        "objects": objects,
        "directions": directions,
        "camera": {"world_to_camera": w2c.tolist(), "K": K.tolist(), "width": width, "height": height},
    }


def gold_first(scene: dict, axis: str, a: str, b: str) -> str:
    """Label of the object that precedes on ``axis`` (left / higher / closer), from pixel_coords."""
    objs = {o["label"]: o for o in scene["objects"]}
    col = {"H": 0, "V": 1, "D": 2}[axis]
    return a if objs[a]["pixel_coords"][col] < objs[b]["pixel_coords"][col] else b


def sim_ask(client, probe, *, prompt="?", **request):
    """Ask a simulated client a probe the old way: its answer key is bound, the rest is the task."""
    from spatioxolver.models import ModelRequest

    probe = dict(probe or {})
    key = {k: probe.pop(k) for k in ("scenes", "example") if k in probe}
    bound = client.bind(key) if key else client
    return bound.complete_sync(ModelRequest(prompt=prompt, task=probe or None, **request))
