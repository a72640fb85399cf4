"""Analytic intersections and the rendered buffers."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.scenes import Lighting, orbit_camera, render_view
from spatioxolver.scenes._raycast import Primitive, _intersect
from spatioxolver.scenes._render import yaw_matrix


def _prim(
    shape: str, half: tuple[float, float, float], yaw: float = 0.0, center=(0.0, 0.0, 0.0)
) -> Primitive:
    return Primitive(shape, np.array(center, float), yaw_matrix(yaw), half, (0.5, 0.5, 0.5), False)


@pytest.mark.parametrize(
    ("shape", "half", "yaw", "origin", "direction", "expected"),
    [
        # sphere of radius 1 hit head-on from x = -5: first surface at t = 4
        ("sphere", (1, 1, 1), 0, (-5, 0, 0), (1, 0, 0), 4.0),
        # axis-aligned cube of half side 1: face at x = -1
        ("cube", (1, 1, 1), 0, (-5, 0, 0), (1, 0, 0), 4.0),
        # cube turned 45 degrees: the edge at x = -sqrt(2) is hit first
        ("cube", (1, 1, 1), 45, (-5, 0, 0), (1, 0, 0), 5 - np.sqrt(2)),
        # cylinder radius 1, half height 1: side hit from the x axis, cap hit from above
        ("cylinder", (1, 1, 1), 0, (-5, 0, 0), (1, 0, 0), 4.0),
        ("cylinder", (1, 1, 1), 0, (0.5, 0, 5), (0, 0, -1), 4.0),
        # misses
        ("sphere", (1, 1, 1), 0, (-5, 2, 0), (1, 0, 0), np.inf),
        ("cylinder", (1, 1, 1), 0, (-5, 0, 1.5), (1, 0, 0), np.inf),
    ],
)
def test_analytic_intersections(shape, half, yaw, origin, direction, expected) -> None:
    t = _intersect(_prim(shape, half, yaw), np.array(origin, float), np.array([direction], float))
    assert t[0] == pytest.approx(expected)


def _two_objects() -> list[dict]:
    return [
        {"shape": "cube", "size": "large", "material": "rubber", "color": "red", "r": 0.7,
         "rotation": 30.0, "3d_coords": [0.0, -1.0, 0.7 / np.sqrt(2)]},
        {"shape": "sphere", "size": "small", "material": "metal", "color": "blue", "r": 0.35,
         "rotation": 0.0, "3d_coords": [0.5, 1.5, 0.35]},
    ]  # fmt: skip


def test_render_view_buffers_agree_with_geometry() -> None:
    cam = orbit_camera(0, 35, 10, width=160, height=120)
    view = render_view(_two_objects(), cam)
    assert view.rgb.shape == (120, 160, 3) and view.rgb.dtype == np.uint8
    assert view.instance_mask.dtype == np.int32 and set(np.unique(view.instance_mask)) == {0, 1, 2}
    assert np.all(np.isinf(view.depth[view.instance_mask == 0]))
    for k, obj in enumerate(view.scene["objects"], start=1):
        u, v, z = obj["pixel_coords"]
        assert view.instance_mask[int(v), int(u)] == k  # the centre projects onto the object
        d = view.depth[view.instance_mask == k]
        assert d.min() < z < d.max() + 0.8  # visible surface is in front of the centre
        assert obj["visible_pixels"] == int((view.instance_mask == k).sum())


def test_ground_shadows_darken_the_floor() -> None:
    cam = orbit_camera(0, 35, 10, width=160, height=120)
    lit = render_view(_two_objects(), cam, lighting=Lighting(shadows=False))
    shadowed = render_view(_two_objects(), cam)
    floor = lit.instance_mask == 0
    diff = lit.rgb[floor].astype(int).sum(-1) - shadowed.rgb[floor].astype(int).sum(-1)
    assert (diff > 30).sum() > 50  # a visible hard shadow
    assert (diff < 0).sum() == 0  # shadows only darken
    assert np.array_equal(lit.instance_mask, shadowed.instance_mask)
