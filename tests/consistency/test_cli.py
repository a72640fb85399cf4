"""``spatioxolver consistency FILE``: formats, output, and one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

from spatioxolver.cli import main
from spatioxolver.schema import Relation, SceneGraph, SpatialObject


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_matrix_json_text_output(tmp_path, capsys):
    path = write(
        tmp_path,
        "m.json",
        json.dumps({"matrix": [[0, 1, 0], [0, 0, 1], [1, 0, 0]], "items": ["a", "b", "c"]}),
    )
    code, out, err = run(capsys, "consistency", path)
    assert code == 0 and err == ""
    assert "CTR: 1.0000" in out
    assert "OSC: 0.6667 (exact, dp)" in out
    assert "flipped pairs (1)" in out
    # '<' means "precedes" both in the order and in the flipped pairs
    assert "first to last; '<' = precedes): b < c < a" in out
    assert "  answer said a < b, repaired to b < a" in out
    assert "a>b" not in out


def test_pairs_json_output_is_machine_readable(tmp_path, capsys):
    doc = {"pairs": [["a", "b"], ["b", "c", 0.8], {"first": "c", "second": "a", "p": 0.6}, ["d", "a"]]}
    code, out, _ = run(capsys, "consistency", write(tmp_path, "p.json", json.dumps(doc)), "--json")
    assert code == 0
    rep = json.loads(out)
    assert rep["items"] == ["a", "b", "c", "d"]
    assert rep["coverage"]["pairs"] == pytest.approx(4 / 6)
    assert rep["ctr"] == 1.0 and rep["observed_triples"] == 1
    assert rep["osc"]["optimal"] is True and rep["osc"]["value"] == pytest.approx(0.8)
    assert rep["repair"]["flipped"] == [["c", "a"]]
    assert rep["repair"]["order"] == ["d", "a", "b", "c"]


def test_csv_with_header_and_comments(tmp_path, capsys):
    text = "# model answers\nfirst,second,p\nx,y,0.9\ny,z\nz,x,0.7\n"
    code, out, _ = run(capsys, "consistency", write(tmp_path, "p.csv", text), "--json", "--method", "local")
    assert code == 0
    rep = json.loads(out)
    assert rep["repair"]["method"] == "local"
    assert rep["osc"]["optimal"] is True  # exact OSC computed separately
    assert rep["repair"]["agreement"] == pytest.approx(rep["osc"]["value"])


def test_large_input_uses_ilp_bound(tmp_path, capsys):
    import numpy as np

    rng = np.random.default_rng(0)
    n = 26
    upper = np.triu(rng.random((n, n)) < 0.5, 1).astype(int)
    m = (upper + np.triu(1 - upper, 1).T).tolist()
    path = write(tmp_path, "big.json", json.dumps(m))
    code, out, _ = run(capsys, "consistency", path, "--json", "--time-limit", "0.2")
    assert code == 0
    osc = json.loads(out)["osc"]
    assert osc["lower"] <= osc["upper"] <= 1.0
    if not osc["optimal"]:
        assert osc["value"] is None


def test_scene_graph_input(tmp_path, capsys):
    g = SceneGraph(
        objects=[SpatialObject(id=i) for i in "abc"],
        relations=[
            Relation(subject="a", predicate="left_of", object="b", axis="H"),
            Relation(subject="b", predicate="left_of", object="c", axis="H"),
            Relation(subject="c", predicate="left_of", object="a", axis="H", confidence=0.6),
            Relation(subject="a", predicate="closer_than", object="b", axis="D"),
            Relation(subject="c", predicate="further_than", object="b", axis="D"),
            Relation(subject="a", predicate="closer_than", object="c", axis="D"),
        ],
    )
    code, out, _ = run(capsys, "consistency", write(tmp_path, "g.json", g.to_json()), "--json")
    assert code == 0
    rep = json.loads(out)
    assert set(rep["axes"]) == {"H", "D"}
    assert rep["axes"]["H"]["ctr"] == 1.0 and rep["axes"]["D"]["ctr"] == 0.0
    code, out, _ = run(capsys, "consistency", write(tmp_path, "g2.json", g.to_json()))
    assert "== axis H ==" in out and "== axis D ==" in out


BAD = [
    ("missing.json", None, "file not found"),
    ("empty.json", "", "empty"),
    ("broken.json", '{"matrix": [[0, 1], ', "invalid JSON"),
    ("nonsquare.json", '{"matrix": [[0, 1, 0], [0, 0]]}', "not square"),
    ("antisym.json", '{"matrix": [[0, 1, 1], [1, 0, 1], [0, 0, 0]]}', "not antisymmetric"),
    ("selfloop.json", '{"matrix": [[1, 1, 0], [0, 0, 1], [1, 0, 0]]}', "self-loop"),
    ("nan.json", '{"pairs": [["a", "b", NaN], ["b", "c"]]}', r"\[0, 1\]"),
    ("range.json", '{"pairs": [["a", "b", 1.5], ["b", "c"]]}', r"\[0, 1\]"),
    ("unknown.json", '{"items": ["a", "b", "c"], "pairs": [["a", "zz"]]}', "unknown item 'zz'"),
    ("self.json", '{"pairs": [["a", "a"]]}', "paired with itself"),
    ("scene.graphml", '<?xml version="1.0"?>\n<graphml></graphml>\n', "GraphML is not supported"),
    ("graph.xml", '<?xml version="1.0"?>\n<graphml xmlns="x"></graphml>\n', "GraphML is not supported"),
    ("keys.json", '{"edges": []}', "unknown JSON key"),
    ("contra.json", '{"pairs": [["a", "b"], ["b", "a"], ["b", "c"]]}', "different outcomes"),
    ("bad.csv", "a,b,c,d\n", "expected 'first,second"),
    ("badp.csv", "a,b,high\n", "not a number"),
    ("badscene.json", '{"objects": [{"id": "a"}], "relations": [{"subject": "a"}]}', "invalid scene graph"),
    ("noaxis.json", '{"objects": [{"id": "a"}], "relations": []}', "no left/right"),
]


@pytest.mark.parametrize("name, content, message", BAD)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, name, content, message):
    path = str(tmp_path / name) if content is None else write(tmp_path, name, content)
    code, out, err = run(capsys, "consistency", path)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    import re

    assert re.search(message, err), err


def test_bad_time_limit(tmp_path, capsys):
    path = write(tmp_path, "m.json", "[[0, 1, 0], [0, 0, 1], [1, 0, 0]]")
    code, _, err = run(capsys, "consistency", path, "--time-limit", "0")
    assert code == 2 and "time-limit" in err


def test_help_documents_formats(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["consistency", "--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    for word in ("matrix", "pairs", "first,second", "scene graph", "--json", "--method"):
        assert word in text


def test_graphml_message_is_one_line_and_points_to_scene_json(tmp_path, capsys):
    import networkx as nx

    g = nx.DiGraph()
    g.add_edge("o1", "o2", predicate="left_of")
    path = tmp_path / "scene.graphml"
    nx.write_graphml(g, path)
    code, out, err = run(capsys, "consistency", str(path))
    assert code == 2 and out == ""
    assert err == (
        f"error: {path}: GraphML is not supported; pass the scene JSON (`spatioxolver scene --out`) "
        "or a JSON/CSV of pairwise answers\n"
    )


def test_negative_seed_is_refused(tmp_path, capsys):
    path = write(tmp_path, "m.json", "[[0, 1, 0], [0, 0, 1], [1, 0, 0]]")
    code, out, err = run(capsys, "consistency", path, "--seed", "-3")
    assert code == 2 and out == "" and err == "error: --seed must be >= 0, got -3\n"
    assert run(capsys, "consistency", path, "--seed", "0", "--method", "local")[0] == 0


def test_two_items_report_osc_and_order_not_an_error(tmp_path, capsys):
    path = write(tmp_path, "two.csv", "a,b,0.3\n")
    code, out, err = run(capsys, "consistency", path)
    assert code == 0 and err == ""
    assert "CTR: n/a (needs >= 3 items)" in out
    assert "OSC: 0.7000 (exact" in out
    assert "b < a" in out and "flipped pairs: none" in out
    code, out, _ = run(capsys, "consistency", path, "--json")
    rep = json.loads(out)
    assert code == 0 and rep["n"] == 2 and rep["ctr"] is None and rep["ctr_note"] == "needs >= 3 items"
    assert rep["osc"]["value"] == pytest.approx(0.7) and rep["repair"]["order"] == ["b", "a"]


def test_python_api_ctr_still_raises_below_three_items():
    from spatioxolver.consistency import Tournament
    from spatioxolver.errors import InputError

    with pytest.raises(InputError):
        Tournament.from_pairs(2, {(0, 1): 1.0}).ctr()


def test_scene_graph_axis_with_two_items_is_reported(tmp_path, capsys):
    graph = SceneGraph(
        objects=[SpatialObject(id="o1"), SpatialObject(id="o2")],
        relations=[Relation(subject="o2", predicate="left_of", object="o1", axis="H")],
    )
    code, out, err = run(capsys, "consistency", write(tmp_path, "g.json", graph.to_json()))
    assert code == 0 and err == ""
    assert "== axis H ==" in out and "CTR: n/a (needs >= 3 items)" in out and "o2 < o1" in out
