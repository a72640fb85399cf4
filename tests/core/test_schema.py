"""Scene-graph schema: deterministic JSON and networkx round trips, RLE helpers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from spatioxolver.errors import InputError
from spatioxolver.rle import decode_mask, encode_mask, mask_area
from spatioxolver.schema import (
    Attributes,
    Group,
    ImageInfo,
    Relation,
    SceneGraph,
    SpatialObject,
    Symmetry,
    Transformation,
)


def _graph() -> SceneGraph:
    mask = np.zeros((6, 8), bool)
    mask[2:5, 1:4] = True
    return SceneGraph(
        objects=[
            SpatialObject(
                id="o1",
                label="1",
                attributes=Attributes(
                    color="red", shape="cube", size="large", material="metal", extras={"gloss": 0.8}
                ),
                bbox=(1, 2, 4, 5),
                mask=encode_mask(mask),
                centroid=(2.0, 3.0),
                area=9,
                depth=0.4,
                orientation=12.5,
                confidence=0.9,
            ),
            SpatialObject(id="o2", label="2", attributes=Attributes(color="blue"), frame=1),
        ],
        relations=[
            Relation(
                subject="o1", predicate="left_of", object="o2", axis="H", confidence=0.8, source="geometric"
            ),
            Relation(subject="o1", predicate="closer_than", object="o2", axis="D", confidence=0.6),
            Relation(subject="o1", predicate="near", object="o2"),
        ],
        groups=[Group(id="g1", kind="row", members=["o1", "o2"])],
        symmetries=[Symmetry(kind="mirror", axis="vertical", pairs=[("o1", "o2")], score=0.7)],
        transformations=[Transformation(object="o1", translation=(3.0, -1.0), inconsistent=True)],
        images=[ImageInfo(width=8, height=6, source="x.png", sha256="ab")],
        provenance={"model": "geometric"},
    )


def test_json_round_trip_is_exact_and_deterministic() -> None:
    graph = _graph()
    text = graph.to_json()
    again = SceneGraph.from_json(text)
    assert again == graph
    assert again.to_json() == text  # same graph, same bytes


def test_networkx_round_trip_keeps_nodes_edges_and_extras() -> None:
    graph = _graph()
    nxg = graph.to_networkx()
    assert nxg.number_of_nodes() == 2
    assert nxg.number_of_edges() == 3
    assert nxg.nodes["o1"]["attributes"]["color"] == "red"
    assert nxg.edges["o1", "o2", "left_of"]["confidence"] == 0.8
    assert SceneGraph.from_networkx(nxg) == graph


def test_unknown_fields_and_bad_confidence_are_rejected() -> None:
    with pytest.raises(ValidationError):
        SpatialObject(id="x", colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        Relation(subject="a", predicate="left_of", object="b", confidence=1.5)
    with pytest.raises(ValidationError):
        Relation(subject="a", predicate="left_of", object="b", axis="Z")  # type: ignore[arg-type]


def test_lookups() -> None:
    graph = _graph()
    assert graph.object("o2").attributes.color == "blue"
    assert [r.predicate for r in graph.relations_on("D")] == ["closer_than"]
    with pytest.raises(KeyError):
        graph.object("nope")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_rle_round_trip(h: int, w: int, data: st.DataObject) -> None:
    bits = data.draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w))
    mask = np.array(bits, bool).reshape(h, w)
    rle = encode_mask(mask)
    assert (decode_mask(rle) == mask).all()
    assert mask_area(rle) == int(mask.sum())


def test_rle_rejects_bad_input() -> None:
    with pytest.raises(InputError):
        encode_mask(np.zeros(5, bool))
    with pytest.raises(InputError):
        decode_mask({"size": [2, 2], "counts": [1, 1]})
    with pytest.raises(InputError):
        decode_mask({"counts": [4]})
