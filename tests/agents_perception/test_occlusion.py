"""Occlusion order from convex silhouettes, and its use for depth on floating objects."""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._vision.occlusion import occlusion_pairs
from spatioxolver.agents.relations import relate

from spatioxolver.schema import Attributes, SpatialObject


def _disc(h: int, w: int, cx: int, cy: int, r: int) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w]
    return (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r


def test_front_disc_bites_the_back_disc() -> None:
    front = _disc(80, 120, 50, 40, 20)
    back = _disc(80, 120, 75, 40, 20) & ~front
    assert [(f, b) for f, b, _ in occlusion_pairs([back, front])] == [(1, 0)]


def test_separate_or_missing_masks_give_nothing() -> None:
    a = _disc(80, 120, 20, 20, 10)
    b = _disc(80, 120, 90, 60, 10)
    assert occlusion_pairs([a, b, None]) == []


def test_occlusion_decides_depth_for_floating_objects() -> None:
    def obj(i: str, occludes: list[str], area: float) -> SpatialObject:
        extras = {"depth_source": "size", "occludes": occludes}
        return SpatialObject(
            id=i,
            centroid=(10.0, 10.0),
            area=area,
            depth=1 / np.sqrt(area),
            attributes=Attributes(extras=extras),
        )

    # By apparent size the small one looks further; it visibly covers the large one.
    small_front = obj("a", ["b"], 100.0)
    large_back = obj("b", [], 900.0)
    d = next(r for r in relate([small_front, large_back], image_size=(50, 50)) if r.axis == "D")
    assert (d.predicate, d.source) == ("closer_than", "occlusion") and d.confidence >= 0.85
    off = next(
        r
        for r in relate([small_front, large_back], image_size=(50, 50), options={"occlusion": False})
        if r.axis == "D"
    )
    assert off.predicate == "further_than"
