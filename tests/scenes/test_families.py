"""Ground-truth invariants of each family, recomputed from the scene JSON."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from spatioxolver.scenes import orbit_camera
from spatioxolver.scenes._common import camera_points
from spatioxolver.scenes._gen_cvt import relations_at, view_directions
from spatioxolver.scenes._gen_inconsistency import pose_change_deg
from spatioxolver.scenes._spatialab_items import SUBCATEGORIES

SPATIALAB_NAMES = {
    "Relative Positioning": {"Directional Relations", "Proximity Gradients", "Alignment Patterns",
                             "Betweenness Relationships", "Corner/Angle Positioning"},
    "Depth & Occlusion": {"Layering Order", "Partial Occlusion", "Complete Occlusion Inference",
                          "Transparency Effects", "Reflective Surfaces"},
    "Size & Scale": {"Relative Size Comparison", "Perspective Distortion", "Distance-Size Correlation",
                     "Scale Consistency", "Shadow-Size Projection"},
    "Orientation": {"Cardinal Direction", "Object Rotation", "Facing Direction", "Stacking Orientation",
                    "Tool Handedness"},
    "3D Geometry": {"Volume Comparison", "Stability Prediction", "Shape Projection", "Spatial Containment",
                    "Gravity Effects"},
}  # fmt: skip


def _scene(root, line, k=0):
    return json.loads((root / line["scenes"][k]).read_text())


# ---------------------------------------------------------------- ctr
@pytest.mark.parametrize("key", ["ctr", "ctr_gap"])
def test_ctr_gold_matches_projection_and_depth(generated, key) -> None:
    root, lines = generated[key]
    for line in lines:
        scene = _scene(root, line)
        uv, z = camera_points(scene)
        idx = {o["label"]: i for i, o in enumerate(scene["objects"])}
        a, b = (idx[x] for x in line["query"]["objects"])
        axis = line["query"]["axis"]
        if axis == "H":
            gold = a if uv[a, 0] < uv[b, 0] else b
        elif axis == "V":
            gold = a if uv[a, 1] < uv[b, 1] else b
        else:
            gold = a if z[a] > z[b] else b
        assert line["answer"] == scene["objects"][gold]["label"]


def test_ctr_asks_every_pair_on_every_axis(generated) -> None:
    _, lines = generated["ctr"]
    per_scene = Counter((line["meta"]["scene_id"], line["query"]["axis"]) for line in lines)
    for (sid, _axis), count in per_scene.items():
        n = next(line["meta"]["N"] for line in lines if line["meta"]["scene_id"] == sid)
        assert count == n * (n - 1) // 2


def test_ctr_gap_set_has_the_requested_depth_separations(generated) -> None:
    _, lines = generated["ctr_gap"]
    for line in lines:
        assert line["meta"]["depth_gaps"] == pytest.approx([line["meta"]["delta"]] * 2, abs=1e-4)
    assert sorted({line["meta"]["delta"] for line in lines}) == [0.1, 0.3, 0.5]


# ---------------------------------------------------------------- cvt
def test_cvt_query_counts_and_tracking(generated) -> None:
    _, lines = generated["cvt"]
    for sid in {line["meta"]["scene_id"] for line in lines}:
        mine = [line for line in lines if line["meta"]["scene_id"] == sid]
        views = Counter(line["meta"]["view"] for line in mine)
        assert views["0"] <= 15 and all(views[v] <= 5 for v in views if v != "0")
        assert len(views) == 10
        tracked = Counter(line["meta"]["track_id"] for line in mine if line["meta"]["tracked"])
        assert all(c == 10 for c in tracked.values()) and len(tracked) >= 1


def test_cvt_theta_zero_equals_clevr_relationships(generated) -> None:
    root, lines = generated["cvt"]
    for line in lines:
        if line["meta"]["view"] != "0":
            continue
        scene = _scene(root, line)
        idx = {o["label"]: i for i, o in enumerate(scene["objects"])}
        s, r = idx[line["query"]["subject"]], idx[line["query"]["reference"]]
        clevr = sorted(
            name for name in ("left", "right", "front", "behind") if s in scene["relationships"][name][r]
        )
        assert line["answer"] == clevr


def test_cvt_360_paraphrases_repeat_the_0_degree_answer(generated) -> None:
    _, lines = generated["cvt"]
    by_id = {line["id"]: line for line in lines}
    repeats = [line for line in lines if line["meta"]["view"] == "360"]
    assert repeats
    for line in repeats:
        assert line["meta"]["paraphrase"]
        src = by_id[line["meta"]["source_id"]]
        assert src["meta"]["view"] == "0" and src["answer"] == line["answer"]
        assert src["question"] != line["question"]


_SWAP = {"left": "right", "right": "left", "front": "behind", "behind": "front"}


@settings(max_examples=60, deadline=None)
@given(
    az=st.floats(0, 360),
    p=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
    q=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
)
def test_orbit_invariants(az, p, q) -> None:
    cam = orbit_camera(az, 40, 11, width=64, height=48)
    ps, pr = np.array([*p, 0.35]), np.array([*q, 0.35])

    def rel(view, direction):
        return relations_at(ps, pr, view_directions(cam, view, direction))

    (r0, m0), (r360, _) = rel("0", "right"), rel("360", "left")
    if m0 > 1e-6:
        assert r0 == r360
    r180, m180 = rel("180", "right")
    if m180 > 1e-6 and m0 > 1e-6:
        assert r180 == sorted(_SWAP[x] for x in r0)
    (a, ma), (b, mb) = rel("90", "left"), rel("270", "right")
    if min(ma, mb) > 1e-6:
        assert a == b
    top, mt = rel("top", "right")
    if min(mt, m0) > 1e-6:
        assert top == sorted({"behind": "north", "front": "south"}.get(x, x) for x in r0)


# ---------------------------------------------------------------- inconsistency
def test_inconsistency_edits_only_the_moved_object(generated) -> None:
    root, lines = generated["inconsistency"]
    for line in lines:
        meta = line["meta"]
        i = meta["moved_object_index"]
        v1, edited = _scene(root, line, 0), _scene(root, line, 1)
        original = json.loads((root / meta["reference_scenes"]["v2_unedited"]).read_text())
        assert v1["objects"][i]["label"] == line["answer"]
        assert all(o["label"] is None for o in edited["objects"])
        for k, (a, b) in enumerate(zip(original["objects"], edited["objects"], strict=True)):
            if k == i:
                assert pose_change_deg(a["shape"], _pose(a), _pose(b)) >= 10
                assert a["3d_coords"][:2] == b["3d_coords"][:2]  # same footprint
            else:
                assert a["3d_coords"] == b["3d_coords"] and a["rotation"] == b["rotation"]
        m_orig = np.asarray(Image.open(root / original["mask_filename"]))
        m_edit = np.asarray(Image.open(root / edited["mask_filename"]))
        changed = m_orig != m_edit
        assert changed.any()
        assert np.all((m_orig[changed] == i + 1) | (m_edit[changed] == i + 1))  # only O's pixels move
        assert meta["depth_bucket"] in ("low", "medium", "high")
        assert meta["lighting_bucket"] in ("low", "medium", "high")
        assert meta["plausibility_bucket"] == ("pp" if meta["tilt_deg"] < 5 else "pi")


def _pose(obj):
    from spatioxolver.scenes._render import object_pose

    return object_pose(obj)


def test_letters_are_in_raster_order(generated) -> None:
    root, lines = generated["inconsistency"]
    v1 = _scene(root, lines[0], 0)
    labelled = sorted(
        (o for o in v1["objects"] if o["label"]), key=lambda o: (o["label_anchor"][1], o["label_anchor"][0])
    )
    assert [o["label"] for o in labelled] == [chr(65 + k) for k in range(len(labelled))]


# ---------------------------------------------------------------- spatialab
def test_spatialab_names_and_mcq_balance(generated) -> None:
    _, lines = generated["spatialab"]
    for line in lines:
        assert line["subcategory"] in SPATIALAB_NAMES[line["category"]]
        if line["query"]["type"] == "mcq":
            assert line["choices"][line["answer"] - 1] == line["meta"]["gold_text"]
            assert len(set(line["choices"])) == 4
    positions = Counter(line["answer"] for line in lines if line["query"]["type"] == "mcq")
    assert set(positions) == {1, 2, 3, 4}
    assert max(positions.values()) - min(positions.values()) <= max(3, len(lines) // 8)
    assert len(SUBCATEGORIES) >= 10


def test_spatialab_gold_checks_against_3d(generated) -> None:
    root, lines = generated["spatialab"]
    for line in lines:
        if line["subcategory"] != "Layering Order" or line["query"]["type"] != "mcq":
            continue
        scene = _scene(root, line)
        _, z = camera_points(scene)
        idx = {o["label"]: i for i, o in enumerate(scene["objects"])}
        options = [idx[c.split(" ")[1]] for c in line["choices"]]
        depths = [z[i] for i in options]
        want = int(np.argmin(depths)) if "frontmost" in line["question"] else int(np.argmax(depths))
        assert line["answer"] == want + 1
