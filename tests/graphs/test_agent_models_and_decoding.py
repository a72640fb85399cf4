"""Run controls for real models: per-agent models (``agent_models=``) and decoding per protocol
(SpatiaLab's answer-model settings, the chain's 0.1), with the run's options winning.

Requests are checked where they arrive: at a local OpenAI-compatible server (what litellm
really sends) or in a scripted client's request log."""

from __future__ import annotations

import json

import numpy as np
import pytest

from spatioxolver.api import aask
from spatioxolver.errors import ConfigError, InputError
from spatioxolver.models import Usage
from spatioxolver.testing import LocalServer, ScriptedModel

IMAGE = np.full((64, 96, 3), 120, np.uint8)
OBJECTS = {
    "objects": [
        {"id": "1", "label": "1", "color": "red", "shape": "cube", "bbox": [5, 30, 20, 50]},
        {"id": "2", "label": "2", "color": "blue", "shape": "sphere", "bbox": [40, 20, 55, 35]},
    ]
}
RELATIONS = {"relations": [{"subject": "1", "predicate": "left_of", "object": "2", "axis": "H"}]}
REPLIES = {
    "segmentation": json.dumps(OBJECTS),
    "relations": json.dumps(RELATIONS),
    "symmetry": '{"groups": [], "symmetries": []}',
    "reasoning": "1",
    "direct_mcq": "2",
    "direct_open": "The cube is left of the sphere.",
    "direct_pairwise": "Object 1.",
}
MCQ = "Which object is leftmost?\nA. the sphere\nB. the cube\nC. neither"


def _scripted(name: str) -> ScriptedModel:
    return ScriptedModel(dict(REPLIES), usage=Usage(prompt_tokens=5, completion_tokens=1), name=name)


def _calls(answer) -> list[tuple[str, dict]]:
    return [(e["node"], c) for e in answer.trace for c in e.get("model_calls") or []]


# ---------------------------------------------------------------- per-agent models


async def test_an_agent_asks_its_own_model_and_each_call_names_the_model() -> None:
    run, own = _scripted("scripted/big"), _scripted("scripted/small")
    answer = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/big", client=run, cache=False,
        agent_models={"reasoning": own},
    )  # fmt: skip
    assert answer.error is None
    assert [r.template for r in own.requests] == ["reasoning"]
    assert "reasoning" not in [r.template for r in run.requests] and run.requests
    calls = _calls(answer)
    assert calls and all(
        c["model"] == ("scripted/small" if n == "reasoning" else "scripted/big") for n, c in calls
    )


async def test_agent_model_strings_are_built_through_the_registry_with_the_run_server() -> None:
    rules = [
        ("segmentation agent", json.dumps(OBJECTS)),
        ("spatial relation agent", json.dumps(RELATIONS)),
        ("grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
        ("reasoning agent", "1"),
    ]
    with LocalServer(rules=rules) as srv:
        answer = await aask(
            IMAGE, "Which object is the leftmost?", model="openai/big-model", api_base=srv.url, cache=False,
            model_options={"cache": False}, agent_models={"reasoning": "openai/small-model"},
        )  # fmt: skip
        sent = [r["model"] for r in srv.requests]
    assert "small-model" in sent and "big-model" in sent
    by_node = {(n, c["model"]) for n, c in _calls(answer)}
    assert ("reasoning", "openai/small-model") in by_node
    assert all(m == "openai/big-model" for n, m in by_node if n != "reasoning")


async def test_a_different_agent_model_is_a_different_perception() -> None:
    """The perception cache key includes a perception agent's own model."""
    first = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/big", client=_scripted("scripted/big")
    )
    own = _scripted("scripted/seg")
    second = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/big", client=_scripted("scripted/big"),
        agent_models={"segmentation": own},
    )  # fmt: skip
    assert first.error is None and second.error is None
    assert [r.template for r in own.requests] == ["segmentation"]  # not served from the first run's cache


@pytest.mark.parametrize(
    ("agent_models", "error", "match"),
    [
        ({"painter": "openai/gpt-4o-mini"}, ConfigError, "unknown agent 'painter'"),
        (["relations"], InputError, "must be a mapping"),
        ({"relations": ""}, InputError, "model string"),
        ({"relations": 3}, InputError, "model string"),
        ({"relations": {"model": "openai/x", "temprature": 0}}, InputError, "unknown key"),
        ({"relations": "geometric"}, ConfigError, "not a language model"),
    ],
)
async def test_bad_agent_models_are_one_clear_error(agent_models, error, match) -> None:
    with pytest.raises(error, match=match):
        await aask(IMAGE, "Which object is the leftmost?", model="scripted/big", client=_scripted("s"),
                   agent_models=agent_models)  # fmt: skip


async def test_agent_models_need_the_agentic_graph_and_a_language_model() -> None:
    with pytest.raises(ConfigError, match="agentic"):
        await aask(IMAGE, "Which object is the leftmost?", model="scripted/big", client=_scripted("s"),
                   graph="direct", agent_models={"reasoning": "openai/x"})  # fmt: skip
    with pytest.raises(ConfigError, match="geometric"):
        await aask(
            IMAGE, "Which object is the leftmost?", model="geometric", agent_models={"reasoning": "openai/x"}
        )


async def test_an_unknown_agent_model_name_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        await aask(IMAGE, "Which object is the leftmost?", model="scripted/big", client=_scripted("s"),
                   agent_models={"reasoning": "nosuchprovider-xyz"})  # fmt: skip


# ---------------------------------------------------------------- decoding


async def test_direct_mcq_and_open_use_spatialabs_settings() -> None:
    client = _scripted("scripted/x")
    await aask(IMAGE, MCQ, model="scripted/x", client=client, graph="direct", query={"type": "mcq"},
               choices=["the sphere", "the cube", "neither"])  # fmt: skip
    await aask(IMAGE, "Describe where the cube is.", model="scripted/x", client=client, graph="direct")
    got = {r.template: (r.temperature, r.max_tokens) for r in client.requests}
    assert got["direct_mcq"] == (0.0, 10)
    assert got["direct_open"] == (0.7, 1200)


async def test_the_chains_agents_run_at_temperature_0_1() -> None:
    client = _scripted("scripted/x")
    answer = await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/x", client=client, cache=False
    )
    assert answer.error is None and client.requests
    assert {r.temperature for r in client.requests} == {0.1}


async def test_run_options_win_over_the_protocol_defaults() -> None:
    client = _scripted("scripted/x")
    options = {"temperature": 0.3, "max_tokens": 50, "timeout": 7.5}
    await aask(IMAGE, MCQ, model="scripted/x", client=client, graph="direct", **options)
    await aask(
        IMAGE, "Which object is the leftmost?", model="scripted/x", client=client, cache=False, **options
    )
    assert {(r.temperature, r.max_tokens, r.timeout) for r in client.requests} == {(0.3, 50, 7.5)}


async def test_decoding_reaches_the_server() -> None:
    with LocalServer(default="2") as srv:
        await aask(
            IMAGE, MCQ, model="openai/local-model", api_base=srv.url, graph="direct",
            model_options={"cache": False}, temperature=0.2, max_tokens=64,
        )  # fmt: skip
        (request,) = srv.requests
    assert request["params"]["temperature"] == 0.2 and request["params"]["max_tokens"] == 64


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"temperature": 3}, "temperature must be a number from 0 to 2"),
        ({"temperature": "hot"}, "temperature"),
        ({"temperature": True}, "temperature"),
        ({"max_tokens": 0}, "max_tokens must be a whole number"),
        ({"max_tokens": 2.5}, "max_tokens"),
        ({"timeout": -1}, "timeout must be a positive number"),
        ({"timeout": float("nan")}, "timeout"),
    ],
)
async def test_bad_decoding_settings_are_one_clear_input_error(options, match) -> None:
    client = _scripted("scripted/x")
    with pytest.raises(InputError, match=match):
        await aask(IMAGE, MCQ, model="scripted/x", client=client, graph="direct", **options)
    assert client.requests == []  # nothing was sent


async def test_other_decoding_settings_are_another_perception() -> None:
    client = _scripted("scripted/x")
    await aask(IMAGE, "Which object is the leftmost?", model="scripted/x", client=client)
    await aask(IMAGE, "Which object is the leftmost?", model="scripted/x", client=client)  # cached
    await aask(IMAGE, "Which object is the leftmost?", model="scripted/x", client=client, temperature=0.4)
    assert [r.template for r in client.requests].count("segmentation") == 2
