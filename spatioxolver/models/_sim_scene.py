"""Geometry of a generated scene as the simulated MLLM perceives it.

Reads a CLEVR-style scene JSON (``objects`` with ``3d_coords``, ``pixel_coords``,
``label``; ``camera`` with ``world_to_camera`` (OpenCV: x right, y down, z forward) and
``K``) and gives each object one coordinate per axis such that **smaller precedes**:

* ``D``: camera-frame ``z`` in metres (larger is further), the seed's depth ``d``.
* ``H``: ``(u - cx) / fx * z_ref`` - the projected pixel ``u`` mapped to metres on the
  image plane at the scene's median object depth ``z_ref``. It is an increasing function
  of ``u``, so with no noise the order is exactly the gold "smaller pixel x is left".
* ``V``: ``(v - cy) / fy * z_ref`` likewise from pixel ``v`` (smaller is higher).

Without a camera the pixel coordinates are used as they are (``z_ref = fx = fy = 1``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError
from spatioxolver.vocabulary import COLOR_NAMES, MATERIALS, SHAPES, SIZES

__all__ = ["SceneView", "CLEVR_VOCAB", "SIZE_RADIUS", "clip_box"]

#: CLEVR attribute vocabularies (used for attribute noise).
CLEVR_VOCAB: dict[str, tuple[str, ...]] = {
    "color": COLOR_NAMES,
    "shape": SHAPES,
    "size": tuple(SIZES),
    "material": MATERIALS,
}

#: Half-extent (metres) of CLEVR's sizes, for projected boxes.
SIZE_RADIUS = SIZES


@dataclass
class SceneView:
    """Per-object coordinates of one scene view (see module docstring)."""

    scene: dict[str, Any]
    labels: list[str]
    world: np.ndarray  # (N, 3) world coordinates
    cam: np.ndarray  # (N, 3) camera-frame coordinates
    pixels: np.ndarray  # (N, 2) projected u, v
    h: np.ndarray
    v: np.ndarray
    d: np.ndarray
    z_ref: float
    width: float | None
    height: float | None

    @classmethod
    def from_scene(cls, scene: Any) -> SceneView:
        """Build the view of ``scene`` (a scene JSON dict).

        Raises:
            ConfigError: the scene is not a dict with objects carrying coordinates.
        """
        if not isinstance(scene, dict) or not isinstance(scene.get("objects"), list) or not scene["objects"]:
            raise ConfigError(
                "simulated model needs scene JSON with a non-empty 'objects' list (ground truth)"
            )
        objects = scene["objects"]
        labels = [
            str(o.get("label")) if o.get("label") is not None else f"o{k + 1}" for k, o in enumerate(objects)
        ]
        camera = scene.get("camera") or {}
        world = np.array([_vec(o, "3d_coords", 3) for o in objects], dtype=float)
        if camera.get("world_to_camera") is not None and camera.get("K") is not None:
            w2c = np.asarray(camera["world_to_camera"], dtype=float).reshape(4, 4)
            K = np.asarray(camera["K"], dtype=float).reshape(3, 3)
            homog = np.c_[world, np.ones(len(world))]
            cam = (homog @ w2c.T)[:, :3]
            z = cam[:, 2]
            if np.any(z <= 0):
                raise ConfigError("scene ground truth puts an object behind the camera; cannot simulate")
            proj = cam @ K.T
            pixels = proj[:, :2] / proj[:, 2:3]
            fx, fy, cx, cy = K[0, 0], K[1, 1], K[0, 2], K[1, 2]
            z_ref = float(np.median(z))
        else:
            pix = np.array([_vec(o, "pixel_coords", 3) for o in objects], dtype=float)
            pixels, z = pix[:, :2], pix[:, 2]
            cam = np.c_[pixels, z]
            fx = fy = 1.0
            cx = cy = 0.0
            z_ref = 1.0
        h = (pixels[:, 0] - cx) / fx * z_ref
        v = (pixels[:, 1] - cy) / fy * z_ref
        return cls(
            scene=scene,
            labels=labels,
            world=world,
            cam=cam,
            pixels=pixels,
            h=h,
            v=v,
            d=np.asarray(z, dtype=float),
            z_ref=z_ref,
            width=camera.get("width") or scene.get("width"),
            height=camera.get("height") or scene.get("height"),
        )

    def index(self, label: Any) -> int:
        """Index of the object drawn with ``label``.

        Raises:
            ConfigError: no object has that label (the message lists the labels).
        """
        key = str(label)
        try:
            return self.labels.index(key)
        except ValueError:
            raise ConfigError(
                f"object {key!r} is not in the scene ground truth; labels: {', '.join(self.labels)}"
            ) from None

    def coords(self, axis: str, bias: float = 0.0) -> np.ndarray:
        """Perceived coordinate per object on ``axis`` (smaller precedes).

        ``bias`` (depth only) subtracts ``bias * v``: objects lower in the image (larger
        ``v``) look closer - the perspective bias of seed 000, section 5.
        """
        if axis == "H":
            return self.h
        if axis == "V":
            return self.v
        if axis == "D":
            return self.d - bias * self.v if bias else self.d
        raise ConfigError(f"unknown axis {axis!r}; use H, V or D")

    def bbox(
        self, k: int, *, depth_offset: float = 0.0, shift: tuple[float, float] = (0.0, 0.0)
    ) -> list[float]:
        """Pixel box ``[x0, y0, x1, y1]`` of object ``k``: its CLEVR cube projected.

        With the defaults this is the exact box. ``depth_offset`` (metres) first slides the
        object along the ground's view direction (CLEVR's ``behind``: the optical axis
        projected onto the ground, so a grounded object stays on its support); the cube is
        then projected from there, so a further object is drawn higher (for a camera looking
        down) and smaller. ``shift`` (pixels) then moves the projected box. The slide is
        limited to half the object's camera depth towards the camera. Without a camera the
        box is a 40-pixel square around ``pixel_coords``, scaled by the depth ratio.
        """
        obj = self.scene["objects"][k]
        camera = self.scene.get("camera") or {}
        radius = SIZE_RADIUS.get(str(obj.get("size")), 0.5)
        slide = max(float(depth_offset), -0.5 * float(self.d[k])) if self.d[k] > 0 else float(depth_offset)
        if camera.get("world_to_camera") is None or camera.get("K") is None:
            u, v = self.pixels[k]
            z = float(self.d[k])
            r = 20.0 * (z / (z + slide) if z > 0 and z + slide > 0 else 1.0)
            box = [u - r, v - r, u + r, v + r]
        else:
            w2c = np.asarray(camera["world_to_camera"], dtype=float).reshape(4, 4)
            K = np.asarray(camera["K"], dtype=float).reshape(3, 3)
            centre = self.world[k]
            if slide:
                centre = centre + slide * self.ground_directions()["behind"]
            offsets = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)
            corners = centre + radius * offsets
            cam = (np.c_[corners, np.ones(8)] @ w2c.T)[:, :3]
            cam[:, 2] = np.maximum(cam[:, 2], 1e-6)
            proj = cam @ K.T
            uv = proj[:, :2] / proj[:, 2:3]
            box = [uv[:, 0].min(), uv[:, 1].min(), uv[:, 0].max(), uv[:, 1].max()]
        dx, dy = float(shift[0]), float(shift[1])
        box = [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy]
        if self.width and self.height:
            box = clip_box(box, float(self.width), float(self.height))
        return [round(float(b), 1) for b in box]

    def pixels_per_metre(self) -> tuple[float, float]:
        """Pixels per metre of the H and V coordinates: ``(fx / z_ref, fy / z_ref)``.

        Converts image-plane noise in metres at the median object depth (the units of
        ``h`` and ``v``) into pixels; ``(1, 1)`` without a camera.
        """
        camera = self.scene.get("camera") or {}
        if camera.get("world_to_camera") is None or camera.get("K") is None:
            return 1.0, 1.0
        K = np.asarray(camera["K"], dtype=float).reshape(3, 3)
        return float(K[0, 0]) / self.z_ref, float(K[1, 1]) / self.z_ref

    def ground_directions(self) -> dict[str, np.ndarray]:
        """Unit vectors ``right``, ``behind`` and the plane normal ``up`` (world frame).

        Taken from the scene's CLEVR ``directions`` when present, else from the camera.
        """
        dirs = self.scene.get("directions") or {}
        if "right" in dirs and "behind" in dirs:
            right = np.asarray(dirs["right"], float)
            behind = np.asarray(dirs["behind"], float)
            up = np.asarray(dirs.get("above", np.cross(right, behind)), float)
        else:
            camera = self.scene.get("camera") or {}
            if camera.get("world_to_camera") is None:
                raise ConfigError("scene has neither CLEVR 'directions' nor a camera; cannot simulate")
            rot = np.asarray(camera["world_to_camera"], float).reshape(4, 4)[:3, :3]
            up = np.array([0.0, 0.0, 1.0])
            right = rot[0] - rot[0].dot(up) * up
            behind = rot[2] - rot[2].dot(up) * up
        return {"right": _unit(right), "behind": _unit(behind), "up": _unit(up)}


def clip_box(box: list[float], width: float, height: float) -> list[float]:
    """Clip a box to the image, keeping at least one pixel of it inside."""
    x0, x1 = min(max(box[0], 0.0), width - 1.0), min(max(box[2], 1.0), width)
    y0, y1 = min(max(box[1], 0.0), height - 1.0), min(max(box[3], 1.0), height)
    return [x0, y0, max(x1, x0 + 1.0), max(y1, y0 + 1.0)]


def _unit(vec: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vec))
    if norm == 0 or math.isnan(norm):
        raise ConfigError("degenerate direction vector in scene ground truth")
    return vec / norm


def _vec(obj: dict[str, Any], key: str, n: int) -> list[float]:
    value = obj.get(key)
    if not isinstance(value, (list, tuple)) or len(value) < n:
        raise ConfigError(f"scene object lacks {key!r} (needs {n} numbers); cannot simulate from it")
    return [float(x) for x in value[:n]]
