"""PNG plots of a report (matplotlib, Agg backend, imported lazily).

Every figure uses matplotlib's constrained layout, is sized by how much it shows (runs,
categories, bars) and keeps its legend outside the axes, so a report over many runs
draws without layout warnings. A run is labelled ``model (simulated) · graph · split``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["make_plots", "run_label", "ctr_vs_n_figure", "cost_points"]

#: Largest figure side in inches (a report over very many runs stays a readable PNG).
_MAX_INCHES = 60.0


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    from cycler import cycler
    from spatioxolver.evals.report.overview import OKABE_ITO

    # "C0".."C9" in every plot are the colour-blind-safe palette.
    matplotlib.rcParams["axes.prop_cycle"] = cycler(color=list(OKABE_ITO))
    return plt


def run_label(summary: dict[str, Any]) -> str:
    """``model (simulated) · arm`` plus ``· split`` when the run used a split (the arm is the
    graph, with a chosen non-LLM reasoner: ``agentic (symbolic reasoner)``)."""
    from spatioxolver.evals.report.headline import arm_label, model_label

    run = summary["run"]
    sim = " (simulated)" if run.get("simulated") else ""
    split = f" · {run['split']}" if run.get("split") else ""
    return f"{model_label(run)}{sim} · {arm_label(run)}{split}"


_label = run_label


def _figure(width: float, height: float, n_ax: int = 1, **kwargs: Any) -> tuple[Any, Any]:
    plt = _plt()
    size = (min(width, _MAX_INCHES), min(height, _MAX_INCHES))
    return plt.subplots(1, n_ax, figsize=size, layout="constrained", **kwargs)


def _legend(fig: Any, handles: list[Any], labels: list[str]) -> None:
    """One legend outside the axes, right of the plot, in as many columns as it needs."""
    if not handles:
        return
    ncol = 1 + (len(labels) - 1) // 24
    fig.legend(handles, labels, loc="outside right upper", fontsize=7, ncols=ncol)


def _legend_width(labels: list[str]) -> float:
    """Inches the outside legend takes (about 0.06 in per character at font size 7)."""
    if not labels:
        return 0.0
    ncol = 1 + (len(labels) - 1) // 24
    return ncol * (0.6 + 0.06 * max(len(s) for s in labels))


def _legend_height(labels: list[str]) -> float:
    rows = min(len(labels), 24)
    return 0.6 + 0.17 * rows


def _save(fig: Any, path: Path) -> Path:
    fig.savefig(path, dpi=90)
    _plt().close(fig)
    return path


def accuracy_per_category(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    """Bars per category, one per run that has that category; one colour per run label."""
    if not summaries:
        return None

    def groups(s: dict[str, Any]) -> dict[str, Any]:
        return s.get("per_category") or {str(s["run"].get("benchmark")): s["accuracy"]}

    cats = sorted({c for s in summaries for c in groups(s)})
    labels = list(dict.fromkeys(run_label(s) for s in summaries))
    bars = sum(1 for c in cats for s in summaries if c in groups(s))
    legend_w = _legend_width(labels)
    fig, ax = _figure(
        max(6.0, 0.18 * bars + 0.4 * len(cats) + 2) + legend_w, max(4.0, _legend_height(labels))
    )
    colours = {lab: f"C{i % 10}" for i, lab in enumerate(labels)}
    hatches = {lab: ("", "//", "..", "xx")[(i // 10) % 4] for i, lab in enumerate(labels)}
    handles: dict[str, Any] = {}
    x, centres = 0.0, []
    for c in cats:
        members = [s for s in summaries if c in groups(s)]
        start = x
        for s in members:
            lab = run_label(s)
            value = (groups(s).get(c) or {}).get("value") or 0.0
            bar = ax.bar([x], [value], 0.9, color=colours[lab], hatch=hatches[lab])
            handles.setdefault(lab, bar)
            x += 1.0
        centres.append((start + x - 1.0) / 2)
        x += 1.0  # gap between categories
    ax.set_xticks(centres, cats, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("accuracy")
    ax.set_ylim(0, 1)
    ax.set_title("Accuracy per category")
    _legend(fig, list(handles.values()), list(handles))
    return _save(fig, out / "accuracy_per_category.png")


def ctr_vs_n_figure(summaries: list[dict[str, Any]]) -> Any | None:
    """The CTR-vs-N figure (three panels H, V, D), or ``None`` without CTR data.

    Each run has one colour in every panel. Thm 3.7 theory depends on the model's noise,
    not on the graph, so it is drawn once per model (model options included), dashed, in
    a colour of its own; the legend has exactly one entry per drawn line, in its colour.
    """
    from spatioxolver.evals.report.headline import model_label

    runs = [s for s in summaries if (s.get("ctr") or {}).get("per_n_axis")]
    if not runs:
        return None
    run_labels = list(dict.fromkeys(run_label(s) for s in runs))
    models = list(
        dict.fromkeys(
            model_label(s["run"]) for s in runs if any("theory_ctr" in e for e in s["ctr"]["per_n_axis"])
        )
    )
    theory_labels = [f"Thm 3.7 theory ({m})" for m in models]
    labels = run_labels + theory_labels
    colours = {lab: f"C{i % 10}" for i, lab in enumerate(run_labels)}
    dashes = ("--", "-.", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 1)))
    theory_style = {
        m: (f"C{(len(run_labels) + j) % 10}", dashes[(j // 10) % len(dashes)]) for j, m in enumerate(models)
    }
    fig, axes = _figure(12 + _legend_width(labels), max(3.8, _legend_height(labels)), 3, sharey=True)
    handles: dict[str, Any] = {}
    for ax, axis in zip(axes, ("H", "V", "D"), strict=True):
        theory: dict[str, dict[int, float]] = {}
        for s in runs:
            pts = [e for e in s["ctr"]["per_n_axis"] if e["axis"] == axis and e["ctr"]["value"] is not None]
            if not pts:
                continue
            lab = run_label(s)
            (line,) = ax.plot(
                [e["N"] for e in pts], [e["ctr"]["value"] for e in pts], "o-", color=colours[lab]
            )
            handles.setdefault(lab, line)
            per_n = theory.setdefault(model_label(s["run"]), {})
            for e in pts:
                if "theory_ctr" in e:
                    per_n.setdefault(e["N"], e["theory_ctr"])
        for model, per_n in theory.items():
            if not per_n:
                continue
            colour, dash = theory_style[model]
            ns = sorted(per_n)
            (t_line,) = ax.plot(
                ns, [per_n[n] for n in ns], linestyle=dash, marker="x", color=colour, alpha=0.8
            )
            handles.setdefault(f"Thm 3.7 theory ({model})", t_line)
        ax.axhline(0.25, ls=":", color="grey")
        ax.set_title(f"axis {axis}")
        ax.set_xlabel("N objects")
    axes[0].set_ylabel("CTR")
    _legend(fig, list(handles.values()), list(handles))
    return fig


def ctr_vs_n(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    fig = ctr_vs_n_figure(summaries)
    return None if fig is None else _save(fig, out / "ctr_vs_n.png")


def gap_set(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if (s.get("ctr") or {}).get("gap_set")]
    if not runs:
        return None
    labels = [run_label(s) for s in runs] * 2
    fig, ax = _figure(6 + _legend_width(labels), max(4.0, _legend_height(labels)))
    handles: dict[str, Any] = {}
    for s in runs:
        g = s["ctr"]["gap_set"]["per_gap"]
        dots = ax.plot([e["gap"] for e in g], [e["p_cycle"]["value"] for e in g], "o")[0]
        handles.setdefault(run_label(s), dots)
        fitted = [e for e in g if "theory_fitted" in e]
        if fitted:
            (fit,) = ax.plot(
                [e["gap"] for e in fitted],
                [e["theory_fitted"] for e in fitted],
                "-",
                color=dots.get_color(),
                alpha=0.7,
            )
            handles.setdefault(f"Eq. 4 at σ̂={s['ctr']['gap_set']['sigma_hat']:.2f} ({run_label(s)})", fit)
    ax.set_xscale("log")
    ax.set_xlabel("depth gap Δ (m)")
    ax.set_ylabel("P(cycle)")
    ax.set_title("N = 3 gap set: observed vs Theorem 3.7")
    _legend(fig, list(handles.values()), list(handles))
    return _save(fig, out / "gap_set.png")


def f1_vs_angle(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if (s.get("cvt") or {}).get("per_view")]
    if not runs:
        return None
    labels = [run_label(s) for s in runs]
    fig, ax = _figure(7 + _legend_width(labels), max(4.0, _legend_height(labels)))
    handles: dict[str, Any] = {}
    views: list[str] = []
    for s in runs:
        views = list(dict.fromkeys(views + list(s["cvt"]["per_view"])))
    for s in runs:
        per = s["cvt"]["per_view"]
        xs = [i for i, v in enumerate(views) if v in per]
        (line,) = ax.plot(xs, [per[views[i]]["f1"]["value"] for i in xs], "o-")
        handles.setdefault(run_label(s), line)
    ax.set_xticks(range(len(views)), views, fontsize=8)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("viewpoint rotation θ (deg) / top-down")
    ax.set_ylabel("F1")
    ax.set_title("F1 vs rotation angle")
    _legend(fig, list(handles.values()), list(handles))
    return _save(fig, out / "f1_vs_angle.png")


def survival(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if ((s.get("cvt") or {}).get("survival") or {}).get("t")]
    if not runs:
        return None
    labels = [run_label(s) for s in runs]
    fig, axes = _figure(10 + _legend_width(labels), max(3.8, _legend_height(labels)), 2, sharey=True)
    handles: dict[str, Any] = {}
    for s in runs:
        sv = s["cvt"]["survival"]
        style = "--" if s["cvt"].get("protocol") == "sequential" else "-"
        (line,) = axes[0].plot(sv["t"], sv["peak"], style)
        axes[1].plot(sv["t"], sv["from_start"], style, color=line.get_color())
        handles.setdefault(run_label(s), line)
    axes[0].set_title("peak survival")
    axes[1].set_title("survival from start (Eq. 1)")
    for ax in axes:
        ax.set_xlabel("t (consecutive views)")
        ax.set_ylim(0, 1.02)
    axes[0].set_ylabel("survival rate")
    _legend(fig, list(handles.values()), list(handles))
    return _save(fig, out / "survival.png")


def repairs(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if s.get("repairs")]
    if not runs:
        return None
    labels, before, after = [], [], []
    for s in runs:
        run = s["run"]
        split = f"·{run['split']}" if run.get("split") else ""
        for axis, r in s["repairs"].items():
            labels.append(f"{run.get('benchmark')}·{run.get('model')}·{run.get('graph')}{split}·{axis}")
            before.append(r["ctr_before"])
            after.append(r["ctr_after"])
    longest = max(len(s) for s in labels)
    fig, ax = _figure(max(6.0, 0.35 * len(labels) + 3), 3 + 0.06 * longest)
    xs = range(len(labels))
    b = ax.bar([x - 0.2 for x in xs], before, 0.4)
    a = ax.bar([x + 0.2 for x in xs], after, 0.4)
    ax.set_xticks(list(xs), labels, rotation=60, ha="right", fontsize=7)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylabel("CTR of the scene graph")
    ax.set_title("CTR before / after repair (consistency agent)")
    _legend(fig, [b, a], ["before repair", "after repair"])
    return _save(fig, out / "ctr_repair.png")


def cost_points(summaries: list[dict[str, Any]]) -> list[tuple[float | None, float]]:
    """(cost per example, accuracy) per run; the cost is ``None`` when any row's cost is unknown.

    Example:
        >>> cost_points([{"totals": {"examples": 4, "cost_usd": 0.2, "cost_unknown_rows": 1},
        ...               "accuracy": {"value": 0.5}}])
        [(None, 0.5)]
    """
    points = []
    for s in summaries:
        totals = s["totals"]
        cost = None if totals.get("cost_unknown_rows") else totals["cost_usd"] / max(totals["examples"], 1)
        points.append((cost, s["accuracy"]["value"] or 0.0))
    return points


def accuracy_vs_cost(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    """One marker per run (colour = run label, marker = benchmark), legend outside.

    A run with rows of unknown cost (a provider that reports none) is not put at 0: it is
    drawn hollow in a grey band right of the known costs, labelled "cost unknown".
    """
    if not summaries:
        return None
    names = [f"{s['run'].get('benchmark')} · {run_label(s)}" for s in summaries]
    fig, ax = _figure(6 + _legend_width(names), max(4.0, _legend_height(names)))
    benchmarks = list(dict.fromkeys(str(s["run"].get("benchmark")) for s in summaries))
    markers = "osD^v<>pP*hX"
    labels = list(dict.fromkeys(run_label(s) for s in summaries))
    points = cost_points(summaries)
    right = max((c for c, _ in points if c is not None), default=0.0)
    unknown_x = right * 1.25 if right > 0 else 1.0
    handles = []
    for s, (cost, acc) in zip(summaries, points, strict=True):
        marker = markers[benchmarks.index(str(s["run"].get("benchmark"))) % len(markers)]
        colour = f"C{labels.index(run_label(s)) % 10}"
        if cost is None:
            handles.append(
                ax.scatter([unknown_x], [acc], marker=marker, facecolors="none", edgecolors=colour)
            )
        else:
            handles.append(ax.scatter([cost], [acc], marker=marker, color=colour))
    if any(c is None for c, _ in points):
        ax.axvspan(unknown_x * 0.9, unknown_x * 1.1, color="#eeeeee", zorder=0)
        ax.annotate("cost unknown", (unknown_x, 1.0), ha="center", va="bottom", fontsize=7)
    ax.set_xlabel("cost per example (USD; geometric and sim/ runs cost a known 0)")
    ax.set_ylabel("accuracy")
    ax.set_ylim(-0.02, 1.08)
    ax.set_title("Accuracy vs cost")
    _legend(fig, handles, names)
    return _save(fig, out / "accuracy_vs_cost.png")


def make_plots(summaries: list[dict[str, Any]], out: Path) -> dict[str, Path]:
    """Write every plot that has data; returns name -> path."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    from spatioxolver.evals.report.overview import per_benchmark

    for fn in (per_benchmark, ctr_vs_n, gap_set, f1_vs_angle, survival, accuracy_vs_cost, repairs):
        path = fn(summaries, out)
        if path is not None:
            made[fn.__name__] = path
    return made
