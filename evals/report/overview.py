"""The report's first screen: the headline plot of paired deltas and one panel per benchmark.

Both figures use the Okabe-Ito palette (distinguishable with the common colour-vision
deficiencies); a graph keeps its colour everywhere (agentic blue, direct orange,
cot_rank green) and models differ by hatch, so nothing relies on colour alone.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

__all__ = ["OKABE_ITO", "GRAPH_COLOURS", "headline_deltas", "per_benchmark", "row_label", "dataset_name"]

#: Okabe & Ito (2008), ordered so that the first colours have the most contrast on white.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
GRAPH_COLOURS = {
    "agentic": "#0072B2",
    "direct": "#E69F00",
    "cot_rank": "#009E73",
    "agentic (symbolic reasoner)": "#CC79A7",
    "agentic (auto reasoner)": "#56B4E9",
}
_HATCHES = ("", "//", "..", "xx", "\\\\", "++", "oo", "--")


def dataset_name(run: dict[str, Any]) -> str:
    """The dataset folder name of a run (its benchmark name when the run names no dataset)."""
    return Path(str(run.get("dataset") or "")).name or str(run.get("benchmark"))


def row_label(entry: dict[str, Any]) -> str:
    """``dataset[/split] · model[*]`` for one headline entry (``*`` = simulated)."""
    split = "" if entry.get("split") in (None, "all") else f"/{entry['split']}"
    star = " *" if entry.get("simulated") else ""
    return f"{entry.get('dataset') or entry.get('benchmark')}{split} · {entry['model']}{star}"


def _cost_text(entry: dict[str, Any], summaries_by_dir: dict[str, dict[str, Any]]) -> str:
    """Cost per example of agentic vs direct, or ``unknown`` where a run has rows of unknown cost."""
    parts = []
    for graph in ("agentic", "agentic (symbolic reasoner)", "direct"):
        run_dir = (entry.get("run") or {}).get(graph)
        summary = summaries_by_dir.get(str(run_dir))
        if summary is None:
            continue
        totals = summary["totals"]
        short = "s" if "symbolic" in graph else graph[0]
        if totals.get("cost_unknown_rows") or totals.get("cost_usd") is None:
            parts.append(f"{short} ?")
        else:
            per_example = totals["cost_usd"] / max(totals["examples"], 1)
            parts.append(f"{short} " + ("\\$0" if per_example == 0 else f"\\${per_example:.4f}"))
    return " / ".join(parts) if parts else "–"


def headline_deltas(table: list[dict[str, Any]], summaries: list[dict[str, Any]], out: Path) -> Path | None:
    """Forest plot: agentic minus direct (and minus cot_rank) with paired 95% CIs, one row per
    (benchmark, data, split, model); right axis: cost per example (``?`` = unknown)."""
    from spatioxolver.evals.report.plots import _figure, _save

    rows = [e for e in table if e.get("deltas")]
    if not rows:
        return None
    by_dir = {str(s["run"].get("dir")): s for s in summaries}
    labels = [row_label(e) for e in rows]
    height = max(2.6, 1.3 + 0.32 * len(rows))
    fig, ax = _figure(8.6, min(height, 40.0))
    marks = {
        "agentic-direct": ("o", GRAPH_COLOURS["direct"], -0.12),
        "agentic-cot_rank": ("s", GRAPH_COLOURS["cot_rank"], 0.12),
        "agentic-agentic (symbolic reasoner)": ("D", GRAPH_COLOURS["agentic (symbolic reasoner)"], 0.0),
    }
    handles: dict[str, Any] = {}
    for y, entry in enumerate(rows):
        for key, (marker, colour, offset) in marks.items():
            delta = entry["deltas"].get(key)
            if not delta or delta.get("value") is None:
                continue
            value = 100 * delta["value"]
            lo, hi = delta.get("ci") or (None, None)
            err = None if lo is None else [[value - 100 * lo], [100 * hi - value]]
            bar = ax.errorbar(
                [value], [y + offset], xerr=err, fmt=marker, color=colour, capsize=3, markersize=6, lw=1.6
            )
            handles.setdefault(f"agentic − {key.split('-', 1)[1]}", bar)
    ax.axvline(0, color="#555555", lw=1)
    ax.set_yticks(range(len(rows)), labels, fontsize=8)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(
        f"Δ {rows[0]['metric'] if len({e['metric'] for e in rows}) == 1 else 'accuracy / F1'} "
        "(percentage points, paired 95% CI)   ← direct better · agentic better →"
    )
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    ax.set_axisbelow(True)
    cost = ax.twinx()
    cost.set_ylim(ax.get_ylim())
    cost.set_yticks(range(len(rows)), [_cost_text(e, by_dir) for e in rows], fontsize=7)
    cost.set_ylabel("cost / example (a, s, d; ? unknown)", fontsize=7)
    ax.set_title("Does the agentic chain beat direct prompting? (* = simulated model)", fontsize=10)
    if handles:
        ax.legend(list(handles.values()), list(handles), fontsize=7, loc="lower right")
    return _save(fig, out / "headline_deltas.png")


#: A benchmark panel draws at most this many bars; beyond it, one bar per run.
_MAX_BARS = 40


def _overall(summary: dict[str, Any]) -> dict[str, Any]:
    cvt = summary.get("cvt")
    return cvt["global_f1"] if cvt and cvt.get("global_f1") else summary["accuracy"]


def _metric_of(summary: dict[str, Any]) -> tuple[str, dict[str, dict[str, Any]]]:
    """(metric name, category -> value with CI) of one run for its benchmark panel."""
    cvt = summary.get("cvt")
    if cvt and cvt.get("global_f1"):
        views = {f"{k}°" if k.isdigit() else k: v["f1"] for k, v in (cvt.get("per_view") or {}).items()}
        return "F1", views or {"all": cvt["global_f1"]}
    groups = summary.get("per_category") or {}
    return "accuracy", groups or {"all": summary["accuracy"]}


def per_benchmark(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    """Small multiples: one panel per benchmark dataset; bars per category (F1 per view for
    cvt) with 95% CIs, colour = graph, hatch = model (with split)."""
    from spatioxolver.evals.report.headline import arm_label, model_label
    from spatioxolver.evals.report.plots import _plt, _save

    if not summaries:
        return None
    panels: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in summaries:
        panels[dataset_name(s["run"])].append(s)
    names = sorted(panels)
    ncols = min(3, len(names))
    nrows = (len(names) + ncols - 1) // ncols
    models = list(
        dict.fromkeys(
            model_label(s["run"]) + (f" · {s['run']['split']}" if s["run"].get("split") else "")
            for s in summaries
        )
    )
    hatch = {m: _HATCHES[i % len(_HATCHES)] for i, m in enumerate(models)}
    fig, grid = _plt().subplots(
        nrows, ncols, figsize=(5.2 * ncols + 2.6, 3.0 * nrows + 0.4), layout="constrained", squeeze=False
    )
    handles: dict[str, Any] = {}
    for index, name in enumerate(names):
        ax = grid[index // ncols][index % ncols]
        runs = sorted(
            panels[name],
            key=lambda s: (model_label(s["run"]), str(s["run"].get("split")), arm_label(s["run"])),
        )
        metric, _ = _metric_of(runs[0])
        cats = list(dict.fromkeys(c for s in runs for c in _metric_of(s)[1]))
        overall = len(cats) * len(runs) > _MAX_BARS
        if overall:  # too many bars to read: one bar per run (the detail plots split it further)
            cats = ["all"]
        width = 0.8 / len(runs)
        for k, s in enumerate(runs):
            graph = arm_label(s["run"])
            model = model_label(s["run"]) + (f" · {s['run']['split']}" if s["run"].get("split") else "")
            values = {"all": _overall(s)} if overall else _metric_of(s)[1]
            xs, ys, lo, hi = [], [], [], []
            for i, c in enumerate(cats):
                v = values.get(c)
                if not v or v.get("value") is None:
                    continue
                xs.append(i - 0.4 + width * (k + 0.5))
                ys.append(v["value"])
                ci = v.get("ci") or (None, None)
                lo.append(v["value"] - (ci[0] if ci[0] is not None else v["value"]))
                hi.append((ci[1] if ci[1] is not None else v["value"]) - v["value"])
            bars = ax.bar(
                xs,
                ys,
                width,
                yerr=[lo, hi],
                color=GRAPH_COLOURS.get(graph, "#999999"),
                hatch=hatch[model],
                edgecolor="white",
                error_kw={"elinewidth": 0.7, "ecolor": "#333333"},
            )
            handles.setdefault(f"graph: {graph}", bars)
            handles.setdefault(f"model: {model}", bars)
        ax.set_xticks(
            range(len(cats)),
            [c if len(c) <= 16 else c[:15] + "…" for c in cats],
            rotation=25,
            ha="right",
            fontsize=7,
        )
        ax.set_ylim(0, 1.05)
        ax.set_ylabel(metric, fontsize=8)
        ax.set_title(name, fontsize=9)
    for index in range(len(names), nrows * ncols):
        grid[index // ncols][index % ncols].set_visible(False)
    _legend_patches(fig, handles, hatch)
    return _save(fig, out / "per_benchmark.png")


def _legend_patches(fig: Any, handles: dict[str, Any], hatch: dict[str, str]) -> None:
    """One legend: solid colour per graph, grey hatch per model (so each reads on its own)."""
    from matplotlib.patches import Patch

    patches, labels = [], []
    for label in sorted(handles, key=lambda text: not text.startswith("graph")):
        kind, name = label.split(": ", 1)
        if kind == "graph":
            patches.append(Patch(facecolor=GRAPH_COLOURS.get(name, "#999999")))
        else:
            patches.append(Patch(facecolor="#bbbbbb", hatch=hatch[name], edgecolor="white"))
        labels.append(label)
    fig.legend(patches, labels, loc="outside right upper", fontsize=7)
