"""The seed-000 experiment command: statistics, the fine-tuning study, the CLI contract."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy.stats import spearmanr
from spatioxolver.evals import seed000
from spatioxolver.evals.seed000_finetune import FinetuneConfig, study


def test_spearman_exact_matches_scipy_and_has_the_exact_small_sample_p_value():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=6), rng.normal(size=6)
    assert seed000.spearman_exact(list(x), list(y))["rho"] == pytest.approx(spearmanr(x, y).statistic)
    perfect = seed000.spearman_exact([1, 2, 3, 4, 5], [50, 40, 30, 20, 10])
    assert perfect["rho"] == pytest.approx(-1.0) and perfect["p_value"] == pytest.approx(2 / 120)


def test_power_law_fit_recovers_a_known_exponent_with_a_ci():
    rng = np.random.default_rng(0)
    ns = [3, 5, 8, 12, 16, 20]
    per_n = {n: list(0.02 * n**0.42 * (1 + 0.1 * rng.standard_normal(80))) for n in ns}
    fit = seed000.power_law_fit(ns, per_n, boot=300)
    assert fit["alpha"] == pytest.approx(0.42, abs=0.05)
    assert fit["alpha_lo"] < 0.42 < fit["alpha_hi"]
    flat = {n: list(0.05 * (1 + 0.1 * rng.standard_normal(80))) for n in ns}
    assert abs(seed000.power_law_fit(ns, flat, boot=300)["alpha"]) < 0.05


def test_gap_scene_places_three_objects_delta_apart_in_camera_depth():
    scene = seed000.gap_scene(np.random.default_rng(1), 0.8)
    w2c = np.asarray(scene["camera"]["world_to_camera"])
    z = sorted(float((w2c[:3, :3] @ np.asarray(o["3d_coords"]) + w2c[:3, 3])[2]) for o in scene["objects"])
    assert z[1] - z[0] == pytest.approx(0.8, abs=1e-6) and z[2] - z[1] == pytest.approx(0.8, abs=1e-6)


def test_pure_model_sigma_hat_matches_direct_sigma_in_the_gap_set():
    # The seed's Exp. 7 claim holds in the seed's own model (tau = 0) ...
    from spatioxolver.models._sim_profiles import resolve_profile

    profile = resolve_profile("custom", {"sigma_d": 1.0})
    rng = np.random.default_rng(2)
    triples, cyclic, gaps, hits = [], [], [], []
    for delta in (0.3, 0.8, 1.5, 3.0):
        for k in range(150):
            res = seed000.answer_scene(profile, seed000.gap_scene(rng, delta), "D", f"t{delta}-{k}")
            triples.append(res["truth"])
            cyclic.append(res["ctr"] > 0)
            z, m = res["truth"], res["tournament"].matrix
            for a, b in ((0, 1), (0, 2), (1, 2)):
                gaps.append(abs(z[a] - z[b]))
                hits.append(float(bool(m[a, b]) == bool(z[a] < z[b])))
    from spatioxolver.consistency import fit_noise_sigma

    sigma_hat = fit_noise_sigma(np.array(triples), np.array(cyclic))
    direct = seed000._direct_sigma(np.array(gaps), np.array(hits))
    assert sigma_hat == pytest.approx(1.0, rel=0.15) and direct == pytest.approx(1.0, rel=0.1)


def test_cycle_loss_lowers_early_ctr_without_costing_accuracy():
    result = study(FinetuneConfig(test_scenes=80, lambdas=(0.0, 1.0)))
    sft, cyc = result["summary"]
    assert 0.12 < sft["ctr_start"] < 0.25  # the seed's LLaVA starts at 18.2%
    assert cyc["ctr_step10"] < 0.9 * sft["ctr_step10"]
    assert cyc["ctr_end"] <= sft["ctr_end"] + 1e-9
    assert abs(cyc["acc_end"] - sft["acc_end"]) < 0.01 and sft["acc_end"] > 0.8


def test_command_rejects_unknown_experiments_with_exit_2(capsys):
    assert seed000.main(["nonsense", "--out", "unused"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown experiment" in err[0]


def test_command_writes_results_and_summary(tmp_path):
    assert seed000.main(["calibration", "--scenes", "3", "--out", str(tmp_path), "--no-plots"]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    gpt = results["calibration"]["models"]["gpt-4o"]
    assert set(gpt) >= {"H", "V", "D", "D/H"} and 0 <= gpt["D"]["ctr"]["mean"] <= 1
    assert "sim/gpt-4o" in (tmp_path / "summary.md").read_text()


def test_ctr_adapter_gives_theory_the_coordinates_the_simulator_perturbs():
    from spatioxolver.evals.benchmarks.ctr import _object_coordinates

    from spatioxolver.models._sim_scene import SceneView

    scene = seed000.volume_scene(np.random.default_rng(4), 7)
    w2c, k = np.asarray(scene["camera"]["world_to_camera"]), np.asarray(scene["camera"]["K"])
    for o in scene["objects"]:  # the contract's pixel_coords, from the camera
        cam = w2c[:3, :3] @ np.asarray(o["3d_coords"]) + w2c[:3, 3]
        o["pixel_coords"] = [*(k @ cam)[:2] / cam[2], cam[2]]
    plane = _object_coordinates(scene)["object_plane_coords"]
    view = SceneView.from_scene(scene)
    for idx, label in enumerate(view.labels):
        assert plane[label][0] == pytest.approx(view.h[idx], abs=1e-5)
        assert plane[label][1] == pytest.approx(view.v[idx], abs=1e-5)
        assert plane[label][2] == pytest.approx(view.d[idx], abs=1e-5)
