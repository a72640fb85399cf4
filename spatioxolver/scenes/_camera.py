"""Pinhole cameras on the upper hemisphere, in OpenCV's convention.

World frame: z up, the ground is ``z = 0`` (CLEVR's frame). Camera frame (OpenCV): x right,
y down, z forward along the optical axis. ``world_to_camera`` is a 4x4 matrix ``[R | t]``
with ``X_cam = R @ X_world + t``; ``K`` is the 3x3 intrinsic matrix. Pixel ``(u, v)``
is continuous: pixel ``(i, j)`` of an image array covers ``[j, j+1) x [i, i+1)`` so its
centre is ``(j + 0.5, i + 0.5)``.

Azimuth is measured counter-clockwise (seen from above) from the world +x axis; the
camera sits at ``target + distance * (cos(el) cos(az), cos(el) sin(az), sin(el))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["Camera", "look_at_camera", "orbit_camera", "top_down_camera", "intrinsics"]

SENSOR_WIDTH_MM = 36.0


@dataclass(frozen=True)
class Camera:
    """A calibrated pinhole camera.

    Attributes:
        R: 3x3 world-to-camera rotation (rows are the camera axes in world coordinates).
        t: translation, ``X_cam = R @ X_world + t``.
        K: 3x3 intrinsics.
        width: image width in pixels.
        height: image height in pixels.
        azimuth: degrees, for the record.
        elevation: degrees, for the record.
        distance: distance to the target, for the record.
        focal_mm: focal length in mm on a 36 mm wide sensor, for the record.
    """

    R: np.ndarray
    t: np.ndarray
    K: np.ndarray
    width: int
    height: int
    azimuth: float = 0.0
    elevation: float = 0.0
    distance: float = 0.0
    focal_mm: float = 35.0

    @property
    def position(self) -> np.ndarray:
        """Camera centre in world coordinates."""
        return -self.R.T @ self.t

    @property
    def world_to_camera(self) -> np.ndarray:
        """The 4x4 extrinsic matrix."""
        m = np.eye(4)
        m[:3, :3] = self.R
        m[:3, 3] = self.t
        return m

    def to_camera(self, points: np.ndarray) -> np.ndarray:
        """World points (..., 3) to camera-frame points (..., 3)."""
        return np.asarray(points, float) @ self.R.T + self.t

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (..., 3) to ``(u, v, z)``: pixel coordinates and camera depth."""
        pc = self.to_camera(points)
        uvw = pc @ self.K.T
        z = pc[..., 2]
        with np.errstate(divide="ignore", invalid="ignore"):
            u = uvw[..., 0] / z
            v = uvw[..., 1] / z
        return np.stack([u, v, z], axis=-1)

    def to_json(self) -> dict:
        """The ``camera`` block of a scene JSON."""
        return {
            "world_to_camera": _round(self.world_to_camera),
            "K": _round(self.K),
            "width": int(self.width),
            "height": int(self.height),
            "azimuth": round(float(self.azimuth), 6),
            "elevation": round(float(self.elevation), 6),
            "distance": round(float(self.distance), 6),
            "focal_mm": round(float(self.focal_mm), 6),
            "position": _round(self.position),
        }


def _round(a: np.ndarray) -> list:
    return np.round(np.asarray(a, float), 9).tolist()


def intrinsics(width: int, height: int, focal_mm: float) -> np.ndarray:
    """Square-pixel intrinsics with the principal point at the image centre."""
    f = focal_mm / SENSOR_WIDTH_MM * width
    return np.array([[f, 0.0, width / 2.0], [0.0, f, height / 2.0], [0.0, 0.0, 1.0]])


def _from_axes(position: np.ndarray, forward: np.ndarray, right: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    forward = forward / np.linalg.norm(forward)
    right = right - forward * float(right @ forward)
    right = right / np.linalg.norm(right)
    down = np.cross(forward, right)
    R = np.stack([right, down, forward])
    return R, -R @ position


def look_at_camera(
    position: np.ndarray,
    target: np.ndarray,
    *,
    width: int,
    height: int,
    focal_mm: float = 35.0,
    right_hint: np.ndarray | None = None,
) -> Camera:
    """A level camera (no roll) at ``position`` looking at ``target``.

    For a camera looking straight down, ``right_hint`` fixes the image x axis.
    """
    position = np.asarray(position, float)
    target = np.asarray(target, float)
    forward = target - position
    forward = forward / np.linalg.norm(forward)
    right = np.cross(forward, np.array([0.0, 0.0, 1.0]))
    if np.linalg.norm(right) < 1e-6:
        if right_hint is None:
            raise ValueError("a vertical camera needs right_hint")
        right = np.asarray(right_hint, float)
    R, t = _from_axes(position, forward, right)
    offset = position - target
    dist = float(np.linalg.norm(offset))
    az = math.degrees(math.atan2(offset[1], offset[0]))
    el = math.degrees(math.asin(max(-1.0, min(1.0, offset[2] / dist))))
    return Camera(R, t, intrinsics(width, height, focal_mm), width, height, az, el, dist, focal_mm)


def orbit_camera(
    azimuth: float,
    elevation: float,
    distance: float,
    *,
    target: tuple[float, float, float] = (0.0, 0.0, 0.0),
    width: int,
    height: int,
    focal_mm: float = 35.0,
) -> Camera:
    """A level camera on the hemisphere around ``target`` (angles in degrees)."""
    a, e = math.radians(azimuth), math.radians(elevation)
    tgt = np.asarray(target, float)
    pos = tgt + distance * np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
    cam = look_at_camera(pos, tgt, width=width, height=height, focal_mm=focal_mm)
    return Camera(cam.R, cam.t, cam.K, width, height, azimuth, elevation, distance, focal_mm)


def top_down_camera(
    reference: Camera,
    height_above: float,
    *,
    target: tuple[float, float, float] = (0.0, 0.0, 0.0),
    width: int,
    height: int,
    focal_mm: float = 35.0,
) -> Camera:
    """A camera looking straight down whose image "up" is the reference camera's "behind".

    So north (top of the image) is the direction away from the reference viewer on
    the ground plane, and image right is the reference camera's right.
    """
    tgt = np.asarray(target, float)
    pos = tgt + np.array([0.0, 0.0, height_above])
    right = reference.R[0].copy()
    right[2] = 0.0
    cam = look_at_camera(pos, tgt, width=width, height=height, focal_mm=focal_mm, right_hint=right)
    return Camera(cam.R, cam.t, cam.K, width, height, reference.azimuth, 90.0, height_above, focal_mm)
