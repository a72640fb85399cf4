"""The pruned mirror-axis search reports what scoring every candidate axis reports.

The reference is the previous search (a greedy pass for every candidate axis, O(N^4 log N)).
Scenes: uniform random centroids, jittered mirror-symmetric layouts, exact grids of
identical objects (many tied axes), unknown attributes, and perceived renders.
"""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents import symmetry
from spatioxolver.agents.symmetry import find_structure

from spatioxolver.schema import Attributes, SpatialObject

COLOURS = ["red", "blue", None]
SHAPES = ["cube", "sphere", None]


def _objects(points, rng, uniform: bool = False) -> list[SpatialObject]:  # noqa: ANN001
    out = []
    for k, (x, y) in enumerate(points):
        colour = "red" if uniform else COLOURS[int(rng.integers(len(COLOURS)))]
        shape = "cube" if uniform else SHAPES[int(rng.integers(len(SHAPES)))]
        attrs = Attributes(color=colour, shape=shape)
        out.append(
            SpatialObject(
                id=f"o{k}", centroid=(float(x), float(y)), area=float(rng.uniform(80, 400)), attributes=attrs
            )
        )
    return out


def _scenes() -> list[list[SpatialObject]]:
    rng = np.random.default_rng(7)
    scenes = []
    for n in (2, 3, 5, 8, 13, 24):
        scenes.append(_objects(rng.uniform(0, 400, size=(n, 2)), rng))
    for n in (4, 9, 16, 24):  # mirror pairs about x = 200 (some on the axis), jittered
        half = rng.uniform((20, 20), (190, 300), size=(n // 2, 2))
        pts = np.vstack(
            [half, np.c_[400 - half[:, 0], half[:, 1]], np.array([[200.0, 150.0]] * (n % 2)).reshape(-1, 2)]
        )
        pts += rng.normal(0, 2, size=pts.shape)
        scenes.append(_objects(pts, rng, uniform=bool(n % 2 == 0)))
    for rows, cols in ((2, 2), (3, 5), (4, 6), (5, 5)):  # exact grids: many tied axes
        pts = [(30.0 + 40 * c, 30.0 + 40 * r) for r in range(rows) for c in range(cols)]
        scenes.append(_objects(pts, rng, uniform=True))
    return scenes


@pytest.fixture(scope="module")
def exhaustive(previous) -> list[tuple[list[SpatialObject], int, float, tuple | None]]:
    return [
        (objs, coord, tol, previous.mirror_exhaustive(objs, coord, tol))
        for objs in _scenes()
        for coord in (0, 1)
        for tol in (3.0, 8.0, 20.0)
    ]


def test_mirror_equals_exhaustive_search(exhaustive) -> None:
    for min_score in (0.0, 0.5, 0.75):
        reported = 0
        for objs, coord, tol, want in exhaustive:
            got = symmetry._mirror(objs, coord, tol, min_score)
            if want is not None and want[1] >= min_score:
                assert got == want
                reported += 1
            else:
                assert got is None or got[1] < min_score
        assert reported >= 10


def test_find_structure_equals_exhaustive_on_perceived_renders(monkeypatch, previous) -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment

    from spatioxolver.scenes import render_random_scene

    views = [render_random_scene(s, n_objects=3 + s, width=240, height=160) for s in range(6)]
    scenes = [describe(v.rgb, segment(v.rgb)) for v in views] + _scenes()[-4:]
    fast = [find_structure(objs, image_size=(480, 320)) for objs in scenes]
    monkeypatch.setattr(symmetry, "_mirror", previous.mirror_exhaustive)
    slow = [find_structure(objs, image_size=(480, 320)) for objs in scenes]
    assert fast == slow
    assert sum(bool(syms) for _, syms in fast) >= 4


def test_clusters_are_scipy_single_linkage_clusters() -> None:
    from scipy.cluster.hierarchy import fcluster, linkage

    rng = np.random.default_rng(3)
    several = 0
    for trial in range(300):
        n = int(rng.integers(2, 30))
        pts = rng.uniform(0, 200, size=(n, 2))
        if trial % 3 == 0:  # chains: long single-linkage paths
            pts = np.cumsum(rng.uniform(0, 12, size=(n, 2)), axis=0)
        dist = float(rng.uniform(1, 60))
        labels = fcluster(linkage(pts, method="single"), t=dist, criterion="distance")
        want = sorted(sorted(np.flatnonzero(labels == k).tolist()) for k in set(labels))
        got = symmetry._single_linkage(pts, dist)
        assert sorted(got) == want
        assert [c[0] for c in got] == sorted(c[0] for c in got)  # ordered by first member
        several += 1 < len(got) < n
    assert several > 60
