"""Structure finding: rows, columns, grids, clusters, mirror symmetry, repetition."""

from __future__ import annotations

from spatioxolver.agents.symmetry import find_structure

from spatioxolver.schema import Attributes, SpatialObject


def _obj(i: int, x: float, y: float, color: str | None = None, shape: str | None = None) -> SpatialObject:
    return SpatialObject(
        id=f"o{i}", centroid=(x, y), area=100.0, attributes=Attributes(color=color, shape=shape)
    )


def _kinds(groups) -> list[str]:
    return [g.kind for g in groups]


def test_row_and_mirror() -> None:
    objs = [_obj(i, 20.0 + 30 * i, 50.0 + (i % 2)) for i in range(4)]
    groups, syms = find_structure(objs, image_size=(200, 100))
    rows = [g for g in groups if g.kind == "row"]
    assert len(rows) == 1 and rows[0].members == ["o0", "o1", "o2", "o3"]
    assert "column" not in _kinds(groups)
    vertical = next(s for s in syms if s.axis.startswith("vertical"))
    assert vertical.axis == "vertical x=65.0"
    assert sorted(map(sorted, vertical.pairs)) == [["o0", "o3"], ["o1", "o2"]]


def test_column_needs_min_members() -> None:
    two = [_obj(0, 50, 10), _obj(1, 51, 60)]
    assert "column" not in _kinds(find_structure(two, image_size=(100, 100))[0])
    assert "column" in _kinds(find_structure(two, image_size=(100, 100), options={"min_members": 2})[0])


def test_grid() -> None:
    objs = [_obj(3 * r + c, 20.0 + 40 * c, 20.0 + 40 * r) for r in range(3) for c in range(3)]
    groups, syms = find_structure(objs, image_size=(200, 200))
    grid = next(g for g in groups if g.kind == "grid")
    assert len(grid.members) == 9 and grid.extras == {"rows": 3, "columns": 3}
    assert _kinds(groups).count("row") == 3 and _kinds(groups).count("column") == 3
    assert {s.axis.split()[0] for s in syms} == {"vertical", "horizontal"}


def test_clusters() -> None:
    objs = [_obj(0, 10, 10), _obj(1, 20, 12), _obj(2, 15, 22), _obj(3, 150, 150), _obj(4, 160, 155)]
    groups, _ = find_structure(objs, image_size=(200, 200), options={"cluster_distance": 30})
    clusters = sorted(sorted(g.members) for g in groups if g.kind == "cluster")
    assert clusters == [["o0", "o1", "o2"], ["o3", "o4"]]


def test_repetition_and_attribute_aware_mirror() -> None:
    objs = [
        _obj(0, 20, 50, "red", "cube"),
        _obj(1, 180, 50, "red", "cube"),
        _obj(2, 60, 90, "blue", "sphere"),
        _obj(3, 140, 90, "green", "sphere"),
    ]
    groups, syms = find_structure(objs, image_size=(200, 100))
    rep = [g for g in groups if g.kind == "repetition"]
    assert len(rep) == 1 and rep[0].members == ["o0", "o1"]
    assert rep[0].extras["attributes"]["color"] == "red"
    # o2 / o3 differ in colour: the mirror pairs only o0 with o1 (score 0.5 < default 0.75).
    assert not [s for s in syms if s.axis.startswith("vertical")]
    _, syms = find_structure(objs, image_size=(200, 100), options={"mirror_min_score": 0.5})
    assert [s.pairs for s in syms if s.axis.startswith("vertical")] == [[("o0", "o1")]]


def test_degenerate_inputs() -> None:
    assert find_structure([], image_size=(10, 10)) == ([], [])
    assert find_structure([_obj(0, 1, 1)], image_size=(10, 10)) == ([], [])
