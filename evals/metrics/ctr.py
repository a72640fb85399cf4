"""CTR protocol metrics (seed 000 §4): tournaments per (scene, axis), CTR, exact OSC,
pairwise accuracy per N and axis, and the N = 3 gap set against Theorem 3.7.

Pairwise answers of one scene on one axis are turned into a
:class:`spatioxolver.consistency.Tournament` (item i precedes j: left of, above, closer
than). Unanswered pairs stay missing (a partial tournament; CTR over observed triples).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

import numpy as np
from spatioxolver.evals.metrics.accuracy import correct_value
from spatioxolver.evals.metrics.bootstrap import mean_ci

__all__ = ["PRECEDES_WHEN_ASKED", "scene_tournaments", "ctr_metrics", "expected_ctr"]

#: ``asks`` values for which the chosen object precedes the other on its axis.
PRECEDES_WHEN_ASKED = {"left", "above", "closer", "nearer", "front"}
FOLLOWS_WHEN_ASKED = {"right", "below", "further", "farther", "behind"}


def _scene_key(row: dict[str, Any]) -> str:
    return str(row.get("scene_key") or row.get("id"))


def scene_tournaments(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per (scene, axis): labels, Tournament, rows, N, gap, coordinates."""
    from spatioxolver.consistency import Tournament

    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        query = row.get("query") or {}
        if query.get("type") == "pairwise" and query.get("axis"):
            groups[(_scene_key(row), str(query["axis"]))].append(row)
    out = []
    for (scene, axis), group in sorted(groups.items()):
        labels = sorted({str(o) for r in group for o in r["query"].get("objects", [])}, key=_natural)
        index = {label: i for i, label in enumerate(labels)}
        outcomes: dict[tuple[int, int], bool] = {}
        for r in group:
            a, b = (str(o) for o in r["query"]["objects"][:2])
            pred = r.get("pred") if r.get("status") == "ok" else None
            asks = str(r["query"].get("asks", "")).lower()
            if pred not in (a, b) or asks not in PRECEDES_WHEN_ASKED | FOLLOWS_WHEN_ASKED:
                continue
            other = b if pred == a else a
            first, second = (pred, other) if asks in PRECEDES_WHEN_ASKED else (other, pred)
            outcomes[(index[first], index[second])] = True
        meta = group[0].get("meta") or {}
        n = int(meta.get("N") or len(labels))
        tournament = Tournament.from_pairs(len(labels), outcomes) if len(labels) >= 2 else None
        out.append(
            {
                "scene": scene,
                "axis": axis,
                "labels": labels,
                "N": n,
                "tournament": tournament,
                "rows": group,
                "gap": _gap(meta),
                "coords": _coords(meta, axis, labels),
            }
        )
    return out


def _natural(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (10**9, label)


def _gap(meta: dict[str, Any]) -> float | None:
    from spatioxolver.evals.benchmarks.ctr import gap_of, is_gap_example

    return gap_of(meta) if is_gap_example(meta) else None


def _coords(meta: dict[str, Any], axis: str, labels: list[str]) -> list[float] | None:
    """Per-label coordinate along the axis (metres) when the row carries it.

    The simulator's coordinates first (image-plane metres at the median depth for H and V,
    camera depth for D: ``object_plane_coords``), so theory curves and sigma-hat are in the
    units the simulated noise is in; camera-frame coordinates only for older files.
    """
    column = {"H": 0, "V": 1, "D": 2}[axis]
    for key in ("object_plane_coords", "object_camera_coords"):
        cam = meta.get(key) or {}
        if cam and all(label in cam for label in labels):
            return [float(cam[label][column]) for label in labels]
    depths = meta.get("object_depths") or {}
    if axis == "D" and depths and all(label in depths for label in labels):
        return [float(depths[label]) for label in labels]
    return None


def expected_ctr(coords: list[float], sigma: float, tau: float = 0.0) -> float:
    """Theorem 3.7 averaged over all triples of one scene: the CTR the noise model predicts.

    With ``tau > 0`` (the simulator's shared per-object offsets) Eq. (4) is averaged over
    the offsets as well (64 fixed draws).
    """
    from spatioxolver.consistency import depth_cycle_probability

    if tau > 0 and np.isfinite(sigma) and sigma > 0 and len(coords) >= 3:
        from spatioxolver.models._sim_calibration import expected_ctr as two_component

        return two_component(np.asarray([coords], dtype=float), sigma, tau, draws=64)
    triples = np.array(list(itertools.combinations(coords, 3)), dtype=float)
    if len(triples) == 0 or not np.isfinite(sigma) or sigma <= 0:
        return 0.25 if not np.isfinite(sigma) else 0.0
    return float(np.mean(depth_cycle_probability(triples[:, 0], triples[:, 1], triples[:, 2], sigma)))


def _sim_noise(model: str | None, axis: str) -> tuple[float, float] | None:
    """``(sigma, tau)`` of a named sim profile on ``axis`` (None for other models)."""
    if not model or not str(model).startswith("sim/"):
        return None
    try:
        from spatioxolver.models import SIM_PROFILES
    except ImportError:
        return None
    profile = SIM_PROFILES.get(str(model)[4:])
    return (float(profile.sigma(axis)), float(profile.tau(axis))) if profile is not None else None


def _sim_sigma(model: str | None, axis: str) -> float | None:
    noise = _sim_noise(model, axis)
    return noise[0] if noise else None


def ctr_metrics(rows: list[dict[str, Any]], *, seed: int = 0, exact_osc_max_n: int = 20) -> dict[str, Any]:
    """CTR / OSC / pairwise accuracy per N and axis, plus the gap set and σ̂ (Cor. 3.8)."""
    from spatioxolver.consistency import fit_noise_sigma

    records = scene_tournaments(rows)
    model = next((r.get("model") for r in rows if r.get("model")), None)
    by_n_axis: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    main_triples: dict[str, list[tuple[list[float], bool]]] = defaultdict(list)
    gap_records = []
    for rec in records:
        t = rec["tournament"]
        if t is None:
            continue
        rec["ctr"] = t.ctr() if t.observed_triples() else None
        rec["osc"] = t.osc() if rec["N"] <= exact_osc_max_n and t.n_observed_pairs else None
        rec["acc"] = float(np.mean([correct_value(r) for r in rec["rows"]]))
        if rec["gap"] is not None:
            gap_records.append(rec)
        else:
            by_n_axis[(rec["N"], rec["axis"])].append(rec)
        if rec["coords"] is not None and len(rec["labels"]) >= 3 and t.is_complete:
            m = t.matrix
            for i, j, k in itertools.combinations(range(len(rec["labels"])), 3):
                cyc = bool((m[i, j] and m[j, k] and m[k, i]) or (m[j, i] and m[k, j] and m[i, k]))
                main_triples[rec["axis"]].append(([rec["coords"][x] for x in (i, j, k)], cyc))

    sigma_hat: dict[str, float | None] = {}
    for axis, items in main_triples.items():
        coords = np.array([c for c, _ in items])
        cyclic = np.array([y for _, y in items])
        sigma_hat[axis] = float(fit_noise_sigma(coords, cyclic)) if len(items) >= 3 and cyclic.any() else None

    table = []
    for (n, axis), recs in sorted(by_n_axis.items()):
        ctrs = [r["ctr"] for r in recs if r["ctr"] is not None]
        oscs = [r["osc"] for r in recs if r["osc"] is not None]
        accs = [correct_value(x) for r in recs for x in r["rows"]]
        entry = {
            "N": n,
            "axis": axis,
            "scenes": len(recs),
            "ctr": mean_ci(ctrs, seed=seed),
            "osc": mean_ci(oscs, seed=seed),
            "pairwise_accuracy": mean_ci(accs, seed=seed),
        }
        noise = _sim_noise(model, axis)
        with_coords = [r["coords"] for r in recs if r["coords"] is not None]
        if noise is not None and with_coords:
            entry["theory_ctr"] = float(np.mean([expected_ctr(c, *noise) for c in with_coords]))
            entry["theory_sigma"] = noise[0]
            if noise[1]:
                entry["theory_tau"] = noise[1]
        table.append(entry)

    gap = _gap_set(gap_records, seed=seed, model=model)
    return {
        "per_n_axis": table,
        "gap_set": gap,
        "sigma_hat": sigma_hat,
        "scenes": [
            {k: rec.get(k) for k in ("scene", "axis", "N", "ctr", "osc", "acc", "gap")} for rec in records
        ],
    }


def _gap_set(records: list[dict[str, Any]], *, seed: int, model: str | None) -> dict[str, Any] | None:
    from spatioxolver.consistency import depth_cycle_probability, fit_noise_sigma

    usable = [
        r
        for r in records
        if r["axis"] == "D"
        and r["tournament"] is not None
        and r["tournament"].is_complete
        and len(r["labels"]) == 3
    ]
    if not usable:
        return None
    triples, cyclic, gaps = [], [], []
    for r in usable:
        coords = r["coords"] or [0.0, r["gap"], 2 * r["gap"]]  # nominal equal spacing when depths are unknown
        triples.append(coords)
        cyclic.append(r["tournament"].cyclic_triples() > 0)
        gaps.append(r["gap"])
    triples_arr, cyclic_arr = np.array(triples, dtype=float), np.array(cyclic)
    sigma_hat = float(fit_noise_sigma(triples_arr, cyclic_arr)) if cyclic_arr.any() else None
    noise = _sim_noise(model, "D")
    true_sigma = noise[0] if noise else None
    direct = _direct_sigma(usable)
    per_gap = []
    for g in sorted(set(gaps)):
        idx = [i for i, x in enumerate(gaps) if x == g]
        sub = triples_arr[idx]
        entry = {"gap": g, "scenes": len(idx), "p_cycle": mean_ci(cyclic_arr[idx].astype(float), seed=seed)}
        if sigma_hat:
            entry["theory_fitted"] = float(
                np.mean(depth_cycle_probability(sub[:, 0], sub[:, 1], sub[:, 2], sigma_hat))
            )
        if noise and noise[1]:
            entry["theory_true_sigma"] = float(np.mean([expected_ctr(list(t), *noise) for t in sub]))
        elif true_sigma:
            entry["theory_true_sigma"] = float(
                np.mean(depth_cycle_probability(sub[:, 0], sub[:, 1], sub[:, 2], true_sigma))
            )
        if g in direct["per_gap"]:
            entry["sigma_direct"] = direct["per_gap"][g]
        per_gap.append(entry)
    residuals = [abs(e["p_cycle"]["value"] - e["theory_fitted"]) for e in per_gap if "theory_fitted" in e]
    return {
        "per_gap": per_gap,
        "sigma_hat": sigma_hat,
        "true_sigma": true_sigma,
        "true_tau": noise[1] if noise else None,
        "sigma_direct": direct["pooled"],
        "max_residual": max(residuals) if residuals else None,
    }


def _direct_sigma(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The seed's "direct" sigma (Exp. 7): from pairwise accuracy through ``Phi^-1``.

    ``per_gap``: ``sigma_from_accuracy(acc, gap)`` from the adjacent pairs (depth gap = the
    set's Delta) of each Delta whose accuracy lies in (1/2, 1). ``pooled``: the maximum-
    likelihood sigma of ``P(correct) = Phi(|gap| / sigma)`` over every pair with its gap.
    """
    from scipy.optimize import minimize_scalar
    from scipy.special import log_ndtr

    from spatioxolver.consistency import sigma_from_accuracy

    by_gap: dict[float, list[float]] = defaultdict(list)
    gaps_all, hits_all = [], []
    for r in records:
        coords = r["coords"]
        if coords is None:
            continue
        where = dict(zip(r["labels"], coords, strict=True))
        for row in r["rows"]:
            a, b = (str(o) for o in row["query"]["objects"][:2])
            if a not in where or b not in where:
                continue
            gap, hit = abs(where[a] - where[b]), float(correct_value(row))
            gaps_all.append(gap)
            hits_all.append(hit)
            if abs(gap - r["gap"]) < 0.25 * r["gap"]:
                by_gap[r["gap"]].append(hit)
    per_gap = {}
    for g, hits in by_gap.items():
        acc = float(np.mean(hits))
        if 0.5 < acc < 1.0:
            per_gap[g] = sigma_from_accuracy(acc, g)
    pooled = None
    gaps, hits = np.array(gaps_all), np.array(hits_all)
    if len(gaps) and 0 < hits.mean() < 1:

        def nll(log_s: float) -> float:
            z = gaps / np.exp(log_s)
            return -float(np.sum(hits * log_ndtr(z) + (1 - hits) * log_ndtr(-z)))

        pooled = float(np.exp(minimize_scalar(nll, bounds=(-7, 7), method="bounded").x))
    return {"per_gap": per_gap, "pooled": pooled}
