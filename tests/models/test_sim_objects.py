"""The ``objects`` probe of the simulated MLLM: noisy boxes at the profile's per-axis sigma.

Model (docs/models.md): per object and scene, a slide of N(0, sigma_d^2 / 2) metres along
the ground's view direction before the cube is projected, then a shift of
N(0, sigma_h^2 / 2) and N(0, sigma_v^2 / 2) image-plane metres at the median depth,
converted to pixels with K. sigma = 0 gives the exact boxes.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sxmodels_scenes import look_at, make_scene, sim_ask

from spatioxolver.models import SIM_PROFILES, get_model
from spatioxolver.models._sim import answer_probe
from spatioxolver.models._sim_profiles import resolve_profile
from spatioxolver.models._sim_scene import SceneView

EXACT = resolve_profile("custom", {})
FOCAL = 400.0


def _scene(points, *, eye=(-10.0, 0.0, 6.0), target=(0.0, 0.0, 0.35), size=2000, sizes=None) -> dict:
    """Scene JSON with objects at ``points`` (world), a camera at ``eye``, a large image."""
    w2c = look_at(np.array(eye, float), np.array(target, float))
    K = np.array([[FOCAL, 0, size / 2], [0, FOCAL, size / 2], [0, 0, 1.0]])
    objects = []
    for k, p in enumerate(points):
        cam = w2c[:3, :3] @ np.asarray(p, float) + w2c[:3, 3]
        u, v, _ = K @ (cam / cam[2])
        objects.append(
            {
                "label": f"o{k}",
                "shape": "cube",
                "size": (sizes[k] if sizes else "small"),
                "material": "rubber",
                "color": "red",
                "3d_coords": [float(x) for x in p],
                "pixel_coords": [float(u), float(v), float(cam[2])],
            }
        )
    camera = {"world_to_camera": w2c.tolist(), "K": K.tolist(), "width": size, "height": size}
    return {"objects": objects, "camera": camera}


def _boxes(profile, scene, seed=0, **extra) -> np.ndarray:
    value = answer_probe(profile, {"kind": "objects", "scenes": [scene], **extra}, seed=seed)[1]
    return np.array([o["bbox"] for o in value["objects"]], dtype=float)


def _centres(boxes: np.ndarray) -> np.ndarray:
    return np.c_[(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2]


def _std_ok(sample: np.ndarray, expected: float) -> bool:
    """Sample std within 4 standard errors (SE of a normal std: sigma / sqrt(2 (n - 1)))."""
    se = expected / math.sqrt(2 * (len(sample) - 1))
    return abs(float(np.std(sample, ddof=1)) - expected) < 4 * se + 0.005


def test_image_axes_noise_has_the_profile_sigma_over_root_two_in_image_plane_metres():
    n = 1200
    scene = _scene([(0.0, 0.0, 0.35)] * n)  # n independent draws of one object
    view = SceneView.from_scene(scene)
    px_h, px_v = view.pixels_per_metre()
    assert px_h == pytest.approx(FOCAL / view.z_ref)
    sigma_h, sigma_v = 0.3, 0.5
    profile = resolve_profile("custom", {"sigma_h": sigma_h, "sigma_v": sigma_v})
    dev = _centres(_boxes(profile, scene)) - _centres(_boxes(EXACT, scene))
    dh, dv = dev[:, 0] / px_h, dev[:, 1] / px_v  # back to image-plane metres at z_ref
    assert _std_ok(dh, sigma_h / math.sqrt(2)) and _std_ok(dv, sigma_v / math.sqrt(2))
    assert abs(dh.mean()) < 4 * sigma_h / math.sqrt(2 * n) and abs(dv.mean()) < 4 * sigma_v / math.sqrt(2 * n)
    assert abs(np.corrcoef(dh, dv)[0, 1]) < 4 / math.sqrt(n)  # independent axes
    sizes = _boxes(profile, scene)[:, 2:] - _boxes(profile, scene)[:, :2]
    assert np.allclose(sizes, sizes[0], atol=0.11)  # H / V noise moves boxes, never scales them


def test_depth_noise_slides_the_object_along_the_view_by_sigma_d_over_root_two():
    # A level camera on the object's axis: the box width gives the perceived depth exactly.
    n, sigma_d, z0, r = 1200, 1.0, 10.0, 0.35
    scene = _scene([(0.0, 0.0, 0.35)] * n, eye=(-z0, 0.0, 0.35), target=(0.0, 0.0, 0.35))
    boxes = _boxes(resolve_profile("custom", {"sigma_d": sigma_d}), scene)
    width = boxes[:, 2] - boxes[:, 0]
    depth = FOCAL * 2 * r / width + r  # the cube's near face is at depth z - r
    slide = depth - z0
    assert _std_ok(slide, sigma_d / math.sqrt(2))
    assert abs(slide.mean()) < 4 * sigma_d / math.sqrt(2 * n)
    assert np.allclose(_centres(boxes), 1000.0, atol=0.11)  # on the axis: only the size changes


def test_depth_noise_seen_from_above_moves_further_objects_up_and_shrinks_them():
    n = 400
    scene = _scene([(0.0, 0.0, 0.35)] * n)  # camera about 30 degrees above the ground
    exact = _boxes(EXACT, scene)
    noisy = _boxes(resolve_profile("custom", {"sigma_d": 1.0}), scene)
    d_y = _centres(noisy)[:, 1] - _centres(exact)[:, 1]
    d_w = (noisy[:, 2] - noisy[:, 0]) - (exact[:, 2] - exact[:, 0])
    assert np.corrcoef(d_y, d_w)[0, 1] > 0.95  # one slide: higher (smaller y) together with smaller
    assert np.abs(_centres(noisy)[:, 0] - _centres(exact)[:, 0]).max() < 0.2  # nothing sideways
    assert d_y.std() > 5.0  # the slide is visible in the box's vertical position, not only its size


def test_pairwise_order_read_from_boxes_matches_thm_3_7():
    # m pairs (a_i, b_i), b right of a by `gap` image-plane metres: P(order right) = Phi(gap / sigma).
    m, sigma_h = 800, 0.4
    scene0 = _scene([(0.0, 0.0, 0.35), (0.0, -0.3, 0.35)])
    view0 = SceneView.from_scene(scene0)
    gap = float(view0.h[1] - view0.h[0])
    assert gap > 0
    scene = _scene([(0.0, 0.0, 0.35), (0.0, -0.3, 0.35)] * m)
    centres = _centres(_boxes(resolve_profile("custom", {"sigma_h": sigma_h}), scene))
    right = np.mean(centres[1::2, 0] > centres[0::2, 0])
    expected = 0.5 * math.erfc(-(gap / sigma_h) / math.sqrt(2))
    assert abs(right - expected) < 4 * math.sqrt(expected * (1 - expected) / m)


def test_same_scene_same_layout_whatever_the_question():
    scene = make_scene(3, 6)
    gpt = SIM_PROFILES["gpt-4o"]
    first = _boxes(gpt, scene, example={"id": "q1", "query": {"type": "orbit"}})
    again = _boxes(gpt, scene, example={"id": "q2", "query": {"type": "mcq"}}, example_id="other")
    assert np.array_equal(first, again)
    assert not np.array_equal(first, _boxes(EXACT, scene))
    assert not np.array_equal(first, _boxes(gpt, scene, seed=1))
    other = make_scene(3, 6)
    other["objects"][0]["color"] = "cyan" if other["objects"][0]["color"] != "cyan" else "red"
    assert not np.array_equal(_boxes(gpt, other)[1:], first[1:])  # another scene: fresh draws
    # Profiles scale the same standard-normal draws (coupled sweeps).
    llava = _boxes(SIM_PROFILES["llava-1.6-34b"], scene)
    exact = _boxes(EXACT, scene)
    same_side = np.sign(_centres(first) - _centres(exact)) == np.sign(_centres(llava) - _centres(exact))
    assert same_side[:, 0].all()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 9))
def test_zero_sigma_gives_the_exact_projected_boxes(seed, n):
    scene = make_scene(seed, n)
    view = SceneView.from_scene(scene)
    exact = [view.bbox(k) for k in range(n)]
    assert _boxes(EXACT, scene).tolist() == exact
    zero = resolve_profile("gpt-4o", {"sigma": 0.0})  # a named profile with its noise off
    assert _boxes(zero, scene, seed=seed).tolist() == exact
    flaky = resolve_profile("custom", {"attribute_error": 0.5})  # attribute noise moves no box
    assert _boxes(flaky, scene, seed=seed).tolist() == exact


def test_random_profile_boxes_carry_no_position():
    agree = total = 0
    for seed in range(60):
        scene = make_scene(seed, 6)
        truth = _centres(_boxes(EXACT, scene))
        got = _centres(_boxes(SIM_PROFILES["random"], scene))
        for i in range(6):
            for j in range(i + 1, 6):
                for axis in (0, 1):
                    total += 1
                    agree += (got[i, axis] < got[j, axis]) == (truth[i, axis] < truth[j, axis])
    assert abs(agree / total - 0.5) < 4 * math.sqrt(0.25 / total)
    boxes = _boxes(SIM_PROFILES["random"], make_scene(1, 6))
    assert (boxes[:, :2] >= 0).all() and (boxes[:, 2] <= 480).all() and (boxes[:, 3] <= 320).all()


def test_boxes_stay_inside_the_image_and_non_empty():
    scene = make_scene(5, 8)
    wild = resolve_profile("custom", {"sigma": 50.0})
    for seed in range(20):
        boxes = _boxes(wild, scene, seed=seed)
        assert (boxes[:, 0] >= 0).all() and (boxes[:, 1] >= 0).all()
        assert (boxes[:, 2] <= 480).all() and (boxes[:, 3] <= 320).all()
        assert (boxes[:, 2] - boxes[:, 0] >= 0.99).all() and (boxes[:, 3] - boxes[:, 1] >= 0.99).all()


def test_sim_client_objects_reply_is_json_with_noisy_boxes():
    scene = make_scene(2, 4)
    reply = sim_ask(
        get_model("sim/llava-1.6-34b"), {"kind": "objects", "scenes": [scene]}, prompt="list the objects"
    )
    assert reply.simulated and json.loads(reply.text) == reply.value
    assert np.array(reply.value["objects"][0]["bbox"]).shape == (4,)
    assert not np.array_equal(_boxes(EXACT, scene), np.array([o["bbox"] for o in reply.value["objects"]]))


def test_top_down_north_south_uses_sigma_d():
    scene = make_scene(8, 5)
    objs = {o["label"]: np.array(o["3d_coords"]) for o in scene["objects"]}
    delta = (objs["1"] - objs["2"]) * np.array([1.0, 1.0, 0.0])
    east, north = (float(delta @ np.array(scene["directions"][d])) for d in ("right", "behind"))
    gold = sorted(
        ([("right" if east > 0 else "left")] if abs(east) > 0.2 else [])
        + ([("north" if north > 0 else "south")] if abs(north) > 0.2 else [])
    )
    assert any(g in ("north", "south") for g in gold)
    ex = {"query": {"type": "top_down", "subject": "1", "reference": "2"}, "answer": gold}

    def answers(profile):
        return [
            answer_probe(profile, {"kind": "cvt", "scenes": [scene], "example": {**ex, "id": k}})[1]
            for k in range(80)
        ]

    ns = [g for g in gold if g in ("north", "south")]
    depth_noise = answers(resolve_profile("custom", {"sigma_d": 30.0}))
    assert any([a for a in ans if a in ("north", "south")] != ns for ans in depth_noise)
    vertical_noise = answers(resolve_profile("custom", {"sigma_v": 30.0}))
    assert all(a == gold for a in vertical_noise)


def _orbit_gold(scene, s, r, theta):
    objs = {o["label"]: np.array(o["3d_coords"]) for o in scene["objects"]}
    delta = (objs[s] - objs[r]) * np.array([1.0, 1.0, 0.0])
    c, n = math.cos(math.radians(theta)), math.sin(math.radians(theta))
    rot = np.array([[c, -n, 0], [n, c, 0], [0, 0, 1]])
    right, behind = (rot @ np.array(scene["directions"][d]) for d in ("right", "behind"))
    lateral, along = float(delta @ right), float(delta @ behind)
    return sorted(
        ([("right" if lateral > 0 else "left")] if abs(lateral) > 0.2 else [])
        + ([("behind" if along > 0 else "front")] if abs(along) > 0.2 else [])
    )


def test_cvt_noise_lies_in_the_shown_view_and_turns_with_the_orbit():
    # After a 90-degree orbit the new left/right is the shown view's depth axis: sigma_d.
    scene = make_scene(8, 5)
    pairs = [(s, r) for s in "12345" for r in "12345" if s != r]
    s, r = next(
        p for p in pairs if len(_orbit_gold(scene, *p, 90)) == 2 and len(_orbit_gold(scene, *p, 0)) == 2
    )
    gold = _orbit_gold(scene, s, r, 90)
    query = {"type": "orbit", "subject": s, "reference": r, "theta": 90, "direction": "left"}
    assert (
        answer_probe(EXACT, {"kind": "cvt", "scenes": [scene], "example": {"query": query, "answer": gold}})[
            1
        ]
        == gold
    )

    def split(profile):
        out = []
        for k in range(80):
            ex = {"id": k, "query": query, "answer": gold}
            ans = answer_probe(profile, {"kind": "cvt", "scenes": [scene], "example": ex})[1]
            out.append(
                ([a for a in ans if a in ("left", "right")], [a for a in ans if a in ("front", "behind")])
            )
        return out

    lat = [g for g in gold if g in ("left", "right")]
    dep = [g for g in gold if g in ("front", "behind")]
    depth_noise = split(resolve_profile("custom", {"sigma_d": 30.0}))
    assert any(x != lat for x, _ in depth_noise) and all(y == dep for _, y in depth_noise)
    across_noise = split(resolve_profile("custom", {"sigma_h": 30.0}))
    assert all(x == lat for x, _ in across_noise) and any(y != dep for _, y in across_noise)
