"""A soft shadow rendered from a few light samples is drawn in flat steps: a dark core ringed
by bands each a little brighter, every one the ground dimmed alike. Only the core's
brightness was taken as the shadow, and the rings joined the solids standing in them (a
probe's cylinders and balls read with a "gray cylinder" under each). A band lying between
the shadow found so far and the lit ground, and thin, is shadow too; a grey face beside a
shadow, which also meets its solid's other faces, is not."""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.soft_shadows import stepped_penumbra


def _rings(h: int = 240, w: int = 400) -> tuple[np.ndarray, list[np.ndarray]]:
    yy, xx = np.mgrid[0:h, 0:w].astype(float)

    def ellipse(dx: float) -> np.ndarray:
        return ((xx - 150 - dx) / 60.0) ** 2 + ((yy - 100) / 30.0) ** 2 <= 1

    layers = [ellipse(dx) for dx in (0, 3, 6, 9)]
    count = sum(m.astype(int) for m in layers)
    return count, layers


def test_the_steps_around_a_shadow_core_are_shadow() -> None:
    count, _ = _rings()
    core = count == 4
    candidate = count > 0
    band = candidate & ~core  # dimmed alike, brighter than the core
    grown = stepped_penumbra(core, band, candidate)
    assert (core | grown).sum() == candidate.sum()


def test_a_grey_face_beside_the_shadow_is_not_grown_into() -> None:
    count, _ = _rings()
    core = count >= 1
    candidate = core.copy()
    # A solid standing at the shadow's left end: a grey face (dimmed alike, between the
    # shadow's brightness and the ground's) under a coloured top face (no even dimming).
    face = np.zeros_like(core)
    face[80:120, 70:95] = True
    top = np.zeros_like(core)
    top[60:80, 70:95] = True
    candidate |= face | top
    band = face & ~core
    grown = stepped_penumbra(core, band, candidate)
    assert not (grown & face).any()
