"""The offline open-answer judge: a string-match approximation, lenient in documented ways only,
and a warning when a real release is judged with it."""

from __future__ import annotations

import json

import pytest
from spatioxolver.evals.metrics.judge import NormalizedJudge, grade_open, normalized_match

from spatioxolver.cli import main as cli_main
from spatioxolver.testing.releases import write_spatialab_parquet


@pytest.mark.parametrize(
    ("gold", "answer"),
    [
        ("Yes, it would fit perfectly.", "Yes"),
        ("Yes", "Yes, the box fits inside with room to spare."),
        ("No.", "no, it is too wide"),
        ("Human child", "A small child"),
        ("The chair", "It is the chair, closest to the camera."),
        ("three", "3"),
        ("the kitchen table", "the table"),
    ],
)
def test_accepted_paraphrases(gold, answer):
    assert normalized_match(gold, answer)


@pytest.mark.parametrize(
    ("gold", "answer"),
    [
        ("Yes, it would fit perfectly.", "No"),
        ("Yes, it would fit.", "It would not fit."),
        ("small red cube", "large red cube"),
        ("object 8 (the small red metal cylinder)", "object 8 (the small red metal cube)"),
        ("the mug is left of the lamp", "the mug is right of the lamp"),
        ("2 chairs", "chairs"),
        ("Human child", "an adult"),
        ("the chair", ""),
        ("the wooden chair", "the chair"),  # a material is never waived
    ],
)
def test_rejected_answers(gold, answer):
    assert not normalized_match(gold, answer)


async def test_verdict_says_it_is_an_approximation():
    verdict = await grade_open(NormalizedJudge(), "Would it fit?", "Yes, it would fit perfectly.", "Yes")
    assert verdict["verdict"] == 1 and verdict["method"] == "string-match approximation"


def test_release_judged_offline_warns(tmp_path, capsys):
    pytest.importorskip("pyarrow", reason="parquet needs pyarrow (dev extra)")
    data = write_spatialab_parquet(tmp_path / "sl" / "test.parquet")
    run = tmp_path / "run"
    code = cli_main(
        [
            "eval",
            str(data),
            "--benchmark",
            "spatialab-release",
            "--model",
            "sim/gpt-4o",
            "--graph",
            "direct",
            "--run-dir",
            str(run),
            "--no-progress",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0
    # The simulated model's "I am not sure." replies are typed no-answers (wrong, not judged).
    rows = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    judged = sum(1 for r in rows if r.get("judge"))
    assert (
        judged
        and f"warning: {judged} open answers of the spatialab-release release were judged by 'normalized'"
        in err
    )
    assert "--judge MODEL" in err
    assert json.loads((run / "summary.json").read_text())["warnings"]
