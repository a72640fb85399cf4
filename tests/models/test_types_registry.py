"""The seam's types and get_model's name handling."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from pydantic import BaseModel

from spatioxolver.errors import ConfigError
from spatioxolver.models import ModelClient, ModelReply, ModelRequest, Usage, get_model


def test_usage_adds_tokens_and_keeps_known_cost():
    total = Usage(prompt_tokens=3, completion_tokens=1) + Usage(prompt_tokens=2, cost_usd=0.25)
    assert total == Usage(prompt_tokens=5, completion_tokens=1, cost_usd=0.25)
    assert (Usage() + Usage()).cost_usd is None
    assert sum(
        [Usage(prompt_tokens=1, cost_usd=0.1), Usage(completion_tokens=2, cost_usd=0.2)]
    ).cost_usd == pytest.approx(0.3)
    assert total.total_tokens == 6


def test_request_accepts_arrays_and_schema_classes():
    class Out(BaseModel):
        label: str

    req = ModelRequest(prompt="p", images=[np.zeros((2, 2, 3), np.uint8), "x.png"], output_schema=Out)
    assert req.output_schema is Out and len(req.images) == 2 and req.temperature == 0.0
    reply = ModelReply(text="t", model="m")
    assert reply.usage == Usage() and reply.cached is False and reply.simulated is False


def test_geometric_client_explains_it_has_no_language_model():
    client = get_model("geometric")
    assert isinstance(client, ModelClient)
    assert (client.name, client.kind, client.simulated) == ("geometric", "geometric", False)
    with pytest.raises(ConfigError, match="no language model"):
        client.complete_sync(ModelRequest(prompt="hi"))


@pytest.mark.parametrize(
    "name, match",
    [
        ("", "empty"),
        ("gpt-4o", "provider/model"),  # no provider prefix
        ("sim/nonexistent", "known: sim/random"),
        ("sim/", "needs a profile"),
    ],
)
def test_bad_names_raise_config_error(name, match):
    with pytest.raises(ConfigError, match=match):
        get_model(name)


def test_unknown_provider_prefix_lists_known_ones():
    with pytest.raises(ConfigError) as info:
        get_model("notaprovider/some-model")
    text = str(info.value)
    assert "notaprovider" in text and "openai" in text and "gemini" in text and "hosted_vllm" in text


def test_missing_key_names_the_environment_variable(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        get_model("openai/gpt-4o")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        get_model("anthropic/claude-3-5-sonnet-20240620")


def test_local_openai_compatible_server_needs_no_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    client = get_model("openai/local-model", api_base="http://127.0.0.1:9/v1")
    assert client.kind == "llm" and client.simulated is False


def test_unknown_llm_option_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown option"):
        get_model("hosted_vllm/m", api_base="http://127.0.0.1:9/v1", temprature=0.3)


def test_importing_models_does_not_import_litellm():
    code = "import sys, spatioxolver.models, spatioxolver.testing; print('litellm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
