"""Hypothesis properties of the CVT orbit transform (the conventions the cvt generator documents)."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from spatioxolver.agents._reasoning import orbit_relations
from spatioxolver.agents._reasoning._layout import top_down_relations

coord = st.floats(min_value=-10, max_value=10, allow_nan=False)
angle = st.sampled_from([45, 90, 135, 180, 225, 270, 315])


def _clear_of_margins(u: float, w: float, eps: float) -> bool:
    """No rotated coordinate (multiples of 45 degrees) lies within float noise of the margin."""
    values = [u, w, (u + w) / math.sqrt(2), (u - w) / math.sqrt(2)]
    return all(abs(abs(v) - eps) > 1e-6 for v in values)


FLIP = {"left": "right", "right": "left", "front": "behind", "behind": "front"}


@settings(max_examples=200, deadline=None)
@given(u=coord, w=coord)
def test_full_orbit_is_identity_and_half_orbit_flips(u: float, w: float) -> None:
    eps = 0.25
    assume(_clear_of_margins(u, w, eps))
    base = orbit_relations((u, w), 0, "left", eps=eps)
    assert orbit_relations((u, w), 360, "right", eps=eps) == base
    assert orbit_relations((u, w), 360, "left", eps=eps) == base
    assert orbit_relations((u, w), 180, "left", eps=eps) == sorted(FLIP[r] for r in base)


@settings(max_examples=200, deadline=None)
@given(u=coord, w=coord, theta=angle)
def test_left_theta_equals_right_complement(u: float, w: float, theta: int) -> None:
    # Angles are exact multiples of 45 degrees; stay away from the margin to avoid float ties.
    assume(_clear_of_margins(u, w, 0.3))
    assert orbit_relations((u, w), theta, "left", eps=0.3) == orbit_relations(
        (u, w), 360 - theta, "right", eps=0.3
    )


@settings(max_examples=100, deadline=None)
@given(u=coord, w=coord)
def test_antisymmetry_and_top_down(u: float, w: float) -> None:
    assume(_clear_of_margins(u, w, 0.2))
    forward = orbit_relations((u, w), 90, "right", eps=0.2)
    backward = orbit_relations((-u, -w), 90, "right", eps=0.2)
    assert backward == sorted(FLIP[r] for r in forward)
    top = top_down_relations((u, w), eps=0.2)
    zero = orbit_relations((u, w), 0, "left", eps=0.2)
    assert top == sorted({"front": "south", "behind": "north"}.get(r, r) for r in zero)
