"""Seed 000's experiments with the simulated models, as one command.

``python -m spatioxolver.evals.seed000 [EXPERIMENT ...] --out DIR`` with experiments

* ``calibration`` - per-axis CTR (N = 10) and pairwise accuracy of every named ``sim/``
  profile against the seed's Table G1 and Table 1;
* ``ctr-vs-n`` - depth CTR for N in {3, 5, 8, 12, 16, 20} and the power-law fit
  ``CTR = c N^alpha`` with a bootstrap CI of alpha (Exp. 1, App. G);
* ``spearman`` - Spearman rho of depth CTR (N = 10) against accuracies, with the exact
  permutation p-value (Exp. 4);
* ``sigma`` - the N = 3 controlled-gap set: P(cycle) per Delta, sigma-hat from CTR
  (Cor. 3.8) and the "direct" sigma through Phi^-1(accuracy) (Exp. 2 and 7, Table 2);
* ``finetune`` - the CPU cycle-loss study of :mod:`.seed000_finetune` (Exp. 5).

Scenes are laid out with the ``ctr`` generator's own placement code
(:func:`spatioxolver.scenes._layout.sample_volume`, the camera of ``volume_camera``) and
not rendered: the simulated models read ground truth, never pixels. Answers come from
:func:`spatioxolver.models._sim.answer_probe`, exactly what ``sim/<profile>`` replies.
Writes ``results.json``, ``summary.md`` and one PNG per experiment into ``--out``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["EXPERIMENTS", "MODELS", "main", "spearman_exact", "power_law_fit", "volume_scene", "gap_scene"]

MODELS = ("gpt-4o", "claude-3.5-sonnet", "internvl2-40b", "qwen-vl-max", "llava-1.6-34b")
EXPERIMENTS = ("calibration", "ctr-vs-n", "spearman", "sigma", "finetune")
N_VALUES = (3, 5, 8, 12, 16, 20)
DELTAS = (0.1, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0)
_ASKS = {"H": "left", "V": "above", "D": "closer"}


# --------------------------------------------------------------------------- scenes


def volume_scene(rng: np.random.Generator, n: int) -> dict[str, Any]:
    """Scene JSON (camera + objects) of one ``ctr`` main-set layout with ``n`` objects."""
    from spatioxolver.scenes._layout import sample_volume, volume_camera

    while True:
        cam = volume_camera(rng, 480, 320)
        objects = sample_volume(rng, n, cam, tie_px=2.0, tie_depth=0.1)
        if objects is not None:
            objs = [
                {"label": str(k + 1), "3d_coords": o["3d_coords"], "size": o["size"]}
                for k, o in enumerate(objects)
            ]
            return {"objects": objs, "camera": cam.to_json()}


def gap_scene(rng: np.random.Generator, delta: float) -> dict[str, Any]:
    """Three objects at camera depths ``z0, z0 + delta, z0 + 2 delta`` (the N = 3 gap set)."""
    from spatioxolver.scenes._camera import orbit_camera

    cam = orbit_camera(float(rng.uniform(0, 360)), float(rng.uniform(10, 60)), 15.0, width=480, height=320)
    z0 = float(rng.uniform(6.0, 9.0))
    kinv = np.linalg.inv(cam.K)
    objs = []
    for k, j in enumerate(rng.permutation(3)):
        z = z0 + j * delta
        u, v = rng.uniform(60, 420), rng.uniform(60, 260)
        pc = z * (kinv @ np.array([u, v, 1.0]))
        world = cam.R.T @ (pc - cam.t)
        objs.append({"label": str(k + 1), "3d_coords": [float(c) for c in world], "size": "small"})
    return {"objects": objs, "camera": cam.to_json()}


def _truth(scene: dict[str, Any], axis: str) -> np.ndarray:
    w2c = np.asarray(scene["camera"]["world_to_camera"], dtype=float)
    k = np.asarray(scene["camera"]["K"], dtype=float)
    pts = np.array([o["3d_coords"] for o in scene["objects"]], dtype=float)
    cam = pts @ w2c[:3, :3].T + w2c[:3, 3]
    if axis == "D":
        return cam[:, 2]
    uv = cam @ k.T
    return uv[:, 0 if axis == "H" else 1] / uv[:, 2]


def answer_scene(profile: Any, scene: dict[str, Any], axis: str, tag: str, seed: int = 0) -> dict[str, Any]:
    """All pairwise answers of one scene on one axis: tournament, CTR, accuracy, coordinates."""
    from spatioxolver.consistency import Tournament
    from spatioxolver.models._sim import answer_probe

    n = len(scene["objects"])
    truth = _truth(scene, axis)
    outcomes, hits = {}, 0
    for a, b in itertools.combinations(range(n), 2):
        probe = {
            "kind": "pairwise", "axis": axis, "objects": [str(a + 1), str(b + 1)], "asks": _ASKS[axis],
            "scenes": [scene], "example": {"id": f"{tag}-{axis}-{a}-{b}"},
        }  # fmt: skip
        a_first = answer_probe(profile, probe, seed=seed)[0] == str(a + 1)
        outcomes[(a, b) if a_first else (b, a)] = True
        hits += a_first == bool(truth[a] < truth[b])
    t = Tournament.from_pairs(n, outcomes)
    return {
        "ctr": t.ctr() if n >= 3 else None,
        "accuracy": hits / math.comb(n, 2),
        "tournament": t,
        "truth": truth,
    }


# --------------------------------------------------------------------------- statistics


def spearman_exact(x: list[float], y: list[float]) -> dict[str, float]:
    """Spearman's rho and its exact two-sided permutation p-value (all n! orders, n <= 8)."""
    from scipy.stats import rankdata

    if len(x) != len(y) or len(x) < 3 or len(x) > 8:
        raise ValueError("spearman_exact needs 3 to 8 paired values")
    rx, ry = rankdata(x), rankdata(y)

    def rho(a: np.ndarray, b: np.ndarray) -> float:
        return float(np.corrcoef(a, b)[0, 1])

    observed = rho(rx, ry)
    perms = [rho(rx, ry[list(p)]) for p in itertools.permutations(range(len(x)))]
    p = float(np.mean([abs(v) >= abs(observed) - 1e-12 for v in perms]))
    return {"rho": observed, "p_value": p, "n": len(x)}


def power_law_fit(
    ns: list[int], per_n: dict[int, list[float]], *, boot: int = 1000, seed: int = 0
) -> dict[str, float]:
    """Least-squares fit of ``CTR(N) = c N^alpha`` to the per-N mean CTR (linear scale,
    so a zero mean at small N is fine).

    The CI of alpha is a percentile bootstrap over scenes within each N (95 %).
    """
    from scipy.optimize import curve_fit

    rng = np.random.default_rng(seed)
    x = np.asarray(ns, dtype=float)

    def fit(means: list[float]) -> tuple[float, float]:
        y = np.asarray(means, dtype=float)
        if not np.any(y > 0):
            return 0.0, 0.0
        try:
            (c, alpha), _ = curve_fit(
                lambda n, c, a: c * n**a, x, y, p0=(max(y.mean(), 1e-6), 0.0), maxfev=5000
            )
        except RuntimeError:
            return math.nan, math.nan
        return float(alpha), float(c)

    alpha, c = fit([float(np.mean(per_n[n])) for n in ns])
    draws = []
    for _ in range(boot):
        draws.append(fit([float(np.mean(rng.choice(per_n[n], size=len(per_n[n])))) for n in ns])[0])
    lo, hi = np.nanpercentile(draws, [2.5, 97.5])
    return {"alpha": alpha, "c": c, "alpha_lo": float(lo), "alpha_hi": float(hi)}


def _mean_ci(values: list[float]) -> dict[str, float]:
    arr = np.asarray(values, dtype=float)
    se = float(arr.std(ddof=1) / math.sqrt(len(arr))) if len(arr) > 1 else 0.0
    return {
        "mean": float(arr.mean()),
        "lo": float(arr.mean() - 1.96 * se),
        "hi": float(arr.mean() + 1.96 * se),
    }


# --------------------------------------------------------------------------- experiments


def exp_calibration(scenes: int, seed: int) -> dict[str, Any]:
    from spatioxolver.models import SIM_PROFILES
    from spatioxolver.models._sim_calibration import SEED_TABLE_1_ACC, SEED_TABLE_G1_CTR

    rng = np.random.default_rng(seed)
    layouts = [volume_scene(rng, 10) for _ in range(scenes)]
    out: dict[str, Any] = {}
    for model in MODELS:
        per_axis = {}
        for axis in "HVD":
            res = [answer_scene(SIM_PROFILES[model], s, axis, f"cal{k}", seed) for k, s in enumerate(layouts)]
            per_axis[axis] = {
                "ctr": _mean_ci([r["ctr"] for r in res]),
                "accuracy": _mean_ci([r["accuracy"] for r in res]),
                "seed_ctr": SEED_TABLE_G1_CTR[model][axis] / 100,
                "seed_accuracy": SEED_TABLE_1_ACC[model][axis] / 100,
            }
        per_axis["D/H"] = per_axis["D"]["ctr"]["mean"] / max(per_axis["H"]["ctr"]["mean"], 1e-12)
        per_axis["seed D/H"] = SEED_TABLE_G1_CTR[model]["D"] / SEED_TABLE_G1_CTR[model]["H"]
        out[model] = per_axis
    return {"scenes": scenes, "N": 10, "models": out}


def exp_ctr_vs_n(scenes: int, seed: int) -> dict[str, Any]:
    from spatioxolver.models import SIM_PROFILES

    rng = np.random.default_rng(seed + 1)
    layouts = {n: [volume_scene(rng, n) for _ in range(scenes)] for n in N_VALUES}
    out: dict[str, Any] = {}
    for model in MODELS:
        per_n = {
            n: [answer_scene(SIM_PROFILES[model], s, "D", f"n{n}-{k}", seed)["ctr"] for k, s in enumerate(ls)]
            for n, ls in layouts.items()
        }
        out[model] = {
            "ctr": {str(n): _mean_ci(v) for n, v in per_n.items()},
            "fit": power_law_fit(list(N_VALUES), per_n, seed=seed),
        }
    return {"scenes_per_n": scenes, "axis": "D", "models": out, "seed_alpha": [0.40, 0.44]}


def exp_spearman(calibration: dict[str, Any], scenes: int, seed: int) -> dict[str, Any]:
    """Depth CTR against accuracies: the sims' own (H pairwise, depth MCQ) and the seed's Table 1."""
    from spatioxolver.models import SIM_PROFILES
    from spatioxolver.models._sim import answer_probe
    from spatioxolver.models._sim_calibration import SEED_TABLE_1_ACC, SEED_TABLE_G1_CTR

    models = calibration["models"]
    ctr = [models[m]["D"]["ctr"]["mean"] for m in MODELS]
    mcq = []
    for model in MODELS:
        hits = 0
        for k in range(scenes * 4):
            example = {"id": f"mcq{k}", "answer": "1", "choices": ["a", "b", "c", "d"], "meta": {"axis": "D"}}
            hits += answer_probe(SIM_PROFILES[model], {"kind": "mcq", "example": example}, seed=seed)[1] == 1
        mcq.append(hits / (scenes * 4))
    targets = {
        "sim pairwise accuracy H": [models[m]["H"]["accuracy"]["mean"] for m in MODELS],
        "sim depth MCQ accuracy (4 options)": mcq,
        "seed Table 1 Acc-D": [SEED_TABLE_1_ACC[m]["D"] for m in MODELS],
    }
    out = {name: {**spearman_exact(ctr, vals), "values": vals} for name, vals in targets.items()}
    seed_ctr = [SEED_TABLE_G1_CTR[m]["D"] for m in MODELS]
    out["seed G1 CTR-D vs seed Acc-D"] = {
        **spearman_exact(seed_ctr, targets["seed Table 1 Acc-D"]),
        "values": targets["seed Table 1 Acc-D"],
    }
    return {"models": list(MODELS), "ctr_D": ctr, "correlations": out}


def exp_sigma(per_delta: int, seed: int) -> dict[str, Any]:
    from spatioxolver.consistency import depth_cycle_probability, fit_noise_sigma
    from spatioxolver.models import SIM_PROFILES
    from spatioxolver.models._sim_calibration import SEED_TABLE_2_SIGMA_D
    from spatioxolver.models._sim_profiles import resolve_profile

    rng = np.random.default_rng(seed + 2)
    layouts = {d: [gap_scene(rng, d) for _ in range(per_delta)] for d in DELTAS}
    out: dict[str, Any] = {}
    for model in MODELS:
        variants = {
            "calibrated": SIM_PROFILES[model],
            "pure Thm 3.7 (tau = 0)": resolve_profile(model, {"tau": 0}),
        }
        out[model] = {"seed_sigma_direct": SEED_TABLE_2_SIGMA_D[model]}
        for name, profile in variants.items():
            triples, cyclic, gaps, hits, per = [], [], [], [], []
            for d, ls in layouts.items():
                cyc_d = []
                for k, s in enumerate(ls):
                    res = answer_scene(profile, s, "D", f"gap{d}-{k}", seed)
                    triples.append(res["truth"])
                    cyc_d.append(res["ctr"] > 0)
                    z = res["truth"]
                    m = res["tournament"].matrix
                    for a, b in itertools.combinations(range(3), 2):
                        gaps.append(abs(z[a] - z[b]))
                        hits.append(float(bool(m[a, b]) == bool(z[a] < z[b])))
                cyclic.extend(cyc_d)
                per.append({"delta": d, "p_cycle": float(np.mean(cyc_d))})
            t, y = np.array(triples), np.array(cyclic)
            sigma_hat = fit_noise_sigma(t, y) if y.any() else None
            direct = _direct_sigma(np.array(gaps), np.array(hits))
            for e, d in zip(per, DELTAS, strict=True):
                sub = t[[i for i in range(len(t)) if abs(t[i].max() - t[i].min() - 2 * d) < 1e-6 * max(1, d)]]
                if sigma_hat and len(sub):
                    e["theory_fitted"] = float(
                        np.mean(depth_cycle_probability(sub[:, 0], sub[:, 1], sub[:, 2], sigma_hat))
                    )
            residual = max(
                (abs(e["p_cycle"] - e["theory_fitted"]) for e in per if "theory_fitted" in e), default=None
            )
            out[model][name] = {
                "per_delta": per,
                "sigma_hat": sigma_hat,
                "sigma_direct": direct,
                "error": abs(sigma_hat - direct) / direct if sigma_hat and direct else None,
                "max_residual": residual,
                "sigma": profile.sigma_d,
                "tau": profile.tau_d,
            }
    return {"per_delta": per_delta, "deltas": list(DELTAS), "models": out}


def _direct_sigma(gaps: np.ndarray, hits: np.ndarray) -> float | None:
    """Maximum-likelihood sigma of ``P(correct) = Phi(gap / sigma)`` (Phi^-1 of accuracy, pooled)."""
    from scipy.optimize import minimize_scalar
    from scipy.special import log_ndtr

    if not len(gaps) or hits.mean() in (0.0, 1.0):
        return None

    def nll(log_s: float) -> float:
        z = gaps / math.exp(log_s)
        return -float(np.sum(hits * log_ndtr(z) + (1 - hits) * log_ndtr(-z)))

    return float(math.exp(minimize_scalar(nll, bounds=(-7, 7), method="bounded").x))


def exp_finetune(seed: int) -> dict[str, Any]:
    from spatioxolver.evals.seed000_finetune import FinetuneConfig, study

    result = study(FinetuneConfig(seed=seed))
    return {
        "config": result["config"].__dict__,
        "summary": result["summary"],
        "curves": {str(k): v for k, v in result["curves"].items()},
    }


# --------------------------------------------------------------------------- command


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m spatioxolver.evals.seed000",
        description="Seed 000's experiments with the simulated models (offline, seconds to minutes).",
    )
    parser.add_argument(
        "experiments", nargs="*", default=["all"], help=f"any of {', '.join(EXPERIMENTS)} or all"
    )
    parser.add_argument(
        "--out", default="runs/seed000", help="output folder (results.json, summary.md, PNGs)"
    )
    parser.add_argument(
        "--scenes", type=int, default=60, help="scenes per condition (default 60; the seed: 150)"
    )
    parser.add_argument(
        "--gap-scenes", type=int, default=200, help="scenes per Delta in the gap set (seed: 1000)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-plots", action="store_true", help="skip the PNGs")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the experiments; returns the exit code (2 on bad arguments)."""
    args = _parse(argv)
    wanted = list(EXPERIMENTS) if "all" in args.experiments else args.experiments
    unknown = [e for e in wanted if e not in EXPERIMENTS]
    if unknown or args.scenes < 3 or args.gap_scenes < 3 or args.seed < 0:
        what = (
            f"unknown experiment(s) {', '.join(unknown)}" if unknown else "--scenes/--gap-scenes must be >= 3"
        )
        print(f"error: {what}; choose from {', '.join(EXPERIMENTS)} or all (--seed >= 0)", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {}
    if "calibration" in wanted or "spearman" in wanted:
        results["calibration"] = exp_calibration(args.scenes, args.seed)
    if "ctr-vs-n" in wanted:
        results["ctr-vs-n"] = exp_ctr_vs_n(args.scenes, args.seed)
    if "spearman" in wanted:
        results["spearman"] = exp_spearman(results["calibration"], args.scenes, args.seed)
    if "sigma" in wanted:
        results["sigma"] = exp_sigma(args.gap_scenes, args.seed)
    if "finetune" in wanted:
        results["finetune"] = exp_finetune(args.seed)
    from spatioxolver.evals.seed000_report import render_summary, write_plots

    (out / "results.json").write_text(json.dumps(results, indent=1, default=float))
    summary = render_summary(results)
    (out / "summary.md").write_text(summary)
    if not args.no_plots:
        write_plots(results, out)
    print(summary)
    print(f"written to {out}/ (results.json, summary.md{'' if args.no_plots else ', *.png'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
