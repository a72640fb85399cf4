"""Scene graph adapters: tournaments per axis and repaired relations written back."""

from __future__ import annotations

import pytest

from spatioxolver.consistency import Tournament, repair_scene_graph, tournaments_from_scene_graph
from spatioxolver.errors import InputError
from spatioxolver.schema import Relation, SceneGraph, SpatialObject


def rel(s, p, o, axis, c=1.0, source="relations"):
    return Relation(subject=s, predicate=p, object=o, axis=axis, confidence=c, source=source)


def graph(relations, ids=("a", "b", "c", "d")):
    return SceneGraph(objects=[SpatialObject(id=i) for i in ids], relations=relations)


CYCLIC_H = [
    rel("a", "left_of", "b", "H", 0.9),
    rel("b", "left_of", "c", "H", 0.9),
    rel("a", "right_of", "c", "H", 0.6),  # says c precedes a: a cycle a < b < c < a
]


def test_tournaments_per_axis_with_soft_confidences():
    g = graph(
        CYCLIC_H
        + [
            rel("a", "closer_than", "d", "D", 0.7),
            rel("d", "further_than", "a", "D", 0.9),
            rel("a", "near", "b", None),
        ]
    )
    out = tournaments_from_scene_graph(g)
    assert set(out) == {"H", "D"}  # no V relations
    ids, t = out["H"]
    assert ids == ["a", "b", "c"] and isinstance(t, Tournament)
    assert t.weights[0, 1] == pytest.approx(0.9)
    assert t.weights[2, 0] == pytest.approx(0.6)
    assert t.ctr() == 1.0
    ids_d, t_d = out["D"]
    assert ids_d == ["a", "d"] and t_d.weights[0, 1] == pytest.approx(0.8)  # two relations averaged
    assert set(tournaments_from_scene_graph(g, axes=("D",))) == {"D"}


def test_repair_rewrites_only_the_weakest_edge():
    g = graph(CYCLIC_H + [rel("a", "above", "b", "V")])
    new, records = repair_scene_graph(g, method="exact")
    assert [r["axis"] for r in records] == ["H", "V"]
    h = records[0]
    assert h["ctr_before"] == 1.0 and h["ctr_after"] == 0.0 and h["optimal"] is True
    assert h["flipped"] == [["c", "a"]]
    assert h["order"] == ["a", "b", "c"]
    assert h["agreement"] == pytest.approx((0.9 + 0.9 + 0.4) / 3)
    h_rels = new.relations_on("H")
    assert len(h_rels) == 3
    fixed = [r for r in h_rels if r.source == "consistency"]
    assert len(fixed) == 1
    assert (fixed[0].subject, fixed[0].predicate, fixed[0].object) == ("a", "left_of", "c")
    assert fixed[0].confidence == pytest.approx(0.5)  # max(1/2, 1 - 0.6)
    # the repaired axis is now consistent; untouched relations keep their source
    assert tournaments_from_scene_graph(new)["H"][1].ctr() == 0.0
    assert sum(r.source == "relations" for r in h_rels) == 2
    assert new.relations_on("V") == g.relations_on("V")
    # the input graph is not modified
    assert len(g.relations_on("H")) == 3 and all(r.source == "relations" for r in g.relations)


def test_missing_pairs_are_filled_from_the_order():
    g = graph([rel("a", "left_of", "b", "H"), rel("b", "left_of", "c", "H")])
    new, records = repair_scene_graph(g)
    assert records[0]["coverage"] == pytest.approx(2 / 3)
    assert records[0]["ctr_before"] is None  # no fully answered triple
    inferred = [r for r in new.relations_on("H") if r.source == "consistency"]
    assert [(r.subject, r.predicate, r.object, r.confidence) for r in inferred] == [
        ("a", "left_of", "c", 0.5)
    ]


@pytest.mark.parametrize(
    "relations, message",
    [
        ([rel("a", "left_of", "zz", "H")], "unknown object 'zz'"),
        ([rel("a", "left_of", "a", "H")], "itself"),
        ([rel("a", "above", "b", "H")], "another axis"),
    ],
)
def test_bad_scene_graphs(relations, message):
    with pytest.raises(InputError, match=message):
        tournaments_from_scene_graph(graph(relations))


def test_unknown_axis():
    with pytest.raises(InputError, match="unknown axis"):
        tournaments_from_scene_graph(graph([]), axes=("X",))
