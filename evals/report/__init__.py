"""Comparison reports over one or more run directories: summary.json, report.md,
a self-contained report.html and PNG plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["write_report"]


def write_report(
    run_dirs: list[str | Path], out: str | Path, *, seed: int = 0, viewer: str | None = None
) -> dict[str, Any]:
    """Summarise each run, then write the report files into ``out``; returns paths and the headline table.

    Raises:
        BenchmarkError: a directory is not a run directory, or its run.json is corrupt.
        InputError: ``out`` cannot be created or written.

    Unreadable ``results.jsonl`` lines are skipped and listed in ``result["warnings"]``;
    so are runs that share (benchmark, data, split, model, graph), of which the headline
    uses the one with the most examples (ties: the newest). ``viewer``: a link (relative to
    ``out``) to the per-example viewer, shown in report.html.
    """

    from spatioxolver.evals.evaluate import summarize_run_rows
    from spatioxolver.evals.report.headline import headline_table
    from spatioxolver.evals.report.plots import make_plots
    from spatioxolver.evals.report.render import render_html, render_markdown
    from spatioxolver.evals.runinfo import write_json_atomic
    from spatioxolver.evals.runner import prepare_dir

    runs = []
    for run_dir in run_dirs:
        summary, rows = summarize_run_rows(run_dir, seed=seed)
        runs.append({"summary": summary, "rows": rows})
    out_dir = prepare_dir(out, what="report directory")
    summaries = [r["summary"] for r in runs]
    table_warnings: list[str] = []
    table = headline_table(runs, seed=seed, warnings=table_warnings)
    from spatioxolver.evals.report.overview import headline_deltas

    plots = {}
    headline_png = headline_deltas(table, summaries, out_dir)
    if headline_png is not None:
        plots["headline_deltas"] = headline_png
    plots.update(make_plots(summaries, out_dir))
    write_json_atomic(out_dir / "summary.json", {"headline": table, "runs": summaries})
    (out_dir / "report.md").write_text(render_markdown(table, summaries, plots), encoding="utf-8")
    (out_dir / "report.html").write_text(
        render_html(table, summaries, plots, viewer=viewer), encoding="utf-8"
    )
    return {
        "headline": table,
        "summaries": summaries,
        "plots": {k: str(v) for k, v in plots.items()},
        "report_md": str(out_dir / "report.md"),
        "report_html": str(out_dir / "report.html"),
        "summary_json": str(out_dir / "summary.json"),
        "warnings": [w for s in summaries for w in s.get("warnings") or []] + table_warnings,
    }
