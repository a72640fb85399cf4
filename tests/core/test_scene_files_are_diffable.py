"""The same image gives the same ``scene --out`` file, and a scene graph survives a round
trip through networkx byte for byte: files can be diffed and checked into a repository."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from spatioxolver.cli import main
from spatioxolver.schema import Relation, SceneGraph, SpatialObject


def test_networkx_round_trip_keeps_the_relation_order() -> None:
    objects = [SpatialObject(id=f"o{i}", label=f"thing {i}") for i in range(4)]
    # listed in an order networkx does not keep: it groups edges by their subject node
    relations = [
        Relation(subject="o3", predicate="left_of", object="o0", axis="H"),
        Relation(subject="o1", predicate="above", object="o2", axis="V"),
        Relation(subject="o3", predicate="front_of", object="o1", axis="D"),
        Relation(subject="o0", predicate="left_of", object="o2", axis="H"),
    ]
    graph = SceneGraph(objects=objects, relations=relations)
    back = SceneGraph.from_networkx(graph.to_networkx())
    assert back.to_json() == graph.to_json() and back == graph


def test_a_graph_built_in_networkx_by_hand_still_loads() -> None:
    import networkx as nx

    g = nx.MultiDiGraph()
    g.add_node("a", id="a", label="cube")
    g.add_node("b", id="b", label="ball")
    g.add_edge("b", "a", key="right_of", subject="b", predicate="right_of", object="a", axis="H")
    graph = SceneGraph.from_networkx(g)  # no recorded order: networkx's own
    assert [r.predicate for r in graph.relations] == ["right_of"]


def test_two_scene_runs_of_one_image_write_identical_files(tmp_path: Path) -> None:
    from spatioxolver.graphs._cache import cache_clear

    img = np.full((120, 160, 3), 245, np.uint8)
    img[30:60, 10:40] = (200, 40, 40)
    img[70:100, 60:90] = (40, 160, 60)
    img[20:50, 110:140] = (40, 60, 200)
    path = tmp_path / "three.png"
    Image.fromarray(img).save(path)
    outs = []
    for run in range(2):
        cache_clear()  # a second real perception, not the cached record
        out = tmp_path / f"scene{run}.json"
        assert main(["scene", str(path), "--out", str(out)]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert b'"node"' in outs[0] and b'"seconds"' not in outs[0]
