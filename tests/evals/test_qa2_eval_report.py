"""QA2 fixes in evals: duplicate runs in a report (P1 #4), model options from the CLI
(P1 #8), the known zero cost of geometric / sim runs (P2 #14), the CTR-vs-N legend (P2 #13)."""

from __future__ import annotations

import json
import os

import pytest
from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.metrics.summary import summarize
from spatioxolver.evals.report import write_report

from spatioxolver.cli._app import main as cli_main
from spatioxolver.cli.cmd_eval import parse_model_options
from spatioxolver.errors import ConfigError

# ---------------------------------------------------------------- P1 #4: duplicate runs


async def _run(tmp_path, fx, root, name, *, graph="agentic", limit=None, wrong=()):
    run = tmp_path / name
    await aevaluate(
        root,
        model="fake",
        graph=graph,
        run_dir=run,
        limit=limit,
        answer_fn=fx.FakeAsk(wrong=set(wrong)),
        progress=False,
    )
    return run


async def test_report_prefers_the_run_with_most_examples_and_warns(tmp_path, fx, capsys):
    root = fx.make_spatialab(tmp_path / "sl")  # 5 examples
    full = await _run(tmp_path, fx, root, "full", wrong={"sl-mcq-3"})  # 80 %
    small = await _run(tmp_path, fx, root, "small", limit=2)  # 100 %, written later (newer)
    direct = await _run(tmp_path, fx, root, "direct", graph="direct", wrong={"sl-mcq-3", "sl-mcq-2"})
    for order in ([full, small, direct], [small, full, direct]):
        result = write_report(order, tmp_path / "out")
        (entry,) = result["headline"]
        assert entry["graphs"]["agentic"]["value"] == pytest.approx(0.8)
        assert entry["run"] == {"agentic": str(full), "direct": str(direct)}
        assert entry["deltas"]["agentic-direct"]["n"] == 5
        (warning,) = result["warnings"]
        assert str(full) in warning and str(small) in warning and f"uses {full}" in warning
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["headline"][0]["run"]["agentic"] == str(full)
    md = (tmp_path / "out" / "report.md").read_text()
    assert "run dir" in md and str(small) in md and str(full) in md
    assert "(n=5)" in md  # the delta states how many examples it pairs
    assert cli_main(["report", str(full), str(small), str(direct), "--out", str(tmp_path / "o2")]) == 0
    err = capsys.readouterr().err
    assert err.count("warning:") == 1 and "2 runs share" in err


async def test_report_tie_goes_to_the_newest_run(tmp_path, fx):
    root = fx.make_spatialab(tmp_path / "sl")
    old = await _run(tmp_path, fx, root, "old", wrong={"sl-mcq-0"})
    new = await _run(tmp_path, fx, root, "new")
    for run, when in ((old, "2020-01-01T00:00:00+00:00"), (new, "2021-01-01T00:00:00+00:00")):
        info = json.loads((run / "run.json").read_text())
        info["finished_at"] = when
        (run / "run.json").write_text(json.dumps(info))
    os.utime(old / "results.jsonl", (2e9, 2e9))  # a later file time does not beat the later finish
    for order in ([old, new], [new, old]):
        (entry,) = write_report(order, tmp_path / "out")["headline"]
        assert entry["run"]["agentic"] == str(new) and entry["graphs"]["agentic"]["value"] == 1.0


# ---------------------------------------------------------------- P1 #8: model options


def test_parse_model_options():
    assert parse_model_options(["sigma_d=0.5", "bias=-0.1", "seed=3", "x=true", "name=abc", "e="]) == {
        "sigma_d": 0.5,
        "bias": -0.1,
        "seed": 3,
        "x": True,
        "name": "abc",
        "e": "",
    }
    for bad in (["sigma"], ["=3"], ["a=1", "a=2"], ["api_key=sk-1"]):
        with pytest.raises(ConfigError):
            parse_model_options(bad)


def _eval(root, run, *extra):
    return cli_main(
        [
            "eval",
            str(root),
            "--model",
            "sim/custom",
            "--graph",
            "direct",
            "--run-dir",
            str(run),
            "--no-progress",
            *extra,
        ]
    )


def test_cli_model_options_reach_the_sim_and_run_json(tmp_path, fx, capsys):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=2)
    assert _eval(root, tmp_path / "exact") == 0
    noisy = tmp_path / "noisy"
    opts = ["--model-option", "sigma=60", "--model-option", "seed=3"]
    assert _eval(root, noisy, *opts) == 0
    out = capsys.readouterr().out
    assert "sim/custom {seed=3, sigma=60}" in out
    exact = json.loads((tmp_path / "exact" / "summary.json").read_text())
    noisy_summary = json.loads((noisy / "summary.json").read_text())
    # the options reached the model: far noisier than the default (exact) sim/custom
    assert noisy_summary["accuracy"]["value"] < exact["accuracy"]["value"] - 0.15
    info = json.loads((noisy / "run.json").read_text())
    assert info["config"]["options"]["model_options"] == {"sigma": 60, "seed": 3}
    assert noisy_summary["run"]["model_options"] == {"sigma": 60, "seed": 3}
    # --resume compares the model options with the stored ones.
    assert _eval(root, noisy, "--resume", "--model-option", "sigma=1", "--model-option", "seed=3") == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "refusing to --resume" in err and "sigma" in err
    assert _eval(root, noisy, "--resume", *opts) == 0


def test_cli_unknown_model_option_is_one_line_error(tmp_path, fx, capsys):
    root = fx.make_ctr(tmp_path / "ctr", n_scenes=1)
    assert _eval(root, tmp_path / "r", "--model-option", "sigma_x=1") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sigma_x" in err and "known: seed" in err
    assert not (tmp_path / "r").exists()  # refused before the run directory is made
    code = cli_main(
        [
            "eval",
            str(root),
            "--model",
            "geometric",
            "--run-dir",
            str(tmp_path / "g"),
            "--no-progress",
            "--model-option",
            "seed=1",
        ]
    )
    assert code == 2 and "takes no model options" in capsys.readouterr().err
    assert _eval(root, tmp_path / "r", "--model-option", "nokey") == 2
    assert "KEY=VALUE" in capsys.readouterr().err


# ---------------------------------------------------------------- P2 #14: known zero cost


@pytest.mark.parametrize(("model", "unknown"), [("geometric", 0), ("sim/gpt-4o", 0), ("openai/gpt-4o", 2)])
def test_cost_unknown_rows(model, unknown):
    rows = [
        {"id": "a", "status": "ok", "correct": True, "model": model, "usage": {"cost_usd": None}},
        {"id": "b", "status": "error", "correct": False, "model": model},
    ]
    totals = summarize(rows)["totals"]
    assert totals["cost_unknown_rows"] == unknown
    # unknown stays unknown: no known cost at all is None (not 0.0); free models cost a known 0
    assert totals["cost_usd"] == (None if unknown else 0.0)
    assert totals["cost"] == ("cost unknown" if unknown else "$0.0000")


# ---------------------------------------------------------------- P2 #13: CTR-vs-N legend


def _ctr_summary(model, graph, shift):
    ci = lambda v: {"value": v, "ci": [v, v], "n": 10}  # noqa: E731
    return {
        "run": {"benchmark": "ctr", "model": model, "graph": graph, "split": None, "simulated": True},
        "ctr": {
            "per_n_axis": [
                {"N": n, "axis": a, "ctr": ci(0.01 * n + shift), "theory_ctr": 0.02 * n}
                for n in (3, 5, 8)
                for a in "HVD"
            ]
        },
    }


def test_ctr_vs_n_legend_matches_the_drawn_lines():
    pytest.importorskip("matplotlib")
    from matplotlib.colors import to_hex
    from spatioxolver.evals.report.plots import _plt, ctr_vs_n_figure

    runs = [
        _ctr_summary("sim/gpt-4o", "agentic", 0.0),
        _ctr_summary("sim/gpt-4o", "direct", 0.05),
        _ctr_summary("sim/llava", "direct", 0.1),
    ]
    fig = ctr_vs_n_figure(runs)
    try:
        (legend,) = fig.legends
        entries = {
            t.get_text(): to_hex(h.get_color())
            for t, h in zip(legend.get_texts(), legend.legend_handles, strict=True)
        }
        theory = {k: v for k, v in entries.items() if k.startswith("Thm 3.7")}
        assert set(theory) == {"Thm 3.7 theory (sim/gpt-4o)", "Thm 3.7 theory (sim/llava)"}
        for ax in fig.axes:
            dashed = [ln for ln in ax.get_lines() if ln.get_linestyle() not in ("-", ":", "None")]
            solid = [ln for ln in ax.get_lines() if ln.get_linestyle() == "-" and ln.get_marker() == "o"]
            # one dashed theory line per model, each in its legend entry's colour
            assert sorted(to_hex(ln.get_color()) for ln in dashed) == sorted(theory.values())
            assert {to_hex(ln.get_color()) for ln in solid} == {
                v for k, v in entries.items() if not k.startswith("Thm")
            }
        assert len(set(entries.values())) == len(entries)  # every legend entry has its own colour
    finally:
        _plt().close(fig)
