"""`spatioxolver eval --config study.toml` and the run-control flags of `eval` and `ask`:
per-agent models, decoding, reasoner arms (the neuro-symbolic arm side by side), flags over
the file, and one clear line (exit 2) for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spatioxolver.evals.results import read_rows

from spatioxolver.cli import main as cli_main
from spatioxolver.testing import LocalServer


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """A real `spatioxolver generate` dataset (one CTR scene, 3 objects)."""
    out = tmp_path_factory.mktemp("gen") / "ctr"
    argv = ["generate", "ctr", "--out", str(out), "--scenes", "1", "--n", "3", "--width", "120",
            "--height", "90", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0
    return out


def _study(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    return err


def test_a_toml_study_runs_three_arms_side_by_side(tmp_path, capsys, generated) -> None:
    study = tmp_path / "study"
    config = _study(
        tmp_path / "study.toml",
        f"""
datasets = ["{generated}"]
models = ["sim/gpt-4o"]
graphs = ["agentic", "direct"]
reasoners = ["llm", "symbolic"]
run_dir = "{study}"
concurrency = 3
limit = 4

[decoding]
temperature = 0.2
max_tokens = 256

[agent_models]
reasoning = "sim/claude-3.5-sonnet"
""",
    )
    code = cli_main(
        ["eval", "--config", str(config), "--concurrency", "1", "--temperature", "0.5", "--no-progress"]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    cells = sorted(p.name for p in study.iterdir() if (p / "run.json").is_file())
    assert cells == ["ctr-agentic-llm", "ctr-agentic-symbolic", "ctr-direct"]
    assert "agentic (symbolic reasoner)" in out

    run = json.loads((study / "ctr-agentic-llm" / "run.json").read_text())
    assert run["config"]["concurrency"] == 1 and run["config"]["limit"] == 4  # the flag wins, the file fills
    options = run["config"]["options"]
    assert options["temperature"] == 0.5 and options["max_tokens"] == 256 and options["reasoner"] == "llm"
    assert options["agent_models"] == {"reasoning": {"model": "sim/claude-3.5-sonnet"}}
    assert run["decoding"]["used"]["direct_mcq"] == {"temperature": 0.5, "max_tokens": 256}
    assert run["decoding"]["defaults"]["direct_mcq"] == {"temperature": 0.0, "max_tokens": 10}
    direct = json.loads((study / "ctr-direct" / "run.json").read_text())["config"]["options"]
    assert "agent_models" not in direct and "reasoner" not in direct  # no agents in the direct graph

    row = read_rows(study / "ctr-agentic-llm" / "results.jsonl")[0]
    models = {s["node"]: s["model"] for s in row["samples"]}
    assert models["reasoning"] == "sim/claude-3.5-sonnet" and models["segmentation"] == "sim/gpt-4o"
    assert {s["temperature"] for s in row["samples"]} == {0.5}

    report = (study / "report" / "report.md").read_text()
    header = next(line for line in report.splitlines() if line.startswith("| benchmark | data"))
    assert "| agentic | agentic (symbolic reasoner) | direct |" in header
    assert "Δ agentic−agentic (symbolic reasoner)" in header
    runs = next(line for line in report.splitlines() if "ctr-agentic-symbolic" in line)
    assert "| agentic (symbolic reasoner) |" in runs


def test_reasoner_flag_makes_the_symbolic_arm_of_a_plain_eval(tmp_path, capsys, generated) -> None:
    run = tmp_path / "run"
    code = cli_main(["eval", str(generated), "--model", "sim/gpt-4o", "--reasoner", "symbolic", "--limit", "2",
                     "--run-dir", str(run), "--no-progress"])  # fmt: skip
    assert code == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["run"]["reasoner"] == "symbolic"
    assert "agentic (symbolic reasoner)" in capsys.readouterr().out
    assert {r.get("reasoner") for r in read_rows(run / "results.jsonl")} <= {"symbolic", None}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("concurency = 4\n", "unknown key 'concurency'"),
        ("[decoding]\ntemprature = 0.1\n", "unknown key 'temprature' in [decoding]"),
        ('concurrency = "8"\n', "concurrency must be a int"),
        ("graphs = []\n", "graphs must be a str"),
        ('model = "sim/gpt-4o"\nmodels = ["sim/gpt-4o"]\n', "give models once"),
        ("decoding = 3\n", "decoding must be a table"),
        ('models = ["sim/gpt-4o"\n', "not valid TOML"),
        ("[agent_models]\nrelations = 3\n", "agent_models.relations must be a model string"),
        ('[agent_models]\npainter = "openai/gpt-4o-mini"\n', "unknown agent 'painter'"),
        ("[decoding]\ntemperature = 5\n", "temperature"),
        ('[model_options]\napi_key = "sk-123"\n', "secrets are not taken"),
    ],
)
def test_a_bad_study_file_is_one_line_and_exit_2(tmp_path, capsys, generated, text, expected) -> None:
    config = _study(tmp_path / "bad.toml", f'datasets = ["{generated}"]\n' + text)
    run = tmp_path / "run"
    code = cli_main(["eval", "--config", str(config), "--model", "sim/gpt-4o", "--run-dir", str(run)])
    assert code == 2
    err = _one_error_line(capsys)
    assert expected in err and "sk-123" not in err
    assert not (run / "results.jsonl").exists()


def test_a_missing_study_file_and_a_missing_model(tmp_path, capsys, generated) -> None:
    assert cli_main(["eval", "--config", str(tmp_path / "nope.toml"), "--model", "sim/gpt-4o"]) == 2
    assert "no such file" in _one_error_line(capsys)
    config = _study(tmp_path / "s.toml", f'datasets = ["{generated}"]\n')
    assert cli_main(["eval", "--config", str(config)]) == 2
    assert "give --model" in _one_error_line(capsys)


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--agent-model", "relations"], "use NODE=VALUE"),
        (["--agent-model", "painter=openai/x"], "unknown agent 'painter'"),
        (["--agent-model", "relations="], "give a model"),
        (["--agent-api-base", "relations=http://x"], "give --agent-model relations=MODEL too"),
        (["--temperature", "5"], "--temperature"),
        (["--max-tokens", "0"], "--max-tokens"),
        (["--request-timeout", "-1"], "request timeout"),
        (["--graph", "direct", "--reasoner", "symbolic"], "add agentic to --graph"),
    ],
)
def test_bad_control_flags_on_eval(tmp_path, capsys, generated, flags, expected) -> None:
    run = tmp_path / "run"
    code = cli_main(["eval", str(generated), "--model", "sim/gpt-4o", "--run-dir", str(run), *flags])
    assert code == 2
    assert expected in _one_error_line(capsys)
    assert not run.exists()


def test_ask_sends_the_decoding_flags_and_reports_usage(generated, capsys, monkeypatch) -> None:
    image = sorted((generated / "images").glob("*.png"))[0]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(default="Object 1.") as srv:
        code = cli_main(
            ["ask", str(image), "Which object is to the left of the other: 1 or 2?", "--model",
             "openai/local-model", "--api-base", srv.url, "--graph", "direct", "--no-cache",
             "--temperature", "0.3", "--max-tokens", "20", "--timeout", "9", "--trace"]
        )  # fmt: skip
        (request,) = srv.requests
    out = capsys.readouterr().out
    assert code == 0
    assert request["params"]["temperature"] == 0.3 and request["params"]["max_tokens"] == 20
    assert "usage:" in out and "cost unknown" in out and "$0.0000" not in out


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--temperature", "3"], "--temperature"),
        (["--agent-model", "painter=openai/x"], "unknown agent 'painter'"),
        (["--reasoner", "oracle"], "invalid choice"),
    ],
)
def test_bad_control_flags_on_ask(generated, capsys, flags, expected) -> None:
    image = sorted((generated / "images").glob("*.png"))[0]
    try:
        code = cli_main(["ask", str(image), "Which object is leftmost?", *flags])
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code
    assert code == 2
    assert expected in capsys.readouterr().err
