"""Camera conventions: OpenCV frame, orbit direction, top-down north."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.scenes import directions, orbit_camera, top_down_camera


@settings(max_examples=40, deadline=None)
@given(
    az=st.floats(0, 360),
    el=st.floats(5, 85),
    dist=st.floats(3, 30),
)
def test_orbit_camera_is_a_level_rotation_looking_at_the_target(az: float, el: float, dist: float) -> None:
    cam = orbit_camera(az, el, dist, width=320, height=240)
    R = cam.R
    assert np.allclose(R @ R.T, np.eye(3), atol=1e-9)
    assert np.linalg.det(R) == pytest.approx(1.0)
    # the target projects to the principal point, at depth = distance
    u, v, z = cam.project(np.zeros(3))
    assert (u, v) == (pytest.approx(160.0), pytest.approx(120.0))
    assert z == pytest.approx(dist)
    # x right is horizontal (no roll); y points down in the world (negative z component)
    assert abs(R[0, 2]) < 1e-9
    assert R[1, 2] < 0
    assert np.allclose(cam.position, np.linalg.norm(cam.position) * cam.position / dist)


def test_a_point_above_the_target_projects_higher_and_a_right_point_further_right() -> None:
    cam = orbit_camera(30, 40, 10, width=320, height=240)
    _, v_up, _ = cam.project(np.array([0, 0, 1.0]))
    assert v_up < 120
    u_right, _, _ = cam.project(cam.R[0] * 1.0)
    assert u_right > 160


def test_orbiting_right_increases_azimuth_counter_clockwise() -> None:
    cam = orbit_camera(0, 30, 10, width=64, height=48)
    # camera at +x looking toward -x: its right hand is world +y
    assert np.allclose(cam.R[0], [0, 1, 0], atol=1e-9)
    moved = orbit_camera(10, 30, 10, width=64, height=48)
    assert moved.position[1] > 0  # moved toward its right (+y)


def test_top_down_north_is_the_reference_viewers_behind() -> None:
    cam = orbit_camera(75, 35, 11, width=320, height=240)
    top = top_down_camera(cam, 20.0, width=320, height=240)
    d0, dt = directions(cam), directions(top)
    assert np.allclose(dt["behind"], d0["behind"], atol=1e-9)
    assert np.allclose(dt["left"], d0["left"], atol=1e-9)
    # a point "behind" the scene centre appears above the image centre in the top-down view
    _, v, _ = top.project(np.array(d0["behind"]) * 2.0)
    assert v < 120
