"""Cost and tokens are told as they are: an unknown cost reads "unknown" (never $0.0000) in the
CLI line, summary.json and the report; tokens of replies that failed to parse are counted, in
the API's error and in the eval's error rows."""

from __future__ import annotations

import json

import pytest
from spatioxolver.evals.metrics.summary import summarize
from spatioxolver.evals.progress import Progress
from spatioxolver.evals.report.render import _run_rows
from spatioxolver.evals.results import read_rows

from spatioxolver.api import aask
from spatioxolver.cli import main as cli_main
from spatioxolver.costs import format_cost
from spatioxolver.errors import ParseError
from spatioxolver.models import Usage
from spatioxolver.testing import LocalServer, ScriptedModel
from spatioxolver.testing.releases import write_spatial_incon

IMAGE_REPLIES = {
    "segmentation": json.dumps(
        {
            "objects": [
                {"id": "1", "label": "1", "color": "red", "shape": "cube", "bbox": [5, 30, 20, 50]},
                {"id": "2", "label": "2", "color": "blue", "shape": "sphere", "bbox": [40, 20, 55, 35]},
            ]
        }
    ),
    "relations": json.dumps(
        {"relations": [{"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"}]}
    ),
    "symmetry": '{"groups": [], "symmetries": []}',
    "reasoning": "@@@ nothing readable",
}
MCQ = {"choices": ["the sphere", "the cube", "neither"], "query": {"type": "mcq"}}


def test_format_cost_never_writes_unknown_as_zero() -> None:
    assert format_cost(None) == "cost unknown"
    assert format_cost(0.0) == "$0.0000"
    assert format_cost(0.25, unknown=2, what="examples") == "$0.2500 + unknown for 2 examples"


async def test_a_failed_run_carries_every_calls_tokens() -> None:
    import numpy as np

    client = ScriptedModel(IMAGE_REPLIES, usage=Usage(prompt_tokens=5, completion_tokens=1, cost_usd=0.01))
    image = np.full((64, 96, 3), 120, np.uint8)
    with pytest.raises(ParseError) as info:
        await aask(image, "Which is leftmost?", model="scripted/x", client=client, cache=False, **MCQ)
    calls = len(client.requests)
    assert calls >= 3 and client.requests[-1].template == "reasoning"
    spent = info.value.usage
    assert (spent.prompt_tokens, spent.completion_tokens) == (5 * calls, calls)  # not just the last call's
    assert spent.cost_usd == pytest.approx(0.01 * calls)
    answer = await aask(
        image, "Which is leftmost?", model="scripted/x", client=client, cache=False, return_errors=True, **MCQ
    )
    assert answer.error.startswith("ParseError") and answer.usage.prompt_tokens == 5 * calls


def test_eval_rows_of_unparsed_replies_keep_their_tokens_and_cost_stays_unknown(
    tmp_path, capsys, monkeypatch
):
    repo, run = write_spatial_incon(tmp_path / "repo", n=2), tmp_path / "run"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(default="The lamp, obviously.") as srv:  # names no letter: an unparsed reply
        code = cli_main(
            ["eval", str(repo), "--model", "openai/local-model", "--api-base", srv.url, "--graph", "direct",
             "--run-dir", str(run), "--no-progress", "--no-cache", "--max-error-rate", "1"]
        )  # fmt: skip
    out = capsys.readouterr().out
    rows = read_rows(run / "results.jsonl")
    assert code == 2 and rows and all(r["status"] == "error" for r in rows)
    assert all(int((r.get("usage") or {}).get("prompt_tokens") or 0) > 0 for r in rows)  # error rows too
    summary = json.loads((run / "summary.json").read_text())
    totals = summary["totals"]
    assert totals["prompt_tokens"] == sum(r["usage"]["prompt_tokens"] for r in rows) > 0
    assert totals["cost_usd"] is None and totals["cost"] == "cost unknown"
    assert "cost unknown" in out and "$0.0000" not in out


def test_the_report_and_progress_say_unknown() -> None:
    rows = [
        {"id": "a", "status": "ok", "correct": True, "model": "openai/x", "usage": {"cost_usd": None}},
        {"id": "b", "status": "ok", "correct": False, "model": "openai/x", "usage": {"cost_usd": 0.5}},
    ]
    summary = summarize(rows)
    assert (
        summary["totals"]["cost_usd"] == 0.5
        and summary["totals"]["cost"] == "$0.5000 + unknown for 1 examples"
    )
    summary["run"] = {"benchmark": "b", "model": "openai/x", "graph": "direct"}
    header, table = _run_rows([summary])
    assert table[0][header.index("cost USD")] == "0.5000 + unknown for 1 examples"
    summary["totals"]["cost_usd"] = None
    assert _run_rows([summary])[1][0][header.index("cost USD")] == "unknown"
    bar = Progress(2, enabled=False, label="x")
    bar.update(rows[0])
    assert bar.money() == "cost unknown"
    bar.update(rows[1])
    assert bar.money() == "$0.5000 + unknown for 1"
