"""``report.md`` and a self-contained ``report.html`` (every text escaped, plots inlined)."""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

__all__ = ["fmt_ci", "fmt_delta", "headline_rows", "render_markdown", "render_html"]

SIM_NOTE = (
    "Runs marked (simulated) use `sim/` models: answers drawn from the generated ground truth with the "
    "Gaussian noise of seed 000's model (Thm 3.7). They study the machinery at known noise; they are not "
    "measurements of the real models they are named after."
)


def fmt_ci(stat: dict[str, Any] | None, pct: bool = True) -> str:
    if not stat or stat.get("value") is None:
        return "–"
    scale, digits = (100, 1) if pct else (1, 3)
    lo, hi = stat["ci"]
    if lo is None:
        return f"{stat['value'] * scale:.{digits}f}"
    return f"{stat['value'] * scale:.{digits}f} [{lo * scale:.{digits}f}, {hi * scale:.{digits}f}]"


def _model(info: dict[str, Any]) -> str:
    from spatioxolver.evals.report.headline import model_label

    return model_label(info)


def _arm(info: dict[str, Any]) -> str:
    from spatioxolver.evals.report.headline import arm_label

    return arm_label(info)


def _cost(totals: dict[str, Any]) -> str:
    """The run's cost in USD: ``0.0123``, ``unknown`` or ``0.0123 + unknown for 3 examples``."""
    cost, unknown = totals.get("cost_usd"), int(totals.get("cost_unknown_rows") or 0)
    if cost is None:
        return "unknown"
    return f"{cost:.4f}" + (f" + unknown for {unknown} examples" if unknown else "")


def fmt_delta(stat: dict[str, Any] | None) -> str:
    """A paired delta with the number of shared examples: ``40.0 [10.0, 70.0] (n=5)``."""
    text = fmt_ci(stat)
    if stat and stat.get("value") is not None and stat.get("n") is not None:
        text += f" (n={stat['n']})"
    return text


def headline_rows(table: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The headline table: agentic, direct and cot_rank always, plus any other arm present
    (``agentic (symbolic reasoner)``: the neuro-symbolic arm) next to agentic."""
    from spatioxolver.evals.report.headline import arms_in

    arms = arms_in(["agentic", "direct", "cot_rank", *(a for e in table for a in e["graphs"])])
    others = [a for a in arms if a != "agentic"]
    header = [
        "benchmark",
        "data",
        "split",
        "model",
        "metric (%)",
        *arms,
        *(f"Δ agentic−{a}" for a in others),
        f"CTR(D) {' / '.join(arms)}",
    ]
    rows = []
    for e in table:
        model = e["model"] + (" (simulated)" if e["simulated"] else "")
        ctr = e.get("ctr_D") or {}
        ctr_text = " / ".join("–" if ctr.get(g) is None else f"{ctr[g]:.3f}" for g in arms) if ctr else "–"
        rows.append(
            [
                e["benchmark"],
                e.get("dataset", ""),
                e["split"],
                model,
                e["metric"],
                *(fmt_ci(e["graphs"].get(g)) for g in arms),
                *(fmt_delta(e["deltas"].get(f"agentic-{a}")) for a in others),
                ctr_text,
            ]
        )
    return header, rows


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    esc = lambda t: str(t).replace("|", "\\|").replace("\n", " ")  # noqa: E731
    lines = ["| " + " | ".join(esc(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _run_rows(summaries: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    header = [
        "benchmark",
        "model",
        "graph",
        "split",
        "examples",
        "errors",
        "accuracy % [95% CI]",
        "chance %",
        "tokens in/out",
        "cost USD",
        "latency p50 s",
        "run dir",
    ]
    rows = []
    for s in summaries:
        r, t = s["run"], s["totals"]
        rows.append(
            [
                str(r.get("benchmark")),
                _model(r) + (" (simulated)" if r.get("simulated") else ""),
                _arm(r),
                str(r.get("split") or "all"),
                str(t["examples"]),
                str(t["errors"]),
                fmt_ci(s["accuracy"]),
                "–" if s.get("chance") is None else f"{s['chance'] * 100:.1f}",
                f"{t['prompt_tokens']}/{t['completion_tokens']}",
                _cost(t),
                "–" if t["latency_p50_s"] is None else f"{t['latency_p50_s']:.3f}",
                str(r.get("dir") or "–"),
            ]
        )
    return header, rows


def _detail_sections(summaries: list[dict[str, Any]]) -> list[tuple[str, list[str], list[list[str]]]]:
    out = []
    cat_rows = [
        [_model(s["run"]), _arm(s["run"]), str(s["run"].get("dir") or "–"), name, fmt_ci(v)]
        for s in summaries
        for name, v in (s.get("per_subcategory") or s.get("per_category") or {}).items()
    ]
    out.append(
        (
            "Accuracy per (sub)category",
            ["model", "graph", "run dir", "category", "accuracy % [95% CI]"],
            cat_rows,
        )
    )
    cxf_rows = [
        [
            _model(s["run"]),
            _arm(s["run"]),
            category,
            fmt_ci(e["mcq"]) if "mcq" in e else "–",
            fmt_ci(e["open"]) if "open" in e else "–",
            "–" if "open_minus_mcq" not in e else f"{100 * e['open_minus_mcq']:+.1f}",
        ]
        for s in summaries
        for category, e in (s.get("category_x_format") or {}).items()
    ]
    out.append(
        (
            "SpatiaLab: category x format (seed 004)",
            ["model", "graph", "category", "MCQ acc % [95% CI]", "open acc % [95% CI]", "open - MCQ (pp)"],
            cxf_rows,
        )
    )
    ctr_rows = [
        [
            _model(s["run"]),
            _arm(s["run"]),
            str(e["N"]),
            e["axis"],
            fmt_ci(e["ctr"], pct=False),
            fmt_ci(e["osc"], pct=False),
            fmt_ci(e["pairwise_accuracy"]),
            "–" if "theory_ctr" not in e else f"{e['theory_ctr']:.3f}",
        ]
        for s in summaries
        for e in (s.get("ctr") or {}).get("per_n_axis", [])
    ]
    out.append(
        (
            "CTR protocol (seed 000)",
            ["model", "graph", "N", "axis", "CTR", "OSC", "pairwise acc %", "theory CTR (sim σ)"],
            ctr_rows,
        )
    )
    gap_rows = [
        [
            _model(s["run"]),
            _arm(s["run"]),
            f"{e['gap']:g}",
            fmt_ci(e["p_cycle"], pct=False),
            "–" if "theory_fitted" not in e else f"{e['theory_fitted']:.3f}",
            "–" if "theory_true_sigma" not in e else f"{e['theory_true_sigma']:.3f}",
            "–" if g["sigma_hat"] is None else f"{g['sigma_hat']:.3f}",
            "–" if g.get("true_sigma") is None else f"{g['true_sigma']:.3f}",
            "–" if g.get("sigma_direct") is None else f"{g['sigma_direct']:.3f}",
        ]
        for s in summaries
        if (g := (s.get("ctr") or {}).get("gap_set"))
        for e in g["per_gap"]
    ]
    out.append(
        (
            "N = 3 gap set: P(cycle) vs Thm 3.7, σ̂ by Cor. 3.8",
            [
                "model",
                "graph",
                "Δ (m)",
                "observed P(cycle)",
                "Eq. 4 at σ̂",
                "Eq. 4 at sim σ",
                "σ̂",
                "σ of sim profile",
                "direct σ (Φ⁻¹ of accuracy)",
            ],
            gap_rows,
        )
    )
    cvt_rows = []
    for s in summaries:
        c = s.get("cvt")
        if c:
            sv = c["survival"]
            cvt_rows.append(
                [
                    _model(s["run"]),
                    _arm(s["run"]),
                    c["protocol"],
                    c["representation"],
                    fmt_ci(c["global_f1"]),
                    fmt_ci(c.get("anchor_f1")),
                    fmt_ci(c["rotation_f1"]),
                    fmt_ci(c.get("top_down_f1")),
                    fmt_ci(c["consistency_0_360"]),
                    "–" if not sv["from_start"] else f"{sv['from_start'][-1]:.2f}",
                    "–" if not sv["peak"] else f"{sv['peak'][len(sv['peak']) // 2]:.2f}",
                    " ".join(f"{k}:{v * 100:.0f}" for k, v in c.get("f1_by_batch_position", {}).items())
                    or "–",
                ]
            )
    out.append(
        (
            "CVT (seed 003)",
            [
                "model",
                "graph",
                "protocol",
                "input",
                "global F1",
                "F1 0°",
                "F1 rotated",
                "F1 top-down",
                "0°=360° match",
                "survival from start (full)",
                "peak survival (t = T/2)",
                "F1 % by batch position",
            ],
            cvt_rows,
        )
    )
    inc_rows = [
        [
            _model(s["run"]),
            _arm(s["run"]),
            f"{kind}={value}",
            fmt_ci(v["accuracy"]),
            "–" if v["chance"] is None else f"{v['chance'] * 100:.1f}",
        ]
        for s in summaries
        if s.get("inconsistency")
        for kind, values in s["inconsistency"]["per_bucket"].items()
        for value, v in values.items()
    ]
    out.append(
        (
            "Inconsistency buckets (seed 002)",
            ["model", "graph", "bucket", "accuracy %", "chance %"],
            inc_rows,
        )
    )
    rep_rows = [
        [
            _model(s["run"]),
            _arm(s["run"]),
            axis,
            f"{r['ctr_before']:.3f}",
            f"{r['ctr_after']:.3f}",
            str(r["graphs"]),
        ]
        for s in summaries
        for axis, r in (s.get("repairs") or {}).items()
    ]
    out.append(
        (
            "Scene-graph CTR before / after repair",
            ["model", "graph", "axis", "CTR before", "CTR after", "scene graphs"],
            rep_rows,
        )
    )
    return [section for section in out if section[2]]  # empty sections are left out


def render_markdown(
    table: list[dict[str, Any]], summaries: list[dict[str, Any]], plots: dict[str, Path]
) -> str:
    parts = [
        "# SpatioXolver evaluation report",
        "",
        SIM_NOTE,
        "",
        "## Headline",
        "",
        *([f"![headline_deltas]({plots['headline_deltas'].name})", ""] if "headline_deltas" in plots else []),
        "Values in %, with bootstrap 95% intervals; Δ are paired over the n examples both runs share. "
        "Where several runs share benchmark, data, split, model and graph, the one with the most "
        "examples (ties: newest) is used; the `run` key of summary.json names it.",
        "",
        _md_table(*headline_rows(table)),
        "",
        "## Runs",
        "",
        _md_table(*_run_rows(summaries)),
        "",
    ]
    for title, header, rows in _detail_sections(summaries):
        parts += [f"## {title}", "", _md_table(header, rows), ""]
    rest = {name: path for name, path in plots.items() if name != "headline_deltas"}
    if rest:
        parts += ["## Plots", ""] + [f"![{name}]({path.name})" for name, path in rest.items()] + [""]
    return "\n".join(parts)


def _html_table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0 auto;padding:.6em 1.2em;max-width:1360px;color:#222}"
    "h1{font-size:1.3em;margin:.2em 0}h2{font-size:1.1em;margin:.8em 0 .3em}"
    ".note{font-size:12px;color:#555;margin:.2em 0 .5em}"
    "table{border-collapse:collapse;margin:.5em 0;font-size:12px}"
    "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}th{background:#f0f0f0}"
    "#headline img{display:block;max-width:100%;max-height:calc(100vh - 120px)}"
    ".multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:12px}"
    ".multiples figure{margin:0}.multiples img{max-width:100%}figure.wide{grid-column:1/-1}"
    "figcaption{font-size:12px;color:#555}details{margin:.4em 0}summary{cursor:pointer;font-weight:600}"
)

#: Plot name -> caption, in the order the small multiples show them.
PLOT_CAPTIONS = {
    "per_benchmark": "One panel per benchmark: accuracy per category (F1 per view for cvt), 95% CIs; "
    "colour = graph, hatch = model",
    "ctr_vs_n": "Cyclic-triple rate vs N per axis, with the Thm 3.7 curve at each model's noise",
    "gap_set": "N = 3 gap set: observed P(cycle) vs Eq. 4 at the fitted σ̂",
    "f1_vs_angle": "CVT: F1 vs rotation angle",
    "survival": "CVT: survival curves",
    "accuracy_vs_cost": "Accuracy vs cost per example (unknown cost drawn hollow, apart, not at 0)",
    "repairs": "Scene-graph CTR before / after the consistency agent's repair",
}


def _img(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"<img alt='{html.escape(alt)}' src='data:image/png;base64,{data}'>"


def render_html(
    table: list[dict[str, Any]],
    summaries: list[dict[str, Any]],
    plots: dict[str, Path],
    *,
    viewer: str | None = None,
) -> str:
    """The report page: headline plot first, small multiples next, tables collapsed below.

    Every plot is inlined (the page is one self-contained file) and also a PNG beside it.
    ``viewer`` is a relative link to the per-example viewer, shown when given.
    """
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'><title>SpatioXolver evaluation report</title>",
        f"<style>{_STYLE}</style></head><body><h1>SpatioXolver evaluation report</h1>",
        f"<p class='note'>{html.escape(SIM_NOTE)}",
    ]
    if viewer:
        parts.append(f" <a href='{html.escape(viewer)}'>Open the per-example viewer</a>.")
    parts.append("</p>")
    headline = plots.get("headline_deltas")
    parts.append("<section id='headline'>")
    if headline is not None:
        parts.append(_img(headline, "headline: agentic minus direct per benchmark and model"))
    else:
        parts.append("<p>No paired agentic / direct runs: no deltas to plot.</p>")
    parts.append("</section>")
    multiples = [(name, path) for name, path in plots.items() if name != "headline_deltas"]
    if multiples:
        parts.append("<h2>Where</h2><div class='multiples'>")
        for name, path in multiples:
            wide = " class='wide'" if name == "per_benchmark" else ""
            caption = PLOT_CAPTIONS.get(name, name)
            parts.append(
                f"<figure id='plot-{html.escape(name)}'{wide}>{_img(path, name)}"
                f"<figcaption>{html.escape(caption)} ({html.escape(path.name)})</figcaption></figure>"
            )
        parts.append("</div>")
    parts += [
        "<h2>Tables</h2>",
        "<details open><summary>Headline table</summary>"
        "<p class='note'>Values in %, with bootstrap 95% intervals; Δ are paired over the n examples both runs "
        "share. Where several runs share benchmark, data, split, model and graph, the one with the most "
        "examples (ties: newest) is used; the <code>run</code> key of summary.json names it.</p>",
        _html_table(*headline_rows(table)),
        "</details>",
        "<details><summary>Runs</summary>",
        _html_table(*_run_rows(summaries)),
        "</details>",
    ]
    for title, header, rows in _detail_sections(summaries):
        parts += [
            f"<details><summary>{html.escape(title)}</summary>",
            _html_table(header, rows),
            "</details>",
        ]
    parts.append("</body></html>")
    return "\n".join(parts)
