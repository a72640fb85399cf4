"""The real litellm path against the local OpenAI-compatible server (loopback only)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import time

import numpy as np
import pytest
from PIL import Image
from pydantic import BaseModel

from spatioxolver.errors import ConfigError, ModelError, ParseError
from spatioxolver.models import ModelRequest, get_model
from spatioxolver.testing import LocalServer

SENTINEL = "sk-SENTINEL-do-not-leak-4f1c9a"


class Choice(BaseModel):
    label: str


def _client(srv, **options):
    options.setdefault("api_key", SENTINEL)
    options.setdefault("backoff_base", 0.02)
    options.setdefault("timeout", 5.0)
    return get_model("openai/local-model", api_base=srv.url, **options)


def _png(w: int, h: int, color=(200, 10, 10)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), color).save(buf, format="PNG")
    return buf.getvalue()


def test_vision_message_carries_images_in_order_downscaled(server):
    server.enqueue("2")
    client = _client(server, max_image_side=256, cache=False)
    big = np.zeros((600, 1200, 3), np.uint8)
    reply = client.complete_sync(
        ModelRequest(
            prompt="Which object is left?", system="Be brief.", images=[_png(40, 30), big], max_tokens=5
        )
    )
    assert reply.text == "2" and not reply.cached and reply.model == "openai/local-model"
    assert reply.usage.prompt_tokens > 0 and reply.usage.completion_tokens == 1
    logged = server.requests[-1]
    assert [m["role"] for m in logged["messages"]] == ["system", "user"]
    assert logged["messages"][1]["text"] == "Which object is left?"
    sizes = [(img["width"], img["height"]) for img in logged["images"]]
    assert sizes == [(40, 30), (256, 128)]  # in order; the large one downscaled to max side
    assert all(img["mime"] == "image/png" for img in logged["images"])
    assert logged["params"]["max_tokens"] == 5 and logged["params"]["temperature"] == 0.0


def test_jpeg_encoding_option(server):
    client = _client(server, image_format="jpeg", cache=False)
    client.complete_sync(ModelRequest(prompt="x", images=[np.full((8, 8, 3), 128, np.uint8)]))
    assert server.requests[-1]["images"][0]["mime"] == "image/jpeg"


def test_image_size_and_detail_per_model(server):
    client = _client(server, max_image_side=64, image_detail="low", cache=False)
    client.complete_sync(ModelRequest(prompt="x", images=[np.full((300, 200, 3), 128, np.uint8)]))
    image = server.requests[-1]["images"][0]
    assert image["detail"] == "low" and max(image["width"], image["height"]) == 64
    plain = _client(server, cache=False)
    plain.complete_sync(ModelRequest(prompt="x", images=[np.full((30, 20, 3), 128, np.uint8)]))
    assert "detail" not in server.requests[-1]["images"][0]
    with pytest.raises(ConfigError, match="image_detail"):
        _client(server, image_detail="ultra")


def test_schema_sent_as_response_format_when_supported(server):
    server.enqueue('{"label": "B"}')
    reply = _client(server, json_schema=True, cache=False).complete_sync(
        ModelRequest(prompt="p", output_schema=Choice)
    )
    assert reply.value == Choice(label="B")
    fmt = server.requests[-1]["params"]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["schema"]["required"] == ["label"]


def test_schema_described_in_prompt_and_parsed_robustly_otherwise(server):
    server.enqueue("Sure!\n```json\n{'label': 'C',}\n```")
    reply = _client(server, cache=False).complete_sync(ModelRequest(prompt="p", output_schema=Choice))
    assert reply.value == Choice(label="C")
    logged = server.requests[-1]
    assert "response_format" not in logged["params"] and "JSON schema" in logged["text"]


def test_429_retry_honours_retry_after(server):
    server.enqueue({"status": 429, "retry_after": 0.6}, "ok")
    start = time.perf_counter()
    reply = _client(server, cache=False).complete_sync(ModelRequest(prompt="p"))
    assert reply.text == "ok" and time.perf_counter() - start >= 0.55
    assert [r["reply"]["status"] for r in server.requests] == [429, 200]


def test_5xx_then_success_and_persistent_5xx_is_model_error(server):
    server.enqueue({"status": 500}, {"status": 503}, "fine")
    assert _client(server, cache=False).complete_sync(ModelRequest(prompt="p")).text == "fine"
    server.script.default = {"status": 500}
    with pytest.raises(ModelError, match="server error 500 after 3 attempt"):
        _client(server, cache=False, max_retries=2).complete_sync(ModelRequest(prompt="p"))


def test_hang_past_timeout_is_retried_then_model_error(server):
    server.enqueue({"fault": "hang", "hang_s": 5}, "late but fine")
    start = time.perf_counter()
    reply = _client(server, cache=False, timeout=0.4).complete_sync(ModelRequest(prompt="p"))
    assert reply.text == "late but fine" and time.perf_counter() - start < 4
    server.script.default = {"fault": "hang", "hang_s": 5}
    with pytest.raises(ModelError, match="timeout"):
        _client(server, cache=False, timeout=0.3, max_retries=1).complete_sync(ModelRequest(prompt="p"))


@pytest.mark.parametrize("fault", ["malformed_json", "empty"])
def test_unparseable_schema_reply_is_parse_and_model_error_with_raw(server, fault):
    server.script.default = {"fault": fault}
    with pytest.raises(ParseError) as info:
        _client(server, cache=False).complete_sync(ModelRequest(prompt="p", output_schema=Choice))
    assert isinstance(info.value, ModelError)
    assert len(server.requests) == 2  # one parse retry
    if fault == "malformed_json":
        assert info.value.raw.startswith('{"answer"')


def test_refused_schema_reply_is_a_typed_no_answer_asked_once(server):
    from spatioxolver.errors import NoAnswerError

    server.script.default = {"fault": "refusal"}
    with pytest.raises(NoAnswerError) as info:
        _client(server, cache=False).complete_sync(ModelRequest(prompt="p", output_schema=Choice))
    assert "refused" in str(info.value) and "sorry" in info.value.raw and info.value.reason == "refusal"
    assert len(server.requests) == 1  # asking again at the same settings would not help


def test_empty_reply_without_schema_is_model_error(server):
    server.script.default = {"fault": "empty"}
    with pytest.raises(ModelError, match="empty"):
        _client(server, cache=False).complete_sync(ModelRequest(prompt="p"))


def test_server_down_is_model_error():
    with LocalServer() as srv:
        url = srv.url
    client = get_model("openai/local-model", api_base=url, api_key=SENTINEL, max_retries=1, backoff_base=0.01)
    with pytest.raises(ModelError, match="cannot reach the server"):
        client.complete_sync(ModelRequest(prompt="p"))


def test_rejected_key_is_config_error():
    with LocalServer(require_key="the-right-key") as srv:
        with pytest.raises(ConfigError, match="rejected the API key"):
            _client(srv, cache=False).complete_sync(ModelRequest(prompt="p"))


def test_cache_hit_makes_no_request(server, tmp_path):
    server.enqueue('{"label": "A"}')
    server.script.default = '{"label": "Z"}'
    client = _client(server, cache_path=tmp_path / "c.sqlite")
    request = ModelRequest(
        prompt="p", images=[_png(10, 10)], output_schema=Choice, template="t", template_hash="h1"
    )
    first = client.complete_sync(request)
    second = client.complete_sync(request)
    assert not first.cached and second.cached and second.value == Choice(label="A")
    assert second.usage.cost_usd == 0.0 and len(server.requests) == 1
    # A different image, template version or temperature misses (temperature > 0 is not cached at all).
    client.complete_sync(request.model_copy(update={"images": [_png(10, 10, (0, 0, 255))]}))
    client.complete_sync(request.model_copy(update={"template_hash": "h2"}))
    client.complete_sync(request.model_copy(update={"temperature": 0.7}))
    client.complete_sync(request.model_copy(update={"temperature": 0.7}))
    assert len(server.requests) == 5
    no_cache = _client(server, cache=False, cache_path=tmp_path / "c.sqlite")
    assert not no_cache.complete_sync(request).cached and len(server.requests) == 6


async def test_concurrency_limit_is_respected():
    with LocalServer(latency=0.2) as srv:
        client = _client(srv, concurrency=3, cache=False)
        start = time.perf_counter()
        await asyncio.gather(*[client.complete(ModelRequest(prompt=f"q{k}")) for k in range(6)])
        elapsed = time.perf_counter() - start
        times = sorted(r["time"] for r in srv.requests)
    assert elapsed >= 0.38  # two waves of three
    assert times[3] - times[0] >= 0.15  # the 4th request started after the first wave


async def test_rpm_limit_paces_request_starts():
    with LocalServer() as srv:
        client = _client(srv, rpm=600, cache=False)  # one start every 0.1 s
        await asyncio.gather(*[client.complete(ModelRequest(prompt=f"q{k}")) for k in range(4)])
        times = sorted(r["time"] for r in srv.requests)
    assert times[-1] - times[0] >= 0.25


def test_sentinel_key_never_leaks(monkeypatch, tmp_path, caplog, capsys):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("OPENAI_API_KEY", SENTINEL)
    cache_file = tmp_path / "leak.sqlite"
    with LocalServer(require_key=SENTINEL) as srv:
        srv.enqueue({"status": 429, "retry_after": 0.01}, '{"label": "A"}', {"status": 500})
        client = get_model("openai/local-model", api_base=srv.url, cache_path=cache_file, backoff_base=0.01)
        reply = client.complete_sync(ModelRequest(prompt="p", output_schema=Choice))
        errors = []
        for bad in ({"status": 500}, {"fault": "malformed_json"}, {"status": 400}):
            srv.script.default = bad
            try:
                get_model(
                    "openai/local-model",
                    api_base=srv.url,
                    cache=False,
                    max_retries=0,
                    parse_retries=0,
                    backoff_base=0.01,
                ).complete_sync(ModelRequest(prompt="q", output_schema=Choice))
            except Exception as exc:  # noqa: BLE001 - we inspect every error's text
                errors.append(
                    f"{exc!r} {exc} {getattr(exc, 'raw', '')} {exc.__cause__!r} {exc.__context__!r}"
                )
        log = json.dumps(srv.requests, default=str)
        assert all(r["auth_present"] for r in srv.requests)
    assert reply.value == Choice(label="A") and len(errors) == 3
    haystacks = [
        json.dumps(reply.raw),
        reply.model_dump_json(),
        *errors,
        log,
        caplog.text,
        cache_file.read_bytes().decode("latin-1"),
        *capsys.readouterr(),
    ]
    for wal in tmp_path.glob("leak.sqlite*"):
        haystacks.append(wal.read_bytes().decode("latin-1"))
    assert not [h for h in haystacks if SENTINEL in h]


@pytest.mark.parametrize("name", ["hosted_vllm/local-model", "openai/local-model"])
def test_openai_compatible_providers_work_without_a_key(server, monkeypatch, name):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("HOSTED_VLLM_API_KEY", raising=False)
    server.enqueue("pong")
    reply = get_model(name, api_base=server.url, cache=False).complete_sync(ModelRequest(prompt="ping"))
    assert reply.text == "pong" and server.requests[-1]["model"] == "local-model"
