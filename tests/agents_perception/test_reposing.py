"""Orbit-consistency pose cues (seed 002 re-posing): orbit fit, cube yaw, end-to-end flagging."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spatioxolver.agents._vision.reposing import (
    Orbit,
    cube_yaw,
    fit_orbit,
    pose_anomalies,
    yaw_gap,
)

#: The renderer's world: these tests read our own renders (issue 13: no prior unless given).
CLEVR = {"world_prior": "clevr"}

K = np.array([[466.6667, 0.0, 240.0], [0.0, 466.6667, 160.0], [0.0, 0.0, 1.0]])
GROUND = np.array(
    [[-2.0, -1.5, 0], [1.8, -2.2, 0], [0.3, 2.1, 0], [-1.2, 1.0, 0], [2.4, 1.6, 0], [0.0, 0.0, 0]]
)


@settings(max_examples=15, deadline=None)
@given(
    e1=st.floats(28, 52),
    e2=st.floats(28, 52),
    dazim=st.one_of(st.floats(-45, -25), st.floats(25, 45)),
)
def test_fit_orbit_recovers_the_camera_motion(e1: float, e2: float, dazim: float) -> None:
    truth = Orbit(K, e1, e2, dazim, 0.0)
    p1, p2 = truth.project(0, GROUND), truth.project(1, GROUND)
    fit = fit_orbit(p1, p2, K)
    assert fit is not None
    assert fit.dazim == pytest.approx(dazim, abs=1.0)
    assert fit.elev[0] == pytest.approx(e1, abs=1.0)
    assert fit.elev[1] == pytest.approx(e2, abs=1.0)


def test_fit_orbit_needs_three_points() -> None:
    assert fit_orbit(np.zeros((2, 2)), np.zeros((2, 2)), K) is None


def _cube_mask(
    orbit: Orbit, view: int, xy: tuple[float, float], yaw: float, half: float = 0.495
) -> np.ndarray:
    import cv2
    from spatioxolver.agents._vision.reposing import _cube_corners, _hull

    centre = np.array([xy[0], xy[1], half])
    poly = _hull(orbit.project(view, _cube_corners(centre, half, yaw)))
    mask = np.zeros((320, 480), np.uint8)
    cv2.fillConvexPoly(mask, np.round(poly).astype(np.int32), 1)
    return mask.astype(bool)


def _foot(orbit: Orbit, view: int, xy: tuple[float, float]) -> np.ndarray:
    return orbit.project(view, np.array([[xy[0], xy[1], 0.0]]))[0]


@pytest.mark.parametrize("yaw", [10.0, 33.0, 61.0, 80.0])
def test_cube_yaw_is_the_same_world_yaw_in_both_views(yaw: float) -> None:
    orbit = Orbit(K, 35.0, 42.0, 30.0, 0.0)
    xy = (0.8, -0.6)
    ya = cube_yaw(orbit, 0, _cube_mask(orbit, 0, xy, yaw), _foot(orbit, 0, xy), "large")
    yb = cube_yaw(orbit, 1, _cube_mask(orbit, 1, xy, yaw), _foot(orbit, 1, xy), "large")
    assert ya is not None and yb is not None
    assert yaw_gap(ya[0], yaw) < 4.0 and yaw_gap(yb[0], yaw) < 4.0
    assert ya[1] > 0.9 and yb[1] > 0.9


def test_pose_anomalies_single_out_the_turned_cube() -> None:
    orbit = Orbit(K, 38.0, 33.0, -35.0, 0.0)
    spots = [(-1.8, -1.2), (1.6, -1.6), (0.2, 1.9), (-0.6, 0.4)]
    yaws = [12.0, 40.0, 70.0, 25.0]
    turned = 2
    masks_a = [_cube_mask(orbit, 0, p, y) for p, y in zip(spots, yaws, strict=True)]
    masks_b = [
        _cube_mask(orbit, 1, p, y + (35.0 if n == turned else 0.0))
        for n, (p, y) in enumerate(zip(spots, yaws, strict=True))
    ]
    foot_a = np.array([_foot(orbit, 0, p) for p in spots])
    foot_b = np.array([_foot(orbit, 1, p) for p in spots])
    fit, details = pose_anomalies(K, masks_a, masks_b, foot_a, foot_b, ["cube"] * 4, ["large"] * 4)
    assert fit is not None and fit.dazim == pytest.approx(-35.0, abs=2.0)
    scores = [d["pose"] for d in details]
    assert int(np.argmax(scores)) == turned
    assert details[turned]["yaw_gap_deg"] > 25.0
    assert all(d["yaw_gap_deg"] < 6.0 for n, d in enumerate(details) if n != turned)


def _render_pair(turn: float) -> tuple:
    """Two renders of four cubes and a sphere, the camera orbiting 35 degrees; cube 1 is
    turned by ``turn`` degrees about the vertical in the second view only."""
    from spatioxolver.scenes._camera import orbit_camera
    from spatioxolver.scenes._render import render_view

    spec = [
        ("cube", "large", "red", (-1.8, -1.0), 10.0),
        ("cube", "large", "blue", (1.5, -1.8), 35.0),
        ("cube", "large", "green", (0.3, 1.9), 62.0),
        ("cube", "small", "yellow", (-0.4, 0.2), 80.0),
        ("sphere", "large", "purple", (2.2, 1.3), 0.0),
    ]
    objects = []
    for shape, size, colour, (x, y), yaw in spec:
        r = 0.7 if size == "large" else 0.35
        z = r / math.sqrt(2) if shape == "cube" else r
        objects.append({"shape": shape, "size": size, "material": "rubber", "color": colour,
                        "r": r, "rotation": yaw, "3d_coords": [x, y, z]})  # fmt: skip
    cams = [orbit_camera(a, e, 11.0, width=480, height=320) for a, e in ((20.0, 38.0), (55.0, 34.0))]
    first = render_view(objects, cams[0], supersample=1)
    edited = [dict(o) for o in objects]
    edited[1]["rotation"] = edited[1]["rotation"] + turn
    second = render_view(edited, cams[1], supersample=1)
    return first.rgb, second.rgb


def test_track_flags_the_turned_cube_in_two_renders() -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment
    from spatioxolver.agents.transformation import track

    rgb_a, rgb_b = _render_pair(turn=38.0)
    fa = (rgb_a, describe(rgb_a, segment(rgb_a, options={"frame": 0}), options=CLEVR))
    fb = (rgb_b, describe(rgb_b, segment(rgb_b, options={"frame": 1}), options=CLEVR))
    result = track([fa, fb], options={"flag": "always", **CLEVR})
    per = [t for t in result if t.kind == "motion"]
    assert len(per) == 5
    flagged = [t for t in per if t.inconsistent]
    assert len(flagged) == 1
    blue = next(o for o in fa[1] if o.id == flagged[0].object)
    assert blue.attributes.color == "blue" and blue.attributes.shape == "cube"
    assert flagged[0].extras["orbit_yaw_gap_deg"] > 20.0
    assert flagged[0].extras["orbit_azimuth_change"] == pytest.approx(35.0, abs=6.0)
    # Without the turn no cube deviates from the orbit.
    rgb_a, rgb_b = _render_pair(turn=0.0)
    fa = (rgb_a, describe(rgb_a, segment(rgb_a, options={"frame": 0}), options=CLEVR))
    fb = (rgb_b, describe(rgb_b, segment(rgb_b, options={"frame": 1}), options=CLEVR))
    gaps = [t.extras.get("orbit_yaw_gap_deg") for t in track([fa, fb], options=CLEVR) if t.kind == "motion"]
    assert all(g is None or g < 10.0 for g in gaps)
    assert any(g is not None for g in gaps)


def _cylinder_mask(
    orbit: Orbit, view: int, xy: tuple[float, float], tilt: float = 0.0, r: float = 0.7
) -> np.ndarray:
    """An upright (or tilted about the view's optical axis projected on the ground) cylinder."""
    import cv2
    from spatioxolver.agents._vision.reposing import _hull

    ang = np.linspace(0, 2 * math.pi, 48, endpoint=False)
    ring = np.stack([r * np.cos(ang), r * np.sin(ang), np.zeros_like(ang)], axis=1)
    local = np.vstack([ring - [0, 0, r], ring + [0, 0, r]])
    fwd = orbit.cams[view][0][2].copy()
    fwd[2] = 0.0
    fwd /= np.linalg.norm(fwd)
    t = math.radians(tilt)
    k = np.array([[0, -fwd[2], fwd[1]], [fwd[2], 0, -fwd[0]], [-fwd[1], fwd[0], 0]])
    rot = np.eye(3) + math.sin(t) * k + (1 - math.cos(t)) * k @ k
    pts = local @ rot.T + [xy[0], xy[1], r]
    poly = _hull(orbit.project(view, pts))
    mask = np.zeros((320, 480), np.uint8)
    cv2.fillConvexPoly(mask, np.round(poly).astype(np.int32), 1)
    return mask.astype(bool)


def test_pose_anomalies_single_out_the_tilted_cylinder() -> None:
    orbit = Orbit(K, 40.0, 36.0, 30.0, 0.0)
    spots = [(-1.8, -1.2), (1.6, -1.6), (0.2, 1.9), (-0.9, 0.6)]
    tilted = 1
    masks_a = [_cylinder_mask(orbit, 0, p) for p in spots]
    masks_b = [_cylinder_mask(orbit, 1, p, 20.0 if n == tilted else 0.0) for n, p in enumerate(spots)]
    foot_a = np.array([_foot(orbit, 0, p) for p in spots])
    foot_b = np.array([_foot(orbit, 1, p) for p in spots])
    _, details = pose_anomalies(K, masks_a, masks_b, foot_a, foot_b, ["cylinder"] * 4, ["large"] * 4)
    assert int(np.argmax([d["pose"] for d in details])) == tilted
    assert details[tilted]["side_lean_deg"] > 8.0
    assert all(abs(d["side_lean_deg"]) < 3.0 for n, d in enumerate(details) if n != tilted)
