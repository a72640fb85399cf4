"""Markdown summary and PNG figures of ``python -m spatioxolver.evals.seed000``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["render_summary", "write_plots"]


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.2f}%"


def _num(x: float | None, fmt: str = ".3f") -> str:
    return "n/a" if x is None else format(x, fmt)


def render_summary(results: dict[str, Any]) -> str:
    """Markdown tables of every experiment that ran (simulated models, labelled so)."""
    lines = ["# Seed 000 experiments with simulated models (sim/*, not real MLLMs)", ""]
    cal = results.get("calibration")
    if cal:
        lines += [
            f"## Calibration: CTR and pairwise accuracy at N = {cal['N']} ({cal['scenes']} scenes per model)",
            "",
            "| model | CTR-H sim / seed | CTR-V sim / seed | CTR-D sim / seed | D/H sim / seed "
            "| Acc-H sim / seed | Acc-V sim / seed | Acc-D sim / seed |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for model, ax in cal["models"].items():
            cells = [f"{_pct(ax[a]['ctr']['mean'])} / {_pct(ax[a]['seed_ctr'])}" for a in "HVD"]
            cells.append(f"{ax['D/H']:.1f}x / {ax['seed D/H']:.1f}x")
            cells += [
                f"{100 * ax[a]['accuracy']['mean']:.1f} / {100 * ax[a]['seed_accuracy']:.1f}" for a in "HVD"
            ]
            lines.append(f"| sim/{model} | " + " | ".join(cells) + " |")
        lines.append("")
    cvn = results.get("ctr-vs-n")
    if cvn:
        lines += [
            f"## Depth CTR vs N and the power-law fit ({cvn['scenes_per_n']} scenes per N)",
            "",
            "| model | "
            + " | ".join(f"N={n}" for n in next(iter(cvn["models"].values()))["ctr"])
            + " | alpha [95% CI] |",
            "|---|" + "---|" * (len(next(iter(cvn["models"].values()))["ctr"]) + 1),
        ]
        for model, res in cvn["models"].items():
            fit = res["fit"]
            cells = [_pct(v["mean"]) for v in res["ctr"].values()]
            cells.append(f"{fit['alpha']:.3f} [{fit['alpha_lo']:.3f}, {fit['alpha_hi']:.3f}]")
            lines.append(f"| sim/{model} | " + " | ".join(cells) + " |")
        lines += [
            "",
            f"Seed: alpha in {cvn['seed_alpha']}. Under uniform placement E[CTR] does not depend on N.",
            "",
        ]
    sp = results.get("spearman")
    if sp:
        lines += [
            "## Spearman rho of depth CTR (N = 10) against accuracies",
            "",
            "| against | rho | exact p |",
            "|---|---|---|",
        ]
        for name, res in sp["correlations"].items():
            lines.append(f"| {name} | {res['rho']:.3f} | {res['p_value']:.4f} |")
        lines += ["", "Five models: the smallest possible two-sided p is 2/120 = 0.0167.", ""]
    sg = results.get("sigma")
    if sg:
        lines += [
            f"## Gap set (N = 3, {sg['per_delta']} scenes per Delta): sigma-hat (Cor. 3.8) vs direct sigma (Phi^-1)",
            "",
            "| model | variant | sigma / tau | sigma-hat (CTR) | sigma direct | error | max residual | seed Table 2 |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for model, res in sg["models"].items():
            for name, v in res.items():
                if not isinstance(v, dict):
                    continue
                lines.append(
                    f"| sim/{model} | {name} | {v['sigma']:.3g} / {v['tau']:.3g} | {_num(v['sigma_hat'])} "
                    f"| {_num(v['sigma_direct'])} | {_pct(v['error'])} | {_pct(v['max_residual'])} "
                    f"| {res['seed_sigma_direct']} |"
                )
        lines.append("")
    ft = results.get("finetune")
    if ft:
        lines += [
            "## Cycle-loss fine-tuning (numpy pairwise scorer, N = 12)",
            "",
            "| lambda | CTR start | CTR step 10 | vs lambda=0 at step 10 | CTR end | acc step 10 | acc end |",
            "|---|---|---|---|---|---|---|",
        ]
        for s in ft["summary"]:
            lines.append(
                f"| {s['lambda']} | {_pct(s['ctr_start'])} | {_pct(s['ctr_step10'])} | {100 * s['ctr_step10_vs_sft']:+.1f}% "
                f"| {_pct(s['ctr_end'])} | {100 * s['acc_step10']:.1f}% | {100 * s['acc_end']:.1f}% |"
            )
        lines.append("")
    return "\n".join(lines)


def write_plots(results: dict[str, Any], out: Path) -> list[Path]:
    """One PNG per experiment (matplotlib, Agg)."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    written = []
    cal = results.get("calibration")
    if cal:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4), layout="constrained")
        models = list(cal["models"])
        for k, axis in enumerate("HVD"):
            xs = [i + 0.27 * (k - 1) for i in range(len(models))]
            sim = [100 * cal["models"][m][axis]["ctr"]["mean"] for m in models]
            seed = [100 * cal["models"][m][axis]["seed_ctr"] for m in models]
            axes[0].bar(xs, sim, width=0.25, label=f"sim {axis}")
            axes[0].scatter(xs, seed, color="black", marker="_", s=200, zorder=3)
            acc = [100 * cal["models"][m][axis]["accuracy"]["mean"] for m in models]
            sacc = [100 * cal["models"][m][axis]["seed_accuracy"] for m in models]
            axes[1].bar(xs, acc, width=0.25, label=f"sim {axis}")
            axes[1].scatter(xs, sacc, color="black", marker="_", s=200, zorder=3)
        for ax, title in zip(
            axes,
            ("CTR (%) at N=10; bars: sim, ticks: seed G1", "pairwise accuracy (%); ticks: seed Table 1"),
            strict=True,
        ):
            ax.set_xticks(range(len(models)), [m.split("-")[0] for m in models])
            ax.set_title(title, fontsize=9)
            ax.legend(fontsize=8)
        written.append(_save(fig, out / "calibration.png"))
    cvn = results.get("ctr-vs-n")
    if cvn:
        import numpy as np

        fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
        for model, res in cvn["models"].items():
            ns = [int(n) for n in res["ctr"]]
            ax.plot(ns, [100 * v["mean"] for v in res["ctr"].values()], "o", label=f"sim/{model}")
            grid = np.linspace(min(ns), max(ns), 50)
            ax.plot(
                grid, 100 * res["fit"]["c"] * grid ** res["fit"]["alpha"], "-", color=ax.lines[-1].get_color()
            )
        ax.set_xlabel("N")
        ax.set_ylabel("depth CTR (%)")
        ax.set_title("depth CTR vs N with power-law fits (flat: alpha ~ 0)", fontsize=9)
        ax.legend(fontsize=7)
        written.append(_save(fig, out / "ctr_vs_n.png"))
    sp = results.get("spearman")
    if sp:
        fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
        for name, res in sp["correlations"].items():
            if name.startswith("seed G1"):
                continue
            vals = res["values"]
            vals = [v / 100 if v > 1 else v for v in vals]
            ax.plot(
                [100 * c for c in sp["ctr_D"]],
                [100 * v for v in vals],
                "o-",
                label=f"{name} (rho {res['rho']:.2f})",
            )
        ax.set_xlabel("sim depth CTR at N=10 (%)")
        ax.set_ylabel("accuracy (%)")
        ax.legend(fontsize=7)
        written.append(_save(fig, out / "spearman.png"))
    sg = results.get("sigma")
    if sg:
        fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
        for model, res in sg["models"].items():
            v = res["calibrated"]
            ds = [e["delta"] for e in v["per_delta"]]
            ax.plot(ds, [e["p_cycle"] for e in v["per_delta"]], "o", label=f"sim/{model}")
            ax.plot(
                ds,
                [e.get("theory_fitted", float("nan")) for e in v["per_delta"]],
                "-",
                color=ax.lines[-1].get_color(),
            )
        ax.set_xscale("log")
        ax.set_xlabel("depth gap Delta (m)")
        ax.set_ylabel("P(cycle)")
        ax.set_title("N=3 gap set: dots simulated, lines Eq. (4) at fitted sigma-hat", fontsize=9)
        ax.legend(fontsize=7)
        written.append(_save(fig, out / "sigma_gap_set.png"))
    ft = results.get("finetune")
    if ft:
        fig, axes = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
        for lam, hist in ft["curves"].items():
            steps = [h["step"] for h in hist]
            axes[0].plot(steps, [100 * h["ctr"] for h in hist], label=f"lambda={lam}")
            axes[1].plot(steps, [100 * h["accuracy"] for h in hist], label=f"lambda={lam}")
        axes[0].set_ylabel("test CTR (%)")
        axes[1].set_ylabel("test pairwise accuracy (%)")
        for ax in axes:
            ax.set_xlabel("gradient step")
            ax.legend(fontsize=8)
        written.append(_save(fig, out / "finetune.png"))
    return written


def _save(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
