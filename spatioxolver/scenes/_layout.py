"""Object placement: CLEVR's tabletop rules and seed 000's floating volume.

Tabletop (CLEVR's ``render_images.py`` defaults): x, y uniform in [-3, 3], objects rest
on the ground (``z`` = half height), yaw uniform in [0, 360), at least ``min_dist`` = 0.25
between the surfaces' bounding circles, and for every pair and each of left / right /
front / behind of the camera the offset along that direction is either <= 0 or at least
``margin`` = 0.4 (so the camera relations are never ambiguous). The minimum number of
visible pixels is checked after rendering (see ``_render``).

Volume (seed 000 §4.1): objects float at uniformly random positions in a cube of side
``side`` (10 m) centred at the origin; sizes are CLEVR's scaled by ``VOLUME_SCALE`` so
that objects stay legible at the distance that frames the whole cube. Candidates that
project outside the frame, tie with an earlier object on an image axis or in depth, or
sit too close to another object on screen are redrawn, so pairwise gold is unambiguous.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from spatioxolver.scenes._camera import Camera, orbit_camera
from spatioxolver.scenes._vocab import COLOR_NAMES, MATERIALS, SHAPES, SIZES, bounding_radius, half_height

__all__ = [
    "VOLUME_SCALE",
    "random_object",
    "tabletop_camera",
    "sample_tabletop",
    "volume_camera",
    "sample_volume",
]

VOLUME_SCALE = 1.5


def random_object(
    rng: np.random.Generator, *, scale: float = 1.0, shapes: tuple[str, ...] = SHAPES
) -> dict[str, Any]:
    """Random CLEVR attributes; geometry fields are filled by the layout."""
    size = str(rng.choice(list(SIZES)))
    return {
        "shape": str(rng.choice(list(shapes))),
        "size": size,
        "material": str(rng.choice(list(MATERIALS))),
        "color": str(rng.choice(list(COLOR_NAMES))),
        "r": SIZES[size] * scale,
        "rotation": float(rng.uniform(0.0, 360.0)),
    }


def tabletop_camera(rng: np.random.Generator, width: int, height: int) -> Camera:
    """A CLEVR-like camera: random azimuth, elevation 30-50 degrees, 10.5-12 m away."""
    return orbit_camera(
        float(rng.uniform(0, 360)),
        float(rng.uniform(30, 50)),
        float(rng.uniform(10.5, 12.0)),
        width=width,
        height=height,
    )


def _ground_directions(camera: Camera) -> list[np.ndarray]:
    """The camera's right, left, behind and front, flattened onto the ground (unit vectors)."""
    right = camera.R[0].copy()
    right[2] = 0
    right /= np.linalg.norm(right)
    fwd = camera.R[2].copy()
    fwd[2] = 0
    fwd /= np.linalg.norm(fwd)
    return [right, -right, fwd, -fwd]


def _clevr_ok(obj: dict, placed: list[dict], dirs: list[np.ndarray], min_dist: float, margin: float) -> bool:
    x, y = obj["3d_coords"][:2]
    for other in placed:
        ox, oy = other["3d_coords"][:2]
        dx, dy = x - ox, y - oy
        if math.hypot(dx, dy) - obj["r"] - other["r"] < min_dist:
            return False
        for d in dirs:
            m = dx * d[0] + dy * d[1]
            if 0 < m < margin:
                return False
    return True


def sample_tabletop(
    rng: np.random.Generator,
    n: int,
    camera: Camera,
    *,
    extent: float = 3.0,
    min_dist: float = 0.25,
    margin: float = 0.4,
    max_tries: int = 200,
    shapes: tuple[str, ...] = SHAPES,
) -> list[dict[str, Any]] | None:
    """Place ``n`` objects on the ground with CLEVR's rules; None when it cannot."""
    dirs = _ground_directions(camera)
    placed: list[dict[str, Any]] = []
    for _ in range(n):
        obj = random_object(rng, shapes=shapes)
        for _try in range(max_tries):
            x, y = rng.uniform(-extent, extent, size=2)
            obj["3d_coords"] = [float(x), float(y), half_height(obj["shape"], obj["r"])]
            if _clevr_ok(obj, placed, dirs, min_dist, margin):
                break
        else:
            return None
        placed.append(obj)
    return placed


def volume_camera(
    rng: np.random.Generator, width: int, height: int, *, side: float = 10.0, focal_mm: float = 35.0
) -> Camera:
    """A camera on the upper hemisphere (elevation 10-60 degrees) framing the cube's inscribed sphere."""
    az = float(rng.uniform(0, 360))
    el = float(rng.uniform(10, 60))
    f = focal_mm / 36.0 * width
    half_fov = math.atan(min(width, height) / 2.0 / f)
    dist = 0.5 * side / math.sin(half_fov) * 1.02
    return orbit_camera(az, el, dist, width=width, height=height, focal_mm=focal_mm)


def _screen(camera: Camera, p: np.ndarray, r: float) -> tuple[float, float, float, float]:
    u, v, z = camera.project(p)
    return float(u), float(v), float(z), float(camera.K[0, 0] * r / max(z, 1e-6))


def sample_volume(
    rng: np.random.Generator,
    n: int,
    camera: Camera,
    *,
    side: float = 10.0,
    scale: float = VOLUME_SCALE,
    min_dist: float = 0.25,
    tie_px: float = 2.0,
    tie_depth: float = 0.1,
    min_screen_sep: float = 0.8,
    max_tries: int = 2000,
) -> list[dict[str, Any]] | None:
    """Float ``n`` objects in the cube with unambiguous pairwise H / V / D order."""
    placed: list[dict[str, Any]] = []
    screen: list[tuple[float, float, float, float]] = []
    W, H = camera.width, camera.height
    for _ in range(n):
        obj = random_object(rng, scale=scale)
        rb = bounding_radius(obj["shape"], obj["r"])
        for _try in range(max_tries):
            p = rng.uniform(-side / 2 + rb, side / 2 - rb, size=3)
            u, v, z, rp = _screen(camera, p, rb)
            if z - rb < 1.0 or u - rp < 2 or v - rp < 2 or u + rp > W - 2 or v + rp > H - 2:
                continue
            ok = True
            for other, (ou, ov, oz, orp) in zip(placed, screen, strict=True):
                q = np.asarray(other["3d_coords"])
                rbo = bounding_radius(other["shape"], other["r"])
                if np.linalg.norm(p - q) - rb - rbo < min_dist:
                    ok = False
                elif abs(u - ou) < tie_px or abs(v - ov) < tie_px or abs(z - oz) < tie_depth:
                    ok = False
                elif math.hypot(u - ou, v - ov) < min_screen_sep * (rp + orp):
                    ok = False
                if not ok:
                    break
            if ok:
                break
        else:
            return None
        obj["3d_coords"] = [float(c) for c in p]
        placed.append(obj)
        screen.append((u, v, z, rp))
    return placed
