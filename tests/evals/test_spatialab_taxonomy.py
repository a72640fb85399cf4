"""SpatiaLab's 30 subcategories (seed 004 App. B), the balanced 150-item subset (5 per
subcategory, seed 42) and the category x format table."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from spatioxolver.evals.benchmarks._base import slug
from spatioxolver.evals.benchmarks.spatialab_taxonomy import NOT_GENERATED, TAXONOMY, category_of
from spatioxolver.evals.evaluate import load_examples, resolve_benchmark
from spatioxolver.evals.metrics.summary import category_format_table

from spatioxolver.scenes._spatialab_items import BUILDERS


def test_taxonomy_has_six_categories_of_five_and_every_gap_is_explained():
    assert len(TAXONOMY) == 6 and all(len(subs) == 5 for subs in TAXONOMY.values())
    names = [s for subs in TAXONOMY.values() for s in subs]
    assert len(set(names)) == 30
    generated = {sub: cat for cat, sub, _ in BUILDERS}
    assert all(category_of(sub) == cat for sub, cat in generated.items())
    assert set(NOT_GENERATED) == set(names) - set(generated)
    assert len(generated) + len(NOT_GENERATED) == 30
    assert all(len(reason) > 30 for reason in NOT_GENERATED.values())
    assert "Spatial Navigation" not in set(
        generated.values()
    )  # none of its five is generated (reasons above)


def _release(tmp_path, per_sub: int = 8):  # noqa: ANN001, ANN202
    rows = []
    for category, subs in TAXONOMY.items():
        for sub in subs:
            for k in range(per_sub):
                rows.append(
                    {
                        "question_id": f"{slug(sub)}-{k}",
                        "question": f"A question about {sub.lower()} number {k}?",
                        "category": category,
                        "subcategory": sub,
                        "options": ["a", "b", "c", "d"],
                        "correct_option": 1 + k % 4,
                        "open_answer": "a",
                    }
                )
    path = tmp_path / "spatialab_release.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    return path


def test_release_adapter_covers_all_thirty_subcategories(tmp_path):
    path = _release(tmp_path, per_sub=1)
    examples, _ = load_examples(resolve_benchmark(path, "spatialab-release"), path, split="mcq")
    assert len(examples) == 30
    for e in examples:
        assert slug(e.subcategory) in e.tags and slug(category_of(e.subcategory)) in e.tags


def test_balanced_split_is_five_per_subcategory_with_seed_42(tmp_path):
    path = _release(tmp_path)
    bench = resolve_benchmark(path, "spatialab-release")
    first, _ = load_examples(bench, path, split="mcq+balanced")
    again, _ = load_examples(bench, path, split="mcq+balanced")
    assert len(first) == 150 and [e.id for e in first] == [e.id for e in again]
    assert set(Counter(e.subcategory for e in first).values()) == {5}
    assert all(e.query_type == "mcq" for e in first)
    both, _ = load_examples(bench, path, split="balanced")  # MCQ and open items drawn together
    assert len(both) == 150


def test_category_by_format_table():
    def row(cat, kind, ok):  # noqa: ANN001, ANN202
        return {
            "family": "spatialab",
            "category": cat,
            "query": {"type": kind},
            "status": "ok",
            "correct": ok,
        }

    rows = [
        row("Orientation", "mcq", True),
        row("Orientation", "mcq", False),
        row("Orientation", "open", False),
    ]
    rows += [row("3D Geometry", "mcq", True)]
    table = category_format_table(rows)
    assert table["Orientation"]["mcq"]["value"] == pytest.approx(0.5)
    assert table["Orientation"]["open_minus_mcq"] == pytest.approx(-0.5)
    assert "open" not in table["3D Geometry"]
