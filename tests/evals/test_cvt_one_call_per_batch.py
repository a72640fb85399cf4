"""Seed 003's concatenated sequential protocol: one model call per batch, one JSON table back,
one row per question (CVT ``sequential-batch``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spatioxolver.errors import ParseError
from spatioxolver.replies import MISSING, parse_answer_table, table_entry
from spatioxolver.scenes import generate
from spatioxolver.testing import LocalServer


@pytest.fixture(scope="module")
def cvt_set(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cvt")
    generate("cvt", root, scenes=3, seed=11, workers=1, progress=False, width=160, height=120)
    return root


def _rows(run_dir: Path) -> list[dict]:
    return [json.loads(x) for x in (run_dir / "results.jsonl").read_text().splitlines()]


def _eval(data: Path, run_dir: Path, *extra: str) -> int:
    from spatioxolver.cli._app import main

    return main(["eval", str(data), "--graph", "direct", "--run-dir", str(run_dir), "--no-progress", *extra])


def _n_examples(data: Path) -> int:
    return len((data / "manifest.jsonl").read_text().splitlines())


def _prompt_questions(text: str) -> list[tuple[str, str]]:
    """(scene, qid) of every question in a batch prompt, read the way a model would."""
    out, scene = [], None
    for line in text.splitlines():
        head = re.match(r"^Scene '([^']+)':$", line) or re.match(r"^Input Image: (\S+)$", line)
        if head:
            scene = head.group(1)
        q = re.match(r"^(q_\d+): ", line)
        if q and scene:
            out.append((scene, q.group(1)))
    return out


def _chat_reply(spoil: dict[tuple[str, str], str | None]):
    """A chat model's reply: prose, then a fenced JSON table; ``spoil`` garbles (str) or drops (None)."""

    def reply(request: dict) -> str:
        table: dict[str, dict[str, object]] = {}
        for scene, qid in _prompt_questions(request["text"]):
            key = (scene, qid)
            if key in spoil and spoil[key] is None:
                continue
            table.setdefault(scene, {})[qid] = spoil.get(key, ["left", "front"])
        return "Let me reason about each scene in turn.\n\n```json\n" + json.dumps(table, indent=2) + "\n```"

    return reply


def test_answer_table_reads_other_reply_styles():
    text = '<think>scene a: [left]?</think>Sure!\n{"a": {"q1": ["left"], "Q_2": "front, not left", "3": "purple"}}'
    table = parse_answer_table(text)
    assert table_entry(table, "a.png", "q_1") == ["left"]  # scene without its extension, key q1
    assert table_entry(table, "A.PNG", "q_2") == "front, not left"
    assert table_entry(table, "a.png", "q_3") == "purple"
    assert table_entry(table, "a.png", "q_4") is MISSING and table_entry(table, "b.png", "q_1") is MISSING
    with pytest.raises(ParseError):
        parse_answer_table('["left", "front"]')  # one list, not a table of scenes


def test_batches_group_scenes_in_order_with_question_keys(cvt_set):
    from spatioxolver.evals.benchmarks.cvt import CVTBenchmark

    bench = CVTBenchmark()
    marked = bench.load(cvt_set, split="sequential-batch+text", batch_size=2)
    assert len(marked) == _n_examples(cvt_set)
    by_batch: dict[str, set[str]] = {}
    for e in marked:
        by_batch.setdefault(e.meta["batch_id"], set()).add(e.meta["batch_scene"])
        assert e.meta["batch_context"].startswith(f"Scene '{e.meta['batch_scene']}':")
        assert "Scene Object Dictionary" in e.meta["batch_context"]
    assert [len(v) for _, v in sorted(by_batch.items())] == [2, 1]
    keys = [(e.meta["batch_id"], e.meta["batch_scene"], e.meta["batch_qid"]) for e in marked]
    assert len(set(keys)) == len(keys)


def test_one_request_per_batch_and_a_row_per_question(cvt_set, tmp_path):
    first_scene_q2 = ("cvt-00000", "q_2")
    second_scene_q1 = ("cvt-00001", "q_1")
    spoil = {first_scene_q2: "purple and sideways", second_scene_q1: None}
    run = tmp_path / "run"
    with LocalServer(default=_chat_reply(spoil)) as srv:
        code = _eval(cvt_set, run, "--model", "openai/local-model", "--api-base", srv.url,
                     "--split", "sequential-batch+text", "--batch-size", "2", "--no-cache")  # fmt: skip
        requests = list(srv.requests)
    assert code == 0
    assert len(requests) == 2  # 3 scenes at 2 per prompt
    rows = _rows(run)
    assert len(rows) == _n_examples(cvt_set) and len({r["id"] for r in rows}) == len(rows)
    asked = [q for r in requests for q in _prompt_questions(r["text"])]
    assert len(asked) == len(rows)  # every question is in exactly one prompt
    by_key = {(r["meta"]["batch_scene"], r["meta"]["batch_qid"]): r for r in rows}
    garbled, missing = by_key[first_scene_q2], by_key[second_scene_q1]
    assert garbled["status"] == "error" and garbled["error_type"] == "ParseError"
    assert "q_2" in garbled["error"] and "cvt-00000" in garbled["error"]
    assert missing["status"] == "ok" and missing["value"] is None and missing["correct"] is False
    assert "q_1" in missing["no_answer"]
    others = [r for k, r in by_key.items() if k not in spoil]
    assert others and all(r["status"] == "ok" and r["pred"] == ["front", "left"] for r in others)
    # The two calls' tokens are split over the rows they wrote: nothing is lost or counted twice.
    spent = sum(r["batch"]["usage"]["prompt_tokens"] for r in {r["batch"]["id"]: r for r in rows}.values())
    assert sum(r["usage"]["prompt_tokens"] for r in rows) == spent > 0
    assert sum(r["usage"]["completion_tokens"] for r in rows) == sum(
        r["batch"]["usage"]["completion_tokens"] for r in {r["batch"]["id"]: r for r in rows}.values()
    )


def test_resume_sends_a_half_done_batch_again_and_writes_only_its_missing_rows(cvt_set, tmp_path):
    run = tmp_path / "run"
    with LocalServer(default=_chat_reply({})) as srv:
        args = ("--model", "openai/local-model", "--api-base", srv.url, "--split", "sequential-batch+text",
                "--batch-size", "2", "--no-cache")  # fmt: skip
        assert _eval(cvt_set, run, *args) == 0
        rows = _rows(run)
        # Interrupted while writing batch b0001's rows: keep its first three and all of b0002.
        first = [r for r in rows if r["batch"]["id"] == "b0001"]
        kept = first[:3] + [r for r in rows if r["batch"]["id"] == "b0002"]
        (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kept))
        before = len(srv.requests)
        assert _eval(cvt_set, run, *args, "--resume") == 0
        resent = srv.requests[before:]
    assert len(resent) == 1  # only the half-done batch, whole
    assert len(_prompt_questions(resent[0]["text"])) == len(first)
    after = _rows(run)
    assert len(after) == len(rows) and {r["id"] for r in after} == {r["id"] for r in rows}
    new = after[len(kept) :]
    assert len(new) == len(first) - 3 and all(r["batch"]["id"] == "b0001" for r in new)
    assert sum(r["usage"]["prompt_tokens"] for r in new) == new[0]["batch"]["usage"]["prompt_tokens"]


def test_a_reply_without_a_table_fails_its_batch_only_as_rows(cvt_set, tmp_path):
    run = tmp_path / "run"
    with LocalServer(default="I would rather describe the scenes in words.") as srv:
        code = _eval(cvt_set, run, "--model", "openai/local-model", "--api-base", srv.url,
                     "--split", "sequential-batch+text", "--batch-size", "20", "--no-cache")  # fmt: skip
        assert len(srv.requests) >= 1
    assert code == 2  # every row is an error: the CLI says so and exits 2
    rows = _rows(run)
    assert len(rows) == _n_examples(cvt_set)
    assert all(r["status"] == "error" and r["error"].startswith("batch b0001:") for r in rows)


def test_sequential_batch_needs_the_direct_graph(cvt_set, tmp_path):
    run = tmp_path / "run"
    from spatioxolver.cli._app import main

    main(["eval", str(cvt_set), "--graph", "agentic", "--model", "sim/gpt-4o", "--split", "sequential-batch",
          "--run-dir", str(run), "--no-progress", "--limit", "5"])  # fmt: skip
    rows = _rows(run)
    assert len(rows) == 5 and all("--graph direct" in r["error"] for r in rows)


def test_simulated_batch_answers_each_question_as_if_asked_alone(cvt_set, tmp_path):
    """The sim's one-call answers are the per-question answers (same draws): the protocol alone
    changes nothing unless the depth-drift knob (cvt_context_gain) is set."""
    from spatioxolver.evals.benchmarks.cvt import CVTBenchmark
    from spatioxolver.evals.runner import example_call

    from spatioxolver.models._sim import answer_probe
    from spatioxolver.models._sim_profiles import resolve_profile

    run = tmp_path / "run"
    assert (
        _eval(cvt_set, run, "--model", "sim/gpt-4o", "--split", "sequential-batch", "--batch-size", "2") == 0
    )
    rows = {r["id"]: r for r in _rows(run)}
    bench = CVTBenchmark()
    examples = bench.load(cvt_set, split="sequential-batch", batch_size=2)
    assert len(rows) == len(examples)
    profile = resolve_profile("gpt-4o", {})
    for e in examples:
        key = example_call(e, model="sim/gpt-4o", graph="direct")["ground_truth"]
        _text, alone = answer_probe(profile, {"kind": "cvt", **key}, seed=0)
        assert rows[e.id]["pred"] == sorted(alone), e.id
    assert len({r["batch"]["id"] for r in rows.values()}) == 2


def test_depth_drift_knob_acts_on_the_batch_position(cvt_set):
    from spatioxolver.evals.benchmarks.cvt import CVTBenchmark
    from spatioxolver.evals.runner import example_call

    from spatioxolver.models._sim import answer_probe
    from spatioxolver.models._sim_profiles import resolve_profile

    bench = CVTBenchmark()
    examples = bench.load(cvt_set, split="sequential-batch", batch_size=3)
    late = [e for e in examples if e.meta["batch_position"] == 3]
    plain, drift = resolve_profile("gpt-4o", {}), resolve_profile("gpt-4o", {"cvt_context_gain": 5.0})
    changed = 0
    for e in late:
        key = example_call(e, model="sim/gpt-4o", graph="direct")["ground_truth"]
        items = [{"scene": e.meta["batch_scene"], "qid": e.meta["batch_qid"]}]
        texts = [
            answer_probe(p, {"kind": "cvt_batch", "items": items, "batch": [key]})[0] for p in (plain, drift)
        ]
        tables = [parse_answer_table(t) for t in texts]
        assert all(t.startswith("Here are") and "```json" in t for t in texts)  # a chat model's fenced JSON
        a, b = (table_entry(t, e.meta["batch_scene"], e.meta["batch_qid"]) for t in tables)
        changed += a != b
    assert changed > 0


def test_image_mode_sends_each_scene_image_once_in_prompt_order(cvt_set, tmp_path):
    run = tmp_path / "run"
    with LocalServer(default=_chat_reply({})) as srv:
        code = _eval(cvt_set, run, "--model", "openai/local-model", "--api-base", srv.url,
                     "--split", "sequential-batch", "--batch-size", "2", "--no-cache")  # fmt: skip
        requests = list(srv.requests)
    # The batches run concurrently: they may reach the server in either order.
    assert code == 0 and sorted(r["n_images"] for r in requests) == [1, 2]
    text = next(r["text"] for r in requests if r["n_images"] == 2)
    assert text.index("Input Image: cvt-00000.png") < text.index("Input Image: cvt-00001.png")
    assert "Scene Object Dictionary" in text and "single JSON object" in text
    rows = _rows(run)
    assert len(rows) == _n_examples(cvt_set)
