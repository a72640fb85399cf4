"""A vectorised numpy ray caster with analytic intersections.

Every pixel is sampled ``supersample x supersample`` times; rays are intersected with
spheres, oriented boxes and oriented cylinders in closed form, and with the ground
plane ``z = 0``. Shading: Lambert with one directional key light plus ambient, a
Blinn-Phong specular term (strong for metal, faint for rubber), hard shadows cast on the
ground by a shadow ray toward the light. Each object is only tested against the rays
inside its projected bounding box, which keeps a 10-object 480x320 view well under a
second on one core.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from spatioxolver.scenes._camera import Camera

__all__ = ["Primitive", "Lighting", "RayCastResult", "cast"]

_INF = np.inf


@dataclass(frozen=True)
class Primitive:
    """One object ready for ray casting.

    Attributes:
        shape: "sphere", "cube" or "cylinder".
        center: world position of the centre, shape (3,).
        rotation: 3x3 matrix whose columns are the object's local axes in world frame.
        half: local half extents (hx, hy, hz); for spheres and cylinders hx is the radius.
        color: linear RGB albedo in [0, 1].
        metal: True for metal (specular) material.
    """

    shape: str
    center: np.ndarray
    rotation: np.ndarray
    half: tuple[float, float, float]
    color: tuple[float, float, float]
    metal: bool

    @property
    def bound(self) -> float:
        hx, hy, hz = self.half
        if self.shape == "sphere":
            return hx
        if self.shape == "cylinder":
            return float(np.hypot(hx, hz))
        return float(np.sqrt(hx * hx + hy * hy + hz * hz))


@dataclass(frozen=True)
class Lighting:
    """Key light direction (toward the light, world frame) and intensities."""

    direction: tuple[float, float, float] = (0.5, 0.4, 0.75)
    key: float = 0.68
    ambient: float = 0.32
    ground: bool = True
    shadows: bool = True
    ground_color: tuple[float, float, float] = (0.62, 0.62, 0.6)
    background: tuple[float, float, float] = (0.55, 0.56, 0.58)


@dataclass
class RayCastResult:
    """Supersampled buffers: colour (Hs, Ws, 3) float, label (Hs, Ws) int, depth (Hs, Ws)."""

    color: np.ndarray
    label: np.ndarray
    depth: np.ndarray
    solo_samples: np.ndarray  # per object: samples that hit it ignoring the others
    visible_samples: np.ndarray  # per object: samples where it is the nearest hit
    occluders: list[dict[int, int]]  # per object: {other object index: samples it hides}


def _intersect(prim: Primitive, o: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Nearest positive ray parameter per ray (inf on a miss). o: (3,) or (M,3); d: (M,3)."""
    oc = o - prim.center
    if prim.shape == "sphere":
        r = prim.half[0]
        ocb = np.broadcast_to(oc, d.shape)
        b = np.einsum("ij,ij->i", ocb, d)
        c = np.einsum("ij,ij->i", ocb, ocb) - r * r
        disc = b * b - c
        hit = disc >= 0.0
        t = np.full(d.shape[0], _INF)
        sq = np.sqrt(np.where(hit, disc, 0.0))
        t0 = -b - sq
        t1 = -b + sq
        tt = np.where(t0 > 1e-6, t0, t1)
        ok = hit & (tt > 1e-6)
        t[ok] = tt[ok]
        return t
    Rm = prim.rotation
    ol = oc @ Rm  # local coordinates (R columns are local axes)
    dl = d @ Rm
    if prim.shape == "cube":
        h = np.asarray(prim.half)
        with np.errstate(divide="ignore", invalid="ignore"):
            inv = 1.0 / np.where(np.abs(dl) < 1e-12, 1e-12, dl)
            t1 = (-h - ol) * inv
            t2 = (h - ol) * inv
        tmin = np.minimum(t1, t2).max(axis=-1)
        tmax = np.maximum(t1, t2).min(axis=-1)
        tt = np.where(tmin > 1e-6, tmin, tmax)
        ok = (tmax >= tmin) & (tt > 1e-6)
        t = np.full(d.shape[0], _INF)
        t[ok] = tt[ok]
        return t
    # cylinder along local z
    r, _, hz = prim.half
    ol = np.broadcast_to(ol, dl.shape)
    ox, oy, oz = ol[:, 0], ol[:, 1], ol[:, 2]
    dx, dy, dz = dl[:, 0], dl[:, 1], dl[:, 2]
    a = dx * dx + dy * dy
    b = ox * dx + oy * dy
    c = ox * ox + oy * oy - r * r
    disc = b * b - a * c
    t = np.full(d.shape[0], _INF)
    with np.errstate(divide="ignore", invalid="ignore"):
        sq = np.sqrt(np.where(disc >= 0, disc, 0.0))
        a_safe = np.where(a < 1e-12, 1e-12, a)
        for ts in ((-b - sq) / a_safe, (-b + sq) / a_safe):
            z = oz + ts * dz
            ok = (disc >= 0) & (a > 1e-12) & (ts > 1e-6) & (np.abs(z) <= hz)
            t = np.where(ok & (ts < t), ts, t)
        dz_safe = np.where(np.abs(dz) < 1e-12, 1e-12, dz)
        for cap in (hz, -hz):
            tc = (cap - oz) / dz_safe
            x = ox + tc * dx
            y = oy + tc * dy
            ok = (tc > 1e-6) & (x * x + y * y <= r * r) & (np.abs(dz) > 1e-12)
            t = np.where(ok & (tc < t), tc, t)
    return t


def _normals(prim: Primitive, p: np.ndarray) -> np.ndarray:
    """Outward unit normals at surface points p (M, 3)."""
    if prim.shape == "sphere":
        n = p - prim.center
        return n / np.linalg.norm(n, axis=1, keepdims=True)
    Rm = prim.rotation
    pl = (p - prim.center) @ Rm
    if prim.shape == "cube":
        h = np.asarray(prim.half)
        rel = np.abs(pl) / h
        ax = rel.argmax(axis=1)
        nl = np.zeros_like(pl)
        nl[np.arange(len(pl)), ax] = np.sign(pl[np.arange(len(pl)), ax])
    else:
        r, _, hz = prim.half
        radial = np.hypot(pl[:, 0], pl[:, 1]) / r
        cap = np.abs(pl[:, 2]) / hz > radial
        nl = np.zeros_like(pl)
        nl[:, 0] = np.where(cap, 0.0, pl[:, 0])
        nl[:, 1] = np.where(cap, 0.0, pl[:, 1])
        nl[:, 2] = np.where(cap, np.sign(pl[:, 2]), 0.0)
        nl /= np.linalg.norm(nl, axis=1, keepdims=True)
    return nl @ Rm.T


def _screen_box(prim: Primitive, cam: Camera, ss: int, Hs: int, Ws: int) -> tuple[int, int, int, int] | None:
    """Conservative supersampled-pixel bounding box of the object's bounding sphere."""
    pc = cam.to_camera(prim.center)
    R = prim.bound * 1.02
    if pc[2] - R <= 1e-3:
        return (0, Hs, 0, Ws) if pc[2] + R > 0 else None
    f = cam.K[0, 0] * ss
    cx, cy = cam.K[0, 2] * ss, cam.K[1, 2] * ss
    # bound each image coordinate separately by the tangent planes of the sphere
    box = []
    for i, c0 in ((0, cx), (1, cy)):
        xs, zs = pc[i], pc[2]
        dist2 = xs * xs + zs * zs
        k = dist2 - R * R
        if k <= 0:
            return (0, Hs, 0, Ws)
        # slopes x/z of the two tangent lines
        s = np.sqrt(k)
        lo = (xs * zs - R * s) / (zs * zs - R * R)
        hi = (xs * zs + R * s) / (zs * zs - R * R)
        box.append((c0 + f * lo, c0 + f * hi))
    (x0, x1), (y0, y1) = box
    xa, xb = max(0, int(np.floor(x0)) - 1), min(Ws, int(np.ceil(x1)) + 2)
    ya, yb = max(0, int(np.floor(y0)) - 1), min(Hs, int(np.ceil(y1)) + 2)
    if xa >= xb or ya >= yb:
        return None
    return (ya, yb, xa, xb)


def cast(prims: list[Primitive], cam: Camera, lighting: Lighting, supersample: int = 2) -> RayCastResult:
    """Cast one ray per sub-pixel sample and shade the nearest hits."""
    ss = int(supersample)
    Hs, Ws = cam.height * ss, cam.width * ss
    # sub-pixel sample centres in pixel units
    us = (np.arange(Ws) + 0.5) / ss
    vs = (np.arange(Hs) + 0.5) / ss
    Kinv = np.linalg.inv(cam.K)
    xs = Kinv[0, 0] * us + Kinv[0, 2]
    ys = Kinv[1, 1] * vs + Kinv[1, 2]
    zscale = 1.0 / np.sqrt((xs * xs)[None, :] + (ys * ys)[:, None] + 1.0)  # camera z per unit ray length
    # world directions: R rows are the camera axes, so d = (x R0 + y R1 + R2) / |(x, y, 1)|
    Rm = cam.R
    dirs = xs[None, :, None] * Rm[0] + ys[:, None, None] * Rm[1] + Rm[2]
    dirs *= zscale[..., None]
    origin = cam.position

    t_best = np.full((Hs, Ws), _INF)
    label = np.zeros((Hs, Ws), np.int32)
    solo = np.zeros(len(prims), np.int64)
    hits: list[tuple[tuple[int, int, int, int], np.ndarray] | None] = []
    for k, prim in enumerate(prims, start=1):
        box = _screen_box(prim, cam, ss, Hs, Ws)
        if box is None:
            hits.append(None)
            continue
        y0, y1, x0, x1 = box
        d = dirs[y0:y1, x0:x1].reshape(-1, 3)
        t = _intersect(prim, origin, d).reshape(y1 - y0, x1 - x0)
        finite = np.isfinite(t)
        solo[k - 1] = int(finite.sum())
        hits.append((box, finite))
        sub_t = t_best[y0:y1, x0:x1]
        closer = t < sub_t
        sub_t[closer] = t[closer]
        label[y0:y1, x0:x1][closer] = k

    L = np.asarray(lighting.direction, float)
    L = L / np.linalg.norm(L)
    color = np.empty((Hs, Ws, 3))
    color[:] = lighting.background
    obj_hit = label > 0

    if lighting.ground:
        dz = dirs[..., 2]
        ground = (~obj_hit) & (dz < -1e-9)
        gy, gx = np.nonzero(ground)
        gdir = dirs[gy, gx]
        gt = -origin[2] / gdir[:, 2]
        lit = np.ones(gy.size)
        if lighting.shadows and L[2] > 1e-6 and prims:
            gpx = origin[0] + gdir[:, 0] * gt
            gpy = origin[1] + gdir[:, 1] * gt
            for prim in prims:
                _shadow(prim, gpx, gpy, L, lit)
        shade = lighting.ambient + lighting.key * L[2] * lit
        # gentle fade toward the horizon so the floor does not end in a hard line
        fade = np.clip((gt - 25.0) / 40.0, 0.0, 1.0)[:, None]
        g = np.asarray(lighting.ground_color)[None, :] * shade[:, None]
        color[gy, gx] = g * (1 - fade) + np.asarray(lighting.background)[None, :] * fade

    for k, prim in enumerate(prims, start=1):
        hit = hits[k - 1]
        if hit is None:
            continue
        y0, y1, x0, x1 = hit[0]
        sub = label[y0:y1, x0:x1] == k
        if not sub.any():
            continue
        d = dirs[y0:y1, x0:x1][sub]
        p = origin + d * t_best[y0:y1, x0:x1][sub][:, None]
        n = _normals(prim, p)
        ndl = np.clip(n @ L, 0.0, None)
        albedo = np.asarray(prim.color)
        hvec = L - d
        hvec /= np.linalg.norm(hvec, axis=1, keepdims=True)
        ndh = np.clip(np.einsum("ij,ij->i", n, hvec), 0.0, None)
        if prim.metal:
            spec = 0.7 * ndh**80
            diffuse_w, env = 0.8, 0.12 * (0.5 + 0.5 * n[:, 2])
        else:
            spec = 0.06 * ndh**8
            diffuse_w, env = 1.0, 0.0
        c = albedo[None, :] * (lighting.ambient + diffuse_w * lighting.key * ndl)[:, None]
        color[y0:y1, x0:x1][sub] = c + (spec * lighting.key + env)[:, None]
    depth = np.where(obj_hit, t_best * zscale, _INF)
    visible = np.bincount(label.ravel(), minlength=len(prims) + 1)[1:]
    occluders: list[dict[int, int]] = []
    for k, hit in enumerate(hits, start=1):
        if hit is None:
            occluders.append({})
            continue
        (y0, y1, x0, x1), finite = hit
        lab = label[y0:y1, x0:x1][finite]
        counts = np.bincount(lab, minlength=len(prims) + 1)
        occluders.append({int(j - 1): int(c) for j, c in enumerate(counts) if j not in (0, k) and c > 0})
    np.clip(color, 0.0, 1.0, out=color)
    return RayCastResult(color, label, depth, solo, visible, occluders)


def _shadow(prim: Primitive, px: np.ndarray, py: np.ndarray, L: np.ndarray, lit: np.ndarray) -> None:
    """Zero ``lit`` for ground points (world ``px, py`` on z = 0) whose ray to the light hits ``prim``."""
    c = prim.center
    R = prim.bound * 1.02
    # the shadow lies between the object's base and its projection along -L onto z = 0
    proj = c[:2] - L[:2] * (c[2] / L[2])
    reach = R / L[2]
    lo = np.minimum(c[:2], proj) - reach
    hi = np.maximum(c[:2], proj) + reach
    cand = np.nonzero((px >= lo[0]) & (px <= hi[0]) & (py >= lo[1]) & (py <= hi[1]))[0]
    if cand.size == 0:
        return
    pts = np.stack([px[cand], py[cand], np.zeros(cand.size)], axis=1)
    ts = _intersect(prim, pts, np.broadcast_to(L, pts.shape))
    lit[cand[np.isfinite(ts)]] = 0.0
