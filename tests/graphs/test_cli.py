"""``spatioxolver ask`` and ``spatioxolver scene`` end to end (geometric backend)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spatioxolver.cli import main


@pytest.fixture()
def image(tmp_path: Path, boxes_view) -> Path:
    from PIL import Image

    path = tmp_path / "scene.png"
    Image.fromarray(boxes_view.clean_rgb).save(path)
    return path


def test_ask_json(image: Path, capsys) -> None:
    assert main(["ask", str(image), "Which object is the leftmost?", "--json", "--trace"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"answer", "value", "graph", "model", "usage", "trace"} <= set(out)
    assert out["graph"] == "agentic" and out["model"] == "geometric" and out["answer"] == out["value"]
    assert out["usage"]["prompt_tokens"] == 0 and out["trace"][-1]["node"] == "reasoning"


def test_ask_text_with_trace_and_graph(image: Path, capsys) -> None:
    assert main(["ask", str(image), "How many objects are there?", "--graph", "direct", "--trace"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].isdigit() and int(lines[0]) >= 1
    assert any("direct" in line for line in lines[1:])


def test_ask_with_marks(image: Path, boxes_view, capsys) -> None:
    marks = {o["label"]: o["label_anchor"] for o in boxes_view.scene["objects"] if o.get("label_anchor")}
    a, b = sorted(marks)[:2]
    assert (
        main(
            [
                "ask",
                str(image),
                f"Which object is above the other: {a} or {b}?",
                "--marks",
                json.dumps(marks),
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["value"] in (a, b)


@pytest.mark.parametrize(
    "argv_tail,needle",
    [
        (["Which object is the leftmost?"], "image"),  # bad image file
        ([], "question"),  # no question
    ],
)
def test_bad_input_exit_2(tmp_path: Path, capsys, argv_tail: list[str], needle: str) -> None:
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    argv = ["ask", str(bad), *argv_tail]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and len(err.splitlines()) == 1 and needle in err.lower()


def test_unsupported_question_exit_2(image: Path, capsys) -> None:
    assert main(["ask", str(image), "Why is the sky blue?"]) == 2
    assert "use an LLM model" in capsys.readouterr().err


def test_scene_outputs(image: Path, tmp_path: Path, capsys) -> None:
    import networkx as nx
    from PIL import Image

    out, viz, gml = tmp_path / "scene.json", tmp_path / "overlay.png", tmp_path / "g.graphml"
    assert main(["scene", str(image), "--out", str(out), "--viz", str(viz), "--graphml", str(gml)]) == 0
    data = json.loads(out.read_text())
    assert data["objects"] and data["relations"]
    assert Image.open(viz).size == Image.open(image).size
    g = nx.read_graphml(gml)
    assert g.number_of_nodes() == len(data["objects"])
    assert "objects" in capsys.readouterr().out


def test_scene_bad_image_exit_2(tmp_path: Path, capsys) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    assert main(["scene", str(empty)]) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_ask_progress_events_on_stderr(image: Path, capsys) -> None:
    assert main(["ask", str(image), "Which object is the rightmost?", "--progress"]) == 0
    captured = capsys.readouterr()
    assert "... segmentation" in captured.err and "ok  reasoning" in captured.err
    assert captured.out.strip()
