"""CVT metrics (seed 003 §3–5, App. 9): multi-label P/R/F1 per view angle and top-down,
spatial survival (Eq. 1) peak and from start, 0°=360° consistency (overall and by prompt
depth), F1 by batch position, density and occlusion (anchor vs rotation), and the
left/right vs front/behind asymmetry with inversion rates.

Survival sequences are the tracked relations: rows with the same scene, subject and
reference asked at several views, ordered 0°, 45°, ..., 360°, top-down - the seed's ten
views (the tracked 360° query is a paraphrase and counts as the ninth). ``from_start(t)``
is Eq. 1 (correct at every one of the first t views); ``peak(t)`` counts a sequence
when it holds a run of at least t consecutive correct answers anywhere (Fig. 4, top).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
from spatioxolver.evals.metrics.bootstrap import mean_ci

__all__ = ["cvt_metrics", "survival_curves", "view_of", "occlusion_breakdown", "axis_asymmetry"]


def view_of(query: dict[str, Any]) -> str:
    if query.get("type") == "top_down":
        return "top-down"
    theta = query.get("theta", 0)
    return f"{float(theta):g}"


def _view_order(view: str) -> float:
    return 1e9 if view == "top-down" else float(view)


def _f1(row: dict[str, Any]) -> float:
    return float(row.get("f1") or 0.0) if row.get("status") == "ok" else 0.0


def survival_curves(sequences: list[list[bool]]) -> dict[str, list[float]]:
    """``from_start`` and ``peak`` survival for t = 1..T (T = the longest sequence).

    Example:
        >>> survival_curves([[True, True, False], [True, False, True]])["from_start"]
        [1.0, 0.5, 0.0]
    """
    if not sequences:
        return {"t": [], "from_start": [], "peak": []}
    longest = max(len(s) for s in sequences)
    from_start, peak = [], []
    runs = []
    for seq in sequences:
        best = cur = 0
        for ok in seq:
            cur = cur + 1 if ok else 0
            best = max(best, cur)
        runs.append(best)
    for t in range(1, longest + 1):
        from_start.append(float(np.mean([len(s) >= t and all(s[:t]) for s in sequences])))
        peak.append(float(np.mean([r >= t for r in runs])))
    return {"t": list(range(1, longest + 1)), "from_start": from_start, "peak": peak}


def cvt_metrics(rows: list[dict[str, Any]], *, seed: int = 0) -> dict[str, Any]:
    rows = [r for r in rows if (r.get("query") or {}).get("type") in ("orbit", "top_down")]
    if not rows:
        return {}
    by_view: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_view[view_of(r["query"])].append(r)
    per_view = {}
    for view in sorted(by_view, key=_view_order):
        group = by_view[view]
        ok = [r for r in group if r.get("status") == "ok"]
        per_view[view] = {
            "n": len(group),
            "precision": float(np.mean([r.get("precision", 0.0) for r in ok])) if ok else 0.0,
            "recall": float(np.mean([r.get("recall", 0.0) for r in ok])) if ok else 0.0,
            "f1": mean_ci([_f1(r) for r in group], seed=seed),
        }
    rotated = [r for r in rows if view_of(r["query"]) not in ("0", "360", "top-down")]

    # Tracked sequences: (scene, track_id) when the generator marks them, else
    # (scene, subject, reference) pairs asked at three or more views.
    seqs: dict[tuple[str, ...], dict[str, bool]] = defaultdict(dict)
    fallback: dict[tuple[str, ...], dict[str, bool]] = defaultdict(dict)
    for r in rows:
        q, meta = r["query"], r.get("meta") or {}
        view = view_of(q)
        correct = r.get("status") == "ok" and bool(r.get("correct"))
        if meta.get("tracked"):
            track = meta.get("track_id")
            key = (
                str(r.get("scene_key")),
                str(track) if track is not None else f"{q.get('subject')}>{q.get('reference')}",
            )
            seqs[key].setdefault(view, correct)
        fallback[(str(r.get("scene_key")), str(q.get("subject")), str(q.get("reference")))].setdefault(
            view, correct
        )
    if not seqs:
        seqs = {k: v for k, v in fallback.items() if len(v) >= 3}
    sequences = [[seqs[k][v] for v in sorted(seqs[k], key=_view_order)] for k in sorted(seqs)]

    # 0° = 360°: a paraphrased 360° query against the 0° query it repeats (meta.source_id),
    # else every 0°/360° pair of queries on the same (scene, subject, reference).
    by_id = {str(r["id"]).split("@")[0]: r for r in rows}
    matches = []
    match_by_position: dict[int, list[float]] = defaultdict(list)
    for r in rows:
        source = (r.get("meta") or {}).get("source_id")
        if source and str(source) in by_id:
            a, b = by_id[str(source)], r
            ok = a.get("status") == "ok" and b.get("status") == "ok" and a.get("pred") is not None
            matches.append(float(ok and a.get("pred") == b.get("pred")))
            position = (r.get("meta") or {}).get("batch_position")
            if position:
                match_by_position[int(position)].append(matches[-1])
    if not matches:
        preds: dict[tuple[str, str, str], dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
        for r in rows:
            q = r["query"]
            key = (str(r.get("scene_key")), str(q.get("subject")), str(q.get("reference")))
            preds[key][view_of(q)].append(r.get("pred") if r.get("status") == "ok" else None)
        for views in preds.values():
            for p0 in views.get("0", []):
                for p360 in views.get("360", []):
                    matches.append(float(p0 is not None and p0 == p360))

    by_position: dict[int, list[float]] = defaultdict(list)
    by_density: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        meta = r.get("meta") or {}
        if meta.get("batch_position"):
            by_position[int(meta["batch_position"])].append(_f1(r))
        density = meta.get("density") or meta.get("regime")
        if density:
            by_density[str(density)].append(_f1(r))
    protocol = next(
        (str((r.get("meta") or {}).get("protocol")) for r in rows if (r.get("meta") or {}).get("protocol")),
        "episodic",
    )
    representation = next(
        (
            str((r.get("meta") or {}).get("representation"))
            for r in rows
            if (r.get("meta") or {}).get("representation")
        ),
        "image",
    )
    return {
        "protocol": protocol,
        "representation": representation,
        "global_f1": mean_ci([_f1(r) for r in rows], seed=seed),
        "anchor_f1": per_view.get("0", {}).get("f1"),
        "rotation_f1": mean_ci([_f1(r) for r in rotated], seed=seed),
        "top_down_f1": per_view.get("top-down", {}).get("f1"),
        "per_view": per_view,
        "consistency_0_360": mean_ci(matches, seed=seed),
        "survival": survival_curves(sequences),
        "n_sequences": len(sequences),
        "f1_by_batch_position": {str(k): float(np.mean(v)) for k, v in sorted(by_position.items())},
        "f1_by_density": {k: mean_ci(v, seed=seed) for k, v in sorted(by_density.items())},
        "consistency_by_batch_position": {
            str(k): float(np.mean(v)) for k, v in sorted(match_by_position.items())
        },
        "f1_by_occlusion": occlusion_breakdown(rows, seed=seed),
        "axis_asymmetry": axis_asymmetry(rows),
    }


def _regime(row: dict[str, Any]) -> str:
    view = view_of(row["query"])
    return "anchor" if view in ("0", "360") else "rotation"


def occlusion_breakdown(rows: list[dict[str, Any]], *, seed: int = 0) -> dict[str, Any]:
    """F1 by occlusion kind (none / subject / object / both) and visible vs occluded,
    at the anchor view (0° and its 360° paraphrases) and under rotation (seed 003 Fig. 6, S2)."""
    groups: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        occ = (r.get("meta") or {}).get("occlusion")
        kind = occ.get("kind") if isinstance(occ, dict) else None
        if not kind:
            continue
        regime = _regime(r)
        groups[regime][str(kind)].append(_f1(r))
        groups[regime]["visible" if kind == "none" else "occluded"].append(_f1(r))
    return {
        regime: {k: mean_ci(v, seed=seed) for k, v in sorted(kinds.items())}
        for regime, kinds in sorted(groups.items())
    }


_AXES = {"lateral": ("left", "right"), "depth": ("front", "behind", "north", "south")}
_OPPOSITE = {
    "left": "right",
    "right": "left",
    "front": "behind",
    "behind": "front",
    "north": "south",
    "south": "north",
}


def axis_asymmetry(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Left/right vs front/behind (north/south top-down) accuracy and inversion rates (seed 003 App. 9.5).

    Per answered row and axis: *correct* when the predicted relations on that axis equal the
    gold ones; an *inversion* when the prediction holds the opposite of a gold relation on it.
    Unanswered rows count as wrong and not inverted. ``gap`` = lateral - depth accuracy.
    """
    out: dict[str, Any] = {}
    for regime in ("all", "anchor", "rotation"):
        stats: dict[str, list[tuple[float, float]]] = {axis: [] for axis in _AXES}
        for r in rows:
            if regime != "all" and _regime(r) != regime:
                continue
            pred = r.get("pred") if r.get("status") == "ok" and isinstance(r.get("pred"), list) else None
            gold = r.get("gold")
            if not isinstance(gold, list):
                continue
            for axis, names in _AXES.items():
                g = {x for x in gold if x in names}
                if pred is None:
                    stats[axis].append((0.0, 0.0))
                    continue
                p = {x for x in pred if x in names}
                stats[axis].append((float(p == g), float(any(_OPPOSITE[x] in p for x in g))))
        if not stats["lateral"]:
            continue
        entry = {
            axis: {
                "accuracy": float(np.mean([c for c, _ in v])),
                "inversion_rate": float(np.mean([i for _, i in v])),
                "n": len(v),
            }
            for axis, v in stats.items()
        }
        entry["gap"] = entry["lateral"]["accuracy"] - entry["depth"]["accuracy"]
        out[regime] = entry
    return out
