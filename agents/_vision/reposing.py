"""Pose cues for two views of one tabletop orbited by the camera (seed 002's re-posing).

Between two views of a static tabletop scene the camera orbits the table: it moves on a
sphere around a point of the ground, looking at it, level (no roll). Knowing the intrinsics
``K``, the objects' ground footprints in both views fix that orbit up to scale
(:func:`fit_orbit`: both elevations and the azimuth change, by least squares with the
distance held at a nominal value, which only sets the scale). With the two cameras every
object can be explained in 3D:

* a **cube** resting on the ground at its footprint, turned by a world yaw ``phi`` (mod 90),
  projects to a convex silhouette; :func:`cube_yaw` finds the yaw whose projection best
  overlaps the observed mask (IoU, after matching area and centroid). A consistent cube
  shows the same world yaw in both views; a re-posed one does not, and a tilted one fits
  the upright model worse in the second view;
* an upright **cylinder** has one silhouette per camera; :func:`upright_fit` measures how
  well it explains the mask, so a tilted cylinder loses overlap in the view it was tilted in.

Everything here is pure geometry on masks: no ground truth is read.
"""

from __future__ import annotations

import math

import numpy as np

from spatioxolver.world import WorldPrior

__all__ = [
    "Orbit",
    "fit_orbit",
    "camera_matrix",
    "ground_point",
    "cube_yaw",
    "upright_fit",
    "yaw_gap",
    "pose_anomalies",
]


def _world(prior: WorldPrior | None) -> WorldPrior:
    """The prior the geometry assumes: the caller's, else the renderer's (CLEVR's) world.

    The transformation agent always passes the run's prior and computes no pose cue
    without one; the default serves direct callers of this module's geometry.
    """
    return prior if prior is not None else WorldPrior.clevr()


class Orbit:
    """Two level cameras looking at the world origin: ``(elev1, elev2, dazim)`` degrees.

    ``prior``: the world (its nominal camera distance, which only sets the scale, and its
    object sizes); CLEVR's when ``None``.
    """

    def __init__(
        self,
        K: np.ndarray,
        elev1: float,
        elev2: float,
        dazim: float,
        cost: float,
        prior: WorldPrior | None = None,
    ) -> None:
        self.K = np.asarray(K, float)
        self.elev = (float(elev1), float(elev2))
        self.dazim = float(dazim)
        self.cost = float(cost)
        self.prior = _world(prior)
        distance = self.prior.nominal_distance_m
        self.cams = (
            camera_matrix(0.0, elev1, distance),
            camera_matrix(dazim, elev2, distance),
        )

    def radius(self, size: str | None) -> float:
        """Physical scale ``r`` of a size class word in the orbit's world (0.5 when unknown)."""
        return self.prior.object_sizes.get(size or "", 0.5)

    def project(self, view: int, pts: np.ndarray) -> np.ndarray:
        """Pixels ``(N, 2)`` of world points ``(N, 3)`` in ``view`` (0 or 1)."""
        R, t = self.cams[view]
        c = pts @ R.T + t
        uvw = c @ self.K.T
        return uvw[:, :2] / np.maximum(uvw[:, 2:], 1e-6)

    def backproject(self, view: int, pix: np.ndarray) -> np.ndarray:
        """Ground points ``(N, 3)`` (z = 0) seen at pixels ``(N, 2)`` in ``view``."""
        return ground_point(self.K, *self.cams[view], pix)


def camera_matrix(azimuth: float, elevation: float, distance: float) -> tuple[np.ndarray, np.ndarray]:
    """``(R, t)`` world-to-camera (OpenCV axes: x right, y down, z forward) of a level
    camera at the given azimuth / elevation (degrees) and distance, looking at the origin."""
    a, e = math.radians(azimuth), math.radians(elevation)
    pos = distance * np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
    fwd = -pos / np.linalg.norm(pos)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    right /= max(np.linalg.norm(right), 1e-12)
    down = np.cross(fwd, right)
    R = np.stack([right, down, fwd])
    return R, -R @ pos


def ground_point(K: np.ndarray, R: np.ndarray, t: np.ndarray, pix: np.ndarray) -> np.ndarray:
    """Intersect the rays of pixels ``(N, 2)`` with the ground plane z = 0."""
    pix = np.atleast_2d(np.asarray(pix, float))
    rays = np.linalg.solve(K, np.vstack([pix.T, np.ones(len(pix))]))  # camera frame
    dirs = (R.T @ rays).T
    centre = -R.T @ t
    dz = np.where(np.abs(dirs[:, 2]) < 1e-6, -1e-6, dirs[:, 2])
    s = np.clip(-centre[2] / dz, 0.0, 1e3)
    return centre + s[:, None] * dirs


def fit_orbit(p1: np.ndarray, p2: np.ndarray, K: np.ndarray, prior: WorldPrior | None = None) -> Orbit | None:
    """The camera orbit that carries ground points ``p1`` (view 1 pixels) onto ``p2``.

    Fits both elevations (clipped to 5-85 degrees) and the azimuth change by robust least
    squares from both orbit directions; ``None`` with fewer than three points.
    """
    from scipy.optimize import least_squares

    p1, p2 = np.asarray(p1, float), np.asarray(p2, float)
    if len(p1) < 3:
        return None
    scale = float(K[0, 0]) * 0.01
    world = _world(prior)

    def resid(x: np.ndarray) -> np.ndarray:
        orbit = Orbit(K, x[0], x[1], x[2], 0.0, world)
        g = orbit.backproject(0, p1)
        return ((orbit.project(1, g) - p2) / scale).ravel()

    best = None
    for d0 in (-35.0, 35.0):
        for e0 in (world.nominal_elevation_deg,):
            try:
                r = least_squares(
                    resid, [e0, e0, d0], bounds=([5, 5, -120], [85, 85, 120]), loss="soft_l1", f_scale=1.0
                )
            except ValueError:
                continue
            if best is None or r.cost < best.cost:
                best = r
    if best is None:
        return None
    return Orbit(K, best.x[0], best.x[1], best.x[2], best.cost / len(p1), world)


def _iou(mask: np.ndarray, poly: np.ndarray, hidden: np.ndarray | None = None) -> float:
    """IoU of ``mask`` with the filled ``poly``; model pixels under ``hidden`` (other objects,
    which may occlude this one) do not count against it."""
    import cv2

    canvas = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(canvas, np.round(poly * 4).astype(np.int32), 1, lineType=cv2.LINE_8, shift=2)
    inter = np.count_nonzero(canvas & mask)
    extra = canvas & ~mask
    if hidden is not None:
        extra &= ~hidden
    union = np.count_nonzero(mask) + np.count_nonzero(extra)
    return inter / union if union else 0.0


def _hull(pix: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.convexHull(pix.astype(np.float32)).reshape(-1, 2).astype(float)


def _fit_to_mask(poly: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Scale ``poly`` about its centroid to the mask's area and move it onto the mask's centroid."""
    import cv2

    area = abs(cv2.contourArea(poly.astype(np.float32)))
    ys, xs = np.nonzero(mask)
    if area < 1 or xs.size == 0:
        return poly
    c = poly.mean(axis=0)
    k = math.sqrt(xs.size / area)
    return (poly - c) * k + np.array([xs.mean() + 0.5, ys.mean() + 0.5])


def _crop(
    mask: np.ndarray, hidden: np.ndarray | None, pad: int = 6
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    ys, xs = np.nonzero(mask)
    y0, x0 = max(ys.min() - pad, 0), max(xs.min() - pad, 0)
    y1, x1 = min(ys.max() + pad + 1, mask.shape[0]), min(xs.max() + pad + 1, mask.shape[1])
    sub_hidden = None if hidden is None else hidden[y0:y1, x0:x1].astype(np.uint8)
    return mask[y0:y1, x0:x1].astype(np.uint8), sub_hidden, np.array([x0, y0], float)


def _cube_corners(centre: np.ndarray, half: float, yaw: float) -> np.ndarray:
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    local = np.array([[x, y, z] for x in (-half, half) for y in (-half, half) for z in (-half, half)])
    rot = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    return local @ rot.T + centre


def cube_yaw(
    orbit: Orbit,
    view: int,
    mask: np.ndarray,
    footprint: np.ndarray,
    size: str | None,
    *,
    hidden: np.ndarray | None = None,
    step: float = 3.0,
) -> tuple[float, float] | None:
    """``(world yaw mod 90, IoU)`` of the upright cube that best explains ``mask`` in ``view``.

    ``hidden``: pixels of other objects (a boolean image), where the cube may be occluded.
    """
    if mask.sum() < 20:
        return None
    sub, hid, off = _crop(mask, hidden)
    r = orbit.radius(size)
    half = r / math.sqrt(2.0)
    g = orbit.backproject(view, np.asarray(footprint, float)[None])[0]
    centre = np.array([g[0], g[1], half])
    yaws = np.arange(0.0, 90.0, step)
    ious = []
    for yaw in yaws:
        poly = _fit_to_mask(_hull(orbit.project(view, _cube_corners(centre, half, yaw))) - off, sub)
        ious.append(_iou(sub, poly, hid))
    ious_arr = np.array(ious)
    k = int(np.argmax(ious_arr))
    # Parabolic refinement on the circular grid.
    lo, hi = ious_arr[(k - 1) % len(yaws)], ious_arr[(k + 1) % len(yaws)]
    den = lo - 2 * ious_arr[k] + hi
    delta = 0.5 * (lo - hi) / den if den < -1e-9 else 0.0
    yaw = float((yaws[k] + step * float(np.clip(delta, -0.5, 0.5))) % 90.0)
    return yaw, float(ious_arr[k])


def _side_deviation(sub: np.ndarray, hid: np.ndarray | None, poly: np.ndarray) -> float | None:
    """Larger difference (degrees) between the outline side slopes of ``sub`` and ``poly``."""
    import cv2

    model = np.zeros(sub.shape, np.uint8)
    cv2.fillConvexPoly(model, np.round(poly * 4).astype(np.int32), 1, lineType=cv2.LINE_8, shift=2)
    seen, fitted = _side_slopes(sub, hid), _side_slopes(model, None)
    gaps = [abs(a - b) for a, b in zip(seen, fitted, strict=True) if a is not None and b is not None]
    return max(gaps) if gaps else None


def upright_fit(
    orbit: Orbit,
    view: int,
    mask: np.ndarray,
    footprint: np.ndarray,
    size: str | None,
    *,
    hidden: np.ndarray | None = None,
) -> tuple[float, float | None] | None:
    """``(IoU, side deviation)`` of an upright cylinder at ``footprint`` against ``mask``.

    The model silhouette is matched in area and centroid. The side deviation is the larger
    difference (degrees) between the slopes of the mask's left / right outline and the
    model's (the projections of vertical lines): a tilted cylinder leans its sides.
    """
    if mask.sum() < 20:
        return None
    sub, hid, off = _crop(mask, hidden)
    r = orbit.radius(size)
    g = orbit.backproject(view, np.asarray(footprint, float)[None])[0]
    ang = np.linspace(0, 2 * math.pi, 36, endpoint=False)
    ring = np.stack([g[0] + r * np.cos(ang), g[1] + r * np.sin(ang)], axis=1)
    pts = np.vstack([np.c_[ring, np.zeros(len(ang))], np.c_[ring, np.full(len(ang), 2 * r)]])
    poly = _fit_to_mask(_hull(orbit.project(view, pts)) - off, sub)
    return _iou(sub, poly, hid), _side_deviation(sub, hid, poly)


def _side_slopes(mask: np.ndarray, hidden: np.ndarray | None) -> list[float | None]:
    """Angles from vertical (degrees, signed) of the left and right outline over the middle
    40 % of the rows; rows whose outline pixel borders ``hidden`` (an occluder) are skipped."""
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size < 10:
        return [None, None]
    lo, hi = rows[int(0.3 * rows.size)], rows[int(0.7 * rows.size)]
    sub = mask[lo : hi + 1].astype(bool)
    ys = np.arange(lo, hi + 1)
    have = sub.any(axis=1)
    left = sub.argmax(axis=1)
    right = sub.shape[1] - 1 - sub[:, ::-1].argmax(axis=1)
    out: list[float | None] = []
    for xs, step in ((left, -2), (right, 2)):
        keep = have.copy()
        if hidden is not None:
            nb = np.clip(xs + step, 0, mask.shape[1] - 1)
            keep &= ~hidden[ys, nb].astype(bool)
        if keep.sum() < 5:
            out.append(None)
            continue
        slope = np.polyfit(ys[keep].astype(float), xs[keep].astype(float), 1)[0]
        out.append(math.degrees(math.atan(slope)))
    return out


def yaw_gap(a: float, b: float) -> float:
    """Degrees between two cube yaws modulo 90."""
    d = abs(a - b) % 90.0
    return min(d, 90.0 - d)


def _others(masks: list[np.ndarray], k: int) -> np.ndarray:
    import cv2

    hidden = np.zeros(masks[k].shape, np.uint8)
    for n, m in enumerate(masks):
        if n != k:
            hidden |= m.astype(np.uint8)
    return cv2.dilate(hidden, np.ones((5, 5), np.uint8)).astype(bool)


def pose_anomalies(
    K: np.ndarray,
    masks_a: list[np.ndarray],
    masks_b: list[np.ndarray],
    foot_a: np.ndarray,
    foot_b: np.ndarray,
    shapes: list[str | None],
    sizes: list[str | None],
    *,
    min_iou: float = 0.7,
    tilt_iou: float = 0.05,
    tilt_deg: float = 3.0,
    prior: WorldPrior | None = None,
) -> tuple[Orbit | None, list[dict[str, float]]]:
    """Per matched object, how badly the fitted camera orbit explains its pose change.

    Args:
        K: 3x3 intrinsics shared by both views.
        masks_a, masks_b: boolean masks of the matched objects in view 1 / view 2 (same order).
        foot_a, foot_b: ``(N, 2)`` footprint pixels (ground contact centres) in both views.
        shapes, sizes: attribute words (``"cube"`` / ``"cylinder"``; ``"small"`` / ``"large"``).
        min_iou: a cube whose upright model overlaps its mask less than this (occlusion,
            bad segmentation) gets a proportionally weaker yaw cue (full weight at +0.25).
        tilt_iou: loss of upright-cylinder overlap between the views worth one unit.
        tilt_deg: growth of a cylinder's side deviation from the upright model (degrees,
            view 2 against view 1) worth one unit.

    Returns:
        ``(orbit, details)``; ``details[n]["pose"]`` is the anomaly (about 1 for a cube
        turned 15 degrees against the orbit or a cylinder tilted enough to lose ``tilt_iou``
        of overlap); empty details when no orbit could be fitted.
    """
    orbit = fit_orbit(foot_a, foot_b, K, prior)
    if orbit is None:
        return None, []
    out: list[dict[str, float]] = []
    for n, shape in enumerate(shapes):
        d: dict[str, float] = {"pose": 0.0}
        if shape == "cube":
            ya = cube_yaw(orbit, 0, masks_a[n], foot_a[n], sizes[n], hidden=_others(masks_a, n))
            yb = cube_yaw(orbit, 1, masks_b[n], foot_b[n], sizes[n], hidden=_others(masks_b, n))
            if ya is not None and yb is not None:
                gap = yaw_gap(ya[0], yb[0])
                weight = float(np.clip((min(ya[1], yb[1]) - min_iou) / 0.25, 0.0, 1.0))
                d.update(yaw_gap_deg=round(gap, 2), iou_a=round(ya[1], 3), iou_b=round(yb[1], 3))
                d["pose"] = gap / 15.0 * weight
        elif shape == "cylinder":
            ua = upright_fit(orbit, 0, masks_a[n], foot_a[n], sizes[n], hidden=_others(masks_a, n))
            ub = upright_fit(orbit, 1, masks_b[n], foot_b[n], sizes[n], hidden=_others(masks_b, n))
            if ua is not None and ub is not None:
                d.update(iou_a=round(ua[0], 3), iou_b=round(ub[0], 3))
                d["pose"] = max(ua[0] - ub[0], 0.0) / tilt_iou
                if ua[1] is not None and ub[1] is not None:
                    lean = ub[1] - ua[1]
                    weight = float(np.clip((min(ua[0], ub[0]) - min_iou) / 0.25, 0.0, 1.0))
                    d["side_lean_deg"] = round(lean, 2)
                    d["pose"] = max(d["pose"], max(lean, 0.0) / tilt_deg * weight)
        out.append(d)
    return orbit, out
