"""The simulated MLLM: exactness at sigma 0, determinism, and the noise statistics of Thm 3.7."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from sxmodels_scenes import gold_first, look_at, make_scene, sim_ask

from spatioxolver.errors import ConfigError
from spatioxolver.models import SIM_PROFILES, get_model
from spatioxolver.models._sim import answer_probe
from spatioxolver.models._sim_profiles import resolve_profile

EXACT = resolve_profile("custom", {})
RANDOM = SIM_PROFILES["random"]


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _pairwise(profile, scene, axis, a, b, asks, example_id="ex", seed=0):
    probe = {
        "kind": "pairwise",
        "axis": axis,
        "objects": [a, b],
        "asks": asks,
        "scenes": [scene],
        "example": {"id": example_id},
    }
    return answer_probe(profile, probe, seed=seed)[0]


def _cyclic_fraction(relations: list[dict], labels: list[str], axis: str) -> float:
    beats = {}
    for rel in relations:
        if rel["axis"] != axis:
            continue
        first = rel["predicate"] in ("left_of", "above", "closer_than")
        beats[(rel["subject"], rel["object"])] = first
        beats[(rel["object"], rel["subject"])] = not first
    cycles = total = 0
    for i, j, k in itertools.combinations(labels, 3):
        total += 1
        cycles += beats[(i, j)] == beats[(j, k)] == beats[(k, i)]
    return cycles / total


def test_profiles_are_ordered_like_the_seed_models():
    order = ["gpt-4o", "claude-3.5-sonnet", "internvl2-40b", "qwen-vl-max", "llava-1.6-34b"]
    for axis in "HVD":
        totals = [
            math.hypot(SIM_PROFILES[m].sigma(axis), math.sqrt(2) * SIM_PROFILES[m].tau(axis)) for m in order
        ]
        assert totals == sorted(totals)  # Table 1: accuracy falls along the list on every axis
    custom = get_model("sim/custom", sigma_h=0.1, sigma_v=0.2, sigma_d=0.3, bias=0.5).profile
    assert (custom.sigma_h, custom.sigma_v, custom.sigma_d, custom.bias) == (0.1, 0.2, 0.3, 0.5)
    with pytest.raises(ConfigError, match=">= 0"):
        get_model("sim/custom", sigma_d=-1)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 7))
def test_zero_noise_reproduces_gold_on_every_axis(seed, n):
    scene = make_scene(seed, n)
    labels = [o["label"] for o in scene["objects"]]
    for axis, (first, last) in {
        "H": ("left", "right"),
        "V": ("above", "below"),
        "D": ("closer", "further"),
    }.items():
        for a, b in itertools.permutations(labels, 2):
            gold = gold_first(scene, axis, a, b)
            assert _pairwise(EXACT, scene, axis, a, b, first) == gold
            assert _pairwise(EXACT, scene, axis, a, b, last) == (b if gold == a else a)


def test_replies_are_deterministic_and_labelled_simulated():
    scene = make_scene(3, 6)
    client = get_model("sim/llava-1.6-34b")
    probe = {"kind": "relations", "scenes": [scene], "example": {"id": "e1"}}
    first = sim_ask(client, probe, prompt="relations?")
    again = sim_ask(client, probe, prompt="relations?")
    assert first.text == again.text and first.simulated and first.usage.cost_usd == 0.0
    assert first.model == "sim/llava-1.6-34b" and first.raw is None
    same_scene = sim_ask(client, {**probe, "example": {"id": "e2"}}, prompt="r")
    assert same_scene.text == first.text  # scene-level probe: one noisy graph per scene
    other_seed = sim_ask(get_model("sim/llava-1.6-34b", seed=7), probe, prompt="r")
    other_scene = sim_ask(client, {**probe, "scenes": [make_scene(4, 6)]}, prompt="r")
    assert other_seed.text != first.text and other_scene.text != first.text
    pair = {"kind": "pairwise", "axis": "D", "objects": ["1", "2"], "asks": "closer", "scenes": [scene]}
    per_example = {sim_ask(client, {**pair, "example": {"id": k}}, prompt="p").text for k in range(30)}
    assert len(per_example) == 2  # question-level probe: fresh noise per example
    assert len(first.value["relations"]) == 3 * 15


def test_random_profile_is_at_chance_ctr_one_quarter():
    scene = make_scene(11, 8)
    labels = [o["label"] for o in scene["objects"]]
    rates, correct, total = [], 0, 0
    for k in range(60):
        probe = {"kind": "relations", "axes": ["D"], "scenes": [scene], "example": {"id": f"r{k}"}}
        rels = answer_probe(RANDOM, probe, seed=k)[1]["relations"]
        rates.append(_cyclic_fraction(rels, labels, "D"))
        for rel in rels:
            total += 1
            correct += (rel["predicate"] == "closer_than") == (
                gold_first(scene, "D", rel["subject"], rel["object"]) == rel["subject"]
            )
    assert abs(np.mean(rates) - 0.25) < 0.03  # Thm 3.3; SE ~ 0.008
    assert abs(correct / total - 0.5) < 0.04


def test_large_sigma_approaches_chance_and_small_sigma_has_no_cycles():
    scene = make_scene(5, 8)
    labels = [o["label"] for o in scene["objects"]]
    huge = resolve_profile("custom", {"sigma": 1e6})
    big = np.mean(
        [
            _cyclic_fraction(
                answer_probe(
                    huge,
                    {"kind": "relations", "axes": ["H"], "scenes": [scene], "example": {"id": k}},
                    seed=k,
                )[1]["relations"],
                labels,
                "H",
            )
            for k in range(40)
        ]
    )
    tiny = resolve_profile("custom", {"sigma": 1e-6})
    small = _cyclic_fraction(
        answer_probe(tiny, {"kind": "relations", "scenes": [scene]})[1]["relations"], labels, "H"
    )
    assert abs(big - 0.25) < 0.04 and small == 0.0


def _three_in_depth(depths: tuple[float, float, float]) -> dict:
    K = [[500.0, 0, 320], [0, 500.0, 240], [0, 0, 1]]
    objects = []
    for k, z in enumerate(depths):
        x = (k - 1) * 0.8
        objects.append(
            {
                "label": str(k + 1),
                "3d_coords": [x, 0.0, z],
                "pixel_coords": [320 + 500 * x / z, 240, z],
                "shape": "cube",
                "size": "small",
                "material": "rubber",
                "color": "red",
            }
        )
    return {
        "objects": objects,
        "camera": {"world_to_camera": np.eye(4).tolist(), "K": K, "width": 640, "height": 480},
    }


def test_cycle_rate_matches_theorem_3_7():
    sigma, d = 1.0, (10.0, 10.5, 11.3)
    scene = _three_in_depth(d)
    profile = resolve_profile("custom", {"sigma_d": sigma})
    alpha, beta, gamma = _phi(0.5 / sigma), _phi(0.8 / sigma), _phi(1.3 / sigma)
    predicted = alpha * beta * (1 - gamma) + (1 - alpha) * (1 - beta) * gamma
    trials = 3000
    cycles = sum(
        _cyclic_fraction(
            answer_probe(
                profile, {"kind": "relations", "axes": ["D"], "scenes": [scene], "example": {"id": t}}, seed=t
            )[1]["relations"],
            ["1", "2", "3"],
            "D",
        )
        for t in range(trials)
    )
    se = math.sqrt(predicted * (1 - predicted) / trials)
    assert abs(cycles / trials - predicted) < 4 * se


def test_pairwise_accuracy_is_phi_of_gap_over_sigma():
    scene = _three_in_depth((10.0, 10.6, 12.0))
    profile = resolve_profile("custom", {"sigma_d": 0.6})
    trials = 2000
    hits = sum(_pairwise(profile, scene, "D", "1", "2", "closer", example_id=t) == "1" for t in range(trials))
    expected = _phi(0.6 / 0.6)
    assert abs(hits / trials - expected) < 4 * math.sqrt(expected * (1 - expected) / trials)


def test_ranking_is_transitive_with_pairwise_level_accuracy():
    scene = make_scene(21, 8)
    labels = [o["label"] for o in scene["objects"]]
    profile = SIM_PROFILES["llava-1.6-34b"]
    rank_hits = pair_hits = total = 0
    ctr_pairwise = []
    for k in range(40):
        ranked = answer_probe(
            profile, {"kind": "ranking", "axis": "D", "scenes": [scene], "example": {"id": k}}, seed=k
        )[1]
        assert sorted(ranked) == sorted(labels)
        rels = answer_probe(
            profile, {"kind": "relations", "axes": ["D"], "scenes": [scene], "example": {"id": k}}, seed=k
        )[1]
        ctr_pairwise.append(_cyclic_fraction(rels["relations"], labels, "D"))
        for rel in rels["relations"]:
            a, b = rel["subject"], rel["object"]
            gold_a = gold_first(scene, "D", a, b) == a
            total += 1
            pair_hits += (rel["predicate"] == "closer_than") == gold_a
            rank_hits += (ranked.index(a) < ranked.index(b)) == gold_a
    assert np.mean(ctr_pairwise) > 0.005  # independent pairwise noise makes cycles ...
    assert abs(rank_hits - pair_hits) / total < 0.05  # ... the ranking has none, at the same accuracy


def test_perspective_bias_judges_lower_objects_closer():
    K = [[500.0, 0, 320], [0, 500.0, 240], [0, 0, 1]]
    # Object 1 is further but much lower in the image than object 2.
    objs = [{"label": "1", "3d_coords": [0.0, 3.0, 10.4]}, {"label": "2", "3d_coords": [0.0, -3.0, 10.0]}]
    scene = {"objects": objs, "camera": {"world_to_camera": np.eye(4).tolist(), "K": K}}
    plain = resolve_profile("custom", {})
    biased = resolve_profile("custom", {"bias": 0.5})
    assert _pairwise(plain, scene, "D", "1", "2", "closer") == "2"
    assert _pairwise(biased, scene, "D", "1", "2", "closer") == "1"


def test_objects_probe_lists_labels_attributes_and_boxes():
    scene = make_scene(2, 5)
    value = answer_probe(EXACT, {"kind": "objects", "scenes": [scene]})[1]
    assert [o["id"] for o in value["objects"]] == [o["label"] for o in scene["objects"]]
    for item, obj in zip(value["objects"], scene["objects"], strict=True):
        assert (item["color"], item["shape"], item["size"], item["material"]) == (
            obj["color"],
            obj["shape"],
            obj["size"],
            obj["material"],
        )
        x0, y0, x1, y1 = item["bbox"]
        u, v = obj["pixel_coords"][:2]
        assert x0 <= u <= x1 and y0 <= v <= y1
    noisy = resolve_profile("custom", {"attribute_error": 1.0})
    wrong = answer_probe(noisy, {"kind": "objects", "scenes": [scene]})[1]
    assert all(
        w["color"] != o["color"] and w["shape"] != o["shape"]
        for w, o in zip(wrong["objects"], scene["objects"], strict=True)
    )


def _cvt_gold(scene, subject, reference, theta, sign, top_down=False):
    objs = {o["label"]: np.array(o["3d_coords"]) for o in scene["objects"]}
    delta = objs[subject] - objs[reference]
    delta[2] = 0.0
    right, behind = np.array(scene["directions"]["right"]), np.array(scene["directions"]["behind"])
    ang = math.radians(theta) * sign
    rot = np.array([[math.cos(ang), -math.sin(ang), 0], [math.sin(ang), math.cos(ang), 0], [0, 0, 1]])
    lateral, along = delta @ (rot @ right), delta @ (rot @ behind)
    names = ("left", "right", "south", "north") if top_down else ("left", "right", "front", "behind")
    out = []
    if abs(lateral) > 0.2:
        out.append(names[1] if lateral > 0 else names[0])
    if abs(along) > 0.2:
        out.append(names[3] if along > 0 else names[2])
    return sorted(out)


@pytest.mark.parametrize("sign", [1, -1])
def test_cvt_zero_noise_reproduces_gold_under_either_orbit_convention(sign):
    scene = make_scene(8, 5)
    for theta in (0, 45, 90, 135, 180, 270, 315, 360):
        for s, r in (("1", "2"), ("3", "4"), ("5", "1")):
            gold = _cvt_gold(scene, s, r, theta, sign)
            example = {
                "query": {"type": "orbit", "subject": s, "reference": r, "theta": theta, "direction": "left"},
                "answer": gold,
            }
            text, value = answer_probe(EXACT, {"kind": "cvt", "scenes": [scene], "example": example})
            assert value == gold and json.loads(text) == gold
    gold = _cvt_gold(scene, "2", "3", 0, 1, top_down=True)
    td = {"query": {"type": "top_down", "subject": "2", "reference": "3"}, "answer": gold}
    assert answer_probe(EXACT, {"kind": "cvt", "scenes": [scene], "example": td})[1] == gold


def test_cvt_noise_changes_some_answers():
    scene = make_scene(8, 5)
    gold = _cvt_gold(scene, "1", "2", 90, 1)
    example = {"query": {"type": "orbit", "subject": "1", "reference": "2", "theta": 90}, "answer": gold}
    noisy = resolve_profile("custom", {"sigma": 3.0})
    answers = [
        answer_probe(noisy, {"kind": "cvt", "scenes": [scene], "example": {**example, "id": k}})[1]
        for k in range(60)
    ]
    assert any(a != gold for a in answers) and any(a == gold for a in answers)
    assert all(set(a) <= {"left", "right", "front", "behind"} for a in answers)


def test_letter_option_and_open_answers_exact_and_at_chance():
    inc = {
        "kind": "inconsistency",
        "example": {"query": {"type": "inconsistent_object", "labels": list("ABCDE")}, "answer": "C"},
    }
    mcq = {
        "kind": "mcq",
        "example": {
            "query": {"type": "mcq", "category": "Relative Positioning"},
            "choices": ["a", "b", "c", "d"],
            "answer": 3,
        },
    }
    opn = {"kind": "open", "example": {"query": {"type": "open"}, "answer": "yes"}}
    assert answer_probe(EXACT, inc) == ("C", "C")
    assert answer_probe(EXACT, mcq) == ("3", 3)
    assert answer_probe(EXACT, opn) == ("yes", "yes")
    n = 800
    mcq_hits = sum(
        answer_probe(RANDOM, {**mcq, "example": {**mcq["example"], "id": k}})[1] == 3 for k in range(n)
    )
    inc_hits = sum(
        answer_probe(RANDOM, {**inc, "example": {**inc["example"], "id": k}})[1] == "C" for k in range(n)
    )
    assert abs(mcq_hits / n - 0.25) < 0.06 and abs(inc_hits / n - 0.2) < 0.06
    wrong = {answer_probe(RANDOM, {**opn, "example": {**opn["example"], "id": k}})[1] for k in range(40)}
    assert wrong == {"yes", "no"}


def test_schema_requests_get_schema_values():
    class Ranking(BaseModel):
        relations: list[dict]

    scene = make_scene(1, 3)
    reply = sim_ask(
        get_model("sim/gpt-4o"),
        {"kind": "relations", "axes": ["H"], "scenes": [scene]},
        prompt="p",
        output_schema=Ranking,
    )
    assert isinstance(reply.value, Ranking) and len(reply.value.relations) == 3


@pytest.mark.parametrize(
    "probe, match",
    [
        (None, "answers only structured tasks"),
        ({"kind": "teleport", "scenes": [{}]}, "cannot answer probe kind"),
        ({"kind": "pairwise", "axis": "H", "objects": ["1", "2"]}, "no answer key"),
        ({"kind": "mcq", "example": {"query": {}}}, "needs ground truth"),
        (
            {"kind": "pairwise", "axis": "H", "objects": ["1", "2"], "example": {"id": "x"}},
            "needs ground truth",
        ),
        ({"kind": "pairwise", "axis": "Q", "objects": ["1", "2"], "scenes": [{}]}, "H, V, D"),
        (
            {"kind": "pairwise", "axis": "H", "objects": ["1", "99"], "scenes": [make_scene(0, 3)]},
            "not in the scene",
        ),
    ],
)
def test_probes_without_ground_truth_are_config_errors(probe, match):
    with pytest.raises(ConfigError, match=match):
        sim_ask(get_model("sim/gpt-4o"), probe, prompt="which?")


def test_look_at_builds_a_proper_rotation():
    w2c = look_at(np.array([5.0, 0, 0]), np.zeros(3))
    rot = w2c[:3, :3]
    assert np.allclose(rot @ rot.T, np.eye(3)) and (w2c @ [0, 0, 0, 1])[2] > 0
