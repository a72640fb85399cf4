"""Adapters: generated families, release files, splits, stable ids, bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from spatioxolver.evals.evaluate import load_examples, resolve_benchmark
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError, ConfigError
from spatioxolver.plugins import benchmark_names, load_benchmark

FIXTURES = Path(__file__).resolve().parents[2] / "evals" / "fixtures"
REFERENCE = Path("/work/shared/reference/spatial-incon-annotations-sample.json")


def test_all_adapters_registered_with_splits():
    names = benchmark_names()
    for name in (
        "ctr",
        "cvt",
        "inconsistency",
        "spatialab",
        "spatialab-release",
        "inconsistency-release",
        "clevr",
        "cvt-release",
    ):
        assert name in names
        bench = load_benchmark(name)
        assert "all" in bench.splits()


def test_unknown_benchmark_lists_known():
    with pytest.raises(ConfigError, match="known benchmarks: .*ctr"):
        resolve_benchmark(".", "nope")


def test_ctr_loads_with_abs_paths_tags_and_coordinates(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    bench = resolve_benchmark(root)
    assert bench.name == "ctr"
    items, fp = load_examples(bench, root)
    assert all(isinstance(e, Example) for e in items)
    first = items[0]
    assert Path(first.images[0]).is_absolute() and Path(first.clean_images[0]).is_file()
    assert "object_camera_coords" in first.meta and "n4-H" in first.tags
    gap, _ = load_examples(bench, root, split="gap")
    assert gap and all(e.meta["gap_set"] for e in gap)
    only = load_examples(bench, root, split="n4-D")[0]
    assert only and {e.query["axis"] for e in only} == {"D"}
    # ids and fingerprint are stable across loads
    again, fp2 = load_examples(bench, root)
    assert [e.id for e in items] == [e.id for e in again] and fp == fp2


def test_fingerprint_changes_with_manifest(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    bench = resolve_benchmark(root)
    _, fp1 = load_examples(bench, root)
    lines = (root / "manifest.jsonl").read_text().splitlines()
    rec = json.loads(lines[0])
    rec["answer"] = "D"
    (root / "manifest.jsonl").write_text("\n".join([json.dumps(rec), *lines[1:]]) + "\n")
    _, fp2 = load_examples(bench, root)
    assert fp1 != fp2


def test_unknown_split_lists_known(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    with pytest.raises(BenchmarkError, match="unknown split 'bogus'.*known splits"):
        load_examples(resolve_benchmark(root), root, split="bogus")


def test_split_matching_nothing_is_an_error(tmp_path, fx):
    root = fx.make_ctr(tmp_path / "ctr")
    with pytest.raises(BenchmarkError, match="matched no examples"):
        load_examples(resolve_benchmark(root), root, split="n20")


def test_malformed_lines_reported_with_line_numbers(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    text = (root / "manifest.jsonl").read_text()
    (root / "manifest.jsonl").write_text(text + "{not json\n" + json.dumps({"id": "x"}) + "\n")
    items, _ = load_examples(resolve_benchmark(root), root)
    bad = [i for i in items if isinstance(i, BadLine)]
    assert [b.line for b in bad] == [5, 6]
    assert "malformed JSON" in bad[0].reason and "missing field" in bad[1].reason
    with pytest.raises(BenchmarkError, match=r"manifest.jsonl:5: malformed JSON"):
        load_examples(resolve_benchmark(root), root, strict=True)


def test_family_mismatch_is_explained(tmp_path, fx):
    root = fx.make_cvt(tmp_path / "cvt")
    with pytest.raises(BenchmarkError, match="use --benchmark cvt"):
        load_examples(load_benchmark("ctr"), root)


def test_spatialab_splits_by_task_and_category(tmp_path, fx):
    root = fx.make_spatialab(tmp_path / "sl")
    bench = resolve_benchmark(root)
    mcq, _ = load_examples(bench, root, split="mcq")
    assert mcq and all(e.query_type == "mcq" for e in mcq)
    cat, _ = load_examples(bench, root, split="size-scale")
    assert {e.category for e in cat} == {"Size & Scale"}
    both, _ = load_examples(bench, root, split="open+relative-positioning")
    assert [e.id for e in both] == ["sl-open-0"]


def test_cvt_protocols_and_representations(tmp_path, fx):
    root = fx.make_cvt(tmp_path / "cvt", n_scenes=3)
    bench = resolve_benchmark(root)
    seq, _ = load_examples(bench, root, split="sequential", options={"batch_size": 2})
    positions = sorted({e.meta["batch_position"] for e in seq})
    assert positions == [1, 2]
    second = [e for e in seq if e.meta["batch_position"] == 2][0]
    assert len(second.images) == 2 and "earlier scene" in second.question
    assert all(e.id.endswith("@seq2") for e in seq)
    text, _ = load_examples(bench, root, split="text")
    assert text[0].images == [] and "Scene Object Dictionary:" in text[0].question
    graph, _ = load_examples(bench, root, split="scene-graph")
    assert graph[0].images == [] and "Scene Object Dictionary:" in graph[0].question
    assert "Tag 1 |" in graph[0].question  # seed 003 relation lines
    assert (
        graph[0].meta["representation"] == "scene-graph" and graph[0].scenes
    )  # the graph comes from the scene
    with pytest.raises(BenchmarkError, match="one representation"):
        load_examples(bench, root, split="text+scene-graph")


def test_spatialab_release_fixture_default_columns():
    path = FIXTURES / "spatialab_release" / "spatialab_sample.jsonl"
    bench = resolve_benchmark(path)
    assert bench.name == "spatialab-release"
    items, _ = load_examples(bench, path)
    examples = {e.id: e for e in items if isinstance(e, Example)}
    bad = [i for i in items if isinstance(i, BadLine)]
    assert len(bad) == 1 and bad[0].line == 7
    assert examples["sl-0001:mcq"].answer == 1 and examples["sl-0003:mcq"].answer == 2
    assert examples["sl-0004:mcq"].answer == 4  # letter gold
    assert examples["sl-0006:mcq"].answer == 3 and examples["sl-0006:mcq"].choices[2] == "the cylinder"
    assert "sl-0005:open" in examples and "sl-0005:mcq" not in examples
    assert Path(examples["sl-0001:mcq"].images[0]).is_file()
    assert "1. the red cube" in examples["sl-0001:mcq"].question


def test_spatialab_release_custom_column_mapping(tmp_path):
    src = FIXTURES / "spatialab_release"
    rows = [json.loads(line) for line in (src / "spatialab_sample.jsonl").read_text().splitlines()[:2]]
    renamed = [
        {
            "qid": r["question_id"],
            "img": str(src / r["image"]),
            "prompt": r["question"],
            "opts": r["options"],
            "gold": r["correct_option"],
            "cat": r["category"],
            "sub": r["subcategory"],
        }
        for r in rows
    ]
    path = tmp_path / "my_release.json"
    path.write_text(json.dumps(renamed))
    cols = {
        "id": "qid",
        "image": "img",
        "question": "prompt",
        "options": "opts",
        "gold_option": "gold",
        "category": "cat",
        "subcategory": "sub",
    }
    items, _ = load_examples(load_benchmark("spatialab-release"), path, options={"columns": cols})
    assert [e.id for e in items] == ["sl-0001:mcq", "sl-0002:mcq"]


def test_inconsistency_release_reads_reference_format(tmp_path):
    if not REFERENCE.is_file():
        pytest.skip("reference sample not present")
    shutil.copy(REFERENCE, tmp_path / "public_eval_annotations.json")
    bench = resolve_benchmark(tmp_path)
    assert bench.name == "inconsistency-release"
    items, _ = load_examples(bench, tmp_path)
    assert len(items) == 4
    first = items[0]
    assert first.answer == "B" and first.query["labels"][-1] == "J"  # num_labels 10
    assert first.images[0].endswith("A.jpg") and first.meta["depth_bucket"] == "medium"
    pp, _ = load_examples(bench, tmp_path, split="plausibility-pp")
    assert [e.meta["plausibility_bucket"] for e in pp] == ["pp"]


def test_clevr_relation_questions(tmp_path):
    scene = {
        "split": "val",
        "image_index": 0,
        "image_filename": "CLEVR_val_000000.png",
        "objects": [
            {
                "shape": "cube",
                "size": "large",
                "material": "rubber",
                "color": "red",
                "3d_coords": [0, 0, 0],
                "pixel_coords": [10, 10, 5],
            },
            {
                "shape": "sphere",
                "size": "small",
                "material": "metal",
                "color": "blue",
                "3d_coords": [1, 0, 0],
                "pixel_coords": [20, 10, 5],
            },
        ],
        "relationships": {"left": [[], [0]], "right": [[1], []], "front": [[], []], "behind": [[], []]},
    }
    path = tmp_path / "CLEVR_val_scenes.json"
    path.write_text(json.dumps({"scenes": [scene]}))
    bench = resolve_benchmark(path)
    assert bench.name == "clevr"
    items, _ = load_examples(bench, path, options={"per_scene": 2})
    assert len(items) == 2
    for e in items:
        a, b = (0, 1) if "large red" in e.query["subject"] else (1, 0)
        assert e.answer == (a in scene["relationships"][e.query["relation"]][b])
        assert e.question.endswith("Answer yes or no.")


def test_cvt_release_file(tmp_path):
    rows = [
        {"image": "a.png", "subject": "1", "reference": "2", "answer": "left, front", "theta": 90},
        {"image": "a.png", "subject": "1", "reference": "2", "answer": ["north"], "view": "top-down"},
    ]
    path = tmp_path / "cvt_questions.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    items, _ = load_examples(load_benchmark("cvt-release"), path)
    assert items[0].answer == ["front", "left"] and items[0].query["theta"] == 90
    assert items[1].query["type"] == "top_down"
    assert items[0].id != items[1].id


def test_duplicate_ids_rejected(tmp_path, fx):
    root = fx.make_inconsistency(tmp_path / "inc")
    lines = (root / "manifest.jsonl").read_text().splitlines()
    fx.write_manifest(root, [lines[0], lines[0]])
    with pytest.raises(BenchmarkError, match="duplicate example id"):
        load_examples(resolve_benchmark(root), root)


def test_hub_source_without_extra_is_a_clear_error(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "datasets":
            raise ImportError("no datasets")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(ConfigError, match=r"spatioxolver\[hub\]"):
        load_examples(load_benchmark("spatialab-release"), "hf:someone/spatialab")


def test_parquet_release(tmp_path):
    path = tmp_path / "spatialab.parquet"
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        path.write_bytes(b"PAR1")
        with pytest.raises(ConfigError, match="pyarrow"):
            load_examples(load_benchmark("spatialab-release"), path)
        return
    table = pa.table(
        {
            "question_id": ["q1"],
            "question": ["Which?"],
            "options": [["a", "b"]],
            "correct_option": [2],
            "category": ["Orientation"],
            "subcategory": ["x"],
        }
    )
    pq.write_table(table, path)
    items, _ = load_examples(load_benchmark("spatialab-release"), path)
    assert items[0].answer == 2
