"""A run that fails still shows what was asked and what came back: the API's Answer carries
the steps taken (the failing one last, with its unparsed reply), and an eval error row keeps
``input`` and ``samples`` under ``--log-samples``."""

from __future__ import annotations

from spatioxolver import ask
from spatioxolver.testing import LocalServer

from .conftest import chain_rules

OBJECTS = {"objects": [{"label": "red square", "bbox": [5, 5, 20, 20]},
                       {"label": "blue circle", "bbox": [40, 5, 60, 20]}]}  # fmt: skip
UNREADABLE = "I looked closely; it is hard to put into words what I see here."


def test_a_failed_ask_returns_the_steps_and_the_reply_that_did_not_parse(plain_image, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    rules = chain_rules(OBJECTS, relations=UNREADABLE)
    with LocalServer(rules=rules, default="{}") as srv:
        answer = ask(plain_image, "Which is more to the left, the red square or the blue circle?",
                     model="openai/local-model", api_base=srv.url, cache=False, return_errors=True)  # fmt: skip
    assert answer.error and answer.value is None
    nodes = [step["node"] for step in answer.trace]
    assert nodes[:2] == ["segmentation", "attributes"] and nodes[-1] == "relations"
    failed = answer.trace[-1]
    assert failed["error"].startswith("ReplyParseError") or "Parse" in failed["error"]
    assert failed["model_calls"] and failed["model_calls"][-1]["reply"] == UNREADABLE
    assert "spatial relation agent" in failed["model_calls"][-1]["prompt"]


def test_an_eval_error_row_keeps_input_and_samples(tmp_path, monkeypatch) -> None:
    from spatioxolver.evals.results import read_rows

    from spatioxolver.cli import main as cli_main
    from spatioxolver.testing.releases import write_spatial_incon

    repo, run = write_spatial_incon(tmp_path / "repo", n=2), tmp_path / "run"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(default=UNREADABLE) as srv:
        code = cli_main(
            ["eval", str(repo), "--model", "openai/local-model", "--api-base", srv.url, "--graph", "direct",
             "--run-dir", str(run), "--no-progress", "--no-cache", "--log-samples", "--max-error-rate", "1"]
        )  # fmt: skip
    assert code in (0, 1, 2)
    rows = read_rows(run / "results.jsonl")
    errors = [row for row in rows if row["status"] == "error"]
    assert errors
    for row in errors:
        assert row["input"]
        assert row["samples"] and any(s.get("reply") == UNREADABLE for s in row["samples"]), row["samples"]
