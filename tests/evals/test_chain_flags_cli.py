"""``--relations`` and ``--refinements`` on ``ask`` and ``eval``: the relation agent asks for
orderings or pairs as chosen, and the reasoning model checks its answer the given rounds."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from spatioxolver.cli import main as cli_main
from spatioxolver.testing import LocalServer

OBJECTS = {"objects": [{"label": "1", "bbox": [5, 5, 20, 20]}, {"label": "2", "bbox": [40, 5, 60, 20]},
                       {"label": "3", "bbox": [70, 5, 90, 20]}]}  # fmt: skip
RULES = [
    (r"^You are the object segmentation agent", json.dumps(OBJECTS)),
    (r"^You are the attribute extraction agent", json.dumps(OBJECTS)),
    (r"(?s)^You are the spatial relation agent.*Instead of judging every pair", '{"H": ["1", "2", "3"]}'),
    (r"^You are the spatial relation agent", '{"relations": []}'),
    (r"^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
    (r"checking an answer before it is final", "The answer holds: 1"),
    (r"^You are the reasoning agent", "1"),
]


@pytest.fixture
def image(tmp_path):
    path = tmp_path / "scene.png"
    Image.fromarray(np.full((40, 100, 3), 110, np.uint8)).save(path)
    return path


def _templates(srv: LocalServer) -> list[str]:
    out = []
    for req in srv.requests:
        text = json.dumps(req)
        if "Instead of judging every pair" in text:
            out.append("orderings")
        elif "spatial relation agent" in text:
            out.append("pairs")
        elif "checking an answer" in text:
            out.append("refine")
    return out


@pytest.mark.parametrize(
    ("flag", "expected"), [("orderings", "orderings"), ("pairs", "pairs"), ("auto", "pairs")]
)
def test_ask_relations_flag_picks_the_elicitation(image, monkeypatch, capsys, flag, expected) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(rules=RULES) as srv:
        code = cli_main(["ask", str(image), "Which object is the leftmost?", "--model", "openai/local-model",
                         "--api-base", srv.url, "--no-cache", "--relations", flag, "--refinements", "1"])  # fmt: skip
        seen = _templates(srv)
    assert code == 0, capsys.readouterr().err
    assert expected in seen and seen.count("refine") == 1


@pytest.mark.parametrize(
    "flags", [["--refinements", "7"], ["--refinements", "-1"], ["--relations", "triples"]]
)
def test_bad_chain_flags_are_one_line_and_exit_2(image, capsys, flags) -> None:
    with pytest.raises(SystemExit) as exc:
        code = cli_main(["ask", str(image), "Which object is the leftmost?", "--model", "sim/gpt-4o", *flags])
        raise SystemExit(code)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and len(err) <= 2 and ("refinements" in err[-1] or "relations" in err[-1])


def test_ask_labels_flag_makes_cot_rank_rank_them_all(image, monkeypatch, capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(default="3, 1, 2") as srv:
        code = cli_main(["ask", str(image), "Which object is more to the left: 1 or 2?", "--model",
                         "openai/local-model", "--api-base", srv.url, "--graph", "cot_rank", "--no-cache",
                         "--labels", "1,2,3", "--json"])  # fmt: skip
        (request,) = srv.requests
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)["value"] == "1"
    assert "1, 2, 3" in json.dumps(request)


@pytest.mark.parametrize("labels", ["1", "1,1", " , "])
def test_bad_labels_are_one_line_and_exit_2(image, capsys, labels) -> None:
    code = cli_main(["ask", str(image), "Which object is more to the left: 1 or 2?", "--labels", labels])
    assert code == 2 and "--labels" in capsys.readouterr().err


def test_eval_passes_the_chain_flags_to_agentic_cells_only(tmp_path, monkeypatch, capsys) -> None:
    import re

    out = tmp_path / "ctr"
    argv = ["generate", "ctr", "--out", str(out), "--scenes", "1", "--n", "3", "--width", "120",
            "--height", "90", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0

    def named(request: dict) -> str:
        found = re.search(r"the other: (\w+) or", json.dumps(request))
        return found.group(1) if found else "1"

    rules = [*RULES[:-2], (r"checking an answer before it is final", named), (r"^You are the reasoning agent", named),
             (r"which object is", named)]  # fmt: skip
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(rules=rules) as srv:
        code = cli_main(["eval", str(out), "--model", "openai/local-model", "--api-base", srv.url, "--graph",
                         "agentic", "direct", "--relations", "orderings", "--refinements", "1", "--no-cache",
                         "--limit", "3", "--run-dir", str(tmp_path / "study"), "--no-progress"])  # fmt: skip
        seen = _templates(srv)
    assert code == 0, capsys.readouterr().err
    assert seen.count("orderings") == 1 and "pairs" not in seen  # one perception of the one image
    assert seen.count("refine") == 3  # one check round per agentic question; none for direct
