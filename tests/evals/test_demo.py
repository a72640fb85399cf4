"""``make demo`` end to end at a small scale: data, runs, report, headline, simulated labels."""

from __future__ import annotations

import json

import pytest


@pytest.mark.slow
def test_demo_small_scale(tmp_path, capsys):
    from spatioxolver.demo import main

    assert main(["--out", str(tmp_path / "demo"), "--scale", "0.25"]) == 0
    out = capsys.readouterr().out
    assert "Headline" in out and "(simulated)" in out
    html = (tmp_path / "demo" / "report.html").read_text()
    assert "sim/gpt-4o (simulated)" in html and "sim/llava-1.6-34b (simulated)" in html
    assert "data:image/png;base64," in html
    lines = out.strip().splitlines()
    report, viewer = (
        (tmp_path / "demo" / "report.html").resolve(),
        (tmp_path / "demo" / "viewer" / "index.html").resolve(),
    )
    assert lines[-2].startswith(f"report: {report} ") and lines[-1].startswith(f"viewer: {viewer} ")
    assert "href='viewer/index.html'" in html
    # the viewer opens on every example of the demo: one page per (dataset, example id)
    ids = set()
    for run in (tmp_path / "demo" / "runs").iterdir():
        for line in (run / "results.jsonl").read_text().splitlines():
            ids.add((run.name.split("--")[0], json.loads(line)["id"]))
    pages = list((tmp_path / "demo" / "viewer" / "examples").glob("*.html"))
    assert len(pages) == len(ids) and f"{len(ids)} examples" in lines[-1]
    runs = list((tmp_path / "demo" / "runs").iterdir())
    assert any("geometric--agentic" in r.name for r in runs)
    assert {"direct", "agentic", "cot_rank"} <= {r.name.split("--")[2] for r in runs}
