"""Pairwise relations: one per pair and axis, confidences, near-ties, LLM backend."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spatioxolver.agents.relations import pair_relation, relate

from spatioxolver.errors import ConfigError
from spatioxolver.schema import AXIS_PREDICATES, Attributes, SpatialObject

coords = st.floats(min_value=0, max_value=500, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords, st.floats(0, 1)), min_size=2, max_size=7))
def test_one_relation_per_pair_and_axis_matching_geometry(points) -> None:
    objs = [SpatialObject(id=f"o{i}", centroid=(x, y), depth=d) for i, (x, y, d) in enumerate(points)]
    rels = relate(objs, image_size=(500, 500))
    n = len(objs)
    assert len(rels) == 3 * n * (n - 1) // 2
    seen = set()
    for r in rels:
        key = frozenset((r.subject, r.object)), r.axis
        assert key not in seen
        seen.add(key)
        assert r.predicate in AXIS_PREDICATES[r.axis]
        assert 0.5 <= r.confidence <= 1.0
        a, b = (next(o for o in objs if o.id == k) for k in (r.subject, r.object))
        ca, cb = {
            "H": (a.centroid[0], b.centroid[0]),
            "V": (a.centroid[1], b.centroid[1]),
            "D": (a.depth, b.depth),
        }[r.axis]
        if ca != cb:
            assert (r.predicate == AXIS_PREDICATES[r.axis][0]) == (ca < cb)


def test_near_ties_get_confidence_near_half_and_margin_option() -> None:
    a = SpatialObject(id="a", centroid=(100.0, 100.0), depth=0.5)
    b = SpatialObject(id="b", centroid=(100.4, 160.0), depth=0.5)
    rels = {r.axis: r for r in relate([a, b], image_size=(480, 320))}
    assert rels["H"].confidence < 0.6  # 0.4 px apart: a near-tie
    assert rels["V"].confidence > 0.99
    assert rels["D"].confidence == pytest.approx(0.5)
    wide = {r.axis: r for r in relate([a, b], image_size=(480, 320), options={"margin": 100.0})}
    assert wide["V"].confidence < rels["V"].confidence


def test_confidence_grows_with_separation() -> None:
    a = SpatialObject(id="a", centroid=(0.0, 0.0))
    confs = [
        pair_relation(a, SpatialObject(id="b", centroid=(d, 0.0)), "H", 3.0).confidence
        for d in (0.5, 2, 5, 20)
    ]
    assert confs == sorted(confs) and confs[-1] > 0.99
    assert pair_relation(a, SpatialObject(id="b", centroid=(-5.0, 0.0)), "H", 3.0).predicate == "right_of"


def test_missing_positions_give_half_confidence() -> None:
    r = pair_relation(SpatialObject(id="a"), SpatialObject(id="b"), "V", 1.0)
    assert r.confidence == 0.5 and r.predicate == "above"


def test_depth_filled_from_contact_when_missing() -> None:
    # Vertical position is a depth cue only on a ground plane the segmenter saw (issue 13).
    ground = Attributes(extras={"ground": True})
    near = SpatialObject(id="n", centroid=(50, 80), bbox=(40, 70, 60, 90), area=400.0, attributes=ground)
    far = SpatialObject(id="f", centroid=(50, 30), bbox=(40, 20, 60, 40), area=400.0, attributes=ground)
    d = next(r for r in relate([near, far], image_size=(100, 100)) if r.axis == "D")
    assert d.predicate == "closer_than" and d.confidence > 0.9


def test_axes_option_and_errors() -> None:
    objs = [SpatialObject(id="a", centroid=(0, 0)), SpatialObject(id="b", centroid=(9, 9))]
    assert {r.axis for r in relate(objs, image_size=(10, 10), options={"axes": ["H"]})} == {"H"}
    with pytest.raises(ConfigError, match="axis"):
        relate(objs, image_size=(10, 10), options={"axes": ["Z"]})
    with pytest.raises(ConfigError, match="relations backend"):
        relate(objs, image_size=(10, 10), backend="psychic")


def test_relations_on_a_render_match_projected_centres(render) -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment

    from spatioxolver.rle import decode_mask

    view = render(41, 8)
    objs = describe(view.rgb, segment(view.rgb), options={"world_prior": "clevr"})
    gold = {}
    for o in objs:
        ids = view.instance_mask[decode_mask(o.mask)]
        gold[o.id] = view.scene["objects"][int(max(set(ids.tolist()), key=ids.tolist().count)) - 1]
    rels = relate(objs, image_size=(480, 320))
    good = {"H": [0, 0], "V": [0, 0], "D": [0, 0]}
    for r in rels:
        ga, gb = gold[r.subject]["pixel_coords"], gold[r.object]["pixel_coords"]
        k = {"H": 0, "V": 1, "D": 2}[r.axis]
        good[r.axis][0] += (r.predicate == AXIS_PREDICATES[r.axis][0]) == (ga[k] < gb[k])
        good[r.axis][1] += 1
    assert good["H"][0] / good["H"][1] >= 0.95
    assert good["V"][0] / good["V"][1] >= 0.95
    assert good["D"][0] / good["D"][1] >= 0.85
