"""Depth of floating objects: two size hypotheses per object, pairwise probabilities."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from spatioxolver.agents.attributes import depth_cues, describe, volume_hypotheses
from spatioxolver.agents.relations import relate
from spatioxolver.agents.segmentation import segment

from spatioxolver.rle import decode_mask
from spatioxolver.schema import Attributes, SpatialObject

#: The renderer's world: these tests read our own renders (issue 13: no prior unless given).
CLEVR = {"world_prior": "clevr"}

W, H = 480, 320


def _obj(i: str, radius_px: float, centroid=(240.0, 160.0), shape="sphere", **extras) -> SpatialObject:
    return SpatialObject(
        id=i,
        centroid=centroid,
        area=math.pi * radius_px**2,
        attributes=Attributes(shape=shape, extras={"ground": False, **extras}),
    )


def test_two_hypotheses_a_factor_two_apart_and_the_plausible_one_wins() -> None:
    # Framing distance for 480x320 is about 15.7 m; a large sphere (r = 1.05 m) there
    # looks about 30 px in radius, a small one 15 px.
    large = volume_hypotheses(_obj("a", 30.0), (W, H), CLEVR)
    small = volume_hypotheses(_obj("b", 15.0), (W, H), CLEVR)
    assert large is not None and small is not None
    for hyp in (large, small):
        (z_s, w_s), (z_l, w_l) = hyp
        assert math.isclose(z_l / z_s, 2.0, rel_tol=1e-9) and math.isclose(w_s + w_l, 1.0)
    assert large[1][1] > 0.8  # 30 px: a large object near the centre, not a small one at 8 m
    assert small[0][1] > 0.8  # 15 px: a small object near the centre, not a large one at 31 m
    assert volume_hypotheses(SpatialObject(id="c"), (W, H), CLEVR) is None


def test_auto_cue_is_volume_for_floating_objects_and_ranks_by_hypotheses() -> None:
    objs = [_obj("a", 30.0), _obj("b", 15.0), _obj("c", 22.0)]
    values, cue = depth_cues(objs, (W, H), CLEVR)
    assert cue == "volume"
    # a and b are both near the framing distance; c (22 px) is a small near or large far one.
    assert abs(values[0] - values[1]) < 1.0 and values[2] is not None


@settings(max_examples=40, deadline=None)
@given(
    ra=st.floats(8.0, 60.0),
    rb=st.floats(8.0, 60.0),
    xa=st.floats(20.0, 460.0),
    ya=st.floats(20.0, 300.0),
)
def test_pairwise_confidence_is_valid_and_antisymmetric(ra: float, rb: float, xa: float, ya: float) -> None:
    a = _obj("a", ra, centroid=(xa, ya))
    b = _obj("b", rb)
    objs = [
        o.model_copy(
            update={
                "attributes": o.attributes.model_copy(
                    update={
                        "extras": {
                            **o.attributes.extras,
                            "depth_source": "volume",
                            "depth_hyp": volume_hypotheses(o, (W, H), CLEVR),
                        }
                    }
                )
            }
        )
        for o in (a, b)
    ]
    ab = relate(objs, image_size=(W, H), options={"axes": ["D"]})[0]
    ba = relate(objs[::-1], image_size=(W, H), options={"axes": ["D"]})[0]
    assert 0.5 <= ab.confidence <= 1.0 and ab.source == "depth-hypotheses"
    assert math.isclose(ab.confidence, ba.confidence, abs_tol=1e-6)
    if ab.confidence > 0.5 + 1e-6:
        assert ab.predicate != ba.predicate  # "a closer than b" <=> "b further than a"


def test_occlusion_is_a_vote_not_a_veto() -> None:
    def obj(i: str, occludes: list[str], hyp: list[list[float]]) -> SpatialObject:
        extras = {"depth_source": "volume", "occludes": occludes, "depth_hyp": hyp}
        return SpatialObject(id=i, centroid=(10.0, 10.0), area=100.0, attributes=Attributes(extras=extras))

    # Hypotheses undecided (each could be near or far): the occlusion decides.
    a = obj("a", ["b"], [[10.0, 0.5], [20.0, 0.5]])
    b = obj("b", [], [[10.0, 0.5], [20.0, 0.5]])
    d = relate([a, b], image_size=(50, 50), options={"axes": ["D"]})[0]
    assert d.predicate == "closer_than" and 0.8 < d.confidence < 0.9
    # Hypotheses sure that a is far behind b: a recorded occlusion only lowers the confidence.
    a = obj("a", ["b"], [[20.0, 1.0], [40.0, 0.0]])
    b = obj("b", [], [[10.0, 1.0], [20.0, 0.0]])
    d = relate([a, b], image_size=(50, 50), options={"axes": ["D"]})[0]
    bare = relate([a, b], image_size=(50, 50), options={"axes": ["D"], "occlusion": False})[0]
    assert d.predicate == bare.predicate == "further_than" and d.confidence < bare.confidence


def test_volume_renders_depth_order_beats_apparent_size(render) -> None:
    hits = {"size": 0, "volume": 0}
    size_hits = total_pairs = total_objs = 0
    for seed in (5, 6, 7, 8):
        view = render(seed, 8, "volume")
        objs = segment(view.rgb)
        cam = np.asarray(view.scene["camera"]["world_to_camera"])
        gold = {}
        for o in objs:
            ids = view.instance_mask[decode_mask(o.mask).astype(bool)]
            ids = ids[ids > 0]
            gt = view.scene["objects"][int(np.bincount(ids).argmax()) - 1]
            gold[o.id] = ((cam @ np.array([*gt["3d_coords"], 1.0]))[2], gt["size"])
        for cue in hits:
            described = describe(view.rgb, objs, options={"depth_cue": cue, **CLEVR})
            if cue == "volume":
                rels = relate(described, image_size=(W, H), options={"axes": ["D"]})
                hits[cue] += sum(
                    (r.predicate == "closer_than") == (gold[r.subject][0] < gold[r.object][0]) for r in rels
                )
                total_pairs += len(rels)
                size_hits += sum(o.attributes.size == gold[o.id][1] for o in described)
                total_objs += len(described)
            else:
                hits[cue] += sum(
                    (a.depth < b.depth) == (gold[a.id][0] < gold[b.id][0])
                    for a, b in combinations(described, 2)
                )
    assert total_pairs >= 100
    assert hits["volume"] / total_pairs >= 0.75
    assert hits["volume"] > hits["size"] + 0.08 * total_pairs
    assert size_hits / total_objs >= 0.85
