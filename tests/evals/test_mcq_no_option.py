"""An MCQ whose derived answer matches no option is a wrong answer, not an error row (QA #12)."""

from __future__ import annotations

import json

from spatioxolver.evals.evaluate import aevaluate
from spatioxolver.evals.results import read_rows


def _graph():
    from spatioxolver.schema import Attributes, ImageInfo, Relation, SceneGraph, SpatialObject

    objs = [
        SpatialObject(
            id="o1", label="1", attributes=Attributes(color="red", shape="cube"), centroid=(50.0, 50.0)
        ),
        SpatialObject(
            id="o2", label="2", attributes=Attributes(color="blue", shape="sphere"), centroid=(150.0, 50.0)
        ),
        SpatialObject(
            id="o3", label="3", attributes=Attributes(color="green", shape="cube"), centroid=(100.0, 80.0)
        ),
    ]
    rels = [
        Relation(subject="o1", predicate="left_of", object="o2", axis="H"),
        Relation(subject="o1", predicate="left_of", object="o3", axis="H"),
        Relation(subject="o3", predicate="left_of", object="o2", axis="H"),
    ]
    return SceneGraph(objects=objs, relations=rels, images=[ImageInfo(width=200, height=100)])


async def test_no_option_match_scores_wrong_not_error(tmp_path, fx):
    from spatioxolver.api import aask

    fx._png(tmp_path / "d" / "images" / "a.png")
    lines = []
    for i, choices in enumerate(
        # the leftmost object (object 1, a red cube) is in neither option list of the first
        # two items; a count of 3 must not be read as option 3 from the answer text
        (
            ["a yellow sphere", "a purple cylinder", "a brown cube", "a gray cube"],
            ["square", "circle", "triangle"],
        )
    ):
        lines.append(
            {
                "id": f"mcq-{i}",
                "family": "spatialab",
                "images": ["images/a.png"],
                "question": "Which object is the leftmost?",
                "query": {
                    "type": "mcq",
                    "category": "Relative Positioning",
                    "subcategory": "Directional Relations",
                },
                "answer": 3,
                "choices": choices,
                "category": "Relative Positioning",
                "subcategory": "Directional Relations",
                "meta": {},
            }
        )
    lines.append({**lines[0], "id": "mcq-count", "question": "How many objects are there?",
                  "choices": ["1", "2", "4", "5"], "answer": 1})  # fmt: skip
    root = fx.write_manifest(tmp_path / "d", lines)

    async def answer(images, question, **kw):
        return await aask([], question, scene_graph=_graph(), choices=kw.get("choices"))

    _, summary = await aevaluate(
        root, model="geometric", graph="agentic", run_dir=tmp_path / "run", answer_fn=answer, progress=False
    )
    rows = read_rows(tmp_path / "run" / "results.jsonl")
    assert len(rows) == 3
    for row in rows:
        assert row["status"] == "ok", json.dumps(row)[:400]
        assert row["value"] is None and row["correct"] is False and row["pred"] is None
        assert "matches none of the options" in row["text"]
    assert summary["totals"]["errors"] == 0 and summary["accuracy"]["value"] == 0.0
