"""The report's first screen: the headline delta plot before any table, small multiples,
tables collapsed, a colour-blind-safe palette, and unknown cost kept apart from zero."""

from __future__ import annotations

import re

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.report import write_report

pytest.importorskip("matplotlib")


async def _runs(tmp_path, fx):
    root = fx.make_spatialab(tmp_path / "sl")
    dirs = []
    for graph, wrong in (("agentic", set()), ("direct", {"sl-mcq-0", "sl-mcq-1"})):
        run = tmp_path / f"run-{graph}"
        await aevaluate(
            root, model="fake", graph=graph, run_dir=run, answer_fn=fx.FakeAsk(wrong=wrong), progress=False
        )
        dirs.append(run)
    return dirs


async def test_headline_plot_comes_before_every_table(tmp_path, fx):
    result = write_report(await _runs(tmp_path, fx), tmp_path / "out", viewer="viewer/index.html")
    page = (tmp_path / "out" / "report.html").read_text()
    headline = re.search(r"<section id='headline'>\s*<img", page).start()
    assert headline < page.index("<table") and headline < page.index("class='multiples'")
    assert page.count("<table") == page.count("<details") >= 2  # one table per collapsible section
    assert "href='viewer/index.html'" in page
    assert {"headline_deltas", "per_benchmark", "accuracy_vs_cost"} <= set(result["plots"])
    for name in ("headline_deltas.png", "per_benchmark.png"):
        assert (tmp_path / "out" / name).read_bytes()[:4] == b"\x89PNG"
    md = (tmp_path / "out" / "report.md").read_text()
    assert md.index("![headline_deltas]") < md.index("| benchmark |")


async def test_plots_use_the_okabe_ito_palette(tmp_path, fx):
    from PIL import Image

    write_report(await _runs(tmp_path, fx), tmp_path / "out")
    colours = {
        c for _, c in Image.open(tmp_path / "out" / "per_benchmark.png").convert("RGB").getcolors(1 << 20)
    }
    assert (0x00, 0x72, 0xB2) in colours and (0xE6, 0x9F, 0x00) in colours  # agentic blue, direct orange
    assert (0x1F, 0x77, 0xB4) not in colours  # matplotlib's default blue is gone


def test_unknown_cost_is_not_plotted_at_zero(tmp_path):
    from spatioxolver.evals.report.plots import accuracy_vs_cost, cost_points

    def summary(cost, unknown, acc):
        return {
            "run": {"benchmark": "b", "model": f"m{acc}", "graph": "direct"},
            "totals": {"examples": 10, "cost_usd": cost, "cost_unknown_rows": unknown},
            "accuracy": {"value": acc, "ci": [acc, acc]},
        }

    runs = [summary(0.0, 0, 0.4), summary(0.5, 0, 0.6), summary(0.0, 10, 0.8)]
    assert cost_points(runs) == [(0.0, 0.4), (0.05, 0.6), (None, 0.8)]
    assert accuracy_vs_cost(runs, tmp_path).is_file()


def test_no_paired_runs_no_headline_plot(tmp_path):
    from spatioxolver.evals.report.overview import headline_deltas

    assert headline_deltas([{"deltas": {}, "model": "m", "metric": "accuracy"}], [], tmp_path) is None


def test_headline_rows_label_simulated_models_and_splits():
    from spatioxolver.evals.report.overview import row_label

    entry = {"dataset": "cvt", "split": "sequential", "model": "sim/gpt-4o", "simulated": True}
    assert row_label(entry) == "cvt/sequential · sim/gpt-4o *"
    assert re.fullmatch(
        r"ctr · geometric", row_label({"dataset": "ctr", "split": "all", "model": "geometric"})
    )
