"""CVT's text and scene-graph input representations end to end (seed 003 §3-4)."""

from __future__ import annotations

import json

import pytest
from spatioxolver.evals.evaluate import aevaluate, load_examples, resolve_benchmark
from spatioxolver.evals.results import read_rows
from spatioxolver.evals.runner import RunConfig, build_call

from spatioxolver.errors import BenchmarkError


@pytest.fixture(scope="module")
def cvt_dir(tmp_path_factory):
    from spatioxolver.scenes import generate

    root = tmp_path_factory.mktemp("cvt")
    generate("cvt", root, scenes=2, seed=11, progress=False, width=160, height=120, supersample=1)
    return root


def _examples(root, split):
    examples, _ = load_examples(resolve_benchmark(root), root, split=split)
    return examples


def _config(model="geometric", graph="agentic"):
    return RunConfig(dataset="d", benchmark="cvt", model=model, graph=graph)


def test_build_call_per_representation(cvt_dir):
    image = build_call(_examples(cvt_dir, "image")[0], _config())
    assert image["images"] and "text_only" not in image and "scene_graph" not in image
    text = build_call(_examples(cvt_dir, "text")[0], _config())
    assert text["images"] == [] and text["text_only"] is True and "scene_graph" not in text
    assert text["question"].startswith("Refer to the bounding boxes [x, y, w, h]")
    assert "Scene Object Dictionary: {" in text["question"] and "| left:" not in text["question"]
    graph = build_call(_examples(cvt_dir, "scene-graph")[0], _config())
    assert graph["images"] == [] and "text_only" not in graph
    assert isinstance(graph["scene_graph"], dict) and graph["scene_graph"]["objects"][0]["3d_coords"]
    assert "Format: 'Tag X | dir:[A, B]'" in graph["question"]  # seed 003's scene-graph lines


def test_scene_graph_representation_without_scene_file_is_an_error(cvt_dir):
    example = _examples(cvt_dir, "scene-graph")[0].model_copy(update={"scenes": []})
    with pytest.raises(BenchmarkError, match="needs a scene file"):
        build_call(example, _config())


def test_sequential_text_carries_earlier_scene_descriptions(cvt_dir):
    seq, _ = load_examples(
        resolve_benchmark(cvt_dir), cvt_dir, split="text+sequential", options={"batch_size": 2}
    )
    second = [e for e in seq if e.meta["batch_position"] == 2][0]
    assert (
        second.images == [] and "Earlier scene 1:" in second.question and "Current scene:" in second.question
    )
    assert second.question.count("Scene Object Dictionary:") == 2


async def test_geometric_scene_graph_split_is_exact(cvt_dir, tmp_path):
    _, summary = await aevaluate(
        cvt_dir,
        model="geometric",
        graph="agentic",
        split="scene-graph",
        run_dir=tmp_path / "sg",
        progress=False,
    )
    rows = read_rows(tmp_path / "sg" / "results.jsonl")
    assert rows and all(r["status"] == "ok" for r in rows)
    assert summary["totals"]["errors"] == 0
    assert all(r["correct"] is True for r in rows)  # exact ground positions -> exact orbit answers
    assert all("scene_text" not in r["meta"] for r in rows)


@pytest.mark.parametrize(
    ("split", "graph"), [("text", "direct"), ("scene-graph", "direct"), ("text", "agentic")]
)
async def test_sim_text_representations_run_without_errors(cvt_dir, tmp_path, split, graph):
    _, summary = await aevaluate(
        cvt_dir,
        model="sim/gpt-4o",
        graph=graph,
        split=split,
        limit=12,
        run_dir=tmp_path / "r",
        progress=False,
    )
    rows = read_rows(tmp_path / "r" / "results.jsonl")
    assert len(rows) == 12 and summary["totals"]["errors"] == 0, [r.get("error") for r in rows]
    info = json.loads((tmp_path / "r" / "run.json").read_text())
    expected = "direct_text" if graph == "direct" else "text_objects"
    assert expected in info["prompt_hashes"]


async def test_geometric_text_split_gives_clear_error_rows(cvt_dir, tmp_path):
    _, summary = await aevaluate(
        cvt_dir,
        model="geometric",
        graph="agentic",
        split="text",
        limit=3,
        run_dir=tmp_path / "t",
        progress=False,
    )
    rows = read_rows(tmp_path / "t" / "results.jsonl")
    assert summary["totals"]["errors"] == 3
    assert all("geometric model cannot read a scene described in text" in r["error"] for r in rows)
