"""The SQLite response cache and the local test server on their own."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from spatioxolver.models._cache import ResponseCache, cache_key, default_cache_path
from spatioxolver.testing import MALFORMED_JSON_TEXT, REFUSAL_TEXT, LocalServer, Reply, Script


def test_cache_key_is_order_insensitive_and_content_sensitive():
    assert cache_key({"a": 1, "b": [1, 2]}) == cache_key({"b": [1, 2], "a": 1})
    assert cache_key({"a": 1}) != cache_key({"a": 2})


def test_cache_round_trip_and_masks_secrets(tmp_path, monkeypatch):
    monkeypatch.setenv("SOME_PROVIDER_API_KEY", "sk-secret-value-123")
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put("k1", {"text": "hi", "raw": {"note": "sk-secret-value-123", "api_key": "x"}})
    got = cache.get("k1")
    assert got["text"] == "hi" and got["raw"] == {"note": "***"} and cache.get("nope") is None
    assert b"sk-secret-value-123" not in (tmp_path / "c.sqlite").read_bytes()
    assert len(cache) == 1
    cache.clear()
    assert len(cache) == 0
    cache.close()


def test_concurrent_writers_are_safe(tmp_path):
    path = tmp_path / "shared.sqlite"
    caches = [ResponseCache(path), ResponseCache(path)]  # two handles, like two clients of one run
    errors = []

    def writer(w: int) -> None:
        try:
            cache = caches[w % 2]
            for i in range(40):
                cache.put(f"{w}-{i}", {"text": f"{w}:{i}"})
                assert cache.get(f"{w}-{i}")["text"] == f"{w}:{i}"
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(ResponseCache(path)) == 8 * 40


def test_default_cache_path_honours_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SPATIOXOLVER_CACHE", str(tmp_path / "x.sqlite"))
    assert default_cache_path() == tmp_path / "x.sqlite"
    monkeypatch.delenv("SPATIOXOLVER_CACHE")
    monkeypatch.setenv("SPATIOXOLVER_CACHE_DIR", str(tmp_path / "d"))
    assert default_cache_path() == tmp_path / "d" / "responses.sqlite"


def _post(url: str, body: dict, key: str | None = None):
    req = urllib.request.Request(
        f"{url}/chat/completions",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {key}"} if key else {})},
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def _chat(text: str) -> dict:
    return {"model": "m", "messages": [{"role": "user", "content": text}]}


def test_server_rules_queue_default_and_models_endpoint():
    rules = [("left of", "A"), {"match": "once", "reply": "first", "times": 1}]
    with LocalServer(rules=rules, queue=["queued"], default="dflt", models=("a", "b")) as srv:
        outs = [
            json.loads(_post(srv.url, _chat(t))[2])["choices"][0]["message"]["content"]
            for t in ("is X left of Y", "is X left of Y", "once", "once", "other")
        ]
        with urllib.request.urlopen(f"{srv.url}/models", timeout=5) as resp:
            models = [m["id"] for m in json.loads(resp.read())["data"]]
        srv.add_rule("echo", lambda req: f"saw {req['n_images']} images")
        echoed = json.loads(_post(srv.url, _chat("echo"))[2])["choices"][0]["message"]["content"]
    assert outs == ["queued", "A", "first", "dflt", "dflt"]
    assert models == ["a", "b"] and echoed == "saw 0 images"


@pytest.mark.parametrize(
    "reply, status, check",
    [
        ({"status": 429, "retry_after": 2}, 429, lambda h, b: h.get("Retry-After") == "2"),
        ({"fault": "500"}, 500, lambda h, b: b"scripted 500" in b),
        ({"fault": "bad_body"}, 200, lambda h, b: b.startswith(b'{"id"') and not _is_json(b)),
        ({"fault": "malformed_json"}, 200, lambda h, b: _content(b) == MALFORMED_JSON_TEXT),
        ({"fault": "empty"}, 200, lambda h, b: _content(b) == ""),
        ({"fault": "refusal"}, 200, lambda h, b: _content(b) == REFUSAL_TEXT),
    ],
)
def test_server_fault_injection(reply, status, check):
    with LocalServer(queue=[reply]) as srv:
        code, headers, body = _post(srv.url, _chat("x"), key="sk-some-key-abcdef")
        log = json.dumps(srv.requests)
    assert code == status and check(headers, body)
    assert "sk-some-key-abcdef" not in log and "sk-some-key-abcdef" not in body.decode("latin-1")


def _is_json(body: bytes) -> bool:
    try:
        json.loads(body)
    except ValueError:
        return False
    return True


def _content(body: bytes) -> str:
    return json.loads(body)["choices"][0]["message"]["content"]


def test_script_rejects_unknown_faults_and_fields():
    with pytest.raises(ValueError, match="unknown fault"):
        Reply.coerce({"fault": "explode"})
    with pytest.raises(ValueError, match="unknown reply fields"):
        Reply.coerce({"contnet": "x"})
    script = Script.from_dict({"rules": [{"match": "a", "reply": "b"}], "queue": ["q"], "default": "d"})
    assert script.next_reply("a", {}).content == "q" and script.next_reply("a", {}).content == "b"


def test_stop_cuts_a_hang_short():
    import time

    srv = LocalServer(queue=[{"fault": "hang", "hang_s": 30}]).start()
    url = srv.url
    thread = threading.Thread(target=lambda: _post(url, _chat("x")), daemon=True)
    thread.start()
    time.sleep(0.2)
    start = time.perf_counter()
    srv.stop()
    thread.join(timeout=5)
    assert time.perf_counter() - start < 3 and not thread.is_alive()


def test_serve_command_runs_and_rejects_bad_script(tmp_path, capsys):
    from spatioxolver.cli._app import main

    script = tmp_path / "s.json"
    script.write_text(json.dumps({"rules": [{"match": "x", "reply": "y"}]}))
    assert (
        main(["serve", "--port", "0", "--latency", "0.1", "--script", str(script), "--duration", "0.2"]) == 0
    )
    assert "http://127.0.0.1:" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("{nope")
    assert main(["serve", "--script", str(tmp_path / "bad.json")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["serve", "--latency", "-1"]) == 2
