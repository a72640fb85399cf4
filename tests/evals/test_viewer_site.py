"""``spatioxolver view``: the static site from real run directories (runner rows with traces):
pages, escaping of model text, images as files, disagreement flags, missing data, CLI, serving."""

from __future__ import annotations

import json
import re
import urllib.request

from spatioxolver.evals.viewer import viewer_server, write_viewer

from spatioxolver.cli._app import main as cli_main


def _index_data(site) -> dict:
    page = (site / "index.html").read_text()
    raw = re.search(r"<script type='application/json' id='viewer-data'>(.*?)</script>", page, re.S).group(1)
    return json.loads(raw)


async def test_site_lists_every_example_with_outcomes_and_flags(tmp_path, fx):
    runs = await fx.make_viewer_runs(tmp_path)
    result = write_viewer(runs, tmp_path / "site")
    assert result["examples"] == 3 and result["runs"] == 2 and result["warnings"] == []
    data = _index_data(tmp_path / "site")
    assert [r["label"] for r in data["runs"]] == ["openai/test-model · agentic", "openai/test-model · direct"]
    by_id = {row[1]: row for row in data["items"]}
    assert by_id["vw-0"][5] == "cw" and by_id["vw-0"][6] == "da"  # agentic right, direct wrong
    assert by_id["vw-1"][5] == "cc" and by_id["vw-1"][6] == ""  # same answer
    assert by_id["vw-2"][5] == "ww" and by_id["vw-2"][6] == "d"  # both wrong, different answers
    assert by_id["vw-0"][3] == "Relative Positioning"


async def test_example_page_shows_question_gold_answers_trace_overlay_and_repairs(tmp_path, fx):
    runs = await fx.make_viewer_runs(tmp_path)
    write_viewer(runs, tmp_path / "site")
    page = next(p for p in (tmp_path / "site" / "examples").glob("*.html") if ">vw-0</h1>" in p.read_text())
    text = page.read_text()
    assert "Question 0: is A left of B?" in text and "<p id='gold'>1</p>" in text
    assert text.count("<tr class='answer'>") == 2 and "class='w'" in text and "class='c'" in text
    assert text.count("<tr class='step'>") == 3  # 2 agentic steps + 1 direct step
    assert "You are the reasoning agent." in text and "openai/test-model" in text
    assert "<rect x='30.0' y='40.0' width='60.0' height='60.0'" in text and ">A red cube</text>" in text
    masks = json.loads(re.search(r"id='masks'>(.*?)</script>", text, re.S).group(1))
    assert masks["0"][0]["size"] == [160, 240] and sum(masks["0"][0]["counts"][1::2]) == 60 * 60
    assert "<tr class='repair'><td>D</td><td>0.25</td><td>0.0</td><td>1</td><td>A→B</td>" in text
    src = re.search(r"<img src='([^']+)'", text).group(1)
    assert src.startswith("../images/") and (page.parent / src).resolve().is_file()
    assert "data:image" not in text  # images are files, not inlined


async def test_model_text_is_escaped_everywhere(tmp_path, fx):
    runs = await fx.make_viewer_runs(tmp_path)
    write_viewer(runs, tmp_path / "site")
    for page in (tmp_path / "site").rglob("*.html"):
        text = page.read_text()
        assert "<script>alert" not in text and "<img src=x" not in text, page
        assert "</pre></script>" not in text, page
        # the only script elements are the two data blocks / the page script
        assert len(re.findall(r"<script", text)) == 2, page
    example = next(
        p for p in (tmp_path / "site" / "examples").glob("*.html") if ">vw-2</h1>" in p.read_text()
    )
    text = example.read_text()
    assert "&lt;/pre&gt;&lt;/script&gt;&lt;script&gt;alert(&#x27;x&#x27;)" in text  # shown, as text


async def test_missing_dataset_still_writes_the_viewer_with_a_note(tmp_path, fx):
    import shutil

    runs = await fx.make_viewer_runs(tmp_path)
    shutil.rmtree(tmp_path / "data")
    result = write_viewer(runs, tmp_path / "site")
    assert result["examples"] == 3 and any("could not be loaded" in w for w in result["warnings"])
    page = (tmp_path / "site" / "examples" / "0.html").read_text()
    assert "class='note'" in page and "No image recorded" in page


def test_cli_view_rejects_a_non_run_directory(tmp_path, capsys):
    assert cli_main(["view", str(tmp_path), "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "not a run directory" in err and err.count("\n") == 1


async def test_cli_view_writes_and_prints_the_index(tmp_path, fx, capsys):
    runs = await fx.make_viewer_runs(tmp_path)
    assert cli_main(["view", *map(str, runs), "--out", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert (
        f"viewer: {(tmp_path / 'site' / 'index.html').resolve()}" in out and "3 examples from 2 runs" in out
    )


async def test_server_serves_the_site_on_localhost(tmp_path, fx):
    import threading

    runs = await fx.make_viewer_runs(tmp_path)
    write_viewer(runs, tmp_path / "site")
    server = viewer_server(tmp_path / "site", 0)
    host, port = server.server_address[:2]
    assert host == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=5) as reply:
            assert reply.status == 200 and b"SpatioXolver run viewer" in reply.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/examples/0.html", timeout=5) as reply:
            src = re.search(rb"<img src='\.\./([^']+)'", reply.read()).group(1).decode()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{src}", timeout=5) as reply:
            assert reply.read()[:4] == b"\x89PNG"
    finally:
        server.shutdown()
        server.server_close()


async def test_runner_keeps_the_scene_graph_only_with_traces(tmp_path, fx):
    from spatioxolver.evals.evaluate import aevaluate

    data = fx.make_viewer_data(tmp_path / "data")
    await aevaluate(
        data, model="m", graph="agentic", run_dir=tmp_path / "r", answer_fn=fx.TracedAsk(), progress=False
    )
    row = json.loads((tmp_path / "r" / "results.jsonl").read_text().splitlines()[0])
    assert "scene_graph" not in row and "trace" not in row


def test_trace_steps_show_model_calls_and_degrade_without_them():
    from spatioxolver.evals.viewer._pages import _extras

    step = {
        "node": "relations",
        "backend": "openai/m",
        "objects": 3,
        "model_calls": [{"template": "relations", "prompt": "P<b>", "reply": "R</pre>", "usage": {}}],
    }
    html = _extras(step)
    assert "objects: 3" in html and "call 1:" in html and "relations" in html
    assert "<pre>P&lt;b&gt;</pre>" in html and "<pre>R&lt;/pre&gt;</pre>" in html
    assert _extras({"node": "segmentation", "backend": "geometric", "calls": 0}) == ""
    # a list of per-call records under "calls" is shown the same way
    assert "<pre>R2</pre>" in _extras({"node": "x", "calls": [{"reply": "R2"}]})
