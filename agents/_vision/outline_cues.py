"""Outline cues of the transformation agent: how an object's ground outline and turn change.

The bottom outline of an upright object lies on the ground plane, which the global motion
between two views of a tabletop maps exactly; a re-posed object breaks that. These helpers
read footprints, bottom edges and cube turns off masks and compare them across frames
(used by :mod:`spatioxolver.agents.transformation`).
"""

from __future__ import annotations

import math

import numpy as np

from spatioxolver.schema import SpatialObject

from .objects import object_mask

__all__ = [
    "apply_motion",
    "bottom_profile",
    "with_footprint",
    "footprint_change",
    "line_angle",
    "bottom_edges",
    "warp_angle",
    "angle_gap",
    "yaw_mismatch",
    "side_tilt",
    "corner_yaw",
    "yaw_consensus_deviation",
]


def apply_motion(M: np.ndarray, pts: np.ndarray) -> np.ndarray:
    h = np.hstack([pts, np.ones((len(pts), 1))]) @ M.T
    return h[:, :2] / np.where(np.abs(h[:, 2:]) < 1e-12, 1e-12, h[:, 2:])


def bottom_profile(obj: SpatialObject, shape: tuple[int, int] | None) -> np.ndarray | None:
    """Lowest mask pixel per column, ``(K, 2)`` points (x, y): where an upright object meets the ground."""
    mask = object_mask(obj, shape) if obj.mask is not None else None
    if mask is None:
        return None
    cols = np.flatnonzero(mask.any(axis=0))
    if cols.size < 4:
        return None
    sub = mask[:, cols]
    bottom = sub.shape[0] - 1 - np.argmax(sub[::-1], axis=0)
    return np.stack([cols.astype(float), bottom.astype(float)], axis=1)


def with_footprint(obj: SpatialObject, shape: tuple[int, int] | None) -> SpatialObject:
    """Add ``extras["footprint"]``: the image of the centre of the object's ground footprint.

    For an upright box or cylinder the lower outline runs between the bottom ends of the two
    vertical sides, the extremes of the footprint seen from above; their midpoint is the
    footprint's centre (the middle of a parallelogram's diagonal, or of an ellipse's
    horizontal axis) whatever the object's turn, so it is the same ground point in every
    view. Spheres touch the ground below their lowest outline point.
    """
    profile = bottom_profile(obj, shape)
    if profile is None:
        return obj
    if obj.attributes.shape == "sphere":
        point = [float(profile[:, 0].mean()), float(profile[:, 1].max())]
    else:
        point = [float((profile[0, 0] + profile[-1, 0]) / 2), float((profile[0, 1] + profile[-1, 1]) / 2)]
    extras = {**obj.attributes.extras, "footprint": [round(point[0], 2), round(point[1], 2)]}
    return obj.model_copy(update={"attributes": obj.attributes.model_copy(update={"extras": extras})})


def footprint_change(pa: np.ndarray | None, pb: np.ndarray | None, M: np.ndarray) -> float:
    """How differently the ground outline looks after warping frame a's by the motion ``M``.

    The bottom outline of an upright cube or cylinder lies on the ground plane, which the
    global homography maps exactly; an object re-posed between the frames breaks that. The
    warped and observed outlines are compared as height profiles over a normalized width,
    after removing their mean (so a small error in the global fit does not count).
    """
    if pa is None or pb is None:
        return 0.0
    wa = apply_motion(M, pa)
    wa = wa[np.argsort(wa[:, 0])]
    width_a, width_b = np.ptp(wa[:, 0]), np.ptp(pb[:, 0])
    if width_a < 2 or width_b < 2:
        return 0.0
    grid = np.linspace(0.05, 0.95, 24)
    ya = np.interp(grid, (wa[:, 0] - wa[0, 0]) / width_a, wa[:, 1])
    yb = np.interp(grid, (pb[:, 0] - pb[0, 0]) / width_b, pb[:, 1])
    scale = (width_a + width_b) / 2
    shape_diff = float(np.sqrt(np.mean(((ya - ya.mean()) - (yb - yb.mean())) ** 2)) / scale)
    return shape_diff + abs(math.log(width_a / width_b)) * 0.5


def line_angle(points: np.ndarray) -> float | None:
    """Direction (degrees, mod 180) of the total-least-squares line through ``points``."""
    if len(points) < 3:
        return None
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    dx, dy = vt[0]
    return math.degrees(math.atan2(dy, dx)) % 180.0


def bottom_edges(profile: np.ndarray | None) -> list[tuple[np.ndarray, float]]:
    """The (up to two) straight bottom edges of a box silhouette: (anchor point, angle).

    A cube resting on the ground shows two of its bottom edges as the lower outline, meeting
    at the corner nearest the camera (the outline's lowest point); face-on it shows one
    (the two halves then have the same direction and are merged).
    """
    if profile is None or len(profile) < 8:
        return []
    k = int(np.argmax(profile[:, 1]))
    n = len(profile)
    parts = [
        p
        for p in (profile[int(0.1 * n) : max(k - 1, 0)], profile[k + 2 : int(0.9 * n)])
        if len(p) >= max(4, int(0.2 * n))
    ]
    edges = []
    for part in parts:
        angle = line_angle(part)
        if angle is not None:
            edges.append((part, angle))
    if len(edges) == 2 and angle_gap(edges[0][1], edges[1][1]) < 30.0:
        both = np.vstack([edges[0][0], edges[1][0]])
        angle = line_angle(both)
        edges = [(both, angle)] if angle is not None else []
    return [(part.mean(axis=0), angle) for part, angle in edges]


def warp_angle(M: np.ndarray, point: np.ndarray, angle: float, step: float = 8.0) -> float:
    rad = math.radians(angle)
    pts = np.array([point, point + step * np.array([math.cos(rad), math.sin(rad)])])
    w = apply_motion(M, pts)
    d = w[1] - w[0]
    return math.degrees(math.atan2(d[1], d[0])) % 180.0


def angle_gap(a: float, b: float) -> float:
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def yaw_mismatch(pa: np.ndarray | None, pb: np.ndarray | None, M: np.ndarray) -> float | None:
    """Degrees between a cube's bottom edges warped by the ground motion and the observed ones.

    The bottom edges lie on the ground plane, which the global motion maps; a cube turned
    between the frames shows edges in other directions. ``None`` without usable edges.
    """
    ea, eb = bottom_edges(pa), bottom_edges(pb)
    if not ea or not eb:
        return None
    predicted = [warp_angle(M, p, ang) for p, ang in ea]
    observed = [ang for _, ang in eb]
    if len(predicted) == 2 and len(observed) == 2:
        straight = angle_gap(predicted[0], observed[0]) + angle_gap(predicted[1], observed[1])
        crossed = angle_gap(predicted[0], observed[1]) + angle_gap(predicted[1], observed[0])
        return float(min(straight, crossed) / 2)
    # One side face-on: only one edge can be checked; one of them must line up.
    return float(min(min(angle_gap(o, q) for q in predicted) for o in observed))


def side_tilt(obj: SpatialObject, shape: tuple[int, int] | None) -> float | None:
    """Mean angle from vertical of the left / right outline (an upright object has ~0)."""
    mask = object_mask(obj, shape) if obj.mask is not None else None
    if mask is None:
        return None
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size < 10:
        return None
    lo, hi = rows[int(0.25 * rows.size)], rows[int(0.75 * rows.size)]
    sub = mask[lo : hi + 1]
    ys = np.arange(lo, hi + 1, dtype=float)
    left = sub.argmax(axis=1).astype(float)
    right = (sub.shape[1] - 1 - sub[:, ::-1].argmax(axis=1)).astype(float)
    tilts = []
    for xs in (left, right):
        angle = line_angle(np.stack([xs, ys], axis=1))
        if angle is not None:
            tilts.append(angle_gap(angle, 90.0))
    return float(np.mean(tilts)) if tilts else None


def corner_yaw(obj: SpatialObject) -> float | None:
    """A cube's yaw relative to the camera, degrees mod 90, from where its nearest bottom
    corner (the outline's lowest point) sits across its width.

    Seen from above, the nearest corner of a square footprint turned by ``phi`` sits at
    ``r = cos(theta_near) / max|cos(theta_k)|`` of the half-width from the centre
    (``theta_k = phi + 45 + 90 k``), whatever the elevation; inverted by table.
    """
    contact = obj.attributes.extras.get("contact")
    if contact is None or obj.bbox is None:
        return None
    x0, _, x1, _ = obj.bbox
    if x1 - x0 < 6:
        return None
    r = float(np.clip(2.0 * (contact[0] - x0) / (x1 - x0) - 1.0, -1.0, 1.0))
    return float(np.interp(r, _YAW_TABLE[1], _YAW_TABLE[0]))


def _yaw_table() -> tuple[np.ndarray, np.ndarray]:
    phis = np.linspace(0.5, 89.5, 179)
    rs = []
    for phi in phis:
        ang = np.radians(phi + 45.0 + 90.0 * np.arange(4))
        near = int(np.argmin(np.abs(((np.degrees(ang) - 270.0 + 180.0) % 360.0) - 180.0)))
        rs.append(math.cos(ang[near]) / np.abs(np.cos(ang)).max())
    return phis, np.array(rs)


_YAW_TABLE = _yaw_table()


def yaw_consensus_deviation(turns: dict[int, float]) -> dict[int, float]:
    """Per cube, degrees between its turn (mod 90) and the others' circular mean turn."""
    out: dict[int, float] = {}
    if len(turns) < 3:
        return out
    for n, t in turns.items():
        others = [v for k, v in turns.items() if k != n]
        ang = np.radians(np.array(others) * 4.0)
        mean = math.degrees(math.atan2(np.sin(ang).mean(), np.cos(ang).mean())) / 4.0
        d = abs((t - mean + 45.0) % 90.0 - 45.0)
        out[n] = d
    return out
