"""PNG plots of a report (matplotlib, Agg backend, imported lazily)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["make_plots"]


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _label(summary: dict[str, Any]) -> str:
    run = summary["run"]
    sim = " (simulated)" if run.get("simulated") else ""
    return f"{run.get('model')}{sim} · {run.get('graph')}"


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    _plt().close(fig)
    return path


def accuracy_per_category(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = summaries
    if not runs:
        return None
    plt = _plt()

    def groups(s: dict[str, Any]) -> dict[str, Any]:
        return s.get("per_category") or {str(s["run"].get("benchmark")): s["accuracy"]}

    cats = sorted({c for s in runs for c in groups(s)})
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(cats) + 2), 4))
    width = 0.8 / len(runs)
    for k, s in enumerate(runs):
        vals = [(groups(s).get(c) or {}).get("value") or 0.0 for c in cats]
        ax.bar([i + k * width for i in range(len(cats))], vals, width, label=_label(s))
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(cats))], cats, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("accuracy")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7)
    ax.set_title("Accuracy per category")
    return _save(fig, out / "accuracy_per_category.png")


def ctr_vs_n(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if (s.get("ctr") or {}).get("per_n_axis")]
    if not runs:
        return None
    plt = _plt()
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.8), sharey=True)
    for ax, axis in zip(axes, ("H", "V", "D"), strict=True):
        for s in runs:
            pts = [e for e in s["ctr"]["per_n_axis"] if e["axis"] == axis and e["ctr"]["value"] is not None]
            if not pts:
                continue
            (line,) = ax.plot([e["N"] for e in pts], [e["ctr"]["value"] for e in pts], "o-", label=_label(s))
            theory = [e for e in pts if "theory_ctr" in e]
            if theory:
                ax.plot(
                    [e["N"] for e in theory],
                    [e["theory_ctr"] for e in theory],
                    "--",
                    color=line.get_color(),
                    alpha=0.7,
                    label=f"Thm 3.7 theory ({s['run'].get('model')})",
                )
        ax.axhline(0.25, ls=":", color="grey")
        ax.set_title(f"axis {axis}")
        ax.set_xlabel("N objects")
    axes[0].set_ylabel("CTR")
    axes[0].legend(fontsize=6)
    return _save(fig, out / "ctr_vs_n.png")


def gap_set(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if (s.get("ctr") or {}).get("gap_set")]
    if not runs:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 4))
    for s in runs:
        g = s["ctr"]["gap_set"]["per_gap"]
        dots = ax.plot([e["gap"] for e in g], [e["p_cycle"]["value"] for e in g], "o", label=_label(s))[0]
        fitted = [e for e in g if "theory_fitted" in e]
        if fitted:
            ax.plot(
                [e["gap"] for e in fitted],
                [e["theory_fitted"] for e in fitted],
                "-",
                color=dots.get_color(),
                alpha=0.7,
                label=f"Eq. 4 at σ̂={s['ctr']['gap_set']['sigma_hat']:.2f}",
            )
    ax.set_xscale("log")
    ax.set_xlabel("depth gap Δ (m)")
    ax.set_ylabel("P(cycle)")
    ax.legend(fontsize=6)
    ax.set_title("N = 3 gap set: observed vs Theorem 3.7")
    return _save(fig, out / "gap_set.png")


def f1_vs_angle(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if (s.get("cvt") or {}).get("per_view")]
    if not runs:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 4))
    for s in runs:
        views = list(s["cvt"]["per_view"])
        ax.plot(
            range(len(views)), [s["cvt"]["per_view"][v]["f1"]["value"] for v in views], "o-", label=_label(s)
        )
        ax.set_xticks(range(len(views)), views, fontsize=8)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("viewpoint rotation θ (deg) / top-down")
    ax.set_ylabel("F1")
    ax.legend(fontsize=7)
    ax.set_title("F1 vs rotation angle")
    return _save(fig, out / "f1_vs_angle.png")


def survival(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if ((s.get("cvt") or {}).get("survival") or {}).get("t")]
    if not runs:
        return None
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    for s in runs:
        sv = s["cvt"]["survival"]
        style = "--" if s["cvt"].get("protocol") == "sequential" else "-"
        axes[0].plot(sv["t"], sv["peak"], style, label=_label(s))
        axes[1].plot(sv["t"], sv["from_start"], style, label=_label(s))
    axes[0].set_title("peak survival")
    axes[1].set_title("survival from start (Eq. 1)")
    for ax in axes:
        ax.set_xlabel("t (consecutive views)")
        ax.set_ylim(0, 1.02)
    axes[0].set_ylabel("survival rate")
    axes[0].legend(fontsize=6)
    return _save(fig, out / "survival.png")


def repairs(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    runs = [s for s in summaries if s.get("repairs")]
    if not runs:
        return None
    plt = _plt()
    labels, before, after = [], [], []
    for s in runs:
        for axis, r in s["repairs"].items():
            labels.append(f"{s['run'].get('model')}·{s['run'].get('graph')}·{axis}")
            before.append(r["ctr_before"])
            after.append(r["ctr_after"])
    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(labels) + 2), 4))
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], before, 0.4, label="before repair")
    ax.bar([x + 0.2 for x in xs], after, 0.4, label="after repair")
    ax.set_xticks(list(xs), labels, rotation=30, ha="right", fontsize=7)
    ax.set_ylabel("CTR of the scene graph")
    ax.legend(fontsize=7)
    ax.set_title("CTR before / after repair (consistency agent)")
    return _save(fig, out / "ctr_repair.png")


def accuracy_vs_cost(summaries: list[dict[str, Any]], out: Path) -> Path | None:
    if not summaries:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 4))
    for s in summaries:
        n = max(s["totals"]["examples"], 1)
        cost = s["totals"]["cost_usd"] / n
        acc = s["accuracy"]["value"] or 0.0
        ax.scatter([cost], [acc])
        ax.annotate(f"{s['run'].get('benchmark')}·{_label(s)}", (cost, acc), fontsize=6)
    ax.set_xlabel("cost per example (USD; simulated and geometric runs cost 0)")
    ax.set_ylabel("accuracy")
    ax.set_title("Accuracy vs cost")
    return _save(fig, out / "accuracy_vs_cost.png")


def make_plots(summaries: list[dict[str, Any]], out: Path) -> dict[str, Path]:
    """Write every plot that has data; returns name -> path."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for fn in (accuracy_per_category, ctr_vs_n, gap_set, f1_vs_angle, survival, repairs, accuracy_vs_cost):
        path = fn(summaries, out)
        if path is not None:
            made[fn.__name__] = path
    return made
