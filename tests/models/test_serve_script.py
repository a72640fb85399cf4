"""Scripts of the local test server are validated when loaded (QA2 #5)."""

from __future__ import annotations

import json

import pytest

from spatioxolver.errors import InputError
from spatioxolver.testing import LocalServer, Rule, Script


def test_serve_bad_regex_fails_at_start_up(tmp_path, capsys):
    from spatioxolver.cli._app import main

    script = tmp_path / "badre.json"
    script.write_text(json.dumps({"rules": [{"match": "ok", "reply": "y"}, {"match": "(", "reply": "x"}]}))
    # --duration would let a wrongly started server return 0 after 0.2 s
    assert main(["serve", "--port", "0", "--script", str(script), "--duration", "0.2"]) == 2
    captured = capsys.readouterr()
    assert "serving" not in captured.out
    err = captured.err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"error: {script}: rule 2: bad regex '(' (")
    assert "unterminated subpattern" in err


@pytest.mark.parametrize(
    "data, message",
    [
        ({"rules": [["[a-", "x"]]}, "rule 1: bad regex '[a-'"),
        ({"rules": [{"match": "a", "reply": "x", "times": -1}]}, "rule 1: 'times'"),
        ({"rules": [{"match": "a"}]}, "rule 1: missing 'reply'"),
        ({"rules": [{"match": 3, "reply": "x"}]}, "rule 1: 'match' must be a regex string"),
        ({"rules": [{"match": "a", "reply": {"fault": "boom"}}]}, "rule 1: bad reply: unknown fault"),
        ({"queue": ["ok", {"colour": "red"}]}, "queue item 2: bad reply: unknown reply fields"),
        ({"default": 42}, "default: bad reply"),
        ({"rule": []}, "unknown key"),
    ],
)
def test_script_from_dict_validates_everything(data, message):
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("(", r"\(")):
        Script.from_dict(data)


def test_python_api_validates_rules_up_front():
    with pytest.raises(InputError, match=r"rule 1: bad regex '\('"):
        LocalServer(rules=[("(", "x")])
    with pytest.raises(InputError, match="bad regex"):
        Rule(match="(", reply="x")
    script = Script()
    with pytest.raises(InputError, match="bad regex"):
        script.add_rule("*oops", "x")
    assert script.rules == []
    with pytest.raises(InputError, match="unknown fault"):
        script.enqueue({"fault": "nope"})
    # InputError is a ValueError: callers that caught ValueError still do
    with pytest.raises(ValueError):
        Script(rules=[("(", "x")])


def test_valid_script_still_answers():
    script = Script.from_dict({"rules": [{"match": r"left\b", "reply": "A", "times": 1}], "default": "d"})
    assert script.next_reply("is it LEFT of", {}).content == "A"
    assert script.next_reply("is it left of", {}).content == "d"
    # callables are checked only when they answer
    assert Script(rules=[("x", lambda req: "called")]).next_reply("x", {}).content == "called"
